"""Campaign Game II's shipping (Shipping 1-10, with Lend-Lease 1-2 and the routes of
Swedish Production, United States and Australia that it now carries) as functions over
the map and plain values: which supply source areas a sea route passes through and what
it costs in shipping points, the legs' lengths, what a route with so much capacity
delivers, and the checks the U-boat rules (uboats.py) need of a declared route.

A route is a chain of legs (Shipping 5). A leg belongs to one area of data/shipping.json:
it joins one of the area's source ports to a hex of the area's reach along a sea route
that stays in the area (either way round: a lane from Sydney to San Francisco serves a
route from San Francisco to Sydney), never passing a closed control hex (Sea Route 4).
A leg reaching another area's source port may be extended by a leg of that area, one
more shipping point each (Shipping 5's last paragraph). A leg between two major naval
ports or naval yards is at most 55 hexes long, any other at most 27 (Shipping 6; Cape
Town and Montevideo count as bases); a leg may call on its way at its area's own source
bases and at Cape Town and Montevideo, each stretch within its limit. `trace` finds the
route of fewest legs, then of fewest reversed legs, then the shortest (Shipping 7); ties
go to the lowest hex numbers, so a trace is deterministic.
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from grognard.core.errors import IllegalAction

from .map import HexId, hex_distance
from .shipping_tables import ShippingAreas, load_shipping

Usable = Callable[[HexId], bool]


def _always(_: HexId) -> bool:
    return True


@dataclass(frozen=True)
class Leg:
    area: str
    start: HexId
    end: HexId
    path: tuple[HexId, ...]
    limit: int  # Shipping 6's length for the leg's last stretch

    @property
    def length(self) -> int:
        return len(self.path) - 1


@dataclass(frozen=True)
class Route:
    origin: HexId
    destination: HexId
    legs: tuple[Leg, ...]

    @property
    def shipping_points(self) -> int:
        """Shipping 5: one shipping strength point an area."""
        return len(self.legs) * load_shipping().tables.limits.per_area

    @property
    def path(self) -> tuple[HexId, ...]:
        """The route hex by hex, as its owner declares it (U-Boat Attack 4)."""
        hexes: list[HexId] = [self.origin]
        for leg in self.legs:
            hexes.extend(leg.path[1:])
        return tuple(hexes)


def is_base(h: HexId) -> bool:
    """Shipping 6: a major naval port or naval yard, or Cape Town or Montevideo."""
    areas = load_shipping()
    if h in areas.tables.limits.counted_bases:
        return True
    return areas.map.has_feature(h, "naval_port") or areas.map.has_feature(h, "naval_yard")


def leg_limit(start: HexId, end: HexId) -> int:
    """Shipping 6: 55 hexes between bases; 27 to any other hex (or from a lesser port)."""
    limits = load_shipping().tables.limits
    return limits.between_bases if is_base(start) and is_base(end) else limits.to_hex


@cache
def _lanes(area: str, start: HexId, closed: frozenset[HexId]) -> dict[HexId, HexId | None]:
    """Breadth-first sea routes from `start` within the area's hexes: each reached hex's
    predecessor. A closed hex may end a lane but never pass one (Sea Route 4)."""
    areas = load_shipping()
    hmap = areas.map
    inside = areas.reach[area] | areas.sources[area] | {start}
    parent: dict[HexId, HexId | None] = {start: None}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if h in closed and h != start:
            continue
        for n in sorted(hmap.neighbours(h)):
            if n not in parent and n in inside and hmap.ship_may_cross(h, n):
                parent[n] = h
                queue.append(n)
    return parent


def _path(parent: dict[HexId, HexId | None], end: HexId) -> tuple[HexId, ...]:
    path = [end]
    step = parent[end]
    while step is not None:
        path.append(step)
        step = parent[step]
    return tuple(path[::-1])


def lane(area: str, start: HexId, end: HexId, closed: frozenset[HexId] = frozenset()) -> Leg | None:
    """The shortest sea route from `start` to `end` inside `area`, whatever its length
    (None if the area holds none); `trace` keeps only lanes within Shipping 6's limit."""
    if area not in load_shipping().tables.areas:
        raise KeyError(f"no shipping area {area!r}")
    parent = _lanes(area, start, closed)
    if end not in parent:
        return None
    return Leg(area, start, end, _path(parent, end), leg_limit(start, end))


def _legs_from(areas: ShippingAreas, at: HexId, usable: Usable) -> list[tuple[str, bool, frozenset[HexId]]]:
    """The areas a leg may take from `at`, each with the hexes it may end in: an area `at`
    is a source of ends anywhere in its reach; an area whose reach holds `at` may run
    back to its own source ports (a reversed leg)."""
    found = []
    for name in sorted(areas.sources):
        sources = frozenset(s for s in areas.sources[name] if usable(s))
        if at in sources:
            found.append((name, False, areas.reach[name] | sources))
        elif at in areas.reach[name]:
            found.append((name, True, sources))
    return found


def _stopovers(
    areas: ShippingAreas, area: str, start: HexId, closed: frozenset[HexId], usable: Usable
) -> dict[HexId, tuple[HexId, ...]]:
    """Shipping 6: the bases a leg may call at on its way, each with the shortest path
    to it from `start`, each stretch within its limit: the area's own source bases and
    Cape Town and Montevideo (counted as bases for supply routes)."""
    inside = areas.reach[area] | areas.sources[area]
    bases = {h for h in areas.sources[area] if usable(h) and is_base(h)}
    bases |= {h for h in areas.tables.limits.counted_bases if h in inside}
    bases -= closed  # a hostile Cape Town is no port of call
    best: dict[HexId, tuple[HexId, ...]] = {start: (start,)}
    heap = [(0, start)]
    while heap:
        length, h = heapq.heappop(heap)
        if length > len(best[h]) - 1:
            continue
        lanes = _lanes(area, h, closed)
        for b in sorted(bases & lanes.keys()):
            path = best[h] + _path(lanes, b)[1:]
            if len(path) - 1 - length <= leg_limit(h, b) and (b not in best or len(path) < len(best[b])):
                best[b] = path
                heapq.heappush(heap, (len(path) - 1, b))
    return best


def _leg(
    area: str, start: HexId, end: HexId, stops: dict[HexId, tuple[HexId, ...]], closed: frozenset[HexId]
) -> Leg | None:
    """The shortest leg from `start` to `end` by way of the stopovers, the last stretch
    within its limit (Shipping 6)."""
    found: Leg | None = None
    for stop, way in sorted(stops.items()):
        lanes = _lanes(area, stop, closed)
        if end not in lanes or end == stop:
            continue
        last = _path(lanes, end)
        limit = leg_limit(stop, end)
        path = way + last[1:]
        if len(last) - 1 <= limit and (found is None or len(path) < len(found.path)):
            found = Leg(area, start, end, path, limit)
    return found


def trace(
    origin: HexId,
    destination: HexId,
    *,
    closed: frozenset[HexId] = frozenset(),
    usable: Usable = _always,
) -> Route | None:
    """The route of fewest shipping points from the port `origin` to `destination`, or
    None. `closed`: control hexes not friendly to the side (invasion_routes.closed_narrows);
    `usable`: which ports the side may ship from (its own, in supply) and which hexes it
    may supply (its own)."""
    areas = load_shipping()
    if not (usable(origin) and usable(destination)):
        return None
    relays = frozenset(s for srcs in areas.sources.values() for s in srcs if usable(s))
    tie = itertools.count()  # pushes in order: equal routes never compare their legs
    heap: list[tuple[int, int, int, HexId, int, tuple[Leg, ...]]] = [(0, 0, 0, origin, next(tie), ())]
    settled: set[HexId] = set()
    while heap:
        count, back, length, at, _, legs = heapq.heappop(heap)
        if at == destination and legs:
            return Route(origin, destination, legs)
        if at in settled:
            continue
        settled.add(at)
        for name, reverse, ends in _legs_from(areas, at, usable):
            stops = _stopovers(areas, name, at, closed, usable)
            for end in sorted(ends & (relays | {destination}) - settled - {at}):
                leg = _leg(name, at, end, stops, closed)
                if leg is not None:
                    step = (count + 1, back + reverse, length + leg.length, end, next(tie), (*legs, leg))
                    heapq.heappush(heap, step)
    return None


def why_not_route(
    origin: HexId,
    destination: HexId,
    shipping_points: int,
    *,
    closed: frozenset[HexId] = frozenset(),
    usable: Usable = _always,
) -> str | None:
    """Shipping 2 and 5: a supply route needs a sea route through the areas and one
    shipping strength point for each."""
    route = trace(origin, destination, closed=closed, usable=usable)
    areas = load_shipping()
    if route is None:
        return f"no shipping route from {areas.name_of(origin)} to {areas.name_of(destination)}"
    if shipping_points < route.shipping_points:
        labels = ", ".join(areas.tables.areas[leg.area].label for leg in route.legs)
        return (
            f"the route through {labels} needs {route.shipping_points} shipping points, not {shipping_points}"
        )
    return None


def shipping_cost(points: int) -> int:
    """Shipping 1: a shipping strength point costs one production point."""
    if points < 0:
        raise ValueError("cannot build fewer than no shipping points")
    return points * load_shipping().tables.limits.cost_per_point


def delivered(capacity: int, wanted: int) -> int:
    """Shipping 1-2: a route carries at most as many points as its capacity; a supply
    route that cannot carry one point supplies nothing."""
    return max(0, min(capacity, wanted))


def supply_route_loss(loss: int, supplied: int) -> int:
    """Shipping 2: production lost to an attack on a supply route, at most the armies
    and fleets it supplies."""
    return max(0, min(loss, supplied))


def fixed_route(
    name: str, *, closed: frozenset[HexId] = frozenset(), usable: Usable = _always
) -> Route | None:
    """A route an older rule fixes (Swedish ore, the U.S. Gulf and Bombay routes,
    Britain's to the U.S. east coast), traced by the shipping rules."""
    spec = load_shipping().tables.fixed_routes.get(name)
    if spec is None:
        raise KeyError(f"no fixed shipping route {name!r}")
    return trace(spec.start, spec.to, closed=closed, usable=usable)


def fixed_delivery(name: str, capacity: int) -> int:
    """What a fixed route yields with `capacity` shipping points left on it: Sweden's ore
    point for point (Swedish Production 1), the U.S. routes' production less their losses
    (United States 1-2), Britain's eight (Lend-Lease 2)."""
    spec = load_shipping().tables.fixed_routes.get(name)
    if spec is None:
        raise KeyError(f"no fixed shipping route {name!r}")
    return delivered(capacity, spec.capacity)


def australia_loss(loss: int, production: int) -> int:
    """Australia: losses to its route to the U.S. west coast, at most its production."""
    return max(0, min(loss, production))


def why_not_reallocate(
    start: HexId, end: HexId, *, closed: frozenset[HexId] = frozenset(), usable: Usable = _always
) -> str | None:
    """Shipping 3: shipping points move between shipping counters only along a friendly
    shipping route (which no fleet intercepts)."""
    if trace(start, end, closed=closed, usable=usable) is None:
        return f"no friendly shipping route from {start} to {end}"
    return None


def why_not_us_placement(built_for_armies: int, placed_in_us: int) -> str | None:
    """Shipping 8: once the U.S. is an Ally, the first six points built for armies each
    turn are placed in the United States."""
    need = min(built_for_armies, load_shipping().tables.limits.us_first_built)
    if placed_in_us < need:
        return f"the first {need} points built for armies go to the United States, not {placed_in_us}"
    return None


def us_seasonal_shipping(bought: int) -> tuple[int, int]:
    """Shipping 9: the U.S.'s three points a season, more at a production point each:
    (points it may ship, production points it costs)."""
    if bought < 0:
        raise IllegalAction("cannot buy less than no shipping")
    return load_shipping().tables.limits.us_seasonal + bought, bought


def may_escort(fleet_base: HexId, route: Route) -> bool:
    """Shipping 10 and Anti-Submarine Warfare 2: an escort is based at the route's
    originating port."""
    return fleet_base == route.origin


def transport_losses(hits: int, escort: int, carried: int) -> tuple[int, int]:
    """Shipping 10: hits on escorted transport fall on the escort's surface points first,
    then on the points carried; excess is ignored. (escort lost, carried lost)."""
    on_escort = min(max(hits, 0), escort)
    return on_escort, min(hits - on_escort, carried) if hits > on_escort else 0


def patrol_covers(route: Route, patrol_hex: HexId) -> bool:
    """U-Boat Attack 3: a patrol fleet may intercept a supply route traced within one hex
    of its patrol hex."""
    return any(hex_distance(h, patrol_hex) <= 1 for h in route.path)
