"""The Hitler's Global War world map's file: its schema and the checks made at load.

`map.py` asks the map the rules' questions; this module says what `data/map.json` must
hold (msgspec structs: decoding refuses an unknown field or a wrong type) and what the
types cannot express (`check_map`: every kind, terrain, feature, sea, territory and
side the file names is one the game knows). Split from map.py to keep each of one job.
"""

from __future__ import annotations

import msgspec

from .hexnumbers import COLUMNS, LAYOUT, HexId, row_col

Side = str

KINDS = ("land", "sea", "partial", "ice")
WATER_KINDS = frozenset({"sea", "partial", "ice"})
TERRAINS = ("clear", "mountain", "swamp", "desert", "jungle", "island")
FEATURES = ("capital", "port", "naval_port", "naval_yard", "airbase", "depot", "control", "box", "nuclear")
SEAS = (
    "Atlantic",
    "Baltic",
    "Mediterranean",
    "Black Sea",
    "Persian Gulf-Red Sea",
    "White Sea",
    "Caspian",
    "Pacific-Indian",
    "Arctic",
)
SIDES = ("axis", "soviet", "allied")


class MapError(ValueError):
    """The map file breaks its schema or refers to something it does not define."""


class Hex(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """One hex. `kind` "partial" is the light-blue coastal water (land units treat it as
    sea); "ice" is the grey water no ship may enter."""

    kind: str
    lonlat: tuple[float, float]
    terrain: str = "clear"
    country: str = ""
    annexed: str = ""  # who held it in June 1941, where that differs from 1939
    production: int = 0
    grey: str = ""  # Siberian production: "light" (from Winter 1941) or "dark" (Spring 1943)
    features: tuple[str, ...] = ()
    seas: tuple[str, ...] = ()  # a water hex's sea area; the seas a coastal land hex touches


class Territory(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    group: str


class Hexsides(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Hexsides with a feature, each as a sorted pair of hex numbers."""

    coast: tuple[tuple[HexId, HexId], ...]
    all_sea: tuple[tuple[HexId, HexId], ...]
    crossing: tuple[tuple[HexId, HexId], ...]
    road: tuple[tuple[HexId, HexId], ...]
    barrier: tuple[tuple[HexId, HexId], ...] = ()  # light grey: no ship crosses (Sea Route 3)


class Box(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """An off-map box of the European scenarios: its countries' whole production."""

    id: str
    name: str
    territories: tuple[str, ...]
    production: int
    hex: HexId = ""
    min_col: int = 0
    minus_hexes: tuple[HexId, ...] = ()


class ScenarioSide(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    side: Side
    production: int
    territories: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()
    hexes: tuple[HexId, ...] = ()
    minus_hexes: tuple[HexId, ...] = ()
    partial: dict[str, int] = {}  # territory -> last column held (Western Libya "to hex 2239")
    devastated: dict[HexId, int] = {}
    devastated_territories: tuple[str, ...] = ()
    boxes: tuple[str, ...] = ()
    cap: int = 0
    setup: tuple[HexId, ...] = ()


class Scenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    borders: str  # "1939" or "1941" (the Soviet annexations applied)
    sides: tuple[ScenarioSide, ...]


class Citation(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """A hex number the rulebook cites and what the rules say is there."""

    hex: HexId
    place: str
    cite: str
    fit: bool = True
    land: bool = True
    kind: str = ""  # the exact kind where the rules need it (a strait's "partial" water)
    terrain: str = ""
    country: str = ""
    features: tuple[str, ...] = ()
    sea: str = ""
    seas: tuple[str, ...] = ()
    coast: bool = False
    production: bool = False
    note: str = ""


class Area(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A region the rules name that is no territory (Pacific and African Garrisons):
    its land hexes, and whether the rule gives them an inherent garrison."""

    id: str
    name: str
    garrison: bool
    hexes: tuple[HexId, ...]


class MapData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    layout: str
    rows: int
    cols: int
    europe_max_col: int
    groups: dict[str, str]
    territories: dict[str, Territory]
    hexes: dict[HexId, Hex]
    hexsides: Hexsides
    boxes: tuple[Box, ...]
    scenarios: tuple[Scenario, ...]
    citations: tuple[Citation, ...]
    areas: tuple[Area, ...] = ()


def box_production(data: MapData, box: Box) -> int:
    """What a box's countries produce on the whole map (used by the build)."""
    total = 0
    for h, info in data.hexes.items():
        if info.country in box.territories and row_col(h)[1] >= box.min_col and h not in box.minus_hexes:
            total += info.production
    return total


def check_map(data: MapData) -> None:
    """Semantic checks msgspec's types cannot express."""
    problems = []
    land = {h for h, info in data.hexes.items() if info.kind == "land"}
    if data.cols != COLUMNS or data.layout != LAYOUT:
        problems.append(f"the grid is {data.cols} {data.layout} columns; the ring is {COLUMNS} {LAYOUT}")
    for h, info in data.hexes.items():
        try:
            row_col(h)
        except ValueError as exc:
            problems.append(str(exc))
            continue
        if info.kind not in KINDS:
            problems.append(f"hex {h}: unknown kind {info.kind!r}")
        if info.terrain not in TERRAINS:
            problems.append(f"hex {h}: unknown terrain {info.terrain!r}")
        for f in info.features:
            if f not in FEATURES:
                problems.append(f"hex {h}: unknown feature {f!r}")
        for s in info.seas:
            if s not in SEAS:
                problems.append(f"hex {h}: unknown sea {s!r}")
        for c in (info.country, info.annexed):
            if c and c not in data.territories:
                problems.append(f"hex {h}: unknown territory {c!r}")
        if info.production < 0 or info.production > 4:
            problems.append(f"hex {h}: production {info.production} outside 0..4")
    for t_id, territory in data.territories.items():
        if territory.group not in data.groups:
            problems.append(f"territory {t_id}: unknown colour group {territory.group!r}")
    for scenario in data.scenarios:
        for spec in scenario.sides:
            if spec.side not in SIDES:
                problems.append(f"scenario {scenario.id}: unknown side {spec.side!r}")
            for t in (*spec.territories, *spec.partial, *spec.devastated_territories):
                if t not in data.territories:
                    problems.append(f"scenario {scenario.id}/{spec.side}: unknown territory {t!r}")
            for h in (*spec.hexes, *spec.minus_hexes, *spec.devastated, *spec.setup):
                if h not in data.hexes:
                    problems.append(f"scenario {scenario.id}/{spec.side}: hex {h} is not on the map")
    for area in data.areas:
        problems += [f"area {area.id}: {h} is no land hex" for h in area.hexes if h not in land]
    if problems:
        raise MapError("bad Hitler's Global War map: " + "; ".join(problems[:20]))
