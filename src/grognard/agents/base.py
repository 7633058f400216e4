"""The agent seam: an agent sees one role's view and legal actions, and picks one.

Agents never receive the `State` (it holds the RNG and whatever a seat may not
know, DESIGN.md "Randomness and replay"). Each agent owns a seeded
`random.Random`, never the `random` module's globals, so a game played by agents
is a pure function of its seeds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from grognard.core.errors import UnknownAgent as UnknownAgent  # its home; agents import it from here
from grognard.core.game import Action

View = dict[str, Any]


@runtime_checkable
class Agent(Protocol):
    """Chooses one of `legal` for the role whose `view` it is given.

    `wants_view`: False for agents that ignore the view (the random agent); the
    game loop then passes an empty dict and skips building the view, which makes
    headless play much faster. The view, when given, is read-only: it may share
    data with the game, and an agent must never change it.

    An agent that keeps memory between decisions (HGW's heuristic: its plan for the
    turn, the points it gave up on) says so with a true `remembers` attribute
    (`remembers`, below): a search then asks a separate copy of it, one that sees
    only the real game, for its prior (agents/mcts.py).
    """

    name: str
    wants_view: bool

    def act(self, view: View, legal: list[Action]) -> Action: ...


def remembers(agent: object) -> bool:
    """Whether `agent` keeps memory between decisions (absent: it does not)."""
    return bool(getattr(agent, "remembers", False))


def no_choice() -> ValueError:
    """The error an agent raises when it is asked to act with nothing legal."""
    return ValueError("an agent was asked to act, but no action is legal")


def best_scored(legal: list[Action], score: Callable[[Action], float], rng: random.Random) -> Action:
    """The legal action with the highest score, a tie broken by one draw of the
    agent's own `rng` (so a game of such agents stays a function of their seeds):
    the last step of the heuristic agents that score every legal action."""
    if not legal:
        raise no_choice()
    scores = [score(action) for action in legal]
    best = max(scores)
    choices = [action for action, value in zip(legal, scores, strict=True) if value == best]
    return choices[rng.randrange(len(choices))]
