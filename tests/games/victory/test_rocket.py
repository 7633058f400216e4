"""The rocket (S1.6, stretch units): launched up to four hexes, fires first (turn R)
and is spent; its lone strike tells its owner nothing of the defender's blocks or
losses; it never answers another player's battle; its G fire risks friendly fire."""

from __future__ import annotations

import json

import pytest
from victory_positions import BLUE, RED, empty_game, hexes, home_board, put, start

from grognard.games.victory import VictoryState
from grognard.games.victory.control import gmap, hex_distance
from grognard.games.victory.production import buildable_types


def _target_and_pad(state: VictoryState) -> tuple[str, str]:
    """A clear blue hex with no city and a land hex three hexes from it."""
    board = home_board(state, BLUE)
    pad = hexes(state, lambda i: i.terrain == "clear" and not i.city and not i.town)
    target = next(h for h in pad if gmap(state.data).hexes[h].board == board)
    return target, next(h for h in pad if hex_distance(h, target) == 3)


def _strike(state: VictoryState, target: str, rocket: str) -> None:
    start(state, "move", role=RED)
    state.apply(RED, ("attack", rocket, target, "air"))
    state.apply(RED, ("end_moves",))
    assert ("fire", rocket, "G") in state.legal_actions(RED)  # turn R: before anyone else
    state.apply(RED, ("fire", rocket, "G"))


@pytest.mark.rules("S1.6")
def test_s1_6_a_lone_rocket_strike_hides_the_defenders_losses_from_its_owner() -> None:
    state = empty_game(stretch_units=True)
    target, pad = _target_and_pad(state)
    defender = put(state, BLUE, "IN", target, 4)
    rocket = put(state, RED, "RK", pad, 3)
    state.rng.force([1, 2, 6])  # two of three dice at or under G4
    _strike(state, target, rocket)
    assert state.data["blocks"][defender]["steps"] == 2  # losses applied normally
    assert rocket not in state.data["blocks"]  # spent when it fired
    assert defender not in json.dumps(state.view(RED))  # neither its id nor its losses
    assert defender not in state.data["seen"][RED]
    assert rocket in json.dumps(state.view(BLUE))  # the defender sees what struck him


@pytest.mark.rules("S1.6")
def test_s1_6_with_other_attackers_the_battle_is_revealed_as_usual() -> None:
    state = empty_game(stretch_units=True)
    target, pad = _target_and_pad(state)
    defender = put(state, BLUE, "IN", target, 4)
    rocket = put(state, RED, "RK", pad, 3)
    neighbour = next(h for h in hexes(state, lambda i: bool(i.land_terrain)) if hex_distance(h, target) == 1)
    infantry = put(state, RED, "IN", neighbour, 4)
    start(state, "move", role=RED)
    state.apply(RED, ("attack", rocket, target, "air"))
    state.apply(RED, next(a for a in state.legal_actions(RED) if a[:3] == ("attack", infantry, target)))
    state.apply(RED, ("end_moves",))
    assert defender in state.data["seen"][RED]


@pytest.mark.rules("S1.6")
def test_s1_6_a_rocket_reaches_four_hexes_and_never_answers_another_players_battle() -> None:
    state = empty_game(stretch_units=True)
    target, pad = _target_and_pad(state)
    put(state, BLUE, "IN", target, 4)
    rocket = put(state, RED, "RK", pad, 3)
    far = next(h for h in hexes(state, lambda i: bool(i.land_terrain)) if hex_distance(h, pad) == 5)
    put(state, BLUE, "IN", far, 4)
    start(state, "move", role=RED)
    legal = state.legal_actions(RED)
    assert ("attack", rocket, target, "air") in legal
    assert ("attack", rocket, far, "air") not in legal  # beyond its launch range
    state.data["battles"][target] = {"attacker": BLUE, "defender": RED}  # begun by blue
    start(state, "move", role=RED)
    assert ("attack", rocket, target, "air") not in state.legal_actions(RED)
    assert "RK" in buildable_types(True) and "RK" not in buildable_types(False)


@pytest.mark.rules("S1.6")
def test_s1_6_a_rocket_that_holds_its_fire_still_learns_nothing_of_the_defender() -> None:
    state = empty_game(stretch_units=True)
    target, pad = _target_and_pad(state)
    defender = put(state, BLUE, "IN", target, 4)
    rocket = put(state, RED, "RK", pad, 3)
    start(state, "move", role=RED)
    state.apply(RED, ("attack", rocket, target, "air"))
    state.apply(RED, ("end_moves",))
    state.apply(RED, ("pass", rocket))
    fire = next(a for a in state.legal_actions(BLUE) if a[:2] == ("fire", defender))
    state.rng.force([6, 6, 6, 6])
    state.apply(BLUE, fire)  # the defender's turn: its fire is logged to blue alone
    assert defender not in json.dumps(state.view(RED))
