"""Tac Air Abilities 1's Pacific and Indian oceans chain (K10.1) as the movement phase
plays it where the Pacific is in play (Campaign Game IV, The Pacific War): tac air of an
army in the Pacific half of the ring may be reassigned directly, with no sea transport,
to another army of its side that a chain of the side's stops reaches, each stop (a hex of
the side holding an army, a naval base or an airbase) within ten hexes of the last over
the side's own hexes or water (airpower.chain_reaches, whose reading this follows, for all
the destinations at once). The rule names no nation, so it serves every side, Japan's
too; ferry.ferry_destinations offers these beside the named U.S. routes, under the route
name `pacific_chain`, which risks nothing (only Newfoundland rolls).

Coastal air, which the rule also lets reassign this way, is not moved between armies in
our engine (coastal_air.py keeps it with its army), so only tac air is ferried.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from .airpower import chain_stops
from .board import on_board
from .geography import Place
from .layout import HgwBoard
from .map import load_map
from .theater import in_pacific, plays_pacific

Data = HgwBoard
CHAIN = "pacific_chain"


def _in_pacific(place: Place | None) -> bool:
    return place is not None and place in load_map().hexes and in_pacific(place)


@lru_cache(maxsize=256)
def _reached(held: frozenset[Place], armies: frozenset[Place], origin: Place) -> frozenset[Place]:
    """The stops a chain reaches from `origin` (the module's note)."""
    return frozenset(chain_stops(held, armies, origin))


def chain_destinations(data: Data, side: str, source: str) -> dict[Place, str]:
    """The places of the side's other armies in the Pacific half that tac air of army
    `source` (itself there) may be ferried to by the chain."""
    at = data["armies"][source]["at"]
    if not plays_pacific(data["scenario"]) or not _in_pacific(at):
        return {}
    held = frozenset(p for p, owner in data["owner"].items() if owner == side and p in load_map().hexes)
    if at not in held:
        return {}
    # on_board lists armies on the map: their `at` is set
    places = {cast(Place, data["armies"][a]["at"]) for a in on_board(data, side)}
    armies = frozenset(p for p in places if _in_pacific(p))
    reached = _reached(held, armies, at)
    return {p: CHAIN for p in sorted(armies & reached) if p != at}
