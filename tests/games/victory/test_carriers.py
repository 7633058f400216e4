"""Carriers carrying air units (4.2, 5.51): landing aboard within the carrier's
steps and two units, the types that may not, aircraft moving with their carrier,
needing no supply and no stacking, and a damaged or sunk carrier's excess aircraft."""

from __future__ import annotations

import pytest
from victory_positions import BLUE, RED, empty_game, hexes, home_board, put, start

from grognard.games.victory import VictoryState
from grognard.games.victory.battle_hits import lose_step
from grognard.games.victory.control import gmap, has_room, hex_distance, occupancy


def _base_and_sea(state: VictoryState) -> tuple[str, str]:
    """A blue city and an open sea hex three hexes from it."""
    board = home_board(state, BLUE)
    for city in hexes(state, lambda i: i.city > 0 and i.board == board):
        seas = hexes(state, lambda i: i.terrain == "sea")
        near = [h for h in seas if hex_distance(city, h) == 3]
        if near:
            return city, near[0]
    raise AssertionError("no sea hex near a blue city")


@pytest.mark.rules("4.2", "5.51")
def test_4_2_a_fighter_lands_aboard_a_carrier_at_sea() -> None:
    state = empty_game()
    city, sea = _base_and_sea(state)
    carrier = put(state, BLUE, "CV", sea, 2)
    fighter = put(state, BLUE, "FA", city, 2)
    start(state, "move", role=BLUE)
    assert ("move", fighter, sea) in state.legal_actions(BLUE)
    state.apply(BLUE, ("move", fighter, sea))
    assert state.data["blocks"][fighter]["aboard"] == carrier
    assert has_room(state.data, occupancy(state.data), sea, BLUE, "air")  # 4.2: aboard, outside stacking


@pytest.mark.rules("4.2")
def test_4_2_a_carrier_holds_no_more_air_steps_than_its_own_and_no_heavy_bombers() -> None:
    state = empty_game()
    city, sea = _base_and_sea(state)
    put(state, BLUE, "CV", sea, 2)
    big = put(state, BLUE, "FA", city, 3)  # three steps on a two-step carrier
    heavy = put(state, BLUE, "HB", city, 1)
    medium = put(state, BLUE, "MB", city, 1)  # 4.1: flies from carriers, never lands on them
    small = put(state, BLUE, "DB", city, 1)
    start(state, "move", role=BLUE)
    legal = state.legal_actions(BLUE)
    assert ("move", big, sea) not in legal
    assert ("move", heavy, sea) not in legal
    assert ("move", medium, sea) not in legal
    assert ("move", small, sea) in legal


@pytest.mark.rules("4.2", "7.5")
def test_4_2_aircraft_aboard_move_with_their_carrier_and_need_no_supply() -> None:
    state = empty_game()
    _, sea = _base_and_sea(state)
    carrier = put(state, BLUE, "CV", sea, 2)
    fighter = put(state, BLUE, "FA", sea, 2, aboard=carrier)
    start(state, "move", role=BLUE)
    dest = next(a[2] for a in state.legal_actions(BLUE) if a[:2] == ("move", carrier))
    state.apply(BLUE, ("move", carrier, dest))
    assert state.data["blocks"][fighter]["at"] == dest
    assert state.data["blocks"][fighter]["aboard"] == carrier
    assert not state.data["blocks"][fighter]["moved"]  # it may still launch this turn
    assert any(a[:2] == ("move", fighter) for a in state.legal_actions(BLUE))


@pytest.mark.rules("5.51")
def test_5_51_a_damaged_carrier_loses_the_air_steps_it_can_no_longer_hold() -> None:
    state = empty_game()
    _, sea = _base_and_sea(state)
    carrier = put(state, BLUE, "CV", sea, 3)
    fighter = put(state, BLUE, "FA", sea, 2, aboard=carrier)
    bomber = put(state, BLUE, "DB", sea, 1, aboard=carrier)
    put(state, RED, "BB", sea, 4)
    battle = {"hex": sea, "attacker": RED, "defender": BLUE, "casualties": {}}
    lose_step(state, battle, carrier)  # 2 carrier steps, 3 air steps aboard
    assert state.data["blocks"][fighter]["steps"] == 1  # the strongest gives the step
    assert state.data["blocks"][bomber]["steps"] == 1
    lose_step(state, battle, carrier)
    lose_step(state, battle, carrier)  # sunk: nothing aboard survives
    assert carrier not in state.data["blocks"]
    assert fighter not in state.data["blocks"] and bomber not in state.data["blocks"]


def _acts_of(state: VictoryState, bid: str) -> list[tuple[object, ...]]:
    return [a for a in state.legal_actions(BLUE) if len(a) > 1 and a[1] == bid]


@pytest.mark.rules("4.2", "5.9")
def test_4_2_a_carrier_that_moved_strategically_neither_launches_nor_recovers() -> None:
    state = empty_game()
    city, sea = _base_and_sea(state)
    carrier = put(state, BLUE, "CV", sea, 4)
    fighter = put(state, BLUE, "FA", sea, 1, aboard=carrier)
    later = put(state, BLUE, "DB", city, 1)
    start(state, "move", role=BLUE)
    assert any(a[0] == "move" for a in _acts_of(state, fighter))  # it may launch now
    moves = _acts_of(state, carrier)
    dest = next(a[2] for a in moves if a[0] == "strategic" and hex_distance(city, str(a[2])) <= 3)
    state.apply(BLUE, ("strategic", carrier, dest))
    assert state.data["blocks"][fighter]["at"] == dest  # it sails with its aircraft aboard
    assert _acts_of(state, fighter) == []  # no launch after a strategic move
    assert ("move", later, dest) not in state.legal_actions(BLUE)  # and no recovery


def _port_city(state: VictoryState) -> str:
    board = home_board(state, BLUE)
    return hexes(state, lambda i: i.city > 0 and i.port and i.board == board)[0]


@pytest.mark.rules("4.1", "4.2")
def test_4_1_a_medium_bomber_loads_onto_a_carrier_in_port_and_flies_from_it_at_sea() -> None:
    state = empty_game()
    port = _port_city(state)
    carrier = put(state, BLUE, "CV", port, 2)
    bomber = put(state, BLUE, "MB", port, 1)
    heavy = put(state, BLUE, "HB", port, 1)
    start(state, "move", role=BLUE)
    legal = state.legal_actions(BLUE)
    assert ("board", bomber) in legal
    assert ("board", heavy) not in legal  # 4.1: heavy bombers never use carriers
    state.apply(BLUE, ("board", bomber))
    assert state.data["blocks"][bomber]["aboard"] == carrier
    assert ("board", bomber) not in state.legal_actions(BLUE)  # its move for the turn
    # the carrier sails; next turn the bomber flies from it
    sea = next(a[2] for a in state.legal_actions(BLUE) if a[:2] == ("move", carrier)
               and gmap(state.data).hexes[a[2]].terrain == "sea")
    state.apply(BLUE, ("move", carrier, sea))
    assert state.data["blocks"][bomber]["at"] == sea
    state.data["blocks"][bomber]["moved"] = False
    start(state, "move", role=BLUE)
    assert any(a[:2] == ("move", bomber) for a in state.legal_actions(BLUE))
