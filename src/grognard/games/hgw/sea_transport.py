"""Campaign Game II's strength points moved by sea, met at sea (Shipping 10, K19.10):
the movement phase's sea crossing goes along a traced sea route, and the opponents'
fleets on patrol next to it meet it; an escort from the route's port fights them first,
and only once the escort is sunk do the transported points take losses, the excess
ignored. Played where shipping counters are (shipping_counters.in_play).

Our readings (docs/hgw-design.md, "Shipping counters"):
- the route of a crossing is the cheapest sea route (the fewest movement points,
  Shipping 7; Sea Route 1-4, 7) between the place where the points embark and the one
  where they land (an off-map box at its hex);
- the fleets that meet it are the opponents' fleets on patrol within one hex of the
  route (the patrol line, met with no roll, N3.2), in the order of their ids; a fleet in
  port could intercept only by a roll in the middle of the mover's movement, which the
  sequence of play does not give the opponent, so it does not;
- the escort is the mover's strongest surface fleet able to act in the embarking port,
  chosen for him (an escort only ever protects): it fights each interceptor (a fleet
  battle, or Anti-Submarine Warfare 4 against U-boats: sea_war.fight); while it is
  afloat the points are safe; a fleet that beats or sinks it then fires its points on
  the Firepower Table at the transported points (U-boats with German technology's
  modifier), hits above the points carried ignored."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .board import opponents, points
from .firepower import fire
from .fleets import active, base_hex, is_uboat_fleet
from .invasion_routes import closed_narrows
from .layout import HgwBoard
from .map import hex_distance, load_map
from .sea_war import fight, technology

if TYPE_CHECKING:
    from .rule_game import RuleGame
    from .state import HgwState

Data = HgwBoard
Leg = tuple[str, str, str]  # (sea, embarking place, landing place)


def path(data: Data, side: str, start: str, end: str) -> list[str]:
    """The hexes of the crossing from `start` to `end`: the cheapest sea route between
    the two ports (Shipping 7), never passing a control hex not friendly to the side
    (Sea Route 4); the two ports alone where the map finds none."""
    a, b = base_hex(start), base_hex(end)
    hexes = load_map().hexes
    if a not in hexes or b not in hexes:
        return [h for h in (a, b) if h in hexes]
    found = _route(a, b, closed_narrows(data, side))
    return list(found) if found is not None else [a, b]


@lru_cache(maxsize=8192)
def _route(a: str, b: str, closed: frozenset[str]) -> tuple[str, ...] | None:
    """The map's cheapest sea route, kept per question (map data only)."""
    found = load_map().sea_route(a, b, closed=closed)
    return tuple(found) if found is not None else None


def interceptors(data: Data, side: str, hexes: list[str]) -> list[str]:
    """The opponents' fleets on patrol within one hex of the route (N3.2's patrol line)."""
    if not hexes:
        return []
    enemies = opponents(data, side)
    found = []
    for fid, fleet in sorted(data.get("fleets", {}).items()):
        at = fleet.get("patrol")
        if fleet["side"] not in enemies or at is None or not active(data, fid):
            continue
        if min(hex_distance(at, h) for h in hexes) <= 1:
            found.append(fid)
    return found


def escort(data: Data, side: str, port: str) -> str | None:
    """Shipping 10: the mover's strongest surface fleet that can act, based in `port`."""
    status = data.get("fleet_status", {})
    best: tuple[int, str] | None = None
    for fid, fleet in sorted(data.get("fleets", {}).items()):
        if fleet["side"] != side or fleet["at"] != port or is_uboat_fleet(fleet) or "patrol" in fleet:
            continue
        if not active(data, fid) or status.get(fid) not in (None, "moved", "escort"):
            continue
        if best is None or int(fleet["sp"]) > best[0]:
            best = (int(fleet["sp"]), fid)
    return best[1] if best else None


def threats(data: Data, side: str, legs: tuple[Leg, ...]) -> list[tuple[Leg, list[str]]]:
    """Each crossing with the fleets that would meet it (the odds and why.py show them)."""
    out: list[tuple[Leg, list[str]]] = []
    enemies = opponents(data, side)
    if not any(f["side"] in enemies and f.get("patrol") for f in data.get("fleets", {}).values()):
        return out  # no fleet at sea to meet the crossing: nothing to trace
    for leg in legs:
        found = interceptors(data, side, path(data, side, leg[1], leg[2]))
        if found:
            out.append((leg, found))
    return out


def cross(game: HgwState, side: str, legs: tuple[Leg, ...], count: int) -> int:
    """K19.10: the crossings of a move of `count` points; returns the points lost."""
    return sail(game, side, threats(game.data, side, legs), count)


def sail(game: RuleGame, side: str, met: list[tuple[Leg, list[str]]], count: int) -> int:
    """K19.10: `count` points sail each crossing past the fleets that meet it (`threats`),
    the escort from its embarking port first; returns the points lost (the odds play it
    too: odds_crossing.py)."""
    data = game.data
    left = count
    for (sea, start, end), found in met:
        guard = escort(data, side, start)
        for fid in found:
            if left <= 0:
                break
            if not active(data, fid):
                continue
            fleet = data["fleets"][fid]
            crossing = f"crossing the {sea} from {start} to {end}"
            game.log(f"{fleet['name']}, on patrol, meets {points(left)} {crossing}")
            if guard is not None and active(data, guard):
                data.setdefault("fleet_status", {})[guard] = "escort"
                fight(game, fid, guard)  # Shipping 10: the escort first
                if data["fleets"][guard]["at"] is not None or not active(data, fid):
                    game.log(f"the escort {data['fleets'][guard]['name']} shields the transported points")
                    continue
            tech = technology(data, fleet)
            why = f"{fleet['name']} fires at the transport"
            volley = fire(game, fleet["side"], int(fleet["sp"]), why, tech)
            lost = min(volley.losses, left)  # Shipping 10: excess losses are ignored
            left -= lost
            kind = "U-boats" if is_uboat_fleet(fleet) else "ships"
            game.log(f"{fleet['name']}'s {kind} sink {points(lost)} of the {points(left + lost)} transported")
    return count - left
