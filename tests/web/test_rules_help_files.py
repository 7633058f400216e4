"""The in-game rules help files (web/games/help/<ruleset>.json, issue 9, section 5)
have their schema, cover every step of play the ruleset's views can name, and cite
only rule cases that exist (docs/rules/<ruleset>-cases.toml). Not a browser test:
it reads the files as the page does, without a browser."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import msgspec
import pytest

from grognard.games.hgw.steps import STEPS as HGW_STEPS
from grognard.games.viktory2.steps import STEPS as VIKTORY2_STEPS
from grognard.games.virtuti.steps import PHASES as VIRTUTI_PHASES

ROOT = Path(__file__).resolve().parents[2]
HELP = ROOT / "src" / "grognard" / "web" / "games" / "help"
GAMES = ROOT / "src" / "grognard" / "games"


class RuleNote(msgspec.Struct, forbid_unknown_fields=True):
    rule: str
    title: str
    summary: str
    scenarios: list[str] = []  # only in these scenarios of the ruleset (none: in all)


class RulesHelp(msgspec.Struct, forbid_unknown_fields=True, rename={"doc": "_doc"}):
    doc: str
    ruleset: str
    key: str
    steps: dict[str, list[RuleNote]]


def victory_phases() -> set[str]:
    """Every value the Victory rules give `data["phase"]` (the view's board.phase)."""
    found: set[str] = set()
    for path in (GAMES / "victory").glob("*.py"):
        found |= set(re.findall(r"""\["phase"\] = "([a-z_]+)\"""", path.read_text(encoding="utf-8")))
    return found


def virtuti_phases() -> set[str]:
    """Every value Virtuti gives `data["phase"]`: the set-up's, then the turn's phases."""
    setup = (GAMES / "virtuti" / "setup.py").read_text(encoding="utf-8")
    found = set(re.findall(r'"phase": "([a-z_]+)"', setup))
    return found | set(VIRTUTI_PHASES)


#: ruleset -> (the view field the help is keyed on, every value it takes)
STEPS_OF = {
    "viktory2": ("board.frame.state", set(VIKTORY2_STEPS)),
    "victory": ("board.phase", victory_phases()),
    # HGW's view names the flow step being played (board.step = the frame's state)
    "hgw": ("board.step", set(HGW_STEPS)),
    "virtuti": ("board.phase", virtuti_phases()),
}


def load(ruleset: str) -> RulesHelp:
    return msgspec.json.decode((HELP / f"{ruleset}.json").read_bytes(), type=RulesHelp)


def test_every_help_file_is_one_of_a_known_ruleset() -> None:
    assert sorted(p.stem for p in HELP.glob("*.json")) == sorted(STEPS_OF)


def test_the_client_asks_only_for_the_help_files_that_exist() -> None:
    """rulehelp.js lists the written files: a ruleset without one gets no request
    (and no 404 in the console), and a new file is not forgotten."""
    script = (ROOT / "src" / "grognard" / "web" / "rulehelp.js").read_text()
    listed = re.search(r"const WRITTEN = new Set\(\[([^\]]*)\]\)", script)
    assert listed is not None
    assert sorted(re.findall(r'"([^"]+)"', listed.group(1))) == sorted(p.stem for p in HELP.glob("*.json"))


@pytest.mark.parametrize("ruleset", sorted(STEPS_OF))
def test_the_help_has_its_schema_and_short_summaries(ruleset: str) -> None:
    help_ = load(ruleset)
    assert help_.ruleset == ruleset and help_.key == STEPS_OF[ruleset][0]
    for notes in help_.steps.values():
        assert notes, "a step with no rules"
        for note in notes:
            assert note.title.strip() and 20 <= len(note.summary) <= 240


@pytest.mark.parametrize("ruleset", sorted(STEPS_OF))
def test_every_step_of_play_has_help_and_nothing_else_does(ruleset: str) -> None:
    steps = STEPS_OF[ruleset][1]
    assert len(steps) >= 5  # the scan of the rules found them
    assert set(load(ruleset).steps) == steps


@pytest.mark.parametrize("ruleset", sorted(STEPS_OF))
def test_every_cited_rule_is_a_case_of_the_rulebook(ruleset: str) -> None:
    toml = tomllib.loads((ROOT / "docs" / "rules" / f"{ruleset}-cases.toml").read_text(encoding="utf-8"))
    cases = {case["number"] for case in toml["case"]}
    cited = {note.rule for notes in load(ruleset).steps.values() for note in notes}
    assert cited <= cases, sorted(cited - cases)


def test_a_note_limited_to_scenarios_names_real_ones() -> None:
    """Issue 26, item 10: a rule the scenario does not use is not shown (rulehelp.js
    filters on the view's scenario), so the scenarios a note names must exist."""
    from grognard.games.hgw import RULESET as HGW

    known = {s.id for s in HGW.scenarios}
    limited = [note for notes in load("hgw").steps.values() for note in notes if note.scenarios]
    assert {note.rule for note in limited} >= {"G17.8", "B1.3"}
    for note in limited:
        assert set(note.scenarios) <= known, (note.rule, note.scenarios)
