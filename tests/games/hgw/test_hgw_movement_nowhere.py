"""Points that can go nowhere (M1.1: a move is chosen, then where the points go; with
Activity Limitations, stacking or no route there may be no place at all, and only
"cancel" is left). Such a choice is not offered again until the position changes:
a player who picked it again and again (a search did, in a Pacific War game) never
ended its Movement Phase."""

from __future__ import annotations

import pytest

from grognard.agents import make_agent
from grognard.core.game import Action
from grognard.games.hgw import HgwState
from grognard.sim import get_ruleset


def _goes_nowhere(state: HgwState, role: str, move: Action) -> bool:
    twin = state.clone()
    twin.apply(role, move)
    return twin.legal_actions(role) == [("cancel",)]


def _a_move_that_goes_nowhere() -> tuple[HgwState, str, Action]:
    """A Pacific War game played by the heuristic to a movement step where some
    points can go nowhere (the first such step; seed 1 has one early)."""
    state = get_ruleset("hgw").new_game("pacific_war", {}, 1)
    assert isinstance(state, HgwState)
    players = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    for _ in range(400):
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        if state.view(None)["board"]["step"] == "movement":
            stuck = [a for a in legal if a[0] == "move" and _goes_nowhere(state, role, a)]
            if stuck:
                return state, role, stuck[0]
        state.apply(role, players[role].act(state.view(role), legal))
    raise AssertionError("no points without a destination in 400 actions")


@pytest.mark.rules("M1.1")
def test_points_that_can_go_nowhere_are_not_offered_again_until_the_position_changes() -> None:
    state, role, stuck = _a_move_that_goes_nowhere()
    state.apply(role, stuck)
    state.apply(role, ("cancel",))
    legal = state.legal_actions(role)
    assert stuck not in legal
    # points that can go somewhere, chosen and then cancelled by choice, stay offered
    free = next(a for a in legal if a[0] == "move" and a[1] != stuck[1] and not _goes_nowhere(state, role, a))
    state.apply(role, free)
    state.apply(role, ("cancel",))
    assert free in state.legal_actions(role) and stuck not in state.legal_actions(role)
    # once points have moved, a way may have opened: the stuck points are offered again
    state.apply(role, free)
    state.apply(role, next(a for a in state.legal_actions(role) if a != ("cancel",)))
    assert stuck in state.legal_actions(role)
