"""Positions of The Pacific War for the Pacific heuristic's tests: a new game, and play on
to the step a side is asked (an army's points set by hand: hgw_positions.put)."""

from __future__ import annotations

from grognard.games.hgw import RULESET, HgwState


def pacific_game(seed: int = 1) -> HgwState:
    state = RULESET.new_game("pacific_war", seed=seed)
    assert isinstance(state, HgwState)
    return state


def play_to(state: HgwState, role: str, step: str) -> None:
    """On through every step with its ending choice until `role` is asked `step`."""
    while not (state.active_roles() == [role] and state.data["flow"][-1]["state"] == step):
        who = state.active_roles()[0]
        legal = state.legal_actions(who)
        ends = [a for a in legal if a[0].startswith(("end_", "no_", "to_"))]
        state.apply(who, ends[0] if ends else legal[0])
