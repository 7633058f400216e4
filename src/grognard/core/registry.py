"""The ruleset registry: rulesets by id. The games package fills the default one."""

from __future__ import annotations

import importlib
from types import ModuleType

from .errors import UnknownRuleset
from .game import Ruleset


def game_module(ruleset_id: str, name: str) -> ModuleType | None:
    """A ruleset's optional module `grognard.games.<id>.<name>` (its heuristic `ai`,
    `features`, `action_space`, `content_report`, `odds`...), or None where the ruleset
    has no such module. A module that exists but fails to import something raises:
    only "this module does not exist" means "none"."""
    if not ruleset_id.isidentifier():
        return None
    full = f"grognard.games.{ruleset_id}.{name}"
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as exc:
        if exc.name is None or not full.startswith(exc.name):
            raise
    return None


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
