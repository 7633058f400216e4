"""The README's difficulty-ladder table is the shipped ladder file's (issue 25: the
figures re-measured by benchmarks/ladder.py, not quoted by hand)."""

from __future__ import annotations

from pathlib import Path

from grognard.agents import ladder

ROOT = Path(__file__).resolve().parents[1]
BEGIN, END = "<!-- ladder: benchmarks/ladder.py --readme -->", "<!-- /ladder -->"


def test_the_readme_ladder_table_is_written_from_the_data_file() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start, end = readme.index(BEGIN), readme.index(END)
    assert readme[start + len(BEGIN): end] == "\n" + ladder.markdown(ladder.load())


def test_the_table_has_a_row_per_measured_level() -> None:
    shipped = ladder.load()
    rows = [line for line in ladder.markdown(shipped).splitlines()[2:] if line.startswith("|")]
    assert len(rows) == sum(len(entry.levels) for entry in shipped.rulesets.values())
    for ruleset_id, entry in shipped.rulesets.items():
        assert f"| {ruleset_id} ({entry.scenario}) |" in "\n".join(rows)
