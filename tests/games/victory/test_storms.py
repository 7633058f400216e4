"""Storms (9.4) and the Logistics sheet's storm (L1.3), with the `storms` option."""

from __future__ import annotations

import pytest
from victory_positions import (
    BLUE,
    RED,
    act,
    battle,
    empty_game,
    hexes,
    home_board,
    neighbours,
    put,
    start,
    start_combat,
)

from grognard.games.victory import VictoryState
from grognard.games.victory.control import flight_distance, gmap, hex_distance, storm_area

# initiative dice: blue 6+6 beats red 1+1, so blue is Player 1 and red the loser
BLUE_FIRST = [6, 6, 1, 1]


def _initiative(state: VictoryState, storm_dice: list[int]) -> None:
    state.data["phase"] = "initiative"
    state.rng.force(BLUE_FIRST + storm_dice)
    start(state, "initiative")


@pytest.mark.rules("9.4")
def test_9_4_the_storm_starts_at_the_centre_and_moves_by_two_dice() -> None:
    state = empty_game(storms=True)
    the_map = gmap(state.data)
    centre = the_map.center()
    _initiative(state, [2, 3])  # direction 2 (east), three hexes
    storm = state.data["storm"]
    assert the_map.hexes[storm].row == the_map.hexes[centre].row
    assert the_map.hexes[storm].col == the_map.hexes[centre].col + 3
    assert any("blue rolls 2 3 (storm" in line for line in state.log_for(RED))  # Player 1 rolls
    assert state.view(RED)["board"]["storm"] == storm
    assert set(state.view(RED)["board"]["storm_area"]) == {storm, *neighbours(state, storm)}


@pytest.mark.rules("9.4")
def test_9_4_no_storm_without_the_option() -> None:
    state = empty_game()
    _initiative(state, [])
    assert "storm" not in state.data
    assert storm_area(state.data) == frozenset()


def _top_edge(state: VictoryState) -> str:
    return next(h for h in hexes(state, lambda i: i.row == 0 and i.col >= 3))


@pytest.mark.rules("9.4")
def test_9_4_a_storm_blowing_off_the_map_leaves_play() -> None:
    state = empty_game(storms=True)
    state.data["storm"] = _top_edge(state)
    _initiative(state, [1, 2])  # north-east, off the top edge
    assert state.data["storm"] is None
    assert storm_area(state.data) == frozenset()


@pytest.mark.rules("L1.3")
def test_l1_3_with_the_logistics_sheet_the_loser_rolls_and_the_storm_restarts_at_the_centre() -> None:
    state = empty_game(storms=True, logistics_sheet=True)
    state.data["storm"] = _top_edge(state)
    _initiative(state, [1, 2])
    assert state.data["storm"] == gmap(state.data).center()
    assert any("red rolls 1 2 (storm" in line for line in state.log_for(BLUE))  # the loser rolls


def _storm_at(state: VictoryState) -> str:
    """A land hex whose storm area holds only land, away from the map's edge."""
    the_map = gmap(state.data)
    for h in hexes(state, lambda i: i.terrain == "clear" and not i.city and not i.town):
        ring = neighbours(state, h)
        if len(ring) == 6 and all(the_map.hexes[n].land_terrain for n in ring):
            return h
    raise AssertionError("no inland hex")


@pytest.mark.rules("9.4")
def test_9_4_blocks_in_the_storm_do_not_move_and_nothing_enters_it() -> None:
    state = empty_game(storms=True)
    eye = _storm_at(state)
    state.data["storm"] = eye
    area = storm_area(state.data)
    inside = put(state, BLUE, "MK", neighbours(state, eye)[0], 4)
    outside_hex = next(
        h
        for h in hexes(state, lambda i: i.terrain == "clear" and not i.city and not i.town)
        if hex_distance(h, eye) == 3
    )
    outside = put(state, BLUE, "MK", outside_hex, 4)  # move 3: could reach the eye
    start(state, "move", role=BLUE)
    legal = state.legal_actions(BLUE)
    assert not [a for a in legal if len(a) > 1 and a[1] == inside]
    reach = {a[2] for a in legal if a[0] == "move" and a[1] == outside}
    assert reach and not reach & area
    state.data["storm"] = None
    start(state, "move", role=BLUE)
    assert {a[2] for a in state.legal_actions(BLUE) if a[0] == "move" and a[1] == outside} & area


@pytest.mark.rules("9.4")
def test_9_4_aircraft_neither_land_nor_strike_in_the_storm() -> None:
    state = empty_game(storms=True)
    board = home_board(state, BLUE)
    bases = hexes(state, lambda i: (i.city > 0 or i.town) and i.board == board)
    here, there = next((x, y) for x in bases for y in bases if 1 < hex_distance(x, y) <= 3)
    fighter = put(state, BLUE, "FA", here, 4)
    start(state, "move", role=BLUE)
    assert ("move", fighter, there) in state.legal_actions(BLUE)
    state.data["storm"] = there
    start(state, "move", role=BLUE)
    assert ("move", fighter, there) not in state.legal_actions(BLUE)
    put(state, RED, "IN", there, 4)
    start(state, "move", role=BLUE)
    assert not [a for a in state.legal_actions(BLUE) if a[0] == "attack" and a[2] == there]


@pytest.mark.rules("9.4")
def test_9_4_a_retreat_into_the_storm_costs_a_step() -> None:
    state = empty_game(storms=True)
    the_map = gmap(state.data)
    for a in hexes(state, lambda i: i.terrain == "clear" and not i.city and not i.town):
        for b in neighbours(state, a):
            if the_map.hexes[b].terrain != "clear" or the_map.side_features(a, b) & {"river", "alpine"}:
                continue
            eyes = [c for c in neighbours(state, a) if c != b and b not in neighbours(state, c) and c != a]
            if eyes:
                break
        else:
            continue
        break
    state.data["storm"] = eyes[0]
    assert a in storm_area(state.data) and b not in storm_area(state.data)
    blue = put(state, BLUE, "IN", b, 4, entered=a)
    put(state, RED, "IN", b, 4)
    start_combat(state, b, BLUE, RED)
    while battle(state)["current"] != blue:
        act(state, "pass", battle(state)["current"])
    assert ("retreat", blue, a) in state.legal_actions(BLUE)  # 9.4: retreats may enter it
    act(state, "retreat", blue, a)
    assert state.data["blocks"][blue]["at"] == a
    assert state.data["blocks"][blue]["steps"] == 3


def _across_the_storm(state: VictoryState) -> tuple[str, str, str]:
    """(start, eye, target): land hexes in a straight line, the eye two hexes from each end."""
    the_map = gmap(state.data)
    land = hexes(state, lambda i: bool(i.land_terrain) and not i.city and not i.town)
    for s in land:
        for t in land:
            if hex_distance(s, t) != 4:
                continue
            mids = [e for e in the_map.hexes if hex_distance(s, e) == 2 and hex_distance(e, t) == 2]
            if len(mids) == 1 and len(neighbours(state, mids[0])) == 6:
                return s, mids[0], t
    raise AssertionError("no straight line of five hexes")


@pytest.mark.rules("9.4", "5.5")
def test_9_4_aircraft_fly_round_the_storm_not_through_it() -> None:
    state = empty_game(storms=True)
    here, eye, target = _across_the_storm(state)
    jet = put(state, BLUE, "JF", here, 4)  # move 4: straight across, but 6 round the storm
    put(state, RED, "IN", target, 4)
    start(state, "move", role=BLUE)
    assert ("attack", jet, target, "air") in state.legal_actions(BLUE)
    state.data["storm"] = eye
    assert flight_distance(state.data, here, target) > 4
    start(state, "move", role=BLUE)
    assert ("attack", jet, target, "air") not in state.legal_actions(BLUE)
    state.data["options"]["air_range"] = True  # O1.2: 7 out, so it reaches round the storm
    start(state, "move", role=BLUE)
    assert ("attack", jet, target, "air") in state.legal_actions(BLUE)
