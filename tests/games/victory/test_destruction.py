"""Destruction markers (9.5, L1.4) with the `logistics` option: firing at bridges and
canals, what a destroyed bridge stops, and engineers rebuilding it."""

from __future__ import annotations

import pytest
from victory_positions import BLUE, empty_game, home_board, put, start

from grognard.games.victory import VictoryState
from grognard.games.victory.control import gmap, occupancy, side_features
from grognard.games.victory.strategic import strategic_targets
from grognard.games.victory.supply_map import supplied


def _bridge(state: VictoryState) -> tuple[str, str, str]:
    """A bridge hexside on blue's map between two land hexes: (side id, a, b)."""
    the_map = gmap(state.data)
    board = home_board(state, BLUE)
    for side, features in sorted(the_map.sides().items()):
        a, b = side.split("|")
        if "bridge" in features and all(
            h in the_map.hexes and the_map.hexes[h].board == board and not the_map.hexes[h].city
            for h in (a, b)
        ):
            return side, a, b
    raise AssertionError("no bridge on blue's map")


def _moves(state: VictoryState) -> None:
    start(state, "move", role=BLUE)


@pytest.mark.rules("9.5", "L1.4")
def test_9_5_two_hits_of_g_fire_destroy_a_bridge() -> None:
    state = empty_game(logistics=True)
    side, a, b = _bridge(state)
    infantry = put(state, BLUE, "IN", a, 4)  # G2
    _moves(state)
    assert ("demolish", infantry, side) in state.legal_actions(BLUE)
    state.rng.force([1, 2, 5, 6])  # two dice at or under 2
    state.apply(BLUE, ("demolish", infantry, side))
    assert state.data["destroyed"] == [side]
    assert state.data["blocks"][infantry]["moved"]  # it fired instead of moving
    assert "bridge" not in side_features(state.data, a, b) and "road" not in side_features(state.data, a, b)
    assert state.view(None)["board"]["destroyed"] == [side]


@pytest.mark.rules("9.5")
def test_9_5_hits_add_up_to_two() -> None:
    state = empty_game(logistics=True)
    side, a, _ = _bridge(state)
    first = put(state, BLUE, "IN", a, 4)
    second = put(state, BLUE, "IN", a, 4)
    _moves(state)
    state.rng.force([1, 6, 6, 6])
    state.apply(BLUE, ("demolish", first, side))
    assert state.data["side_hits"][side] == 1 and not state.data.get("destroyed")
    state.rng.force([6, 6, 6, 2])
    state.apply(BLUE, ("demolish", second, side))
    assert state.data["destroyed"] == [side]


@pytest.mark.rules("9.5")
def test_9_5_only_with_the_option_and_near_the_bridge() -> None:
    state = empty_game()
    _, a, _ = _bridge(state)
    put(state, BLUE, "IN", a, 4)
    _moves(state)
    assert not [x for x in state.legal_actions(BLUE) if x[0] == "demolish"]
    state = empty_game(logistics=True)
    side, a, b = _bridge(state)
    the_map = gmap(state.data)
    beside = next(n for n in the_map.neighbors(a) if n != b and n not in the_map.neighbors(b))
    walker = put(state, BLUE, "IN", beside, 4)
    flyer = put(state, BLUE, "FA", beside, 4)  # G1, one hex off: air may fire from there
    _moves(state)
    legal = state.legal_actions(BLUE)
    assert ("demolish", walker, side) not in legal  # ground units fire from either end only
    assert ("demolish", flyer, side) in legal


@pytest.mark.rules("9.5", "5.9", "7.2")
def test_9_5_a_destroyed_bridge_carries_no_road_move_and_no_supply() -> None:
    state = empty_game(logistics=True)
    side, a, b = _bridge(state)
    assert "road" in gmap(state.data).side_features(a, b)
    runner = put(state, BLUE, "IN", a, 4)
    before = strategic_targets(state.data, occupancy(state.data), runner)
    assert b in before
    state.data["destroyed"] = [side]
    after = strategic_targets(state.data, occupancy(state.data), runner)
    assert b not in after
    supply_now = supplied(state.data, BLUE)
    state.data["destroyed"] = []
    assert supply_now <= supplied(state.data, BLUE)  # cutting a road never adds supply


@pytest.mark.rules("9.5")
def test_9_5_an_engineer_rebuilds_a_bridge_when_both_ends_are_friendly() -> None:
    state = empty_game(logistics=True)
    side, a, b = _bridge(state)
    state.data["destroyed"] = [side]
    state.data["side_hits"] = {side: 2}
    engineer = put(state, BLUE, "EN", a, 3)
    put(state, BLUE, "IN", b, 4)
    state.data["phase"] = "production"
    start(state, "production", done=[], left=None)
    assert ("rebuild", engineer, side) in state.legal_actions(BLUE)
    state.apply(BLUE, ("rebuild", engineer, side))
    assert state.data["destroyed"] == [] and side not in state.data["side_hits"]
    assert state.data["blocks"][engineer]["steps"] == 2
