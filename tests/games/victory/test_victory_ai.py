"""The heuristic agent: it plays from its view only, finishes games in every playable
scenario, and beats the random agent (the full 200-game measure with its interval is
benchmarks/victory_ai.py)."""

from __future__ import annotations

import pytest

from grognard.agents import RandomAgent, make_agent
from grognard.games.victory import RULESET, VictoryState
from grognard.games.victory.ai import VictoryHeuristic


def _play(scenario: str, seed: int, heuristic_role: str, turn_limit: int = 10) -> VictoryState:
    state = RULESET.new_game(scenario, {"turn_limit": turn_limit}, seed)
    assert isinstance(state, VictoryState)
    state.keep_undo = False
    agents = {
        role: (VictoryHeuristic(seed) if role == heuristic_role else RandomAgent(seed))
        for role in state.roles
    }
    while not state.is_over():
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        agent = agents[role]
        legal = state.legal_actions(role)
        action = agent.act(state.view(role), legal)
        assert action in legal
        state.apply(role, action)
    return state


def test_the_registry_finds_the_heuristic() -> None:
    assert isinstance(make_agent("heuristic", "victory", 3), VictoryHeuristic)


@pytest.mark.parametrize("seed", [21, 22, 23, 24])
def test_the_heuristic_beats_the_random_agent_at_quick_start(seed: int) -> None:
    role = ("blue", "red")[seed % 2]
    state = _play("quick-start", seed, role)
    assert state.result() == {role: 1.0, ("red" if role == "blue" else "blue"): 0.0}


@pytest.mark.parametrize("scenario", ["custom-forces", "sleeping-giant", "two-front", "neutral-ground"])
def test_the_heuristic_finishes_the_other_scenarios(scenario: str) -> None:
    state = _play(scenario, 5, "blue", turn_limit=4)
    assert state.result() is not None
