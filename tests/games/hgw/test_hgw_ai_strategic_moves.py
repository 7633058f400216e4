"""The heuristic player moves Campaign Game II's strategic markers in the land movement
phase (ai_strategic_moves.py; Strategic Bombing 1, Strategic Missiles 2): bombers toward
the enemy's best production, escorts after them, missiles into range of enemy
production, air defence to production the enemy's bombers reach. Behaviour only."""

from __future__ import annotations

from typing import Any

from test_hgw_cg2_audit import BERLIN, GIBRALTAR, LONDON, movement_of

from grognard.games.hgw import HgwState
from grognard.games.hgw.ai import Board, make_heuristic
from grognard.games.hgw.ai_strategic_moves import best_within, targets, total_within
from grognard.games.hgw.board import production_of
from grognard.games.hgw.bombing import bomber_range
from grognard.games.hgw.map import hex_distance
from grognard.games.hgw.strategic import research_of
from grognard.games.hgw.strategic_tables import load_strategic


def choose(state: HgwState, side: str, ai: Any = None) -> tuple[Any, ...]:
    ai = ai or make_heuristic(1)
    return tuple(ai.act(state.view(side), state.legal_actions(side)))


def allied_bombers(at: str, level: int = 3) -> HgwState:
    state = movement_of("allied", bombers={at: {"sp": 3, "atomic": 0}}, escorts={at: 2})
    state.data["research"]["allied"]["items"]["bomber"]["level"] = level  # a range of 5 hexes
    return state


def test_bombers_out_of_reach_fly_to_a_base_within_reach_of_the_best_target_and_escorts_follow() -> None:
    state = allied_bombers(GIBRALTAR)
    board = Board(state.view("allied"))
    worth, reach = targets(board), bomber_range(research_of(state.data), "allied")
    assert best_within(worth, GIBRALTAR, reach) < max(worth.values())  # nothing worth raiding from there
    ai = make_heuristic(1)
    action = choose(state, "allied", ai)
    assert action[:3] == ("ferry_strategic", "bombers", GIBRALTAR)
    assert best_within(worth, action[3], reach) == max(worth.values())
    state.apply("allied", action)
    assert choose(state, "allied", ai) == ("ferry_strategic", "escorts", GIBRALTAR, action[3])


def test_bombers_already_at_the_best_base_stay_and_the_armies_move() -> None:
    first = choose(allied_bombers(GIBRALTAR), "allied")
    state = allied_bombers(first[3])
    action = choose(state, "allied")
    assert action[0] != "ferry_strategic"
    assert any(a[0] == "ferry_strategic" for a in state.legal_actions("allied"))  # it could have


def test_bombers_without_the_range_to_raid_stay_where_they_are() -> None:
    state = allied_bombers(GIBRALTAR, level=0)  # no bomber technology: no range at all
    assert choose(state, "allied")[0] != "ferry_strategic"


def axis_missiles_and_air_defence() -> HgwState:
    """An Axis missile counter in Berlin, Axis air defence in a hex without production,
    Allied bombers in London with a range of 5."""
    state = movement_of(
        "axis", air_defence={"1240": 2}, missiles={"m1": {"at": BERLIN, "sp": 4, "atomic": 0}}
    )
    state.data["research"]["allied"]["items"]["bomber"]["level"] = 3
    state.data["strategic"]["bombers"]["allied"] = {LONDON: {"sp": 3, "atomic": 0}}
    return state


def test_a_missile_counter_moves_into_range_of_enemy_production() -> None:
    state = axis_missiles_and_air_defence()
    board = Board(state.view("axis"))
    worth = {p: production_of(state.data, p) for p in targets(board)}
    shot = int(load_strategic().missile.range)
    assert total_within(worth, BERLIN, shot) == 0  # no Allied production within range of Berlin
    action = choose(state, "axis")
    assert action[:2] == ("move_missiles", "m1")
    assert total_within(worth, action[2], shot) > 0


def test_air_defence_flies_to_production_the_enemy_bombers_reach() -> None:
    state = axis_missiles_and_air_defence()
    ai = make_heuristic(1)
    state.apply("axis", choose(state, "axis", ai))  # the missiles first
    action = choose(state, "axis", ai)
    assert action[:3] == ("ferry_strategic", "air_defence", "1240")
    assert production_of(state.data, action[3]) == 3 and hex_distance(LONDON, action[3]) <= 5
    state.apply("axis", action)
    assert state.data["strategic"]["air_defence"]["axis"] == {action[3]: 2}


def test_air_defence_guarding_threatened_production_stays() -> None:
    state = axis_missiles_and_air_defence()
    state.data["strategic"]["air_defence"]["axis"] = {BERLIN: 2}  # 4 hexes from London
    state.data["strategic"]["missiles"]["axis"] = {}
    assert choose(state, "axis")[0] != "ferry_strategic"
