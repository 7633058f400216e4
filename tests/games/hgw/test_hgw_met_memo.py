"""K19.10's met crossings in the view (the move step's destinations an enemy patrol would
meet) are searched once per position, not once per seat's view (`HgwState._met_crossings`):
the memo answers what the search answers, and a change anywhere in the position searches
again."""

from __future__ import annotations

import random
from typing import Any

from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw.odds_crossing import met_destinations
from grognard.games.hgw.state import HgwState


def _first_met_position() -> tuple[HgwState, dict[str, Any]]:
    """A random Campaign Game II game (seed 1) up to its first move step whose crossings a
    patrol would meet (ply 378 of these choices)."""
    state = HGW.new_game("campaign_2", seed=1)
    choices = random.Random(3)
    for _ in range(600):
        frame = state.flow[-1] if state.flow else {}
        moving = frame.get("state") == "move_to" and state.data.get("fleets")
        if moving and met_destinations(state.data, frame):
            return state, frame
        role = state.active_roles()[0]
        state.apply(role, choices.choice(state.legal_actions(role)))
    raise AssertionError("no move step met a patrol in 600 plies")


def test_the_views_met_crossings_are_the_searchs_and_searched_again_after_a_change() -> None:
    state, frame = _first_met_position()
    searched = met_destinations(state.data, frame)
    views = [state.view(role)["board"]["met_crossings"] for role in state.roles]
    assert views == [searched] * len(state.roles)
    # no patrol at sea any more: nothing is met, whatever was found for the position before
    for fleet in state.data["fleets"].values():
        fleet["patrol"] = False
    assert met_destinations(state.data, frame) == []
    assert "met_crossings" not in state.view(state.roles[0])["board"]
