"""The agents that play the server's AI seats, and the job an AI move is.

An agent lives as long as its game is active, so that a search agent keeps what it
learnt between moves; each is seeded from a one-way hash of the game's seed and its
seat, so nothing an agent does tells a player about the game's dice.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from grognard.agents import Agent, Sampler, make_agent
from grognard.core.game import Action, Role

from .models import Game
from .settings import Settings

#: The share of the server's time limit per AI move a search agent may think.
SEARCH_SHARE = 0.5


@dataclass(frozen=True)
class AiJob:
    """One AI move to think about: what the agent sees, and the version it saw."""

    game_id: str
    role: Role
    agent: Agent
    view: dict[str, Any]
    legal: list[Action]
    version: int
    #: for a search agent (`wants_sampler`): determinizations of a copy of the game
    #: taken at `version`, as sim/play.py `decide` gives them; None for the others
    sampler: Sampler | None = None
    #: the user who made the game: AI thinking is shared fairly between users
    owner: int | None = None


class AgentBook:
    """The agents of the AI seats, by game and seat."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings
        self._agents: dict[tuple[str, Role], Agent] = {}

    def get(self, game_id: str, role: Role) -> Agent | None:
        return self._agents.get((game_id, role))

    def of(self, game: Game, role: Role, name: str) -> Agent:
        """The agent `name` playing `role` in `game`, made on first use."""
        key = (game.id, role)
        agent = self._agents.get(key)
        if agent is None:
            # a one-way hash: an AI's choices must tell nothing about the game's seed
            seed = int.from_bytes(hashlib.blake2b(f"{game.seed}:{role}".encode(), digest_size=8).digest())
            agent = self._agents[key] = make_agent(name, game.ruleset, seed)
            if getattr(agent, "wants_sampler", False) and hasattr(agent, "time_cap"):
                # half the server's limit per AI move: the search stops in time, with
                # room for its last iteration and the heuristic's prior (docs/simlab.md)
                agent.time_cap = SEARCH_SHARE * self._settings.ai_move_budget
        return agent

    def drop(self, game_id: str) -> None:
        """Forget the agents of a game no longer played."""
        for key in [k for k in list(self._agents) if k[0] == game_id]:
            self._agents.pop(key, None)
