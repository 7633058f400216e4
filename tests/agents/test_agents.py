"""Agents: seeded, see only a view and legal actions, found by name."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from grognard.agents import (
    AGENT_NAMES,
    Agent,
    RandomAgent,
    UnknownAgent,
    agent_names,
    has_heuristic,
    make_agent,
)
from grognard.agents.base import best_scored
from grognard.core.game import Action, State
from grognard.sim import GameConfig, play

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sim"))
import tinyrules

TINY = "tinyrules:RULESET"
LEGAL: list[Action] = [("take", 1), ("take", 2), ("roll",)]


def test_random_agent_is_reproducible_per_seed() -> None:
    a, b = RandomAgent(5), RandomAgent(5)
    picks_a = [a.act({}, LEGAL) for _ in range(50)]
    picks_b = [b.act({}, LEGAL) for _ in range(50)]
    assert picks_a == picks_b
    assert set(picks_a) == set(LEGAL)  # every action gets picked over 50 draws


def test_random_agents_with_other_seeds_differ() -> None:
    a, b = RandomAgent(1), RandomAgent(2)
    assert [a.act({}, LEGAL) for _ in range(30)] != [b.act({}, LEGAL) for _ in range(30)]


def test_random_agent_leaves_global_random_alone() -> None:
    random.seed(123)
    expected = [random.random() for _ in range(3)]
    random.seed(123)
    agent = RandomAgent(9)
    for _ in range(10):
        agent.act({}, LEGAL)
    assert [random.random() for _ in range(3)] == expected


def test_random_agent_refuses_an_empty_legal_list() -> None:
    with pytest.raises(ValueError, match="no action is legal"):
        RandomAgent(0).act({}, [])


def test_make_agent_random_satisfies_the_protocol() -> None:
    agent = make_agent("random", "viktory2", 3)
    assert isinstance(agent, Agent)
    assert agent.name == "random"
    assert agent.act({}, LEGAL) in LEGAL


def test_unknown_agent_lists_the_known_names() -> None:
    with pytest.raises(UnknownAgent) as info:
        make_agent("alphazero", "viktory2", 0)
    message = str(info.value)
    assert "alphazero" in message
    for name in AGENT_NAMES:
        assert name in message
    assert sorted(agent_names()) == sorted(AGENT_NAMES)


def test_heuristic_of_a_ruleset_without_ai_module_is_a_clear_error() -> None:
    assert has_heuristic("viktory2")
    assert not has_heuristic("tiny")
    assert not has_heuristic("not-an-identifier")
    with pytest.raises(UnknownAgent, match="no heuristic agent"):
        make_agent("heuristic", "tiny", 0)


def test_viktory2_has_a_seeded_heuristic() -> None:
    agent = make_agent("heuristic", "viktory2", 4)
    assert isinstance(agent, Agent)
    assert agent.wants_view is True


class _Spy:
    """Records what the game loop hands an agent."""

    name = "spy"
    wants_view = True

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seen: list[tuple[dict[str, Any], list[Action]]] = []

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.seen.append((view, list(legal)))
        return legal[self.rng.randrange(len(legal))]


def _contains_state(value: Any) -> bool:
    if isinstance(value, State):
        return True
    if isinstance(value, dict):
        return any(_contains_state(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_contains_state(v) for v in value)
    return False


def test_agents_get_their_role_view_and_legal_list_never_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    spies: list[_Spy] = []

    def fake_make_agent(name: str, ruleset_id: str, seed: int) -> _Spy:
        spy = _Spy(seed)
        spies.append(spy)
        return spy

    monkeypatch.setattr(sys.modules["grognard.sim.play"], "make_agent", fake_make_agent)
    outcome = play(GameConfig(TINY, seats=("spy", "spy")), seed=11)
    seen = [item for spy in spies for item in spy.seen]
    assert len(seen) == outcome["actions"] > 0
    for view, legal in seen:
        assert not _contains_state(view)
        assert view["role"] in ("north", "south")
        assert view["active"] == [view["role"]]
        assert [list(a) for a in legal] == view["legal"]
        assert "pile" in view["board"]


def test_the_tiny_ruleset_used_here_is_importable_by_reference() -> None:
    assert tinyrules.RULESET.id == "tiny"


def test_best_scored_picks_the_top_score_and_breaks_ties_with_the_agents_rng() -> None:
    legal: list[Action] = [("a",), ("b",), ("c",), ("d",)]
    score = {("a",): 1.0, ("b",): 3.0, ("c",): 3.0, ("d",): 2.0}.__getitem__
    picks = {best_scored(legal, score, random.Random(seed)) for seed in range(40)}
    assert picks == {("b",), ("c",)}  # both tied best, never another
    # one draw of the given generator: the same seed, the same pick
    assert best_scored(legal, score, random.Random(7)) == best_scored(legal, score, random.Random(7))
    with pytest.raises(ValueError, match="no action is legal"):
        best_scored([], score, random.Random(0))
