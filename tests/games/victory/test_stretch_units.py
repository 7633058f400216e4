"""The stretch-goal units with the `stretch_units` option: building them, and the atom
bomb's strike (S1.1)."""

from __future__ import annotations

import pytest
from victory_positions import BLUE, RED, act, battle, empty_game, hexes, home_board, put, start, start_combat

from grognard.games.victory import VictoryState
from grognard.games.victory.control import gmap, hex_distance


def _production(state: VictoryState) -> None:
    state.data["phase"] = "production"
    start(state, "production", done=[], left=None)


def _blue_city(state: VictoryState, value: int) -> str:
    board = home_board(state, BLUE)
    return hexes(state, lambda i: i.city == value and i.board == board)[0]


@pytest.mark.rules("S1.1", "8.3")
def test_s1_1_atom_bombs_are_built_only_with_the_option_and_in_a_city_worth_three() -> None:
    for stretch in (False, True):
        state = empty_game(stretch_units=stretch)
        big, small = _blue_city(state, 4), _blue_city(state, 1)
        put(state, BLUE, "IN", big, 4)
        put(state, BLUE, "IN", small, 4)
        _production(state)
        legal = state.legal_actions(BLUE)
        assert (("build", big, "ATB") in legal) is stretch
        assert ("build", small, "ATB") not in legal  # S1.1: a 3-value air factory, read as a 3 PP city
        assert (("build", small, "CAV") in legal) is stretch  # the other stretch units too
        assert (("build", big, "RK") in legal) is stretch  # S1.6: the rocket is played


def _bomb_at_war(state: VictoryState) -> tuple[str, str]:
    """A blue atom bomb in a blue city and a red-held hex 5 to 8 hexes away."""
    base = _blue_city(state, 4)
    bomb = put(state, BLUE, "ATB", base, 1)
    target = next(
        h
        for h in hexes(state, lambda i: bool(i.land_terrain) and not i.city)
        if 5 <= hex_distance(base, h) <= 8
    )
    put(state, RED, "IN", target, 4)
    return bomb, target


@pytest.mark.rules("S1.1")
def test_s1_1_the_atom_bomb_flies_eight_hexes_to_attack_but_moves_otherwise_only_strategically() -> None:
    state = empty_game(stretch_units=True)
    bomb, target = _bomb_at_war(state)
    far = next(
        h
        for h in hexes(state, lambda i: bool(i.land_terrain))
        if hex_distance(state.data["blocks"][bomb]["at"], h) == 9
    )
    put(state, RED, "IN", far, 4)
    start(state, "move", role=BLUE)
    mine = [a for a in state.legal_actions(BLUE) if len(a) > 1 and a[1] == bomb]
    assert ("attack", bomb, target, "air") in mine
    assert ("attack", bomb, far, "air") not in mine  # out of its range
    assert not [a for a in mine if a[0] == "move"]  # 5.9: otherwise strategic moves only


def _bomb_battle() -> tuple[VictoryState, str, str, str, str]:
    state = empty_game(stretch_units=True)
    the_map = gmap(state.data)
    hex_id = hexes(state, lambda i: i.terrain == "clear" and not i.city and not i.town)[0]
    near = next(n for n in the_map.neighbors(hex_id) if the_map.hexes[n].land_terrain)
    bomb = put(state, BLUE, "ATB", hex_id, 1, entered="air")
    own = put(state, BLUE, "IN", hex_id, 4, entered=near)
    foe = put(state, RED, "IN", hex_id, 4)
    diver = put(state, RED, "DB", hex_id, 4)  # a B unit: the bomb (B+) goes before it
    start_combat(state, hex_id, BLUE, RED)
    return state, bomb, own, foe, diver


@pytest.mark.rules("S1.1", "6.31")
def test_s1_1_a_bomb_that_goes_off_hits_every_unit_in_the_hex_itself_included() -> None:
    state, bomb, own, foe, diver = _bomb_battle()
    assert battle(state)["current"] == bomb  # B+ before the defender's B
    assert ("drop", bomb) in state.legal_actions(BLUE)
    state.rng.force([3])
    act(state, "drop", bomb)
    blocks = state.data["blocks"]
    assert bomb not in blocks  # one step: its own blast ends it
    assert blocks[own]["steps"] == 3 and blocks[foe]["steps"] == 3 and blocks[diver]["steps"] == 3


@pytest.mark.rules("S1.1")
def test_s1_1_a_six_is_a_dud() -> None:
    state, bomb, own, foe, diver = _bomb_battle()
    state.rng.force([6])
    act(state, "drop", bomb)
    blocks = state.data["blocks"]
    assert blocks[bomb]["dud"] and blocks[bomb]["steps"] == 1
    assert blocks[own]["steps"] == 4 and blocks[foe]["steps"] == 4 and blocks[diver]["steps"] == 4
    assert ("drop", bomb) not in state.legal_actions(BLUE)
