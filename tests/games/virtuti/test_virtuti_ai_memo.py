"""The heuristic's per-view memos (threat, garrison, best target, defence, enemy stacks)
and its cross-view front cache change no score: along the first turns of a game, every
legal action scores the same on the shared, memoised Board as on a fresh Board built
for that one action with the caches emptied."""

from __future__ import annotations

from grognard.games.virtuti import RULESET, ai_board
from grognard.games.virtuti.ai import Board, VirtutiHeuristic, score


def test_memoised_scores_equal_fresh_scores() -> None:
    game = RULESET.new_game("barbarossa", seed=11, options={"turns": 4})
    game.keep_undo = False
    agents = {r: VirtutiHeuristic(11 + i) for i, r in enumerate(game.roles)}
    compared = 0
    seen: set[str] = set()
    while not game.is_over():
        role, legal = next((r, acts) for r in game.active_roles() if (acts := game.legal_actions(r)))
        view = game.view(role)
        shared = Board(view)
        for action in legal[:60]:  # the first ones of each list: enough to reach every scorer
            ai_board._FRONT_CACHE.clear()
            ai_board._PULL_CACHE.clear()
            assert score(shared, action) == score(Board(view), action), action
            compared += 1
            seen.add(str(action[0]))
        game.apply(role, agents[role].act(view, legal))
    assert compared > 500
    assert {"order", "send", "deploy"} <= seen, seen  # the scorers the memos serve
    assert len(seen) >= 6
