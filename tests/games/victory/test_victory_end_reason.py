"""The reason a finished Victory game gives the API and the lobby (State.end_reason):
the winning line with the PP that decided it, 10.0 and 10.6."""

from __future__ import annotations

import pytest

from grognard.games.victory import RULESET, VictoryState
from grognard.games.victory.victory import check_victory


def _game() -> VictoryState:
    return RULESET.new_game("quick-start", {}, 5)


@pytest.mark.rules("10.0")
def test_a_target_reached_names_the_pp_held_against_the_target() -> None:
    state = _game()
    state.data["target_pp"] = {"blue": 1, "red": 10**6}
    assert state.end_reason() is None
    assert check_victory(state)
    reason = state.end_reason()
    pp = state.data["pp"]["blue"]
    assert reason == f"blue wins the game: the target PP held (blue {pp} PP of 1)"


@pytest.mark.rules("10.6")
def test_the_time_limit_gives_the_pp_count_then_the_winners() -> None:
    state = _game()
    state.data["target_pp"] = {"blue": 10**6, "red": 10**6}
    state.data["turn_limit"] = state.data["turn"]
    assert check_victory(state)
    reason = state.end_reason()
    assert reason is not None and reason.startswith("the time limit is reached: blue ")
    assert reason.endswith(("wins the game", "win the game")) and "; " in reason
