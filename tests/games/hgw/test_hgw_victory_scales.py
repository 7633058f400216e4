"""The tuning tool's reading of recorded games under other victory scales
(benchmarks/hgw_victory_scales.py; Three Players 4, Campaign Game IV's designed scales):
under the scenario's own scales it must crown whom the game crowned, from the counts the
balance benchmark records."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from grognard.games.hgw import RULESET, HgwState, campaign_victory
from repo_scripts import load_script

CG4 = "campaign_4"
BERLIN, TOKYO, LONDON = "1237", "2077", "1333"


def tool() -> ModuleType:
    return load_script("benchmarks/hgw_victory_scales.py")


def record(state: HgwState) -> dict[str, Any]:
    """What bench_hgw_campaign.py keeps of a finished game."""
    counts = {s: list(pair) for s, pair in campaign_victory.end_counts(state.data).items()}
    return {"berlin": state.data["owner"][BERLIN], "counts": counts}


def ended(changes: dict[str, str]) -> HgwState:
    state = RULESET.new_game(CG4, seed=1)
    state.data["owner"].update(changes)
    return state


@pytest.mark.parametrize(
    "changes",
    [
        {},  # the start: the Axis's substantial 33:65 against the Soviets' marginal
        {BERLIN: "soviet"},  # Europe's count crowns the Soviets alone
        {BERLIN: "allied"},
        {BERLIN: "soviet", TOKYO: "allied"},
        {LONDON: "axis"},
    ],
)
def test_the_scenarios_own_scales_crown_whom_the_game_crowns(changes: dict[str, str]) -> None:
    state = ended(changes)
    module = tool()
    scales = module.scales_for(CG4, {})
    berlin_lost = state.data["owner"][BERLIN] != "axis"
    assert module.result(CG4, record(state), scales) == campaign_victory.scores(state, berlin_lost)


def test_a_lower_allied_scale_crowns_the_allies() -> None:
    """The Allies' ratio at the start with Berlin Soviet (their world's points against the
    Soviets') is above a quarter, so lines of 1/4, 1/5 and 1/6 make it decisive (3)
    above the Soviets' substantial (2): the Allies alone."""
    state = ended({BERLIN: "soviet"})
    assert campaign_victory.scores(state, berlin_lost=True)["soviet"] == 1.0
    module = tool()
    scales = module.scales_for(CG4, {"allied": ["1/4", "1/5", "1/6"]})
    assert module.result(CG4, record(state), scales) == {"axis": 0.0, "soviet": 0.0, "allied": 1.0}


def test_a_scale_for_no_side_is_refused() -> None:
    with pytest.raises(SystemExit, match="not sides of campaign_4"):
        tool().scales_for(CG4, {"japan": ["2", "1", "1/2"]})
