"""Agents by name. "random" is generic; "heuristic" is each ruleset's own player,
found in `grognard.games.<ruleset id>.ai` as `make_heuristic(seed)`."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

from .base import Agent, UnknownAgent
from .random_agent import RandomAgent

AGENT_NAMES = ("heuristic", "random")


def agent_names() -> list[str]:
    return list(AGENT_NAMES)


def make_agent(name: str, ruleset_id: str, seed: int) -> Agent:
    """A new agent `name` for a game of `ruleset_id`, with its own seeded generator."""
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        return _heuristic_factory(ruleset_id)(seed)
    raise UnknownAgent(f"unknown agent {name!r}; known agents: {', '.join(AGENT_NAMES)}")


def has_heuristic(ruleset_id: str) -> bool:
    return _ai_module(ruleset_id) is not None


def _heuristic_factory(ruleset_id: str) -> Callable[[int], Agent]:
    module = _ai_module(ruleset_id)
    factory = getattr(module, "make_heuristic", None) if module is not None else None
    if factory is None or not callable(factory):
        raise UnknownAgent(
            f"ruleset {ruleset_id!r} has no heuristic agent (no make_heuristic in "
            f"grognard.games.{ruleset_id}.ai); use the random agent"
        )
    made: Callable[[int], Agent] = factory
    return made


def _ai_module(ruleset_id: str) -> ModuleType | None:
    name = f"grognard.games.{ruleset_id}.ai"
    if not ruleset_id.isidentifier():
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        # Only "this module does not exist" means no heuristic; a missing import
        # inside an existing ai module is a real bug and must surface.
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise
