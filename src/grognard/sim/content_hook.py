"""Where a ruleset's designed-content hook lives: `grognard.games.<id>.content_report`
(sim/content.py tells what it provides). Kept apart so the runner needs nothing else."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

Facts = Callable[[Any, Any], dict[str, Any]]
KINDS = ("win_rate", "share", "mean", "series")


def content_module(ruleset_id: str) -> ModuleType | None:
    """The ruleset's `content_report` module, or None when it has none."""
    if not ruleset_id.isidentifier():
        return None
    full = f"grognard.games.{ruleset_id}.content_report"
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as exc:
        if exc.name is None or not full.startswith(exc.name):
            raise  # the module exists but something it imports does not
    return None


def facts_hook(ruleset_id: str) -> Facts | None:
    hook = getattr(content_module(ruleset_id), "content_facts", None)
    return hook if callable(hook) else None


def figures_of(ruleset_id: str) -> list[dict[str, Any]]:
    figures = getattr(content_module(ruleset_id), "FIGURES", None) or []
    return [dict(f) for f in figures if f.get("kind") in KINDS]
