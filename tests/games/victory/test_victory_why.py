"""Why a Victory move or attack is refused (why.py, State.why_illegal): each common
refusal names its rule, and an illegal action still changes nothing."""

from __future__ import annotations

import pytest
from victory_positions import BLUE, RED, clear_pair, empty_game, put, start_moves

from grognard.games.victory import RULESET
from grognard.games.victory.control import gmap, hex_distance
from grognard.games.victory.state import VictoryState


def _river_pair(state: VictoryState) -> tuple[str, str]:
    return clear_pair(state, {"river"})


@pytest.mark.rules("5.0")
def test_another_players_block_is_not_yours_5_0() -> None:
    state = empty_game()
    a, b = _river_pair(state)
    mine = put(state, BLUE, "IN", a, 4)
    theirs = put(state, RED, "IN", a, 4)
    start_moves(state, BLUE)
    before = state.to_json()
    reason = state.why_illegal(BLUE, ("move", theirs, b))
    assert reason is not None and "not one of your blocks" in reason and "(5.0)" in reason
    # an id that does not exist gets the same answer: nothing about other seats leaks
    assert state.why_illegal(BLUE, ("move", "red-77", b)) == reason.replace(theirs, "red-77")
    assert "(5.0)" not in str(state.why_illegal(BLUE, ("move", mine, b)))
    assert state.to_json() == before


@pytest.mark.rules("5.0")
def test_a_block_moves_once_a_turn_5_0() -> None:
    state = empty_game()
    a, b = _river_pair(state)
    mover = put(state, BLUE, "IN", a, 4, moved=True)
    start_moves(state, BLUE)
    reason = state.why_illegal(BLUE, ("move", mover, b))
    assert reason is not None and "has moved this turn" in reason and "(5.0)" in reason


@pytest.mark.rules("2.0")
def test_blocks_move_only_in_the_move_phase_2_0() -> None:
    state = RULESET.new_game("quick-start", {}, 1)  # 1.4: deployment comes first
    assert isinstance(state, VictoryState) and BLUE in state.active_roles()
    bid = next(b for b, block in state.data["blocks"].items() if block["owner"] == BLUE)
    reason = state.why_illegal(BLUE, ("move", bid, "0,5"))
    assert reason is not None and "move phase (2.0 [2]" in reason


@pytest.mark.rules("5.7")
def test_a_ground_block_moves_at_most_its_allowance_5_7() -> None:
    state = empty_game()
    a, _ = _river_pair(state)
    mover = put(state, BLUE, "IN", a, 4)
    start_moves(state, BLUE)
    far = next(h for h in sorted(gmap(state.data).hexes) if hex_distance(a, h) == 4)
    reason = state.why_illegal(BLUE, ("move", mover, far))
    assert reason is not None and "at most 2 hexes (5.7)" in reason and "4 away" in reason


@pytest.mark.rules("5.3")
def test_a_river_hexside_lets_one_block_into_a_battle_5_3() -> None:
    state = empty_game()
    a, b = _river_pair(state)
    put(state, RED, "IN", b, 4)
    put(state, BLUE, "IN", b, 4, moved=True, entered=a)  # the first across the river
    second = put(state, BLUE, "IN", a, 4)
    start_moves(state, BLUE)
    action = ("attack", second, b, a)
    assert action not in state.legal_actions(BLUE)
    before = state.to_json()
    reason = state.why_illegal(BLUE, action)
    assert reason is not None and "(5.3)" in reason and f"{a}|{b}" in reason
    assert state.to_json() == before
