"""Golden data (issue 21; python-chess's perft, OpenSpiel's playthroughs): legal-action
counts at fixed positions and short playthroughs of every scenario, random and
heuristic, as scripts/golden_hgw.py recorded them. A change in play fails here: if it
is meant, run `python scripts/golden_hgw.py --write` and commit golden_hgw.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grognard.games.hgw import RULESET
from grognard.games.hgw.ai import make_heuristic
from grognard.golden import golden_record

GOLDEN = json.loads((Path(__file__).parent / "golden_hgw.json").read_text())


def _name(entry: dict[str, Any]) -> str:
    options = "+".join(sorted(entry["options"])) or "printed"
    return f"{entry['scenario']}-{options}-{entry['agent']}"


def test_every_scenario_has_golden_data() -> None:
    assert GOLDEN["version"] == RULESET.version
    covered = {(e["scenario"], e["agent"]) for e in GOLDEN["entries"]}
    assert covered == {(s.id, a) for s in RULESET.scenarios for a in ("random", "heuristic")}


@pytest.mark.parametrize("entry", GOLDEN["entries"], ids=_name)
def test_play_matches_the_golden_record(entry: dict[str, Any]) -> None:
    seed = entry["seed"]
    record = golden_record(
        RULESET,
        entry["scenario"],
        entry["options"],
        seed,
        at=entry["at"],
        every=entry["every"],
        agent=(lambda role: make_heuristic(seed)) if entry["agent"] == "heuristic" else None,
    )
    assert record["positions"] == entry["record"]["positions"]
    assert record["playthrough"] == entry["record"]["playthrough"]
    assert record["over"] == entry["record"]["over"]
