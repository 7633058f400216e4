"""The search agent on Victory (issue 11: Victory's hidden blocks are the test that
matters): it plays a Quick Start game to its end through the simulation lab's game
loop, and its choice never depends on the game's real dice."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.agents import Budget, MctsAgent, StateSampler, make_agent
from grognard.core.game import State
from grognard.core.rng import Rng
from grognard.games import REGISTRY
from grognard.sim import GameConfig, play


def test_a_small_search_plays_a_victory_quick_start_game_to_its_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched: list[int] = []
    searching = MctsAgent.act_searching

    def spy(self: MctsAgent, view: Any, legal: list[Any], sampler: Any) -> Any:
        assert not isinstance(sampler, State) and isinstance(view, dict)
        searched.append(len(legal))
        return searching(self, view, legal, sampler)

    monkeypatch.setattr(MctsAgent, "act_searching", spy)
    options = {"turn_limit": 1}
    config = GameConfig("victory", seats=("mcts:4", "heuristic"), scenario="quick-start", options=options)
    result = play(config, seed=3)
    assert result["unfinished"] is False and result["result"] is not None
    assert sorted(result["result"]) == ["blue", "red"] and result["roles"][0] == "blue"
    assert any(n > 1 for n in searched)  # the search chose among real options


def _mid_game(seed: int) -> State:
    """A Quick Start game after its deployment, played by the heuristic."""
    state = REGISTRY.get("victory").new_game("quick-start", {"turn_limit": 3}, seed)
    players = {role: make_agent("heuristic", "victory", i) for i, role in enumerate(state.roles)}
    for _ in range(60):
        role = state.active_roles()[0]
        state.apply(role, players[role].act(state.view(role), state.legal_actions(role)))
    return state


def test_the_search_on_victory_never_reads_the_real_dice() -> None:
    """Two games alike but for their generator, one with forced dice queued: the same
    agent searches both alike and leaves both untouched."""
    a = _mid_game(5)
    b = a.clone()
    b.data["rng"] = Rng.new_state(987654321)
    b.rng.force([6] * 40)
    before_a, before_b = a.clone(), b.clone()
    role = a.active_roles()[0]
    legal = a.legal_actions(role)
    assert len(legal) > 1
    choices = []
    for game in (a, b):
        agent = MctsAgent(11, Budget(iterations=12))
        choices.append((agent.act_searching(game.view(role), legal, StateSampler(game, role)), agent.last))
    assert choices[0] == choices[1]
    assert a.same_as(before_a) and b.same_as(before_b)
