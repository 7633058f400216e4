"""scripts/hgw_cited_hexes.py: the committed list of hex numbers the HGW rulebook cites
(tests/games/hgw/rulebook_hexes.json) and how it is remade and checked. These tests use
made-up text, never the rulebook, which is not in the repository."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from repo_scripts import load_script


def _script() -> ModuleType:
    return load_script("scripts/hgw_cited_hexes.py")


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
