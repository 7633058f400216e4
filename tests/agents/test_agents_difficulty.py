"""The web app's AI difficulty levels (issue 11): names, budgets, labels, and the
time cap a host puts on any search budget."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from grognard.agents import (
    AGENT_LABELS,
    AGENT_NAMES,
    DIFFICULTIES,
    Budget,
    MctsAgent,
    StateSampler,
    agent_label,
    make_agent,
)
from grognard.agents import mcts as mcts_module
from grognard.agents.turn_search import TurnSearchAgent, knobs_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
import tinygame


def test_each_level_is_a_search_agent_named_after_the_level() -> None:
    """search-fast: CPU seconds a decision; search-strong: work a turn
    (agents/turn_search.py, tests/agents/test_turn_search.py)."""
    fast, strong = (make_agent(level, "viktory2", 3) for level in ("search-fast", "search-strong"))
    assert isinstance(fast, MctsAgent) and isinstance(strong, TurnSearchAgent)
    assert (fast.name, strong.name) == ("search-fast", "search-strong")
    assert fast.budget == Budget(seconds=0.25, cpu=True) and strong.knobs.turn_actions > 0
    # the levels search with Viktory II's heuristic as prior and its evaluation
    assert fast.policy is not None and fast.evaluate is not mcts_module.board_scores
    # ...and play their rollouts with it (the configuration measured against it)
    assert fast.rollouts == strong.inner.rollouts == "heuristic"


@pytest.mark.parametrize("ruleset", ["viktory2", "victory", "hgw", "virtuti"])
def test_every_ruleset_gets_both_levels_with_its_heuristic(ruleset: str) -> None:
    fast, strong = (make_agent(level, ruleset, 3) for level in ("search-fast", "search-strong"))
    assert isinstance(fast, MctsAgent) and fast.budget == Budget(seconds=0.25, cpu=True)
    assert isinstance(strong, TurnSearchAgent) and strong.knobs == knobs_for(ruleset)
    for search in (fast, strong.inner):
        assert search.policy is not None and search.rollouts == "heuristic"


def test_levels_roll_out_at_random_where_the_ruleset_has_no_heuristic() -> None:
    agent = make_agent("search-fast", "tinygame", 3)  # no grognard.games.tinygame.ai
    assert isinstance(agent, MctsAgent) and agent.policy is None and agent.rollouts == "random"
    strong = make_agent("search-strong", "tinygame", 3)
    assert isinstance(strong, TurnSearchAgent)
    assert strong.inner.policy is None and strong.inner.rollouts == "random"


def test_every_offered_agent_has_a_readable_label() -> None:
    assert set(AGENT_LABELS) == set(AGENT_NAMES)
    assert set(DIFFICULTIES) <= set(AGENT_NAMES)
    assert agent_label("mcts:50") == "Computer: mcts:50"  # a name with no label of its own


def test_the_time_cap_stops_an_iteration_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves 1 s at each reading: a cap of 2.5 s ends a search that its
    budget of 1000 iterations would run far longer (no wall clock is read)."""
    ticks = iter(float(n) for n in range(100_000))
    monkeypatch.setattr(mcts_module.time, "perf_counter", lambda: next(ticks))
    state = tinygame.to_north_turn(seed=5)
    role = state.active_roles()[0]
    agent = MctsAgent(7, Budget(iterations=1000))
    agent.time_cap = 2.5
    action = agent.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
    assert action in state.legal_actions(role)
    assert 1 <= agent.last["iterations"] <= 3
    uncapped = MctsAgent(7, Budget(iterations=40))
    uncapped.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
    assert uncapped.last["iterations"] == 40


def test_the_cap_shortens_a_longer_time_budget_but_never_lengthens_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticks = iter(float(n) for n in range(100_000))
    monkeypatch.setattr(mcts_module.time, "perf_counter", lambda: next(ticks))
    monkeypatch.setattr(mcts_module, "ROLLOUT_CHECK", 10**6)  # the checks between iterations only
    state = tinygame.to_north_turn(seed=5)
    role = state.active_roles()[0]
    counts = []
    for budget, cap in ((Budget(seconds=10.0), 3.5), (Budget(seconds=2.5), 30.0)):
        agent = MctsAgent(7, budget)
        agent.time_cap = cap
        agent.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
        counts.append(agent.last["iterations"])
    assert counts == [4, 3]  # a check per iteration after the first: t+1, t+2, t+3 < 3.5


def test_a_rollout_still_running_at_the_deadline_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves 1 s at each reading, read at every rollout action: with
    2.5 s, the first rollout stops at the third reading (3 s), its game unfinished,
    and the search ends there (one more reading), instead of playing the rollout to
    the game's end (a Virtuti rollout by the heuristic took 11 s of a 0.25 s level)."""
    reads: list[float] = []

    def clock() -> float:
        reads.append(float(len(reads)))
        return reads[-1]

    ended: list[bool] = []
    real_rollout = mcts_module.MctsAgent._rollout

    def rollout(self: MctsAgent, game: object, roles: list[str]) -> dict[str, float]:
        out = real_rollout(self, game, roles)  # type: ignore[arg-type]
        ended.append(game.is_over())  # type: ignore[attr-defined]
        return out

    monkeypatch.setattr(mcts_module.time, "perf_counter", clock)
    monkeypatch.setattr(mcts_module, "ROLLOUT_CHECK", 1)
    monkeypatch.setattr(mcts_module.MctsAgent, "_rollout", rollout)
    state = tinygame.to_north_turn(seed=5)
    role = state.active_roles()[0]
    agent = MctsAgent(7, Budget(seconds=2.5))
    action = agent.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
    assert action in state.legal_actions(role)
    assert agent.last["iterations"] == 1 and ended == [False]
    assert reads == [0.0, 1.0, 2.0, 3.0, 4.0]  # start; rollout at 1, 2, 3; the loop's check
    whole = MctsAgent(7, Budget(iterations=1))  # no deadline: the rollout ends the game
    whole.act_searching(state.view(role), state.legal_actions(role), StateSampler(state, role))
    assert ended == [False, True] and len(reads) == 5  # and no clock is read
