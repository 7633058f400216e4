"""The in-game rules help of Viktory II (web/games/help/viktory2.json, issue 9,
section 5) is well formed, covers every step of play, and cites only rule cases that
exist (docs/rules/viktory2-cases.toml)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import msgspec

from grognard.games.viktory2.rules import STEPS

ROOT = Path(__file__).resolve().parents[3]
HELP = ROOT / "src" / "grognard" / "web" / "games" / "help" / "viktory2.json"
CASES = ROOT / "docs" / "rules" / "viktory2-cases.toml"


class RuleNote(msgspec.Struct, forbid_unknown_fields=True):
    rule: str
    title: str
    summary: str


class RulesHelp(msgspec.Struct, forbid_unknown_fields=True, rename={"doc": "_doc"}):
    doc: str
    ruleset: str
    key: str
    steps: dict[str, list[RuleNote]]


def load() -> RulesHelp:
    return msgspec.json.decode(HELP.read_bytes(), type=RulesHelp)


def test_the_help_file_has_its_schema() -> None:
    help_ = load()
    assert help_.ruleset == "viktory2" and help_.key == "board.frame.state"
    for notes in help_.steps.values():
        assert notes, "a step with no rules"
        for note in notes:
            assert note.title.strip() and 20 <= len(note.summary) <= 240


def test_every_step_of_play_has_help_and_nothing_else_does() -> None:
    assert set(load().steps) == set(STEPS)


def test_every_cited_rule_is_a_case_of_the_rulebook() -> None:
    cases = {case["number"] for case in tomllib.loads(CASES.read_text(encoding="utf-8"))["case"]}
    cited = {note.rule for notes in load().steps.values() for note in notes}
    assert cited <= cases, sorted(cited - cases)
