"""Fleets as data (The Fall of Germany: Fleet Naval Fire 1-2, 5).

DATA LAYOUT (`state.data`)
    fleets        {fleet id: {"side", "name", "at": port | None, "sp": naval fire
                  points}}: fleet counters hold naval fire points as armies hold land
                  points, open information like the record sheets
    fleet_status  {fleet id: "escort" | "expended"}: what each fleet did this player
                  turn (an escort makes no other mission; a loser of a naval battle is
                  expended, Fleet Naval Fire 2, 5)

Plain questions only (board.py asks `expel` when a port changes hands); the naval
steps are in naval.py.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .map import hex_distance, load_map

Data = dict[str, Any]
NAVAL_BASES = ("naval_port", "naval_yard")  # the anchors: more than one fleet point


def fleets_at(data: Data, place: Any, side: str | None = None) -> list[str]:
    return sorted(
        f
        for f, x in data.get("fleets", {}).items()
        if x["at"] == place and x["sp"] > 0 and (side is None or x["side"] == side)
    )


def active(data: Data, fleet_id: str) -> bool:
    """Still able to fight this turn: afloat, with points, not expended."""
    fleet = data.get("fleets", {}).get(fleet_id)
    if not fleet or fleet["at"] is None or fleet["sp"] <= 0:
        return False
    return bool(data.get("fleet_status", {}).get(fleet_id) != "expended")


def is_naval_base(place: Any) -> bool:
    hmap = load_map()
    return place in hmap and any(hmap.has_feature(place, f) for f in NAVAL_BASES)


@cache
def route_seas(
    origin: str,
    target: str,
    closed: frozenset[str] = frozenset(),
    barred: frozenset[tuple[str, str]] = frozenset(),
) -> frozenset[str]:
    """The seas an invasion route from `origin` to `target` enters: those of the water
    hexes on the cheapest sea route (Fleet Naval Fire 1-2), passing no `closed` control
    hex (Sea Route 4) and no `barred` crossing arrow (Sea Route 2)."""
    hmap = load_map()
    path = hmap.sea_route(origin, target, closed=closed, barred=barred) or []
    return frozenset(s for h in path if hmap.is_water(h) for s in hmap.seas_of(h))


def may_intercept(
    data: Data, fleet_id: str, origin: str, target: str, closed: frozenset[str] = frozenset()
) -> bool:
    """Fleet Naval Fire 2: a fleet based on a sea intercepts routes entering that sea."""
    if not active(data, fleet_id) or data.get("fleet_status", {}).get(fleet_id) == "escort":
        return False
    base = data["fleets"][fleet_id]["at"]
    return bool(set(load_map().seas_of(base)) & route_seas(origin, target, closed))


def expel(data: Data, place: Any, new_owner: str) -> list[str]:
    """A port taken by the enemy expels the fleets in it (special rule 4's note): each
    goes to its side's nearest friendly port on the map, or is lost without one. The
    fleets that moved."""
    hmap = load_map()
    moved = []
    for fleet_id in fleets_at(data, place):
        fleet = data["fleets"][fleet_id]
        if fleet["side"] == new_owner:
            continue
        ports = [
            p
            for p, owner in data["owner"].items()
            if owner == fleet["side"] and p != place and p in hmap and hmap.is_port(p)
        ]
        if ports:
            fleet["at"] = min(ports, key=lambda p: (hex_distance(place, p), p))
        else:
            fleet["at"], fleet["sp"] = None, 0
        moved.append(fleet_id)
    return moved
