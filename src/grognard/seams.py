"""The seams where the tools meet a ruleset, each a Protocol, each declared by the ruleset.

The agents (a heuristic player, search's evaluation and move ordering), the RL
environments (the observation), the action index, `grognard odds` and the balance report
each need something of a game beyond the core contract (core/game.py). A ruleset says
which module of its own implements which seam in `Ruleset.seams` (seam name -> module,
relative to the ruleset's package, e.g. {"heuristic": ".ai"}); `seam` imports that module
only when a tool asks for it (so `grognard --help` loads no AI) and checks it against the
seam's Protocol, so a module missing a member is refused with its name rather than
silently treated as "no such seam".

    seam             module members                                   used by
    heuristic        make_heuristic(seed) -> Agent                    agents/registry.py
    evaluation       evaluate(view) -> {role: score}                  search (agents/mcts.py)
    action_scores    action_scores(view, legal) -> {action: score}    search's move ordering
    observation      observe(view), OBSERVATION_SIZE, OBSERVATION_NAMES, INFO_COPY   rl/
    observation_view observation_view(state, role) -> the view's parts observe reads
    action_space     action_space(scenario, options) -> families      rl/action_space.py
    odds_report      odds_report(attacker, defender, settings)        cli_odds.py
    content_report   content_facts(initial, final), FIGURES           sim/ balance reports
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from grognard.core.errors import UnknownRuleset

if TYPE_CHECKING:
    from grognard.core.game import Ruleset

View = dict[str, Any]


@runtime_checkable
class Heuristic(Protocol):
    def make_heuristic(self, seed: int) -> Any: ...  # an agents.base.Agent


@runtime_checkable
class Evaluation(Protocol):
    def evaluate(self, view: View) -> Mapping[str, float]: ...


@runtime_checkable
class ActionScores(Protocol):
    def action_scores(self, view: View, legal: list[Any]) -> Mapping[Any, float] | None: ...


@runtime_checkable
class Observation(Protocol):
    OBSERVATION_SIZE: int
    OBSERVATION_NAMES: Sequence[str]
    # a copy of the game costs less than one of its views (rl/envs.py keeps infos so)
    INFO_COPY: bool

    def observe(self, view: View) -> Sequence[float]: ...


@runtime_checkable
class ObservationView(Protocol):
    def observation_view(self, state: Any, role: str | None) -> View: ...


@runtime_checkable
class ActionSpace(Protocol):
    def action_space(self, scenario: str, options: Mapping[str, Any]) -> Sequence[Any]: ...


@runtime_checkable
class OddsReport(Protocol):
    def odds_report(self, attacker: str, defender: str, settings: Mapping[str, str]) -> dict[str, Any]: ...


@runtime_checkable
class ContentReport(Protocol):
    FIGURES: Sequence[Mapping[str, Any]]

    def content_facts(self, initial: Any, final: Any) -> dict[str, Any]: ...


SEAMS: dict[str, type] = {
    "heuristic": Heuristic,
    "evaluation": Evaluation,
    "action_scores": ActionScores,
    "observation": Observation,
    "observation_view": ObservationView,
    "action_space": ActionSpace,
    "odds_report": OddsReport,
    "content_report": ContentReport,
}


class SeamError(TypeError):
    """A ruleset declares a seam its module does not implement."""


def _ruleset(ruleset: Ruleset | str) -> Ruleset | None:
    if not isinstance(ruleset, str):
        return ruleset
    registry = importlib.import_module("grognard.games").REGISTRY
    try:
        found: Ruleset = registry.get(ruleset)
    except UnknownRuleset:  # a ruleset outside the registry (the tests' games) names itself
        return None
    return found


def seam(ruleset: Ruleset | str, name: str) -> Any | None:
    """The module implementing seam `name` for `ruleset` (a Ruleset, or a registered id),
    checked against the seam's Protocol; None when the ruleset declares no such seam."""
    protocol = SEAMS.get(name)
    if protocol is None:
        raise ValueError(f"no seam {name!r}; the seams are {', '.join(SEAMS)}")
    found = _ruleset(ruleset)
    if found is None:
        return None
    where = found.seams.get(name)
    if where is None:
        return None
    # relative to the package of the class that declares the seams (a subclass inherits them)
    owner = next(c for c in type(found).__mro__ if "seams" in vars(c))
    module: ModuleType = importlib.import_module(where, package=owner.__module__)
    if not isinstance(module, protocol):
        missing = [m for m in _members(protocol) if not hasattr(module, m)]
        lacks = ", ".join(missing)
        raise SeamError(f"{module.__name__} is declared as {found.id}'s {name} seam but lacks {lacks}")
    return module


def _members(protocol: type) -> list[str]:
    names = set(getattr(protocol, "__annotations__", {}))
    names |= {n for n, v in vars(protocol).items() if callable(v) and not n.startswith("_")}
    return sorted(names)
