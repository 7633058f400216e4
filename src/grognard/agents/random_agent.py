"""The uniform random agent: the baseline every other agent must beat."""

from __future__ import annotations

import random

from grognard.core.game import Action

from .base import View, no_choice


class RandomAgent:
    """Picks a legal action uniformly at random, from its own seeded generator."""

    name = "random"
    wants_view = False

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View, legal: list[Action]) -> Action:
        if not legal:
            raise no_choice()
        return legal[self.rng.randrange(len(legal))]
