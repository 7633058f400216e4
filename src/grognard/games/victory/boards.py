"""Victory's geomorphic boards assembled into game maps (1.1, 1.2, 3.x, 10.4).

The rulebook ships no boards (GAPS.md), so the four boards in data/boards/ are our design;
their file format and the checks one board must pass live in board_files.py. A layout
(data/layouts.json) places boards side by side; each board may be turned half a turn
(rotation 3, counted in sixths of a turn), which maps the rectangle onto itself because
BOARD_ROWS is even. A map is named by a key such as "2map:A0,B3" and built once
(`game_map`).

Boards join because every board obeys the same edge profile (data/layouts.json "edges"):
roads leaving one board meet the roads leaving the next, and river ends facing each other
across a seam are joined. board_check.py proves the joins on assembled maps.

Derived when a map is assembled: a land hex next to a sea hex is coastal (3.1) and keeps
its land type in `land_terrain`; a city or town in a coastal hex is a port (3.2); a road
crossing a river makes a bridge (3.3); river hexsides from a mouth to the first bridge
upstream are an estuary (3.1). Final map adjustments (1.1) and storm paths (9.4) are here
too, as pure functions of map keys and maps.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

import msgspec

from grognard.core import hexgrid

from .board_files import (
    BOARD_COLS,
    BOARD_DIR,
    BOARD_ROWS,
    LAND_TERRAINS,
    LAYOUT_FILE,
    ROTATIONS,
    SIDE_FEATURES,
    TERRAIN_CHARS,
    TERRAINS,
    BoardDataError,
    BoardDef,
    Cell,
    EdgeProfile,
    HexId,
    LayoutSpec,
    ParsedBoard,
    _LayoutFile,
    check_edges,
    decode_board,
    hex_at,
    hex_corners,
    hex_to_offset,
    offset_to_hex,
    parse_board,
    rotate_cell,
    side_vertices,
)
from .verbs import args

__all__ = [
    "BOARD_COLS",
    "BOARD_DIR",
    "BOARD_ROWS",
    "LAND_TERRAINS",
    "ROTATIONS",
    "SIDE_FEATURES",
    "STORM_DIRECTIONS",
    "TERRAINS",
    "TERRAIN_CHARS",
    "BoardDataError",
    "BoardDef",
    "EdgeProfile",
    "GameMap",
    "HexId",
    "HexInfo",
    "LayoutSpec",
    "ParsedBoard",
    "adjustment_actions",
    "apply_adjustment",
    "assemble",
    "board_ids",
    "boards",
    "check_edges",
    "decode_board",
    "edge_profile",
    "game_map",
    "hex_at",
    "layouts",
    "map_key",
    "parse_board",
    "parse_key",
    "rotate_board",
    "side_vertices",
    "storm_path",
    "swap_boards",
]

_NO_FEATURES: frozenset[str] = frozenset()

# --- the assembled map -------------------------------------------------------------------


class HexInfo(msgspec.Struct, frozen=True):
    """One hex of an assembled map."""

    id: HexId
    terrain: str  # "clear" | "desert" | "forest" | "marsh" | "mountain" | "sea" | "coastal" | "shoal"
    city: int = 0
    town: bool = False
    port: bool = False
    resource: bool = False
    name: str = ""
    board: str = ""
    land_terrain: str = ""  # the land type of any land hex, coastal ones included; "" at sea
    canal: bool = False
    col: int = 0  # offset column and row on the assembled map, for display
    row: int = 0


@dataclass(frozen=True)
class GameMap:
    """An assembled layout; immutable, built once per key and cached (see `game_map`)."""

    key: str
    layout: str
    boards: tuple[tuple[str, int], ...]
    hexes: Mapping[HexId, HexInfo]
    _adjacent: Mapping[HexId, tuple[HexId, ...]] = field(repr=False)
    _sides: Mapping[str, frozenset[str]] = field(repr=False)
    stub_problems: tuple[str, ...] = field(default=(), repr=False)
    # the same features keyed by both orders of the two hex ids: side_features is hot
    _pairs: Mapping[tuple[HexId, HexId], frozenset[str]] = field(default_factory=dict, repr=False)

    def neighbors(self, hex_id: HexId) -> list[HexId]:
        """The on-map neighbours of a hex, in hexgrid.DIRECTIONS order."""
        return list(self._adjacent[hex_id])

    def adjacent(self, hex_id: HexId) -> tuple[HexId, ...]:
        """The same neighbours as a shared tuple, for hot loops that only read them."""
        return self._adjacent[hex_id]

    def side_features(self, a: HexId, b: HexId) -> frozenset[str]:
        """The features of the hexside between two adjacent hexes ("river", "road", ...)."""
        return self._pairs.get((a, b), _NO_FEATURES)

    def is_sea(self, hex_id: HexId) -> bool:
        """Whether naval units may be in the hex: sea and coastal hexes (3.1)."""
        return self.hexes[hex_id].terrain in ("sea", "coastal")

    def is_land(self, hex_id: HexId) -> bool:
        """Whether ground units may be in the hex: land and coastal hexes (3.1)."""
        return self.hexes[hex_id].land_terrain != ""

    def is_coastal_side(self, a: HexId, b: HexId) -> bool:
        """Whether a naval unit can pass between two adjacent hexes (3.1 coastal hexsides).

        Sea to sea or coastal always can (unless a shoal hexside); two coastal hexes can
        when water touches their common hexside, i.e. they share a sea neighbour.
        """
        if not (self.is_sea(a) and self.is_sea(b)) or "shoal" in self.side_features(a, b):
            return False
        if self.hexes[a].terrain == "sea" or self.hexes[b].terrain == "sea":
            return True
        shared = set(self._adjacent[a]) & set(self._adjacent[b])
        return any(self.hexes[h].terrain == "sea" for h in shared)

    def cities(self) -> list[HexId]:
        """Every city hex, sorted."""
        return sorted(h for h, info in self.hexes.items() if info.city)

    def hexes_of_board(self, board_id: str) -> list[HexId]:
        """Every hex that came from one board, sorted."""
        return sorted(h for h, info in self.hexes.items() if info.board == board_id)

    def center(self) -> HexId:
        """The hex at the middle of the map (9.4: where the storm starts)."""
        cols = max(i.col for i in self.hexes.values()) + 1
        rows = max(i.row for i in self.hexes.values()) + 1
        target = offset_to_hex((cols - 1) // 2, (rows - 1) // 2)
        return hexgrid.hex_id(target)

    def sides(self) -> Mapping[str, frozenset[str]]:
        """Every hexside with features, keyed by hexgrid.hexside id."""
        return self._sides


@cache
def _layout_file() -> _LayoutFile:
    try:
        data = msgspec.json.decode(LAYOUT_FILE.read_bytes(), type=_LayoutFile)
    except OSError as exc:
        raise BoardDataError(f"layouts.json cannot be read: {exc}") from None
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise BoardDataError(f"layouts.json: {exc}") from None
    if (data.board_cols, data.board_rows) != (BOARD_COLS, BOARD_ROWS):
        raise BoardDataError("layouts.json: board size disagrees with boards.py")
    for name, spec in data.layouts.items():
        if len(spec.pick_order) != len(spec.slots):
            raise BoardDataError(f"layouts.json: layout {name} has a bad pick order")
        if not set(spec.rotations) <= set(ROTATIONS):
            raise BoardDataError(f"layouts.json: layout {name} allows a rotation other than {ROTATIONS}")
    return data


def edge_profile() -> EdgeProfile:
    """The edge profile every board obeys."""
    return _layout_file().edges


def layouts() -> Mapping[str, LayoutSpec]:
    """The layouts of 1.1 (2 and 4 maps) and 10.4 (3 maps), by id."""
    return _layout_file().layouts


@cache
def boards() -> Mapping[str, ParsedBoard]:
    """Every board in data/boards/, checked on its own and against the edge profile."""
    found: dict[str, ParsedBoard] = {}
    for path in sorted(BOARD_DIR.glob("*.json")):
        board = decode_board(path.read_bytes(), path.name)
        if board.id in found:
            raise BoardDataError(f"{path.name}: board id {board.id} is used twice")
        problems = check_edges(board, edge_profile())
        if problems:
            raise BoardDataError(f"{path.name}: " + "; ".join(problems))
        found[board.id] = board
    if not found:
        raise BoardDataError(f"no board files in {BOARD_DIR}")
    return found


def board_ids() -> tuple[str, ...]:
    """The ids of the boards, sorted."""
    return tuple(sorted(boards()))


# --- assembling --------------------------------------------------------------------------


def map_key(layout: str, placed: Sequence[tuple[str, int]]) -> str:
    """The key of a layout, e.g. "2map:A0,B3" (board id and rotation per slot)."""
    return f"{layout}:" + ",".join(f"{b}{r}" for b, r in placed)


def parse_key(key: str) -> tuple[str, tuple[tuple[str, int], ...]]:
    """The layout and (board, rotation) pairs of a map key; BoardDataError if malformed."""
    layout, sep, rest = key.partition(":")
    if not sep or not rest:
        raise BoardDataError(f"bad map key {key!r}: expected e.g. '2map:A0,B3'")
    placed: list[tuple[str, int]] = []
    for part in rest.split(","):
        if len(part) < 2 or not part[-1].isdigit():
            raise BoardDataError(f"bad map key {key!r}: {part!r} is not a board id and a rotation")
        placed.append((part[:-1], int(part[-1])))
    return layout, tuple(placed)


def assemble(layout: str, placed: Sequence[tuple[str, int]]) -> GameMap:
    """Join boards into a map: `placed` gives (board id, rotation) for each slot of `layout`."""
    specs = layouts()
    if layout not in specs:
        raise BoardDataError(f"unknown layout {layout!r}; known: {', '.join(sorted(specs))}")
    spec = specs[layout]
    if len(placed) != len(spec.slots):
        raise BoardDataError(f"layout {layout} takes {len(spec.slots)} boards, got {len(placed)}")
    known = boards()
    ids = [b for b, _ in placed]
    if len(set(ids)) != len(ids):
        raise BoardDataError(f"layout {layout}: each board can be used once, got {', '.join(ids)}")
    for board_id, rotation in placed:
        if board_id not in known:
            raise BoardDataError(f"unknown board {board_id!r}; known: {', '.join(sorted(known))}")
        if rotation not in spec.rotations:
            raise BoardDataError(
                f"layout {layout}: rotation {rotation} not allowed; use one of {spec.rotations}"
            )

    terrain: dict[hexgrid.Hex, str] = {}
    info_base: dict[hexgrid.Hex, dict[str, object]] = {}
    sides: dict[str, set[str]] = {}
    stubs: dict[tuple[hexgrid.Hex, hexgrid.Hex], str] = {}
    for (board_id, rotation), (sx, sy) in zip(placed, spec.slots, strict=True):
        board = known[board_id]
        ox, oy = sx * BOARD_COLS, sy * BOARD_ROWS

        def place(cell: Cell, rotation: int = rotation, ox: int = ox, oy: int = oy) -> hexgrid.Hex:
            c, r = rotate_cell(cell, rotation)
            return offset_to_hex(c + ox, r + oy)

        for cell, kind in board.terrain.items():
            h = place(cell)
            terrain[h] = kind
            value, city_name = board.cities.get(cell, (0, ""))
            info_base[h] = {
                "board": board_id,
                "city": value,
                "town": cell in board.towns,
                "name": city_name or board.towns.get(cell, ""),
                "resource": cell in board.resources,
                "canal": cell in board.canal_cells,
            }
        for pair, features in board.sides.items():
            a, b = (place(c) for c in pair)
            sides.setdefault(hexgrid.hexside(a, b), set()).update(features)
        for inner, outer in board.stubs:
            stubs[(place(inner), place(outer))] = board_id

    stub_problems: list[str] = []
    for (inner, outer), board_id in sorted(stubs.items()):
        if outer not in terrain:
            continue  # the road runs off the edge of the whole map
        if (outer, inner) in stubs:
            sides.setdefault(hexgrid.hexside(inner, outer), set()).add("road")
        else:
            stub_problems.append(
                f"a road of board {board_id} leaves {hexgrid.hex_id(inner)} for {hexgrid.hex_id(outer)} "
                "but no road meets it there"
            )
    _join_rivers(terrain, info_base, sides)
    for features in sides.values():
        if {"river", "road"} <= features:
            features.add("bridge")  # 3.3: where a road crosses a river there is a bridge
    _mark_estuaries(terrain, sides)

    adjacent: dict[HexId, tuple[HexId, ...]] = {}
    hexes: dict[HexId, HexInfo] = {}
    for h, kind in terrain.items():
        around = [n for n in hexgrid.neighbors(h) if n in terrain]
        adjacent[hexgrid.hex_id(h)] = tuple(hexgrid.hex_id(n) for n in around)
        base = info_base[h]
        land = kind if kind in LAND_TERRAINS else ""
        coastal = bool(land) and any(terrain[n] == "sea" for n in around)  # 3.1
        settled = bool(base["city"]) or bool(base["town"])
        col, row = hex_to_offset(h)
        hexes[hexgrid.hex_id(h)] = HexInfo(
            id=hexgrid.hex_id(h),
            terrain="coastal" if coastal else kind,
            city=int(str(base["city"])),
            town=bool(base["town"]),
            port=coastal and settled,  # 3.2
            resource=bool(base["resource"]),
            name=str(base["name"]),
            board=str(base["board"]),
            land_terrain=land,
            canal=bool(base["canal"]),
            col=col,
            row=row,
        )
    frozen = {k: frozenset(v) for k, v in sides.items()}
    pairs: dict[tuple[HexId, HexId], frozenset[str]] = {}
    for side_id, side_features in frozen.items():
        one, two = side_id.split("|")
        pairs[(one, two)] = pairs[(two, one)] = side_features
    return GameMap(
        key=map_key(layout, placed),
        layout=layout,
        boards=tuple(placed),
        hexes=hexes,
        _adjacent=adjacent,
        _sides=frozen,
        stub_problems=tuple(stub_problems),
        _pairs=pairs,
    )


def river_corners(sides: Mapping[str, Iterable[str]]) -> dict[tuple[int, int], list[str]]:
    """River hexsides by corner: corner -> the river hexsides that end there."""
    ends: dict[tuple[int, int], list[str]] = {}
    for side, features in sides.items():
        if "river" in features:
            a, b = side.split("|")
            for v in side_vertices(a, b):
                ends.setdefault(v, []).append(side)
    return ends


def _corner_hexes(terrain: Mapping[hexgrid.Hex, str]) -> dict[tuple[int, int], list[hexgrid.Hex]]:
    out: dict[tuple[int, int], list[hexgrid.Hex]] = {}
    for h in terrain:
        for v in hex_corners(h):
            out.setdefault(v, []).append(h)
    return out


def _join_rivers(
    terrain: Mapping[hexgrid.Hex, str],
    info: Mapping[hexgrid.Hex, Mapping[str, object]],
    sides: dict[str, set[str]],
) -> None:
    """Carry rivers across seams: a seam hexside whose two corners both end rivers of
    different boards becomes river too (the boards' profile puts those ends side by side)."""
    ends = {v: s for v, s in river_corners(sides).items() if len(s) == 1}
    corners = _corner_hexes(terrain)
    for h in terrain:
        for n in hexgrid.neighbors(h):
            if n not in terrain or info[h]["board"] == info[n]["board"] or n < h:
                continue
            va, vb = side_vertices(hexgrid.hex_id(h), hexgrid.hex_id(n))
            if va in ends and vb in ends:
                boards_a = {info[x]["board"] for x in corners[va]}
                if len(boards_a) > 1:
                    sides.setdefault(hexgrid.hexside(h, n), set()).add("river")


def _mark_estuaries(terrain: Mapping[hexgrid.Hex, str], sides: dict[str, set[str]]) -> None:
    """3.1: from each river mouth (a river corner touching the sea) up to the first bridge,
    the river cannot be crossed; mark those hexsides "estuary"."""
    ends = river_corners(sides)
    corners = _corner_hexes(terrain)
    mouths = [v for v in ends if any(terrain[h] == "sea" for h in corners.get(v, ()))]
    done: set[str] = set()
    todo = list(mouths)
    seen_corners = set(mouths)
    while todo:
        corner = todo.pop()
        for side in ends[corner]:
            if side in done or "bridge" in sides[side]:
                continue
            done.add(side)
            sides[side].add("estuary")
            for nxt in side_vertices(*side.split("|")):
                if nxt not in seen_corners:
                    seen_corners.add(nxt)
                    todo.append(nxt)


@cache
def game_map(key: str) -> GameMap:
    """The map a key names (e.g. "2map:A0,B3"), built once and cached."""
    layout, placed = parse_key(key)
    return assemble(layout, placed)


# --- set-up decisions: final map adjustment (1.1 sidebar) ----------------------------


def rotate_board(key: str, board_id: str) -> str:
    """The map key after turning one board half a turn (a final map adjustment, 1.1)."""
    layout, placed = parse_key(key)
    if board_id not in {b for b, _ in placed}:
        raise BoardDataError(f"board {board_id!r} is not on map {key}")
    turned = [(b, (r + 3) % 6 if b == board_id else r) for b, r in placed]
    game_map(map_key(layout, turned))  # validates the result
    return map_key(layout, turned)


def swap_boards(key: str, first: str, second: str) -> str:
    """The map key after two boards trade places, if one swap group of the layout holds
    both their slots (a final map adjustment, 1.1)."""
    layout, placed = parse_key(key)
    slots = {b: i for i, (b, _) in enumerate(placed)}
    if first not in slots or second not in slots or first == second:
        raise BoardDataError(f"boards {first!r} and {second!r} are not two boards of map {key}")
    i, j = slots[first], slots[second]
    if not any(i in group and j in group for group in layouts()[layout].swap_groups):
        raise BoardDataError(f"layout {layout} does not let boards in slots {i} and {j} trade places")
    swapped = list(placed)
    swapped[i], swapped[j] = placed[j], placed[i]
    return map_key(layout, swapped)


# GAPS.md: storm directions are numbered 1-6 clockwise from north. Pointy-top hexes have
# no northern neighbour, so 1 is north-east: 1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW.
STORM_DIRECTIONS: Mapping[int, int] = {1: 1, 2: 0, 3: 5, 4: 4, 5: 3, 6: 2}  # -> hexgrid.DIRECTIONS index


def storm_path(gmap: GameMap, start: HexId, direction: int, distance: int) -> list[HexId]:
    """The hexes a storm passes moving `distance` hexes in die direction `direction` (9.4);
    the list stops at the edge of the map if the storm blows off it (`len < distance`)."""
    if direction not in STORM_DIRECTIONS:
        raise BoardDataError(f"storm direction {direction} is not a die face 1-6")
    step = hexgrid.DIRECTIONS[STORM_DIRECTIONS[direction]]
    here = hexgrid.parse_hex_id(start)
    path: list[HexId] = []
    for _ in range(distance):
        here = hexgrid.add(here, step)
        hex_id = hexgrid.hex_id(here)
        if hex_id not in gmap.hexes:
            break
        path.append(hex_id)
    return path


def adjustment_actions(key: str) -> list[tuple[str, ...]]:
    """The small actions of a final map adjustment on map `key` (1.1 sidebar), sorted:
    ("rotate_map", board) for every board, ("swap_maps", a, b) for every pair of boards a
    swap group allows, and ("maps_done",) to accept the map as it is."""
    layout, placed = parse_key(key)
    ids = [b for b, _ in placed]
    actions: list[tuple[str, ...]] = [("maps_done",)]
    actions.extend(("rotate_map", b) for b in ids)
    for group in layouts()[layout].swap_groups:
        for i, j in itertools.combinations(sorted(group), 2):
            a, b = sorted((ids[i], ids[j]))
            actions.append(("swap_maps", a, b))
    return sorted(set(actions))


def apply_adjustment(key: str, action: Sequence[str]) -> str:
    """The map key after one adjustment action (see `adjustment_actions`); "maps_done"
    leaves the key as it is."""
    if tuple(action) not in adjustment_actions(key):
        raise BoardDataError(f"{tuple(action)!r} is not an adjustment of map {key}")
    named = args(action)
    if action[0] == "rotate_map":
        return rotate_board(key, named["board"])
    if action[0] == "swap_maps":
        return swap_boards(key, named["board"], named["other"])
    return key
