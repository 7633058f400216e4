"""A heuristic Virtuti player that decides from its view and legal actions only.

Each legal action gets a score and the best is played (ties broken by the agent's own
seeded generator). The scores follow one plan a player would recognise:

- **Objectives.** Every enemy-held land area is worth something to take: a VP city most
  (VP x 12), a key area of an active enemy country next (its fall is the surrender, P9),
  then PP. A "pull" field spreads those values over the map, falling with each step of
  land, through areas a faction may enter (its own side's, the enemy's, and the
  neutrals it means to attack); units march up the field, so the rear concentrates over
  several turns on the fronts that lead to the cities it needs, not on the nearest one.
- **Attacks.** The estimate compares what the attacker can bring (the stack, halved across
  rivers and mountains, B1; the Move order's bonus; its own Support next door; its best
  card and two air tokens, both open information) with what the defender can show (units,
  fortification, a Defense order, support next door, the defender's best card and two
  air tokens; before the reveal a hidden Defense order is assumed). It turns the margin into
  a win chance (ties go to the initiative track, B4) and attacks when the chance times the
  prize is worth more than the risk to the stack: a fortified VP city is attacked at even
  odds, a village only at good ones.
- **Pressure.** From 1943 a side short of the 15 VP of a minor victory values VP areas
  up to twice as much (P10.6), so a front frozen one city short of a win moves again.
- **Defence.** Own VP cities and key areas next to enemy stacks keep their garrison (the
  last units there do not march away), get Defense orders and the new units (P5 deploy).
- **Diplomacy (P9).** The Axis declares war on a neutral that lies on its road to an enemy
  (the Low Countries into France) or holds VP when the stacks next to it are at least
  twice what the country mobilises, never on a neutral whose war entry is zero (the data's
  mark of those that stayed out), one of its own alignment, or the Baltic states
  while that would wake the USSR; it declares war on the USSR once Poland is down and
  1941 has come (not in 1940 right after France, as history), when its eastern stacks
  match the Red Army's.
  Both players spend PP left after production on pressure on neutrals of their alignment
  that are close to joining. The Allies declare no wars (a neutral they attack joins the
  Axis).
- **Cards and tokens (P4, B2, B3).** The best PP multiplier for PP, the best air value for
  air; in a battle the strongest card, and air tokens on battles for VP cities or when the
  margin is close.
- **Losses and retreat (B5, B6).** Card HP first, then the fortification, then the cheapest
  unit; a retreat goes where the fewest enemies are.

Three modules: ai_board.py (the content's numbers, the view indexed with its memos, the
neutrals worth a war), ai_policy.py (the scorers, by verb) and this one (the agent).
"""

from __future__ import annotations

import random

from grognard.agents.base import best_scored
from grognard.core.game import Action
from grognard.games.virtuti.evaluate import evaluate as evaluate  # for search (issue 11)

from .ai_board import Board, View
from .ai_policy import score

__all__ = ["Board", "VirtutiHeuristic", "action_scores", "evaluate", "make_heuristic", "score"]


class VirtutiHeuristic:
    name = "heuristic"
    wants_view = True

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def act(self, view: View, legal: list[Action]) -> Action:
        # the scores the search reads (action_scores), so the two never disagree
        return best_scored(legal, action_scores(view, legal).__getitem__, self.random)


def action_scores(view: View, legal: list[Action]) -> dict[Action, float]:
    """The heuristic's score of each legal action (higher is better): the search
    (grognard.agents.mcts) searches only the best-scored few at its root."""
    board = Board(view)
    return {action: score(board, action) for action in legal}


def make_heuristic(seed: int) -> VirtutiHeuristic:
    """The Virtuti heuristic agent, seeded (grognard.agents.registry calls this)."""
    return VirtutiHeuristic(seed)
