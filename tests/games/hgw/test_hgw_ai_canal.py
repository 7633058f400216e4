"""The heuristic's invasion estimates know Kiel's canal (N2.6, option `naval_action`):
ai_board's sea-route steps take the canal the engine's invasion routes take, so the
landing odds of an Axis army in the Baltic and the threat the Allies see from it agree
with the rules (invasion_routes.route_length). Behaviour only."""

from __future__ import annotations

import pytest
from hgw_positions import put

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai_board import Board, sea_route_steps
from grognard.games.hgw.invasion_routes import invasion_targets, route_length

NORTH_SEA = "1132"  # an Allied coast the Baltic reaches only through the Sound or the canal


def baltic_invader(scenario: str, **options: bool) -> HgwState:
    """An Axis army half amphibious in the Baltic port 1239, the Sound (1136) Allied."""
    state = RULESET.new_game(scenario, dict(options), seed=1)
    assert isinstance(state, HgwState)
    state.data["owner"]["1136"] = "allied"
    put(state, "agn", "1239", amphibious=5, infantry=3, mechanized=2)
    return state


@pytest.mark.parametrize(
    ("scenario", "options"), [("campaign_3", {}), ("campaign_2", {"naval_action": True})]
)
def test_the_landing_odds_and_the_threat_go_through_kiels_canal(
    scenario: str, options: dict[str, bool]
) -> None:
    state = baltic_invader(scenario, **options)
    board = Board(state.view("axis"))
    assert board.canals  # the Axis holds both ends
    targets = [t for t in invasion_targets(state.data, "agn") if state.data["owner"].get(t) == "allied"]
    assert NORTH_SEA in targets
    for target in targets:  # the heuristic counts the steps the engine counts
        steps = sea_route_steps("1239", target, board.closed, board.canals)
        assert steps == route_length(state.data, "agn", target)
    assert board.landing_limit(board.armies["agn"], NORTH_SEA) > 0
    assert Board(state.view("allied")).invasion_threat(NORTH_SEA) > 0


def test_without_naval_action_the_baltic_army_threatens_no_north_sea_coast() -> None:
    state = baltic_invader("campaign_2")
    board = Board(state.view("axis"))
    assert not board.canals
    assert NORTH_SEA not in invasion_targets(state.data, "agn")
    assert board.landing_limit(board.armies["agn"], NORTH_SEA) == 0
    assert Board(state.view("allied")).invasion_threat(NORTH_SEA) == 0


@pytest.mark.parametrize(
    ("scenario", "options", "rules"),
    [
        ("campaign_3", {}, ["garrisons", "italian_army", "leaders", "naval_action", "unaligned_forces"]),
        ("campaign_2", {"naval_action": True}, ["naval_action"]),
        ("campaign_2", {}, None),
    ],
)
def test_the_board_a_seat_reads_knows_the_optional_rules_in_play(
    scenario: str, options: dict[str, bool], rules: list[str] | None
) -> None:
    state = RULESET.new_game(scenario, options, seed=1)
    assert Board(state.view("allied")).data.get("optional") == rules == state.data.get("optional")
