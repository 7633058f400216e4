"""Golden data of every ruleset (issue 21; python-chess's perft, OpenSpiel's playthroughs):
legal-action counts at fixed positions and short playthroughs of every scenario, random and
heuristic, as scripts/golden.py recorded them in tests/golden/. A change in play fails
here: if it is meant, run `python scripts/golden.py --write --ruleset <id>` and commit the
file with the change."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grognard.agents import make_agent
from grognard.golden import golden_record
from grognard.sim.play import get_ruleset

GOLDEN_DIR = Path(__file__).parent / "golden"
RULESETS = ("hgw", "victory", "viktory2", "virtuti")
GOLDEN = {r: json.loads((GOLDEN_DIR / f"{r}.json").read_text()) for r in RULESETS}
ENTRIES = [(r, e) for r in RULESETS for e in GOLDEN[r]["entries"]]


def _name(item: tuple[str, dict[str, Any]]) -> str:
    ruleset, entry = item
    options = "+".join(sorted(entry["options"])) or "printed"
    return f"{ruleset}-{entry['scenario']}-{options}-{entry['agent']}"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_scenario_has_golden_data(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    golden = GOLDEN[ruleset_id]
    assert golden["version"] == ruleset.version
    covered = {(e["scenario"], e["agent"]) for e in golden["entries"]}
    assert covered == {(s.id, a) for s in ruleset.scenarios for a in ("random", "heuristic")}


@pytest.mark.parametrize("item", ENTRIES, ids=[_name(x) for x in ENTRIES])
def test_play_matches_the_golden_record(item: tuple[str, dict[str, Any]]) -> None:
    ruleset_id, entry = item
    seed = entry["seed"]
    heuristic = entry["agent"] == "heuristic"
    record = golden_record(
        get_ruleset(ruleset_id),
        entry["scenario"],
        entry["options"],
        seed,
        at=entry["at"],
        every=entry["every"],
        agent=(lambda role: make_agent("heuristic", ruleset_id, seed)) if heuristic else None,
    )
    assert record["positions"] == entry["record"]["positions"]
    assert record["playthrough"] == entry["record"]["playthrough"]
    assert record["over"] == entry["record"]["over"]
