"""Where a ruleset's designed-content hook lives: `grognard.games.<id>.content_report`
(sim/content.py tells what it provides). Kept apart so the runner needs nothing else."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from grognard.core.registry import game_module

Facts = Callable[[Any, Any], dict[str, Any]]
KINDS = ("win_rate", "share", "mean", "series")


def content_module(ruleset_id: str) -> ModuleType | None:
    """The ruleset's `content_report` module, or None when it has none."""
    return game_module(ruleset_id, "content_report")


def facts_hook(ruleset_id: str) -> Facts | None:
    hook = getattr(content_module(ruleset_id), "content_facts", None)
    return hook if callable(hook) else None


def figures_of(ruleset_id: str) -> list[dict[str, Any]]:
    figures = getattr(content_module(ruleset_id), "FIGURES", None) or []
    return [dict(f) for f in figures if f.get("kind") in KINDS]
