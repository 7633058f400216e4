"""Where a fleet may sail in the naval phases (Sea Route 1-7, the Ranges table, N2.6 and
N13): the path a moving fleet declares, its mission range's starting hex through a
replenishment chain, and the hexes a sea route reaches within a range. Pure queries over
the game data; naval_phase.py offers and plays the moves."""

from __future__ import annotations

from functools import cache
from typing import Any

from .board import opponents
from .fleets import active, base_hex, is_uboat_fleet, route_path
from .invasion_routes import barred_crossings, canals, closed_narrows
from .layout import Fleet, HgwBoard, placed
from .map import hex_distance, load_map, route_steps, row_col
from .naval_tables import load_naval
from .optional import has_option
from .sea_war import position

Data = HgwBoard


def patrol_range(fleet: Fleet) -> int:
    """The Ranges table: a patrol hex within 12 hexes, an SS patrol within 30."""
    high = load_naval().range("ss_patrol" if is_uboat_fleet(fleet) else "patrol").hexes[1]
    return int(high or 0)


def fleet_route(data: Data, side: str, a: str, b: str) -> list[str]:
    narrows, barred = closed_narrows(data, side), barred_crossings(data, side)
    return list(route_path(a, b, narrows, barred, canals(data, side)))


AVOID = 8  # hexes: how far a declared path tries to keep from the enemy's fleets


def sailing_path(data: Data, fleet_id: str, target: str, limit: int = 0) -> list[str]:
    """The path a moving fleet declares (U-Boat Attack 4-5: the mover traces it; the
    U-boat warfare example keeps eight hexes from Scapa Flow): ours, the shortest sea
    route that keeps as far as it can, up to AVOID hexes, from every enemy fleet, within
    `limit` steps when one is given."""
    fleet = data["fleets"][fleet_id]
    side = fleet["side"]
    lead = range_lead(data, fleet_id) if limit else []  # N13: through its replenishment chain
    here = lead[-1] if lead else base_hex(placed(fleet)) if "patrol" not in fleet else fleet["patrol"]
    enemies = opponents(data, side)
    seen = [
        position(x)
        for f, x in sorted(data.get("fleets", {}).items())
        if x["side"] in enemies and active(data, f)
    ]
    narrows, barred, canal = closed_narrows(data, side), barred_crossings(data, side), canals(data, side)
    candidates = _sea_reach(here, limit or UNLIMITED, narrows, barred, canal)
    gap = _gaps(candidates, set(seen))
    tried: frozenset[str] | None = None
    keeps = range(AVOID if seen else 0, -1, -1)
    if has_option(data, "naval_action"):
        keeps = range(AVOID if seen else 0, -1, -AVOID)  # ours: many fleets, the berth or none
    for keep in keeps:
        near = frozenset(h for h, d in gap.items() if d < keep) - {here, target}
        if near == tried:
            continue  # the same hexes avoided: the same search, already failed
        tried = near
        # uncached: the avoided hexes change with every move (fleets.route_path caches)
        path = load_map().sea_route(here, target, closed=narrows | near, barred=barred, canals=canal) or []
        if path and (not limit or route_steps(path) <= limit):
            return lead[:-1] + path
    return []


# Fleet Replenishment (N13, replenishment.py): a hook names the sea path a fleet sails from
# its port through its replenishment chain to the chain's last unit, the hex its mission's
# range then counts from; no hook, or an empty path: the fleet's port.
RANGE_LEAD: list[Any] = []


def range_lead(data: Data, fleet_id: str) -> list[str]:
    for hook in RANGE_LEAD:
        found = hook(data, fleet_id)
        if found:
            return list(found)
    return []


def mission_start(data: Data, fleet_id: str) -> str:
    """The hex a fleet's mission range counts from: its port, or its chain's last unit."""
    lead = range_lead(data, fleet_id)
    return lead[-1] if lead else base_hex(placed(data["fleets"][fleet_id]))


UNLIMITED = 1000  # the Ranges table's unlimited base change, in sea-route steps


def _gaps(candidates: dict[str, int], enemies: set[str]) -> dict[str, int]:
    """Each candidate hex closer than AVOID to an enemy fleet, with its distance to the
    nearest. A hex more than AVOID rows away, or more than AVOID and a half columns
    (a hex distance is at least the row difference, and the column difference less half
    of it), is skipped before measuring: the same answer, without measuring the ocean."""
    near_rows = [(row_col(e), e) for e in enemies]
    cols = AVOID + AVOID // 2 + 1
    gap: dict[str, int] = {}
    for h in candidates:
        r, c = row_col(h)
        close = [e for (er, ec), e in near_rows if abs(r - er) < AVOID and abs(c - ec) < cols]
        if close:
            d = min(hex_distance(h, e) for e in close)
            if d < AVOID:
                gap[h] = d
    return gap


@cache
def _sea_reach(
    here: str,
    limit: int,
    closed: frozenset[str],
    barred: frozenset[tuple[str, str]],
    canal: frozenset[tuple[str, str]] = frozenset(),
) -> dict[str, int]:
    return load_map().sea_reach(here, limit, closed, barred, canal)


def reachable(data: Data, side: str, here: str, limit: int) -> dict[str, int]:
    """Every hex a sea route from `here` reaches within `limit` steps (one search, kept)."""
    narrows, barred = closed_narrows(data, side), barred_crossings(data, side)
    return _sea_reach(here, limit, narrows, barred, canals(data, side))  # N2.6: Kiel's canal
