"""A ruleset's designed-content hook: its "content_report" seam (grognard/seams.py;
sim/content.py tells what it provides). Kept apart so the runner needs nothing else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grognard.seams import seam

Facts = Callable[[Any, Any], dict[str, Any]]
KINDS = ("win_rate", "share", "mean", "series")


def content_module(ruleset_id: str) -> Any | None:
    """The ruleset's content report seam, or None when it has none."""
    return seam(ruleset_id, "content_report")


def facts_hook(ruleset_id: str) -> Facts | None:
    module = content_module(ruleset_id)
    return module.content_facts if module is not None else None


def figures_of(ruleset_id: str) -> list[dict[str, Any]]:
    module = content_module(ruleset_id)
    figures = module.FIGURES if module is not None else []
    return [dict(f) for f in figures if f.get("kind") in KINDS]
