"""The ruleset registry: rulesets by id. The games package fills the default one."""

from __future__ import annotations

from .errors import UnknownRuleset
from .game import Ruleset


class Registry:
    def __init__(self) -> None:
        self._rulesets: dict[str, Ruleset] = {}

    def register(self, ruleset: Ruleset) -> Ruleset:
        if ruleset.id in self._rulesets:
            raise ValueError(f"ruleset {ruleset.id!r} is already registered")
        self._rulesets[ruleset.id] = ruleset
        return ruleset

    def get(self, ruleset_id: str) -> Ruleset:
        try:
            return self._rulesets[ruleset_id]
        except KeyError:
            known = ", ".join(sorted(self._rulesets)) or "none"
            raise UnknownRuleset(f"unknown ruleset {ruleset_id!r}; known: {known}") from None

    def ids(self) -> list[str]:
        return sorted(self._rulesets)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._rulesets[i] for i in self.ids())
