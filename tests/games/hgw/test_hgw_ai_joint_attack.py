"""The heuristic's joint attack on a goal: a stack no army of its can attack alone at
fair odds is announced on from several hexes, each hex's assault wearing it down (C4.2
hex by hex, C4.3 at most ten a firing), and one of them advances after its own assault
(C2.6). Only on a place the side's victory turns on (Barbarossa's cities)."""

from __future__ import annotations

import pytest
from hgw_positions import act, cleared, place, step

from grognard.games.hgw import HgwState
from grognard.games.hgw.ai import Board, HgwHeuristic
from grognard.games.hgw.ai_combat import joint_attack
from grognard.games.hgw.geography import geography

MOSCOW = "1144"  # an Axis goal (Barbarossa Victory Conditions; docs/hgw-design.md)


def _moscow_besieged(*axis: tuple[str, str, int, int]) -> HgwState:
    """Barbarossa with the Axis holding every Soviet place up to column 44 but Moscow,
    ten Soviet infantry points in Moscow and the given Axis armies (id, hex, infantry,
    mechanized), at the Axis announcement of attacks."""
    state = cleared()
    g = geography("barbarossa")
    for p, owner in list(state.data["owner"].items()):
        if owner == "soviet" and p != MOSCOW and p in g.links and p[-2:].isdigit() and int(p[-2:]) <= 44:
            state.data["owner"][p] = "axis"
    place(state, "mos", MOSCOW, infantry=10)
    for army, at, infantry, mechanized in axis:
        place(state, army, at, infantry=infantry, mechanized=mechanized)
    act(state, "axis", "end_movement")
    assert step(state) == "announce"
    return state


def _announced(state: HgwState) -> list[tuple[str, str]]:
    agent = HgwHeuristic(1)
    chosen = []
    while step(state) == "announce":
        action = agent.act(state.view("axis"), state.legal_actions("axis"))
        state.apply("axis", action)
        if action[0] == "attack":
            chosen.append((action[1], action[2]))
    return chosen


@pytest.mark.rules("C2.2", "C4.2", "C4.3", "C2.6")
def test_armies_of_three_hexes_attack_a_city_none_takes_alone() -> None:
    alone = _moscow_besieged(("agc", "1143", 2, 8))
    assert _announced(alone) == []  # eight mechanized points against ten: no fair advance

    state = _moscow_besieged(("agc", "1143", 2, 8), ("4a", "1044", 10, 0), ("agn", "1244", 10, 0))
    chosen = _announced(state)
    assert {target for _, target in chosen} == {MOSCOW}
    hexes = {state.data["armies"][army]["at"] for army, _ in chosen}
    assert len(hexes) >= 2 and "agc" in {army for army, _ in chosen}  # the mechanized army that may advance


@pytest.mark.rules("C2.2")
def test_no_joint_attack_where_the_victory_does_not_turn() -> None:
    state = _moscow_besieged(("agc", "1143", 2, 8), ("4a", "1044", 10, 0), ("agn", "1244", 10, 0))
    board = Board(state.view("axis"))
    legal = state.legal_actions("axis")
    assert joint_attack(board, legal) is not None
    board.goals = frozenset()
    assert joint_attack(board, legal) is None
