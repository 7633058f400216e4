"""Area maps (Virtuti Militari style): named areas joined by typed borders.

An `AreaGraph` is built once from plain data, usually a dict loaded from JSON::

    {
      "areas": [
        {"id": "warszawa", "name": "Warszawa", "kind": "land",
         "polygon": [[0, 0], [10, 0], [5, 8]], "flags": ["capital"]},
        {"id": "baltic", "name": "Baltic Sea", "kind": "sea"},
        {"id": "gdansk", "name": "Gdańsk", "kind": "land", "port": true}
      ],
      "borders": [
        {"a": "warszawa", "b": "gdansk", "kind": "river"},
        {"a": "gdansk", "b": "baltic", "kind": "coast"}
      ]
    }

Flags can be listed under "flags" or given as keys set to true; any other extra keys
are kept, untouched, in `Area.extra`. The graph never changes after construction and
every query answers with plain strings, lists and dicts.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from grognard.core.hexgrid import dijkstra, path_to

AREA_KINDS: tuple[str, ...] = ("land", "sea", "port")
BORDER_KINDS: tuple[str, ...] = ("land", "river", "mountain", "strait", "sea", "coast", "port")

_AREA_KEYS = frozenset({"id", "name", "kind", "polygon", "flags"})
_BORDER_KEYS = frozenset({"a", "b", "kind"})

# cost(from, to, border kind) of one crossing; None forbids it.
StepCost = Callable[[str, str, str], float | None]


@dataclass(frozen=True)
class Area:
    """One area of the map. `polygon` is only for drawing; rules never read it."""

    id: str
    name: str
    kind: str
    polygon: tuple[tuple[float, float], ...] | None = None
    flags: frozenset[str] = frozenset()
    # Left out of the hash: a mapping is unhashable, and id already tells areas apart.
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    def has_flag(self, flag: str) -> bool:
        """Whether the area carries a flag such as "port"."""
        return flag in self.flags

    def to_data(self) -> dict[str, Any]:
        """The area as plain JSON-ready data (the form `AreaGraph.from_data` reads)."""
        data: dict[str, Any] = {"id": self.id, "name": self.name, "kind": self.kind}
        if self.polygon is not None:
            data["polygon"] = [[x, y] for x, y in self.polygon]
        if self.flags:
            data["flags"] = sorted(self.flags)
        data.update(copy.deepcopy(dict(self.extra)))
        return data


@dataclass(frozen=True)
class Border:
    """A border between two areas; `a` < `b` so each border has one spelling."""

    a: str
    b: str
    kind: str

    def to_data(self) -> dict[str, str]:
        """The border as plain data."""
        return {"a": self.a, "b": self.b, "kind": self.kind}


# --- parsing plain data ----------------------------------------------------------


def _require_str(value: object, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{what} must be a non-empty string, got {value!r}")
    return value


def _parse_polygon(value: object, where: str) -> tuple[tuple[float, float], ...]:
    """A polygon as a tuple of (x, y) points; at least three of them."""
    if not isinstance(value, list | tuple) or len(value) < 3:
        raise ValueError(f"{where}: polygon must be a list of at least 3 [x, y] points")
    points = []
    for point in value:
        ok = isinstance(point, list | tuple) and len(point) == 2
        # bool is an int subclass; a true/false coordinate is surely a data mistake.
        if not ok or not all(isinstance(c, int | float) and not isinstance(c, bool) for c in point):
            raise ValueError(f"{where}: polygon point {point!r} is not an [x, y] pair of numbers")
        points.append((float(point[0]), float(point[1])))
    return tuple(points)


def _parse_flags(raw: Mapping[str, Any], where: str) -> frozenset[str]:
    """Flags from the "flags" list plus every extra key set to true."""
    listed = raw.get("flags", [])
    if not isinstance(listed, list | tuple) or not all(isinstance(f, str) for f in listed):
        raise ValueError(f"{where}: flags must be a list of strings, got {listed!r}")
    implied = {k for k, v in raw.items() if k not in _AREA_KEYS and v is True}
    return frozenset(listed) | implied


def _parse_area(raw: object, index: int) -> Area:
    """One entry of the "areas" list."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"areas[{index}] must be an object, got {raw!r}")
    area_id = _require_str(raw.get("id"), f"areas[{index}].id")
    where = f"area {area_id!r}"
    name = _require_str(raw.get("name", area_id), f"{where} name")
    kind = raw.get("kind", "land")
    if kind not in AREA_KINDS:
        raise ValueError(f"{where}: kind must be one of {', '.join(AREA_KINDS)}, got {kind!r}")
    polygon = None if raw.get("polygon") is None else _parse_polygon(raw["polygon"], where)
    flags = _parse_flags(raw, where)
    # Keys that became flags are dropped from extra so `to_data` lists them once.
    extra = {k: copy.deepcopy(v) for k, v in raw.items() if k not in _AREA_KEYS and v is not True}
    return Area(area_id, name, kind, polygon, flags, MappingProxyType(extra))


def _parse_border(raw: object, index: int) -> Border:
    """One entry of the "borders" list (unknown areas are caught by `AreaGraph`)."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"borders[{index}] must be an object, got {raw!r}")
    unknown = sorted(set(raw) - _BORDER_KEYS)
    if unknown:
        raise ValueError(f"borders[{index}]: unknown keys {unknown}; expected a, b, kind")
    a = _require_str(raw.get("a"), f"borders[{index}].a")
    b = _require_str(raw.get("b"), f"borders[{index}].b")
    kind = raw.get("kind", "land")
    if kind not in BORDER_KINDS:
        raise ValueError(f"border {a!r}-{b!r}: kind must be one of {', '.join(BORDER_KINDS)}, got {kind!r}")
    lo, hi = sorted((a, b))
    return Border(lo, hi, kind)


# --- the graph --------------------------------------------------------------------


class AreaGraph:
    """An immutable map of areas and the borders between them."""

    __slots__ = ("_adjacent", "_areas", "_borders", "_ids")

    def __init__(self, areas: Iterable[Area], borders: Iterable[Border]) -> None:
        """Builds and validates the graph; prefer `from_data` for JSON maps."""
        by_id: dict[str, Area] = {}
        for area in areas:
            if area.id in by_id:
                raise ValueError(f"duplicate area id {area.id!r}")
            by_id[area.id] = area
        adjacent: dict[str, dict[str, str]] = {area_id: {} for area_id in by_id}
        kept: dict[tuple[str, str], Border] = {}
        for border in borders:
            self._check_border(border, by_id, kept)
            lo, hi = sorted((border.a, border.b))
            kept[(lo, hi)] = Border(lo, hi, border.kind)
            adjacent[lo][hi] = border.kind
            adjacent[hi][lo] = border.kind
        self._ids: tuple[str, ...] = tuple(sorted(by_id))
        self._areas: Mapping[str, Area] = MappingProxyType(by_id)
        self._borders: tuple[Border, ...] = tuple(kept[key] for key in sorted(kept))
        # Neighbour dicts are sorted once so every query answers in id order.
        self._adjacent: Mapping[str, Mapping[str, str]] = MappingProxyType(
            {k: MappingProxyType(dict(sorted(v.items()))) for k, v in adjacent.items()}
        )

    @staticmethod
    def _check_border(
        border: Border, by_id: Mapping[str, Area], seen: Mapping[tuple[str, str], Border]
    ) -> None:
        """ValueError if a border names an unknown area, loops, or repeats."""
        for end in (border.a, border.b):
            if end not in by_id:
                raise ValueError(f"border {border.a!r}-{border.b!r} names unknown area {end!r}")
        if border.a == border.b:
            raise ValueError(f"area {border.a!r} cannot border itself")
        if tuple(sorted((border.a, border.b))) in seen:
            raise ValueError(f"border {border.a!r}-{border.b!r} is listed twice")

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> AreaGraph:
        """Builds a graph from plain data `{"areas": [...], "borders": [...]}`."""
        if not isinstance(data, Mapping):
            raise ValueError(f"area map data must be an object, got {type(data).__name__}")
        raw_areas = data.get("areas")
        raw_borders = data.get("borders", [])
        if not isinstance(raw_areas, list) or not raw_areas:
            raise ValueError("area map data needs a non-empty 'areas' list")
        if not isinstance(raw_borders, list):
            raise ValueError("area map 'borders' must be a list")
        areas = [_parse_area(raw, i) for i, raw in enumerate(raw_areas)]
        borders = [_parse_border(raw, i) for i, raw in enumerate(raw_borders)]
        return cls(areas, borders)

    def to_data(self) -> dict[str, Any]:
        """The whole map as plain data; `from_data(g.to_data())` rebuilds an equal map."""
        return {
            "areas": [self._areas[area_id].to_data() for area_id in self._ids],
            "borders": [border.to_data() for border in self._borders],
        }

    def __setattr__(self, name: str, value: object) -> None:
        # Slots are set exactly once, in __init__; afterwards the graph is frozen.
        if hasattr(self, name):
            raise AttributeError(f"AreaGraph is immutable; cannot set {name!r}")
        object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        return f"AreaGraph({len(self._ids)} areas, {len(self._borders)} borders)"

    # --- lookups ----------------------------------------------------------------

    @property
    def areas(self) -> list[str]:
        """All area ids, sorted (a fresh list each time)."""
        return list(self._ids)

    @property
    def borders(self) -> list[Border]:
        """All borders, sorted by their two areas."""
        return list(self._borders)

    def __contains__(self, area: object) -> bool:
        return area in self._areas

    def __len__(self) -> int:
        return len(self._ids)

    def area(self, area: str) -> Area:
        """The `Area` record for an id; KeyError if there is none."""
        self._require(area)
        return self._areas[area]

    def _require(self, area: str) -> None:
        if area not in self._areas:
            raise KeyError(f"unknown area {area!r}")

    def neighbors(self, area: str) -> list[str]:
        """The areas sharing a border with `area`, sorted."""
        self._require(area)
        return list(self._adjacent[area])

    def border(self, a: str, b: str) -> str | None:
        """The kind of the border between two areas, or None if they do not touch."""
        self._require(a)
        self._require(b)
        return self._adjacent[a].get(b)

    def is_adjacent(self, a: str, b: str) -> bool:
        """Whether the two areas share a border."""
        return self.border(a, b) is not None

    # --- searches -----------------------------------------------------------------

    def _steps(self, cost: StepCost) -> Callable[[str], list[tuple[str, float | None]]]:
        """Adapts an area step-cost function to the shared `dijkstra` interface."""
        return lambda area: [(nxt, cost(area, nxt, kind)) for nxt, kind in self._adjacent[area].items()]

    def shortest_path(self, a: str, b: str, cost: StepCost) -> list[str] | None:
        """The cheapest path from `a` to `b`, both included, or None if blocked.

        `cost(frm, to, border_kind)` prices one crossing; None forbids it. Among
        equal-cost paths the choice is deterministic.
        """
        self._require(a)
        self._require(b)
        best, parent = dijkstra(a, self._steps(cost), goal=b)
        return path_to(b, parent) if b in best else None

    def reachable(self, start: str, budget: float, cost: StepCost) -> dict[str, float]:
        """Every area reachable from `start` spending at most `budget` -> least cost."""
        self._require(start)
        if budget < 0:
            raise ValueError(f"budget must be >= 0, got {budget}")
        best, _ = dijkstra(start, self._steps(cost), budget=budget)
        return dict(sorted(best.items()))

    def distance(self, a: str, b: str) -> int | None:
        """The fewest border crossings from `a` to `b`, or None if they are not connected."""
        self._require(a)
        self._require(b)
        steps = {a: 0}
        queue = deque([a])
        while queue:
            area = queue.popleft()
            if area == b:
                return steps[area]
            for nxt in self._adjacent[area]:
                if nxt not in steps:
                    steps[nxt] = steps[area] + 1
                    queue.append(nxt)
        return None

    def components(
        self,
        predicate: Callable[[str], bool],
        crossing: Callable[[str, str, str], bool] | None = None,
    ) -> list[list[str]]:
        """Connected groups of the areas for which `predicate(area)` holds.

        Only borders between two such areas link them, and when `crossing(a, b, kind)`
        is given only the borders it accepts (e.g. no supply across straits); it should
        answer the same for (a, b) and (b, a). Each
        group is sorted, and the groups are ordered by their first area.
        """
        members = {area for area in self._ids if predicate(area)}
        seen: set[str] = set()
        groups: list[list[str]] = []
        for root in sorted(members):
            if root in seen:
                continue
            seen.add(root)
            group, stack = [], [root]
            while stack:
                area = stack.pop()
                group.append(area)
                for nxt, kind in self._adjacent[area].items():
                    if nxt in members and nxt not in seen and (crossing is None or crossing(area, nxt, kind)):
                        seen.add(nxt)
                        stack.append(nxt)
            groups.append(sorted(group))
        return groups
