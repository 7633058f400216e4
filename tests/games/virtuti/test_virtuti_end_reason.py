"""The reason a finished Virtuti game gives the API and the lobby (State.end_reason):
the ending line with both sides' victory points."""

from __future__ import annotations

import pytest

from grognard.games.virtuti import RULESET
from grognard.games.virtuti.board import vp_of
from grognard.games.virtuti.victory import finish


@pytest.mark.rules("P10.6")
def test_the_reason_says_how_the_game_ended_and_the_vp() -> None:
    state = RULESET.new_game("barbarossa", {}, 5)
    assert state.end_reason() is None
    finish(state, "axis", "decisive victory")
    axis, allies = vp_of(state.vdata, "axis"), vp_of(state.vdata, "allies")
    expected = f"The game ends: decisive victory for the axis (VP: axis {axis}, allies {allies})"
    assert state.end_reason() == expected
