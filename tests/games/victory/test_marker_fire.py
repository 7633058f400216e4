"""G fire at a major airfield (9.6, L1.1) or a mulberry (9.7, L1.2) with the
`logistics` option: two hits in one battle reduce the airfield to minor, or destroy
the mulberry."""

from __future__ import annotations

import pytest
from victory_positions import BLUE, RED, empty_game, hexes, home_board, neighbours, put, start

from grognard.games.victory import VictoryState
from grognard.games.victory.control import gmap


def _site(state: VictoryState) -> str:
    board = home_board(state, BLUE)
    return hexes(state, lambda i: i.terrain == "clear" and not i.city and not i.town and i.board == board)[0]


def _battle_until_marker_fire(state: VictoryState, site: str) -> tuple[str, list[tuple[str, ...]]]:
    """Red attacks the site from next door; the battle runs (every other block
    passing) to red's first turn to fire. Returns red's block and its choices."""
    land = next(n for n in neighbours(state, site) if gmap(state.data).hexes[n].land_terrain)
    raider = put(state, RED, "IN", land, 4)
    start(state, "move", role=RED)
    state.apply(RED, next(a for a in state.legal_actions(RED) if a[:3] == ("attack", raider, site)))
    state.apply(RED, ("end_moves",))
    for _ in range(20):
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        if ("fire", raider, "G") in legal:
            return raider, legal
        state.apply(role, next(a for a in legal if a[0] == "pass"))
    raise AssertionError("red never got to fire")


def _airfield_battle(major: bool) -> tuple[VictoryState, str, str, list[tuple[str, ...]]]:
    """Blue holds an airfield with infantry; red attacks it, up to red's turn to fire."""
    state = empty_game(logistics=True)
    site = _site(state)
    state.data["airfields"] = {site: {"owner": BLUE, "major": major, "since": 0}}
    put(state, BLUE, "IN", site, 4)
    raider, legal = _battle_until_marker_fire(state, site)
    return state, site, raider, legal


@pytest.mark.rules("9.6", "L1.1")
def test_9_6_two_hits_in_one_battle_make_a_major_airfield_minor() -> None:
    state, site, raider, legal = _airfield_battle(major=True)
    assert ("fire", raider, "L") in legal
    state.rng.force([1, 1, 6, 6])  # two of four dice hit
    state.apply(RED, ("fire", raider, "L"))
    assert state.data["airfields"][site]["major"] is False  # reduced, never destroyed
    assert state.data["airfields"][site]["owner"] == BLUE


@pytest.mark.rules("9.6")
def test_9_6_one_hit_leaves_it_major_and_a_minor_airfield_is_no_target() -> None:
    state, site, raider, legal = _airfield_battle(major=True)
    assert ("fire", raider, "L") in legal
    state.rng.force([1, 6, 6, 6])
    state.apply(RED, ("fire", raider, "L"))
    assert state.data["airfields"][site]["major"] is True
    _, _, minor_raider, legal = _airfield_battle(major=False)
    assert ("fire", minor_raider, "L") not in legal


@pytest.mark.rules("9.7", "L1.2")
def test_9_7_two_hits_in_one_battle_destroy_a_mulberry() -> None:
    state = empty_game(logistics=True)
    board = home_board(state, BLUE)
    beach = hexes(state, lambda i: i.terrain == "coastal" and not i.port and i.board == board)[0]
    state.data["mulberries"] = {beach: {"owner": BLUE, "since": 0}}
    put(state, BLUE, "IN", beach, 4)
    raider, legal = _battle_until_marker_fire(state, beach)
    assert ("fire", raider, "L") in legal
    state.rng.force([2, 1, 5, 5])
    state.apply(RED, ("fire", raider, "L"))
    assert beach not in state.data["mulberries"]
