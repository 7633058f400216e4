"""Virtuti Militari's area map: the schema of data/map.json, its loader and queries.

map.json is derived data, written by scripts/build_virtuti_map.py from Natural Earth
geography and the design in scripts/virtuti_map/design.toml (docs/virtuti-map.md).
It holds three kinds of area, all nodes of one `AreaGraph`:

- land areas, with their 1939 owner, climate zone, PP, VP, supply-source flag,
  starting fortification and (optionally) a port;
- ports, areas of their own joined to their land area by a "port" border and to the
  sea zones they open on by "sea" borders;
- sea zones, joined to each other by "sea" borders, or "strait" borders that a land
  area's controller opens (Copenhagen, Gibraltar, Istanbul), and to the land areas on
  their shores by "coast" borders.

Land areas border each other with "land", "river" or "mountain" borders. Shapes and
label points are in SVG units inside `view_box`; rules never read them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import msgspec

from grognard.core.areagraph import Area, AreaGraph, Border

Point = tuple[float, float]
Ring = list[Point]
Climate = Literal["subtropical", "temperate", "subpolar"]
BorderKind = Literal["land", "river", "mountain", "coast", "port", "sea", "strait"]

MAP_FILE = "map.json"


class LandArea(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A land area: who owned it in 1939 and what it is worth."""

    id: str
    name: str
    owner: str
    climate: Climate
    pp: int
    vp: int
    supply_source: bool
    fortification: int
    port: str | None
    north_africa: bool
    coasts: list[str]
    label: Point
    shapes: list[Ring]


class Port(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A port: an area of its own on the coast of one land area."""

    id: str
    name: str
    land: str
    label: Point


class SeaZone(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A sea zone (never owned by anyone)."""

    id: str
    name: str
    label: Point
    shapes: list[Ring]


class MapBorder(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    a: str
    b: str
    kind: BorderKind


class Strait(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A strategic strait: the sea border between `seas` opens to whoever controls `area`."""

    id: str
    name: str
    area: str
    seas: tuple[str, str]


class Route(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A faction's private sea route, e.g. the Western Allies' way around Africa."""

    id: str
    name: str
    faction: str
    sea: str
    ports: list[str]


class MapData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The whole of map.json."""

    version: int
    source: dict[str, str]
    projection: dict[str, Any]
    view_box: tuple[float, float, float, float]
    frame: Ring
    land_areas: list[LandArea]
    ports: list[Port]
    sea_zones: list[SeaZone]
    borders: list[MapBorder]
    straits: list[Strait]
    routes: list[Route]
    context_land: list[Ring]


class VirtutiMap:
    """The loaded map: the records by id and the `AreaGraph` over all of them."""

    def __init__(self, data: MapData) -> None:
        """Indexes the records and builds the graph; ValueError on inconsistent data."""
        self.data = data
        self._land = {a.id: a for a in data.land_areas}
        self._ports = {p.id: p for p in data.ports}
        self._seas = {s.id: s for s in data.sea_zones}
        if len(self._land) + len(self._ports) + len(self._seas) != (
            len(data.land_areas) + len(data.ports) + len(data.sea_zones)
        ):
            raise ValueError("map.json: an area id is used twice")
        areas = [
            *(_land_node(a) for a in data.land_areas),
            *(Area(p.id, p.name, "port", extra={"land": p.land}) for p in data.ports),
            *(Area(s.id, s.name, "sea") for s in data.sea_zones),
        ]
        self.graph = AreaGraph(areas, (Border(b.a, b.b, b.kind) for b in data.borders))
        self.straits = {s.id: s for s in data.straits}
        self.routes = {r.id: r for r in data.routes}

    # --- lookups ---------------------------------------------------------------------

    @property
    def land_ids(self) -> list[str]:
        return sorted(self._land)

    @property
    def port_ids(self) -> list[str]:
        return sorted(self._ports)

    @property
    def sea_ids(self) -> list[str]:
        return sorted(self._seas)

    def land(self, area: str) -> LandArea:
        """The land area record; KeyError names the id if there is none."""
        if area not in self._land:
            raise KeyError(f"no land area {area!r}")
        return self._land[area]

    def port(self, port: str) -> Port:
        if port not in self._ports:
            raise KeyError(f"no port {port!r}")
        return self._ports[port]

    def sea(self, zone: str) -> SeaZone:
        if zone not in self._seas:
            raise KeyError(f"no sea zone {zone!r}")
        return self._seas[zone]

    def kind(self, area: str) -> str:
        """'land', 'port' or 'sea'."""
        return self.graph.area(area).kind

    def neighbours(self, area: str, kinds: Iterable[str] = ("land", "port", "sea")) -> list[str]:
        """Adjacent areas of the given area kinds, sorted."""
        wanted = set(kinds)
        return [n for n in self.graph.neighbors(area) if self.kind(n) in wanted]

    def port_seas(self, port: str) -> list[str]:
        """The sea zones a port opens on."""
        return self.neighbours(port, ("sea",))

    def strait_between(self, a: str, b: str) -> Strait | None:
        """The strait joining two sea zones, if their border is one."""
        for strait in self.straits.values():
            if set(strait.seas) == {a, b}:
                return strait
        return None

    # --- sea chains (operations phase: transport over sea and amphibious landings) -----

    def fleet_chain(
        self,
        start: str,
        goal: str,
        fleets: Iterable[str],
        strait_open: Callable[[Strait], bool] = lambda _strait: False,
        faction: str | None = None,
    ) -> list[str] | None:
        """The shortest chain of fleet-held sea zones from a port to a port or land area.

        `start` is a departure port (or a land area with one); `goal` is a destination
        port or land area (a land area is reached through its coast, as an amphibious
        landing needs). Only zones in `fleets` may be used; a strait border is used
        only when `strait_open(strait)` says so. A `faction` with a private route (the
        Western Allies around Africa) also reaches the route's ports from its sea zone.
        Returns the zones in order, or None if no chain exists.
        """
        held = set(fleets)
        start_port = self._as_port(start)
        first = [z for z in self.port_seas(start_port) if z in held]
        targets = self._goal_zones(goal)
        route_goal = [
            r.sea
            for r in self.routes.values()
            if r.faction == faction and self._as_port_or_none(goal) in r.ports
        ]
        route_start = [
            r.sea
            for r in self.routes.values()
            if r.faction == faction and start_port in r.ports and r.sea in held
        ]
        parent: dict[str, str | None] = {z: None for z in [*first, *route_start]}
        queue = deque(parent)
        while queue:
            zone = queue.popleft()
            if zone in targets or zone in route_goal:
                chain = [zone]
                while (previous := parent[chain[-1]]) is not None:
                    chain.append(previous)
                return chain[::-1]
            for nxt in self.neighbours(zone, ("sea",)):
                if nxt in held and nxt not in parent and self._sea_step_open(zone, nxt, strait_open):
                    parent[nxt] = zone
                    queue.append(nxt)
        return None

    def _sea_step_open(self, a: str, b: str, strait_open: Callable[[Strait], bool]) -> bool:
        if self.graph.border(a, b) != "strait":
            return True
        strait = self.strait_between(a, b)
        return strait is not None and strait_open(strait)

    def _as_port_or_none(self, area: str) -> str | None:
        if area in self._ports:
            return area
        if area in self._land:
            return self._land[area].port
        return None

    def _as_port(self, area: str) -> str:
        port = self._as_port_or_none(area)
        if port is None:
            raise ValueError(f"{area!r} is neither a port nor a land area with a port")
        return port

    def _goal_zones(self, goal: str) -> set[str]:
        if goal in self._ports:
            return set(self.port_seas(goal))
        if goal in self._land:
            return set(self._land[goal].coasts)
        raise KeyError(f"no port or land area {goal!r}")


def _land_node(area: LandArea) -> Area:
    flags = {
        flag
        for flag, on in (("supply_source", area.supply_source), ("north_africa", area.north_africa))
        if on
    }
    if area.port is not None:
        flags.add("port")
    extra = {
        "owner": area.owner,
        "climate": area.climate,
        "pp": area.pp,
        "vp": area.vp,
        "fortification": area.fortification,
    }
    polygon = tuple(area.shapes[0]) if area.shapes else None
    return Area(area.id, area.name, "land", polygon, frozenset(flags), extra)


def parse_map(raw: bytes) -> VirtutiMap:
    """A map from map.json bytes; ValueError with the offending path on bad data."""
    try:
        data = msgspec.json.decode(raw, type=MapData)
    except msgspec.ValidationError as err:
        raise ValueError(f"map.json does not fit its schema: {err}") from err
    except msgspec.DecodeError as err:
        raise ValueError(f"map.json is not valid JSON: {err}") from err
    return VirtutiMap(data)


def read_map(path: Path) -> VirtutiMap:
    """A map from a file (for tools and tests working on a modified copy)."""
    return parse_map(path.read_bytes())


@cache
def load_map() -> VirtutiMap:
    """The map shipped with the package (loaded and validated once)."""
    raw = resources.files("grognard.games.virtuti").joinpath("data", MAP_FILE).read_bytes()
    return parse_map(raw)
