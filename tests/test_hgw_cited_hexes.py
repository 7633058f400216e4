"""scripts/hgw_cited_hexes.py: the committed list of hex numbers the HGW rulebook cites
(tests/games/hgw/rulebook_hexes.json) and how it is remade and checked. These tests use
made-up text, never the rulebook, which is not in the repository."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hgw_cited_hexes", ROOT / "scripts" / "hgw_cited_hexes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_numbers_are_four_or_five_digits_less_the_war_years() -> None:
    text = "From 1941 the army in 2239 may go to 12345 or 0138 but not to 123 or 123456."
    assert _script().cited_numbers(text) == ["0138", "12345", "2239"]


def test_the_committed_list_is_what_the_script_writes() -> None:
    script = _script()
    committed = script.OUT.read_text(encoding="utf-8")
    assert committed == script.encode(json.loads(committed)["hexes"])


def test_check_fails_on_a_stale_list_and_a_missing_rulebook_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script()
    other = tmp_path / "rules.md"
    other.write_text("Only 0101 and 0202 here.", encoding="utf-8")
    assert script.main(["--check", "--rulebook", str(other)]) == 1
    assert "is stale" in capsys.readouterr().err
    assert script.main(["--check", "--rulebook", str(tmp_path / "none.md")]) == 2
    err = capsys.readouterr().err
    assert "cannot read the rulebook" in err and err.count("\n") == 1
