"""The README's speed tables are the last run of benchmarks/speed_table.py (issue 24
item 9: every row from one run, none edited by hand or left from another day)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from repo_scripts import load_script

ROOT = Path(__file__).resolve().parents[1]


def _speed_table() -> ModuleType:
    return load_script("benchmarks/speed_table.py")


def test_the_readme_tables_are_written_from_the_recorded_run() -> None:
    speed_table = _speed_table()
    record = json.loads((ROOT / "benchmarks" / "speed_table.json").read_text(encoding="utf-8"))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert speed_table.readme_block(record) in readme


def test_every_row_comes_from_one_run() -> None:
    speed_table = _speed_table()
    record = json.loads((ROOT / "benchmarks" / "speed_table.json").read_text(encoding="utf-8"))
    assert set(record["rows"]) == {row.key for row in speed_table.ROWS}
    runs = {(row["date"], row["commit"]) for row in record["rows"].values()}
    assert len(runs) == 1, f"the rows come from {len(runs)} runs: {sorted(runs)}"
