"""Shared by the rulesets' action index tests (issue 11): a local reading of the fixed
index spec (families numbered mixed-radix, a joint domain covering several elements),
so that each declaration is proved without waiting for grognard.rl's encoder."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from math import prod
from typing import Any

import pytest

from grognard.agents import make_agent
from grognard.core.game import Ruleset

Families = Sequence[tuple[str, Sequence[Sequence[Any]]]]
Keys = Callable[[Any, str, Sequence[tuple[Any, ...]]], Sequence[tuple[Any, ...]]]


class Slots:
    """The declared families of one scenario: `size`, and `slot(key)`."""

    def __init__(self, families: Families) -> None:
        self.kinds: dict[str, tuple[int, list[tuple[int, dict[Any, int]]]]] = {}
        offset = 0
        for kind, domains in families:
            assert kind not in self.kinds, f"{kind} is declared twice"
            tables = []
            for domain in domains:
                width = len(domain[0]) if domain and isinstance(domain[0], tuple) else 1
                assert all((len(v) if isinstance(v, tuple) else 1) == width for v in domain), kind
                table = {v: i for i, v in enumerate(domain)}
                assert len(table) == len(domain), f"{kind}: a domain repeats a value"
                tables.append((width, table))
            self.kinds[kind] = (offset, tables)
            offset += prod(len(t) for _, t in tables)
        self.size = offset

    def slot(self, key: Sequence[Any]) -> int:
        assert key[0] in self.kinds, f"{key}: no family"
        offset, tables = self.kinds[key[0]]
        index, at = 0, 1
        for width, table in tables:
            value = key[at] if width == 1 else tuple(key[at : at + width])
            assert value in table, f"{key}: {value!r} is outside its domain"
            index, at = index * len(table) + table[value], at + width
        assert at == len(key), f"{key}: {len(key) - 1} elements, the family has {at - 1}"
        return offset + index


class IndexCheck:
    """Plays games and checks every legal action of every active role at every step."""

    Slots = Slots

    def play(
        self,
        ruleset: Ruleset,
        scenario: str,
        options: Mapping[str, Any],
        space: Families,
        keys: Keys,
        *,
        seed: int,
        steps: int,
        agent: str = "random",
    ) -> set[str]:
        """Plays up to `steps` actions; returns the kinds of the legal actions met."""
        slots = Slots(space)
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
                taken = {slots.slot(k) for k in keys(state, role, legal)}
                assert len(taken) == len(legal), f"{scenario} {options} seed {seed}: two actions share a slot"
                kinds.update(a[0] for a in legal)
            role = rng.choice(roles)
            state.apply(role, agents[role].act(state.view(role), state.legal_actions(role)))
        return kinds


@pytest.fixture
def index_check() -> IndexCheck:
    return IndexCheck()
