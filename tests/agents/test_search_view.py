"""`State.search_view`: what a search's policy and evaluation read of a determinization.

It hands the position's board to the policy without the copy `State.view` makes. That
is safe only if the two say the same (no tuple where the JSON has a list, no number
where it has a string, no set) and if no policy or evaluation writes to what it is
given: a search would then play a different game from its determinization. Both are
checked here at positions of every scenario of every ruleset, for every role.
"""

from __future__ import annotations

import pytest

from grognard import games
from grognard.agents import make_agent
from grognard.core.game import State
from grognard.seams import seam

#: (ruleset, scenario) for every scenario of every ruleset
SCENARIOS = [(r.id, s.id) for r in games.REGISTRY for s in r.scenarios]
#: random actions played before each look: the set-up, then a game under way
PLIES = (0, 30, 90)


def positions(ruleset_id: str, scenario: str) -> list[State]:
    ruleset = next(r for r in games.REGISTRY if r.id == ruleset_id)
    state = ruleset.new_game(scenario, {}, 7)
    state.keep_undo = False
    player = make_agent("random", ruleset_id, 7)
    out, played = [], 0
    for plies in PLIES:
        while played < plies and not state.is_over():
            role = state.active_roles()[0]
            state.apply(role, player.act({}, state.legal_actions(role)))
            played += 1
        out.append(state.clone())
    return out


@pytest.mark.parametrize(("ruleset_id", "scenario"), SCENARIOS)
def test_the_search_view_says_what_the_view_says(ruleset_id: str, scenario: str) -> None:
    for state in positions(ruleset_id, scenario):
        for role in state.roles:
            full, shared = state.view(role), state.search_view(role)
            # == tells a tuple from a list, 1 from "1" and a set from a list
            assert shared["board"] == full["board"], (ruleset_id, scenario, role)
            for key in ("ruleset", "scenario", "options", "role", "roles"):
                assert shared[key] == full[key], key


@pytest.mark.parametrize(("ruleset_id", "scenario"), SCENARIOS)
def test_no_policy_or_evaluation_writes_to_the_position_it_reads(ruleset_id: str, scenario: str) -> None:
    heuristic = seam(ruleset_id, "heuristic")
    evaluation = seam(ruleset_id, "evaluation")
    assert heuristic is not None or evaluation is not None, "nothing here reads a search view"
    for state in positions(ruleset_id, scenario):
        before = state.encode_json()
        for role in state.roles:
            if evaluation is not None:
                evaluation.evaluate(state.search_view(role))
            legal = state.legal_actions(role) if role in state.active_roles() else []
            if heuristic is not None and len(legal) > 1:
                heuristic.make_heuristic(3).act(state.search_view(role), legal)
        assert state.encode_json() == before, (ruleset_id, scenario)
