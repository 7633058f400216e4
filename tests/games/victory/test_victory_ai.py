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


@pytest.mark.rules("N1.1")
@pytest.mark.parametrize("factories", [False, True])
def test_the_heuristic_takes_neutral_cities_and_beats_the_random_agent(factories: bool) -> None:
    state = RULESET.new_game("neutral-ground", {"turn_limit": 10, "factories": factories}, 31)
    assert isinstance(state, VictoryState)
    state.keep_undo = False
    agents = {"blue": VictoryHeuristic(31), "red": RandomAgent(31)}
    neutral_held = 0
    while not state.is_over():
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        state.apply(role, agents[role].act(state.view(role), state.legal_actions(role)))
        board = state.view("blue")["board"]
        held = [h for h in board["hexes"] if h["board"] == "C" and h["city"] and h["control"] == "blue"]
        neutral_held = max(neutral_held, len(held))
    assert state.result() == {"blue": 1.0, "red": 0.0}
    assert neutral_held > 0  # it went for the neutral map's cities


@pytest.mark.rules("6.46", "2.0")
def test_the_heuristic_allocates_hits_among_an_allys_tied_blocks() -> None:
    """6.46 with allies (battle_hits.chooser): the leader of a side picks which of the
    tied blocks takes a hit, his ally's included; the heuristic scores an ally's block
    by the face the view shows it instead of failing on a block it does not own."""
    state = RULESET.new_game("quick-start", {"turn_limit": 6, "players": 4}, 3)
    assert isinstance(state, VictoryState)
    state.keep_undo = False
    agents = {
        role: (make_agent("heuristic", "victory", 3) if n % 2 == 0 else RandomAgent(3 + n))
        for n, role in enumerate(state.roles)
    }
    allocated_for_an_ally = 0
    while not state.is_over() and not allocated_for_an_ally:
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        legal = state.legal_actions(role)
        agent = agents[role]
        allies_tied = any(a[0] == "take_hit" and state.data["blocks"][a[1]]["owner"] != role for a in legal)
        action = agent.act(state.view(role) if agent.wants_view else {}, legal)
        assert action in legal
        allocated_for_an_ally += allies_tied and agent.wants_view  # a heuristic seat chose
        state.apply(role, action)
    assert allocated_for_an_ally
