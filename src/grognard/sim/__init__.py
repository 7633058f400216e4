"""Batch play: one game as a pure function of (config, seed), many games locally."""

from __future__ import annotations

from .local import game_seeds, simulate, summarize, wilson
from .play import GameConfig, get_ruleset, play, winners_of

__all__ = [
    "GameConfig",
    "game_seeds",
    "get_ruleset",
    "play",
    "simulate",
    "summarize",
    "wilson",
    "winners_of",
]
