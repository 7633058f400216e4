"""State.end_reason: why a finished game ended, in public words (issue 26: the API, the
lobby and mail said only "the game is over")."""

from __future__ import annotations

import random

from tinygame import TINY

from grognard.testing import random_playout


def test_a_running_game_has_no_end_reason() -> None:
    state = TINY.new_game(None, {}, 4)
    assert not state.is_over() and state.end_reason() is None


def test_the_reason_is_the_last_public_line_never_a_secret_one() -> None:
    state = random_playout(TINY.new_game(None, {}, 4), random.Random(4))
    assert state.is_over()
    reason = state.end_reason()
    assert reason is not None and " with " in reason and reason.split(" with ")[0].endswith(("win", "wins"))
    state.log("a line for north alone", to=["north"])  # a secret written after the end
    assert state.end_reason() == reason
