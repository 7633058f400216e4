"""Shared by the rulesets' action index tests (issue 11): random or heuristic games in
which every legal action of every active role must have a slot of its own in the
ruleset's declared index (grognard.rl's ActionSpace, keyed by the ruleset's
action_keys), each slot decoding back to its key."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from grognard.agents import make_agent
from grognard.core.game import Ruleset
from grognard.rl.action_space import ActionSpace

Families = Sequence[tuple[str, Sequence[Sequence[Any]]]]
Keys = Callable[[Any, str, Sequence[tuple[Any, ...]]], Sequence[tuple[Any, ...]]]


class IndexCheck:
    def play(
        self,
        ruleset: Ruleset,
        scenario: str,
        options: Mapping[str, Any],
        families: Families,
        keys: Keys,
        *,
        seed: int,
        steps: int,
        agent: str = "random",
    ) -> set[str]:
        """Plays up to `steps` actions; returns the kinds of the legal actions met."""
        space = ActionSpace(families, keys, f"{ruleset.id}:{scenario}")
        state = ruleset.new_game(scenario, dict(options), seed)
        agents = {role: make_agent(agent, ruleset.id, seed) for role in state.roles}
        rng = random.Random(seed)
        kinds: set[str] = set()
        for _ in range(steps):
            if state.is_over():
                break
            roles = [r for r in state.active_roles() if state.legal_actions(r)]
            for role in roles:
                legal = state.legal_actions(role)
                slots = space.legal_slots(state, role, legal)  # raises outside the space or on a clash
                for key, slot in zip(keys(state, role, legal), slots.slots, strict=True):
                    assert space.decode(slot) == tuple(key)
                kinds.update(a[0] for a in legal)
            role = rng.choice(roles)
            state.apply(role, agents[role].act(state.view(role), state.legal_actions(role)))
        return kinds


@pytest.fixture
def index_check() -> IndexCheck:
    return IndexCheck()
