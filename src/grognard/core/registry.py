"""The ruleset registry: rulesets by id. The games package fills the default one."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from .errors import UnknownRuleset

if TYPE_CHECKING:  # loaded with the first game, so that refusing an unknown id stays cheap
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
    """Rulesets by id. A ruleset may be registered by the module that defines it
    (`register_lazy`), which is imported, and its `RULESET` read, only when that id is
    asked for: `grognard play viktory2` loads one game, and an unknown id is refused
    without loading any."""

    def __init__(self) -> None:
        self._rulesets: dict[str, Ruleset] = {}
        self._modules: dict[str, str] = {}

    def register(self, ruleset: Ruleset) -> Ruleset:
        if ruleset.id in self._rulesets or ruleset.id in self._modules:
            raise ValueError(f"ruleset {ruleset.id!r} is already registered")
        self._rulesets[ruleset.id] = ruleset
        return ruleset

    def register_lazy(self, ruleset_id: str, module: str) -> None:
        """Register the `RULESET` of `module` under `ruleset_id`, imported on first use."""
        if ruleset_id in self._rulesets or ruleset_id in self._modules:
            raise ValueError(f"ruleset {ruleset_id!r} is already registered")
        self._modules[ruleset_id] = module

    def get(self, ruleset_id: str) -> Ruleset:
        found = self._rulesets.get(ruleset_id)
        if found is not None:
            return found
        module = self._modules.get(ruleset_id)
        if module is None:
            known = ", ".join(self.ids()) or "none"
            raise UnknownRuleset(f"unknown ruleset {ruleset_id!r}; known: {known}")
        ruleset = importlib.import_module(module).RULESET
        from .game import Ruleset

        if not isinstance(ruleset, Ruleset) or ruleset.id != ruleset_id:
            raise ValueError(f"{module}.RULESET is not the ruleset {ruleset_id!r}")
        self._rulesets[ruleset_id] = ruleset
        self._modules.pop(ruleset_id, None)  # another thread may have loaded it meanwhile
        return ruleset

    def ids(self) -> list[str]:
        return sorted({*self._rulesets, *self._modules})

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.get(i) for i in self.ids())
