"""The heuristic agent: it plays from its view only, finishes games, and beats the
random agent on either side (the 200-game measure with its interval is
benchmarks/bench_hgw.py)."""

from __future__ import annotations

import pytest

from grognard.agents import RandomAgent, make_agent
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import HgwHeuristic


def _play(seed: int, heuristic_role: str) -> HgwState:
    state = RULESET.new_game("barbarossa", seed=seed)
    assert isinstance(state, HgwState)
    state.keep_undo = False
    agents = {r: (HgwHeuristic(seed) if r == heuristic_role else RandomAgent(seed)) for r in state.roles}
    while not state.is_over():
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        action = agents[role].act(state.view(role), legal)
        assert action in legal
        state.apply(role, action)
    return state


def test_the_registry_finds_the_heuristic() -> None:
    assert isinstance(make_agent("heuristic", "hgw", 3), HgwHeuristic)


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_the_heuristic_beats_the_random_agent_on_either_side(seed: int) -> None:
    role = ("axis", "soviet")[seed % 2]
    state = _play(seed, role)
    other = "soviet" if role == "axis" else "axis"
    assert state.result() == {role: 1.0, other: 0.0}


def test_the_heuristic_as_axis_takes_the_three_soviet_capitals() -> None:
    state = _play(20, "axis")
    assert all(state.data["owner"][c] == "axis" for c in ("0942", "1144", "1446"))
