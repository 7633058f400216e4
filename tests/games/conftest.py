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


Kinds = Mapping[str, Callable[[Any, Any], bool]]


class VerbCheck:
    """Shared by the rulesets' declared-action tests (issue 21; core/verbs.py)."""

    def play(
        self, state: Any, kinds: Kinds, *, seed: int, steps: int, prefer: Sequence[str] = ()
    ) -> set[str]:
        """Plays up to `steps` random actions from `state` (three in ten, when it can, a
        verb of `prefer`: phase ends or attacks, to reach more phases); every legal action of
        every active role must have its verb's declared shape, each argument within
        its kind (`kinds`: kind -> test of (state, value)). Returns the verbs met."""
        verbs = state.ruleset.verbs
        assert verbs is not None
        state.keep_undo = False
        rng = random.Random(seed)
        seen: set[str] = set()
        for _ in range(steps):
            if state.is_over():
                break
            roles = [r for r in state.active_roles() if state.legal_actions(r)]
            for role in roles:
                for action in state.legal_actions(role):
                    assert verbs.refusal(action) is None, (action, verbs.refusal(action))
                    verb = verbs[action[0]]
                    for (name, kind), value in zip(verb.args, action[1:], strict=False):
                        assert kinds[kind](state, value), (action, name, kind)
                    seen.add(action[0])
            role = rng.choice(roles)
            legal = state.legal_actions(role)
            ends = [a for a in legal if a[0] in prefer]
            state.apply(
                role, rng.choice(ends) if ends and rng.random() < 0.3 else legal[rng.randrange(len(legal))]
            )
        return seen

    def refuses_misshapen(self, state: Any, role: str, verb: str) -> None:
        """A misshapen `verb` (a missing argument, one too many, a dict as an argument)
        is refused naming the verb's arguments, by apply and by why_illegal, and leaves
        the state as it was; an unknown verb gets the core's answer."""
        from grognard.core.errors import IllegalAction

        declared = state.ruleset.verbs[verb]
        before = state.to_json()
        full = [verb, *("x" for _ in declared.args)]
        for bad in (full[:-1], [*full, "x"], [verb, *({"x": 1} for _ in declared.args)]):
            if len(bad) - 1 in declared.counts():
                continue  # a short form, or a many verb's longer one: well-shaped
            with pytest.raises(IllegalAction, match=rf"^{verb} takes \(") as refused:
                state.apply(role, bad)
            assert state.why_illegal(role, bad) == str(refused.value)
        with pytest.raises(IllegalAction, match=r"^\['no_such_verb', \{'x': 1\}\] is not a legal action"):
            state.apply(role, ["no_such_verb", {"x": 1}])
        assert state.to_json() == before


@pytest.fixture
def verb_check() -> VerbCheck:
    return VerbCheck()
