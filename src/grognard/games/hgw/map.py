"""The Hitler's Global War world map: its loader and the questions rules ask of it.

The map is derived data: `scripts/build_hgw_map.py` makes `data/map.json` from Natural
Earth geography and the designed tables in `scripts/hgwmap/` (docs/hgw-map.md tells how).
This module only reads it, validated at load by the schema of map_schema.py.

Hexes are named by the rulebook's printed numbers (`HexId`, "RRCC": two digits of row,
then the column, e.g. Berlin "1237", San Francisco "19107"). Rows grow southward and
columns eastward. The grid is pointy-topped with odd rows shoved half a hex east ("odd-r"
in `grognard.core.hexgrid`): the rules' examples make 1141 touch 1241, 1337 touch 1238,
and 1838 touch 1937, which only that layout allows for all three. The board goes round
the world: the east and west edges join (`hexnumbers`), so every neighbour, distance
and path below sees across the seam.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import cache, cached_property, lru_cache
from itertools import pairwise
from pathlib import Path

from .datafile import decode_file
from .hexnumbers import COLUMNS as COLUMNS
from .hexnumbers import HALF_COST_ROWS as HALF_COST_ROWS
from .hexnumbers import LAYOUT as LAYOUT
from .hexnumbers import HexId as HexId
from .hexnumbers import adjacent_numbers as adjacent_numbers
from .hexnumbers import half_steps as half_steps
from .hexnumbers import hex_distance as hex_distance
from .hexnumbers import hex_id as hex_id
from .hexnumbers import route_steps as route_steps
from .hexnumbers import row_col as row_col
from .hexnumbers import side_key as side_key
from .map_schema import SEAS as SEAS
from .map_schema import WATER_KINDS, Box, Hex, Scenario, Side, check_map
from .map_schema import Area as Area
from .map_schema import MapData as MapData
from .map_schema import MapError as MapError
from .map_schema import ScenarioSide as ScenarioSide
from .map_schema import box_production as box_production

ShipEdge = tuple[HexId, int, tuple[int, int], tuple[HexId, HexId]]  # to, half steps, queue order, side
DATA_PATH = Path(__file__).with_name("data") / "map.json"


# --- the map ---------------------------------------------------------------------------


class HgwMap:
    """The loaded map and the questions the rules ask of it."""

    def __init__(self, data: MapData) -> None:
        check_map(data)
        self.data = data
        self.hexes = data.hexes
        self._coast = frozenset(data.hexsides.coast)
        self._all_sea = frozenset(data.hexsides.all_sea)
        self._crossing = frozenset(data.hexsides.crossing)
        self._road = frozenset(data.hexsides.road)
        self._barrier = frozenset(data.hexsides.barrier)
        self._neighbours: dict[HexId, tuple[HexId, ...]] = {
            h: tuple(n for n in adjacent_numbers(h) if n in data.hexes) for h in data.hexes
        }

    # -- single hexes
    def __contains__(self, h: object) -> bool:
        return h in self.hexes

    def hex(self, h: HexId) -> Hex:
        try:
            return self.hexes[h]
        except KeyError:
            raise KeyError(f"no hex {h!r} on the Hitler's Global War map") from None

    def neighbours(self, h: HexId) -> tuple[HexId, ...]:
        return self._neighbours[h]

    def is_land(self, h: HexId) -> bool:
        return self.hex(h).kind == "land"

    def is_water(self, h: HexId) -> bool:
        return self.hex(h).kind in WATER_KINDS

    def is_navigable(self, h: HexId) -> bool:
        """Ships may enter light-blue and open water, never grey ice."""
        return self.hex(h).kind in ("sea", "partial")

    def is_coastal(self, h: HexId) -> bool:
        """Land touching water: a water neighbour, or an all-sea hexside (a strait)."""
        if not self.is_land(h):
            return False
        return any(self.is_water(n) or side_key(h, n) in self._all_sea for n in self.neighbours(h))

    def has_feature(self, h: HexId, feature: str) -> bool:
        return feature in self.hex(h).features

    def is_port(self, h: HexId) -> bool:
        """Any harbour: port, major naval port (anchor) or naval yard."""
        return bool({"port", "naval_port", "naval_yard"} & set(self.hex(h).features))

    def in_europe(self, h: HexId) -> bool:
        """The European theater: columns up to xx57 (Campaign Game I)."""
        return row_col(h)[1] <= self.data.europe_max_col

    def group_of(self, h: HexId) -> str:
        country = self.hex(h).country
        return self.data.territories[country].group if country else ""

    def country_in(self, h: HexId, borders: str) -> str:
        """The hex's territory under 1939 borders, or 1941 ones (Soviet annexations)."""
        info = self.hex(h)
        if borders == "1941" and info.annexed:
            return info.annexed
        return info.country

    # -- hexsides
    def hexside_features(self, a: HexId, b: HexId) -> frozenset[str]:
        key = side_key(a, b)
        found = set()
        for name, table in (
            ("coast", self._coast),
            ("all_sea", self._all_sea),
            ("crossing", self._crossing),
            ("road", self._road),
            ("barrier", self._barrier),
        ):
            if key in table:
                found.add(name)
        return frozenset(found)

    def can_cross_by_land(self, a: HexId, b: HexId) -> bool:
        """Two adjacent land hexes, not parted by an all-sea hexside unless an arrow spans it."""
        if not (self.is_land(a) and self.is_land(b)) or b not in self._neighbours[a]:
            return False
        key = side_key(a, b)
        return key not in self._all_sea or key in self._crossing

    def can_trace_supply(self, a: HexId, b: HexId) -> bool:
        """A supply route may step from `a` to `b` by land (arrows too, Line of Supply 4), leaving
        mountain, desert or jungle only by road (5-7; desert markers are game state)."""
        if not self.can_cross_by_land(a, b):
            return False
        if self.hex(a).terrain in ("mountain", "desert", "jungle"):
            return side_key(a, b) in self._road
        return True

    def supply_path_exists(self, a: HexId, b: HexId) -> bool:
        """Supply could run from `a` to `b` on an empty map (`a` is left freely, then terrain rules)."""
        seen = {a}
        queue = deque([a])
        while queue:
            h = queue.popleft()
            if h == b:
                return True
            for n in self.neighbours(h):
                if n in seen:
                    continue
                if (h == a and self.can_cross_by_land(h, n)) or self.can_trace_supply(h, n):
                    seen.add(n)
                    queue.append(n)
        return False

    # -- seas
    def sea_areas(self) -> dict[str, frozenset[HexId]]:
        """Every named sea and its water hexes."""
        areas: dict[str, set[HexId]] = {}
        for h, info in self.hexes.items():
            if info.kind in WATER_KINDS:
                for sea in info.seas:
                    areas.setdefault(sea, set()).add(h)
        return {name: frozenset(hs) for name, hs in areas.items()}

    def seas_of(self, h: HexId) -> tuple[str, ...]:
        return self.hex(h).seas

    # -- paths
    def land_component(self, start: HexId) -> frozenset[HexId]:
        """Every land hex reachable from `start` by land (crossing arrows included)."""
        return frozenset(self._flood(start, self.can_cross_by_land))

    def connected_by_land(self, a: HexId, b: HexId) -> bool:
        return b in self.land_component(a)

    @cached_property
    def _sea_hexes(self) -> frozenset[HexId]:
        """The hexes a sea route may enter: navigable water and coastal land (Sea Route 1)."""
        return frozenset(h for h in self.hexes if self.is_navigable(h) or self.is_coastal(h))

    def ship_may_cross(self, a: HexId, b: HexId) -> bool:
        """A sea route may step from `a` to the adjacent `b` (Sea Route 1, 3): into water or coastal
        land, never across a light grey side, land to land only across a strait."""
        if b not in self._sea_hexes:
            return False
        key = side_key(a, b)
        if key in self._barrier:
            return False
        return not (self.hexes[a].kind == "land" and self.hexes[b].kind == "land") or key in self._all_sea

    def _ship_edges(self, h: HexId) -> tuple[ShipEdge, ...]:
        """The steps a sea route may take from `h` (`ship_may_cross`) with their cost, queue
        order and hexside: map data, kept once a hex (a game asks it millions of times)."""
        if h not in self._edge_cache:
            steps = (n for n in self._neighbours[h] if self.ship_may_cross(h, n))
            self._edge_cache[h] = tuple((n, half_steps(n), row_col(n), side_key(h, n)) for n in steps)
        return self._edge_cache[h]

    def _ice_edges(self, h: HexId, ice: frozenset[HexId]) -> tuple[ShipEdge, ...]:
        """`_ship_edges` with a passage's ice open (N6.3): a step into or out of a passage hex
        joins it to any hex a sea route may enter, or to the passage's next hex; the other
        steps are the map's own. In the map's order of neighbours, as a search's ties need."""
        near = self._neighbours[h]
        if h not in ice and not ice.intersection(near):
            return self._ship_edges(h)
        if h in ice:
            steps = [n for n in near if n in ice or n in self._sea_hexes]
        else:
            steps = [n for n in near if n in ice or self.ship_may_cross(h, n)]
        return tuple((n, half_steps(n), row_col(n), side_key(h, n)) for n in steps)

    def _sea_hexes_in(self, seas: frozenset[str]) -> frozenset[HexId]:
        """The sea-route hexes in at least one of `seas` (kept per set of seas)."""
        if seas not in self._seas_cache:
            self._seas_cache[seas] = frozenset(h for h in self._sea_hexes if seas & set(self.hexes[h].seas))
        return self._seas_cache[seas]

    @cached_property
    def _edge_cache(self) -> dict[HexId, tuple[ShipEdge, ...]]:
        return {}

    @cached_property
    def _seas_cache(self) -> dict[frozenset[str], frozenset[HexId]]:
        return {}

    def crossing_sides(self) -> frozenset[tuple[HexId, HexId]]:
        """The crossing arrows a ship could pass (Sea Route 2): those over an all-sea
        hexside between two land hexes."""
        return self._crossing & self._all_sea

    def sea_search(
        self,
        start: HexId,
        *,
        limit: int | None = None,
        goal: HexId | None = None,
        allowed: frozenset[str] | None = None,
        closed: frozenset[HexId] = frozenset(),
        barred: frozenset[tuple[HexId, HexId]] = frozenset(),
        canals: frozenset[tuple[HexId, HexId]] = frozenset(),
        ice: frozenset[HexId] = frozenset(),
    ) -> tuple[dict[HexId, int], dict[HexId, HexId | None]]:
        """The cheapest sea routes from `start` in half steps (Sea Route 7: a hex in rows 00-11
        costs half a step). `limit` bounds the cost; `allowed`: the seas of every hex; a
        `closed` hex ends a route, never passes it (4); a `barred` hexside is never crossed
        (2: an arrow not friendly on both sides); a `canals` pair is a step overland (N2.6,
        Kiel); `ice`, the hexes of a passage open this turn (N6.3, polar_route.py), sailed
        as water (`_ice_edges`). Each reached hex's cost and predecessor (up to `goal`'s, if
        given)."""
        usable = self._sea_hexes if allowed is None else self._sea_hexes_in(allowed)
        if ice:
            usable = usable | ice
        if start not in usable:
            return {}, {}
        cost = {start: 0}
        parent: dict[HexId, HexId | None] = {start: None}
        heap = [(0, row_col(start), start)]
        done: set[HexId] = set()
        while heap:
            c, _, h = heapq.heappop(heap)
            if h in done:
                continue
            done.add(h)
            if h == goal:
                break  # its route is settled: nothing later changes a done hex's parent
            if h in closed and h != start:
                continue
            edges = self._ice_edges(h, ice) if ice else self._ship_edges(h)
            if canals:
                edges += tuple((b, half_steps(b), row_col(b), side_key(h, b)) for a, b in canals if a == h)
            for n, half, order, side in edges:
                if n in done or n not in usable:
                    continue
                if barred and side in barred:
                    continue
                step = c + half
                if (limit is not None and step > limit) or step >= cost.get(n, step + 1):
                    continue
                cost[n], parent[n] = step, h
                heapq.heappush(heap, (step, order, n))
        return cost, parent

    def sea_route(
        self,
        a: HexId,
        b: HexId,
        seas: Iterable[str] | None = None,
        closed: frozenset[HexId] = frozenset(),
        barred: frozenset[tuple[HexId, HexId]] = frozenset(),
        canals: frozenset[tuple[HexId, HexId]] = frozenset(),
    ) -> list[HexId] | None:
        """The cheapest sea route joining two hexes, or None.

        A sea route runs along sea and coastal hexes (Sea Route 1): navigable water, and
        coastal land hexes, which is how a route passes Gibraltar, the Sound, Istanbul or
        Suez. It may step from one land hex to another only across an all-sea hexside (a
        strait), never overland, and never across a light grey side (Sea Route 3). `seas`
        limits every hex on the route to those areas; the route may end in a `closed`
        hex but never pass through one (Sea Route 4: a control hex that is not the
        side's own), and never crosses a `barred` hexside (Sea Route 2); `canals`, as
        `sea_search`. Hexes above row 12 cost half a step (Sea Route 7; `route_steps`)."""
        allowed = None if seas is None else frozenset(seas)
        # The route with no hex closed and no side barred is kept once; where it passes
        # none of this question's closed hexes and barred sides, it is this question's
        # route too, tie for tie: closing hexes and barring sides only take steps away,
        # so every hex on it keeps its cost, and the first neighbour (in the search's
        # order) that reached it at that cost still does. A search asks under closed
        # sets that change with every capture, so only a blocked route searches again.
        found = self._route_memo(a, b, allowed, frozenset(), frozenset(), canals)
        if found is not None and (closed or barred) and not _route_avoids(found, closed, barred):
            found = self._route_memo(a, b, allowed, closed, barred, canals)
        return None if found is None else list(found)

    def __getstate__(self) -> dict[str, object]:
        # the memos wrap bound methods, which do not pickle: a copy builds its own
        return {key: value for key, value in vars(self).items() if key not in ("_route_memo", "_tree_memo")}

    @cached_property
    def _route_memo(self) -> Callable[..., tuple[HexId, ...] | None]:
        """`sea_route`'s answers by their arguments: the map never changes, and a search
        asks the same few routes (a fleet's, an invasion's, Australia's shipping) under
        the same closed hexes again and again. Bounded, for a process that plays on."""
        return lru_cache(maxsize=1 << 12)(self._sea_route)

    @cached_property
    def _tree_memo(self) -> Callable[..., dict[HexId, HexId | None]]:
        """Every cheapest route from one start (`sea_search` without a goal: its
        predecessors), kept by the search's arguments: the routes a question asks often
        share their start (K19.10's crossings of one move step: 1 124 routes from 27
        starts in 400 actions of a Campaign Game IV game). A goal's route read from the
        whole tree is the route a search stopped at the goal finds: that search is the
        first part of this one, and a hex's predecessor never changes once it is done.
        A tree holds every sea hex (about 4 000), so few are kept: only open ones."""
        return lru_cache(maxsize=64)(self._sea_tree)

    def _sea_tree(
        self, a: HexId, allowed: frozenset[str] | None, canals: frozenset[tuple[HexId, HexId]]
    ) -> dict[HexId, HexId | None]:
        return self.sea_search(a, allowed=allowed, canals=canals)[1]

    def _sea_route(
        self,
        a: HexId,
        b: HexId,
        allowed: frozenset[str] | None,
        closed: frozenset[HexId],
        barred: frozenset[tuple[HexId, HexId]],
        canals: frozenset[tuple[HexId, HexId]],
    ) -> tuple[HexId, ...] | None:
        if allowed is not None and not (allowed & set(self.hex(b).seas)):
            return None
        if not (self.is_navigable(b) or self.is_coastal(b)):
            return None
        if closed or barred:
            # a blocked route's closed set seldom repeats (32 of 1 156 new questions in
            # 400 actions of Campaign Game IV): one search stopped at the goal, which
            # leaves the kept trees to the open routes every question reads first
            found = self.sea_search(a, goal=b, allowed=allowed, closed=closed, barred=barred, canals=canals)
            parent = found[1]
        else:
            parent = self._tree_memo(a, allowed, canals)
        if b not in parent:
            return None
        path = [b]
        step = parent[b]
        while step is not None:
            path.append(step)
            step = parent[step]
        return tuple(path[::-1])

    def sea_reach(
        self,
        start: HexId,
        limit: int,
        closed: frozenset[HexId] = frozenset(),
        barred: frozenset[tuple[HexId, HexId]] = frozenset(),
        canals: frozenset[tuple[HexId, HexId]] = frozenset(),
    ) -> dict[HexId, int]:
        """Every hex a sea route of at most `limit` steps reaches from `start`, with its
        length in steps (`route_steps`), by the same stepping as `sea_route` over every
        sea (Invasion Procedure 3: an invasion route may cross any sea), ending in but
        never passing a `closed` hex (Sea Route 4), never crossing a `barred` side."""
        cost, _ = self.sea_search(start, limit=2 * limit, closed=closed, barred=barred, canals=canals)
        return {h: -(-c // 2) for h, c in cost.items()}

    def _flood(self, start: HexId, step_ok: object) -> Iterator[HexId]:
        assert callable(step_ok)
        seen = {start}
        queue = deque([start])
        while queue:
            h = queue.popleft()
            yield h
            for n in self.neighbours(h):
                if n not in seen and step_ok(h, n):
                    seen.add(n)
                    queue.append(n)

    # -- scenarios
    def scenario(self, scenario_id: str) -> Scenario:
        for s in self.data.scenarios:
            if s.id == scenario_id:
                return s
        known = ", ".join(s.id for s in self.data.scenarios)
        raise KeyError(f"no scenario {scenario_id!r}; the map knows {known}")

    def scenario_side(self, scenario_id: str, side: Side) -> ScenarioSide:
        for s in self.scenario(scenario_id).sides:
            if s.side == side:
                return s
        raise KeyError(f"scenario {scenario_id!r} has no side {side!r}")

    def box(self, box_id: str) -> Box:
        for b in self.data.boxes:
            if b.id == box_id:
                return b
        raise KeyError(f"no off-map box {box_id!r}")

    def box_of(self, h: HexId) -> str:
        """The off-map box whose countries this hex belongs to in European play, or ""."""
        info = self.hex(h)
        col = row_col(h)[1]
        for b in self.data.boxes:
            if info.country in b.territories and col >= b.min_col and h not in b.minus_hexes:
                return b.id
        return ""

    def box_border(self, box_id: str) -> frozenset[HexId]:
        """The European land hexes next to a box's land: where Siberia is attacked from and
        attacks into (Off-Map Combat 1)."""
        region = {h for h in self.hexes if self.box_of(h) == box_id and self.is_land(h)}
        return frozenset(
            n
            for h in region
            for n in self.neighbours(h)
            if n not in region and self.is_land(n) and self.in_europe(n) and self.can_cross_by_land(h, n)
        )

    def friendly_at_start(self, scenario_id: str, side: Side) -> frozenset[HexId]:
        """The on-map land hexes a side holds when the scenario begins."""
        scenario = self.scenario(scenario_id)
        spec = self.scenario_side(scenario_id, side)
        result = set()
        for h, info in self.hexes.items():
            if info.kind != "land":
                continue
            country = self.country_in(h, scenario.borders)
            col = row_col(h)[1]
            if (
                country in spec.territories
                or (country and self.data.territories[country].group in spec.groups)
                or (country in spec.partial and col <= spec.partial[country])
            ):
                result.add(h)
        result |= set(spec.hexes)
        result -= set(spec.minus_hexes)
        return frozenset(result)

    def starting_production(self, scenario_id: str, side: Side) -> int:
        """A side's undevastated production at the start: its European on-map hexes outside
        the off-map boxes, plus the boxes it counts, less devastation, within any cap."""
        spec = self.scenario_side(scenario_id, side)
        total = 0
        for h in self.friendly_at_start(scenario_id, side):
            info = self.hexes[h]
            if not info.production or not self.in_europe(h) or self.box_of(h):
                continue
            if info.country in spec.devastated_territories:
                continue
            total += max(0, info.production - spec.devastated.get(h, 0))
        total += sum(self.box(b).production for b in spec.boxes)
        return min(total, spec.cap) if spec.cap else total


def _route_avoids(
    route: tuple[HexId, ...], closed: frozenset[HexId], barred: frozenset[tuple[HexId, HexId]]
) -> bool:
    """Whether a sea route passes no `closed` hex (its ends may be: Sea Route 4) and
    crosses no `barred` hexside (Sea Route 2)."""
    if closed and not closed.isdisjoint(route[1:-1]):
        return False
    return not barred or all(side_key(x, y) not in barred for x, y in pairwise(route))


def load_map_from(path: Path) -> HgwMap:
    """Load and validate a map file; a clear MapError on any problem."""
    return HgwMap(decode_file(path, MapData, MapError, "Hitler's Global War map"))


@cache
def load_map() -> HgwMap:
    """The shipped map (loaded once)."""
    return load_map_from(DATA_PATH)
