"""Positions of The Pacific War for the Pacific heuristic's tests: a new game, an army's
points set by hand, and play on to the step a side is asked."""

from __future__ import annotations

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.scenario import KINDS


def pacific_game(seed: int = 1) -> HgwState:
    state = RULESET.new_game("pacific_war", seed=seed)
    assert isinstance(state, HgwState)
    return state


def put(state: HgwState, army: str, at: str | None, **points: int) -> None:
    """`army` at `at` (None: off the map) with exactly these points."""
    entry = state.data["armies"][army]
    entry["at"] = at
    entry["sp"] = {k: points.get(k, 0) for k in KINDS}
    state._after_change(None, None)


def play_to(state: HgwState, role: str, step: str) -> None:
    """On through every step with its ending choice until `role` is asked `step`."""
    while not (state.active_roles() == [role] and state.data["flow"][-1]["state"] == step):
        who = state.active_roles()[0]
        legal = state.legal_actions(who)
        ends = [a for a in legal if a[0].startswith(("end_", "no_", "to_"))]
        state.apply(who, ends[0] if ends else legal[0])
