"""Agents: players that see a role's view and legal actions, never the State."""

from __future__ import annotations

from .base import Agent, UnknownAgent, View
from .mcts import Budget, MctsAgent, Sampler, StateSampler
from .random_agent import RandomAgent
from .registry import (
    AGENT_LABELS,
    AGENT_NAMES,
    DIFFICULTIES,
    agent_label,
    agent_names,
    has_heuristic,
    make_agent,
)
from .turn_search import TurnKnobs, TurnSearchAgent

__all__ = [
    "AGENT_LABELS",
    "AGENT_NAMES",
    "DIFFICULTIES",
    "Agent",
    "Budget",
    "MctsAgent",
    "RandomAgent",
    "Sampler",
    "StateSampler",
    "TurnKnobs",
    "TurnSearchAgent",
    "UnknownAgent",
    "View",
    "agent_label",
    "agent_names",
    "has_heuristic",
    "make_agent",
]
