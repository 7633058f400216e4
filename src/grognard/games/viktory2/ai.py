"""A Viktory II heuristic player: greedy, one action ahead, scored from the view alone.

It never sees the State: each decision reads `view["board"]` (tiles, towns, capitals,
units, the turn record, the top flow frame) and the legal list, scores every legal
action with simple features, and plays the best (ties broken by its own seeded
generator). The policy, by question:

- capital (4.0): the best terrain among the start hexes (mountain, grassland, plains);
- build (7.0): always build; a town that claims land, else a city (the capital first);
- move (9.0-12.0): pick targets (enemy towns and stacks) that the units able to reach
  them this turn would beat (battle odds from a small exact model of 12.3), converge
  on them, then fight; bombard what cannot be attacked; otherwise keep the capital and
  threatened towns garrisoned, explore, and march toward the nearest enemy town;
- casualties (10.1): give up the cheapest unit, take the enemy's best;
- retreat (12.3, 3): when the odds of fighting on turn bad;
- reserves (13.0): place everything, nearest the threats and the front.

Three modules: ai_board.py (the board model read from the view, the battle odds),
ai_policy.py (the scorers, one per question) and this one (the agent, its step
dispatch and the scores search agents ask for); evaluate.py holds the evaluation.
"""

from __future__ import annotations

import random

from grognard.core.game import Action

from .ai_board import Board, View, battle_odds
from .ai_policy import SCORERS

__all__ = ["Viktory2Heuristic", "action_scores", "battle_odds", "make_heuristic"]


# ----- the agent ------------------------------------------------------------------------
class Viktory2Heuristic:
    """Greedy one-ply Viktory II player; see the module docstring."""

    name = "heuristic"
    wants_view = True

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("an agent was asked to act, but no action is legal")
        if len(legal) == 1:
            return legal[0]
        board = Board(view)
        scorer = SCORERS.get(str(board.frame.get("state")))
        if scorer is None:
            return legal[self.rng.randrange(len(legal))]
        scored = scorer(board, legal)
        best = max(scored.values())
        top = [a for a in legal if scored[a] >= best - 1e-9]
        return top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]


def action_scores(view: View, legal: list[Action]) -> dict[Action, float] | None:
    """The heuristic's score of each legal action (higher is better), or None for a
    question it has no scorer for: search agents (grognard.agents.mcts) search only
    the best-scored few."""
    board = Board(view)
    scorer = SCORERS.get(str(board.frame.get("state")))
    return scorer(board, legal) if scorer is not None else None


def make_heuristic(seed: int) -> Viktory2Heuristic:
    """The Viktory II heuristic agent, seeded (grognard.agents.registry calls this)."""
    return Viktory2Heuristic(seed)
