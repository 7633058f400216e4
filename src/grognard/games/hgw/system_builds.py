"""What Campaign Game II's systems add to the production phase (step 6): each system that
builds something of its own (bombers and missiles, ship points, ...) offers its builds
and applies them here, so that production.py, which owns the budget, imports no system's
rules and no system module edits production's.

A provider is a module with
    VERBS   the action verbs it answers, e.g. ("build_bomber",)
    offers(data, side, money) -> list[Action]: what `side` may build with `money`
            production points (the largest of the frame's purses), each action priced by
    cost(data, side, action) -> int: the production points it takes from the budget
    apply(game, side, action) -> None: builds it (the budget is production's to charge)
and is listed in PROVIDERS. A provider is asked only when its system is in play.
"""

from __future__ import annotations

from types import ModuleType

from grognard.core.game import Action

from . import coastal_air, naval_builds, port_builds, raiders, ship_builds, shipping_builds, strategic_builds
from .layout import HgwBoard
from .sequence import has_system

Data = HgwBoard

# (system, provider module): filled in as each system's builds are played
PROVIDERS: tuple[tuple[str, ModuleType], ...] = (
    ("strategic", strategic_builds),  # Strategic Bombing 1, Strategic Missiles 1, Atomic Bombs 2
    ("naval", naval_builds),  # ship, U-boat and A.S.W. points
    ("naval", ship_builds),  # Naval Action: ship points in instalments (option naval_action)
    ("naval", port_builds),  # Naval Action: ports, major naval ports, supply roads (ditto)
    ("naval", coastal_air),  # Naval Action: coastal air points (ditto)
    ("naval", raiders),  # Naval Action: raiders declared (N6.1; ditto)
    ("naval", shipping_builds),  # Shipping 1, 9: shipping points and U.S. transport
)


def _providers(data: Data) -> list[ModuleType]:
    return [module for system, module in PROVIDERS if has_system(data, system)]


def offers(data: Data, side: str, money: int) -> list[Action]:
    """Every build the systems in play offer `side` with `money` points."""
    return [a for module in _providers(data) for a in module.offers(data, side, money)]


def provider(data: Data, action: Action) -> ModuleType | None:
    """The provider that answers `action`, None for production's own actions."""
    return providers_by_verb(data).get(action[0]) if action else None


def providers_by_verb(data: Data) -> dict[str, ModuleType]:
    """Each verb of the systems in play with the provider that answers it (the first
    listed, as `provider` reads them): found once for a whole listing of builds."""
    verbs: dict[str, ModuleType] = {}
    for module in _providers(data):
        for verb in module.VERBS:
            verbs.setdefault(verb, module)
    return verbs
