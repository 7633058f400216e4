"""The heuristic Virtuti player: it plays from its view only, and beats a random
player on both sides (a small count here; benchmarks/bench_virtuti.py measures >= 200
games)."""

from __future__ import annotations

import pytest

from grognard.agents.random_agent import RandomAgent
from grognard.agents.registry import make_agent
from grognard.games.virtuti import RULESET
from grognard.games.virtuti.ai import VirtutiHeuristic


def play(seed: int, heuristic_role: str, scenario: str) -> float:
    g = RULESET.new_game(scenario, seed=seed)
    g.keep_undo = False
    other = "allies" if heuristic_role == "axis" else "axis"
    agents = {heuristic_role: VirtutiHeuristic(seed), other: RandomAgent(seed)}
    for _ in range(20_000):
        if g.is_over():
            break
        role = next(r for r in g.active_roles() if g.legal_actions(r))
        legal = g.legal_actions(role)
        action = agents[role].act(g.view(role), legal)
        assert action in legal
        g.apply(role, action)
    result = g.result()
    assert result is not None
    return result[heuristic_role]


@pytest.mark.rules("P10.6")
@pytest.mark.parametrize("scenario", ["full_campaign", "barbarossa"])
@pytest.mark.parametrize("role", ["axis", "allies"])
def test_the_heuristic_beats_random_play(role: str, scenario: str) -> None:
    assert play(3, role, scenario) == 1.0


def test_the_registry_finds_the_virtuti_heuristic() -> None:
    agent = make_agent("heuristic", "virtuti", 1)
    assert isinstance(agent, VirtutiHeuristic)
