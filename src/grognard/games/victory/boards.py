"""Victory's geomorphic boards and the layouts they are joined in (1.1, 1.2, 3.x, 10.4).

The rulebook ships no boards (GAPS.md), so the four boards in data/boards/ are our design.
A board is a rectangle of BOARD_COLS x BOARD_ROWS hexes written in "odd-r" offset
coordinates (odd rows sit half a hex to the right), one character per hex; cities, towns,
resources, roads, rivers, canals, alpine and shoal hexsides are listed beside the picture.
A layout (data/layouts.json) places boards side by side; each board may be turned half a
turn (rotation 3, counted in sixths of a turn), which maps the rectangle onto itself
because BOARD_ROWS is even.

Boards join because every board obeys the same edge profile (data/layouts.json "edges"):
the same hexes are sea along each edge, roads leave the board at the same places and the
rivers meet the east and west edges at the same hexside, and each profile reads the same
after a half turn. `validate_map` proves the joins on an assembled map (sea meets sea, land
meets land, every road and river continues across each seam, every city reachable), and
`validate_all_layouts` runs it for every layout, choice of boards and orientation.

Coastal hexes, ports and bridges are derived when a map is assembled: a land hex next to
a sea hex is coastal (3.1), a city or town in a coastal hex is a port (3.2), and a road
crossing a river makes a bridge. A coastal hex keeps its land type in `land_terrain`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import msgspec

from grognard.core import hexgrid

HexId = str
Cell = tuple[int, int]  # (col, row) in a board's own odd-r offset coordinates

BOARD_DIR = Path(__file__).resolve().parent / "data" / "boards"
LAYOUT_FILE = Path(__file__).resolve().parent / "data" / "layouts.json"

BOARD_COLS = 12
BOARD_ROWS = 14  # even, so that a half turn maps odd rows onto even rows and back

TERRAIN_CHARS: Mapping[str, str] = {
    ".": "clear",
    "d": "desert",
    "f": "forest",
    "m": "marsh",
    "^": "mountain",
    "~": "sea",
    "#": "shoal",
}
LAND_TERRAINS = frozenset({"clear", "desert", "forest", "marsh", "mountain"})
TERRAINS = (*sorted(LAND_TERRAINS), "sea", "coastal", "shoal")
# "estuary" is derived: a river hexside between the river's mouth and its first bridge
# upstream, impassable to ground units and supply (3.1 rivers)
SIDE_FEATURES = frozenset({"river", "bridge", "alpine", "canal", "road", "shoal", "estuary"})
ROTATIONS = (0, 3)
_NO_FEATURES: frozenset[str] = frozenset()  # sixths of a turn; a rectangle allows only these two

# Odd-r neighbours by direction name, for even and odd rows.
_DIRS_EVEN = {"E": (1, 0), "W": (-1, 0), "NE": (0, -1), "NW": (-1, -1), "SE": (0, 1), "SW": (-1, 1)}
_DIRS_ODD = {"E": (1, 0), "W": (-1, 0), "NE": (1, -1), "NW": (0, -1), "SE": (1, 1), "SW": (0, 1)}


class BoardDataError(ValueError):
    """A board or layout file is malformed, or boards do not join."""


# --- data files ------------------------------------------------------------------------


class _Place(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    at: str
    name: str
    value: int = 0


class BoardDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One board as written in data/boards/<id>.json (see the module docstring)."""

    id: str
    name: str
    rows: tuple[str, ...]
    cities: tuple[_Place, ...]
    towns: tuple[_Place, ...] = ()
    resources: tuple[str, ...] = ()
    roads: tuple[str, ...] = ()  # each a path "c,r c,r ..."; an end may sit one hex off the board
    rivers: tuple[str, ...] = ()  # each a chain of hexsides "c,r/DIR ..."
    canals: tuple[str, ...] = ()  # each a path of canal hexes "c,r c,r ..." (9.5, 5.9)
    alpine: tuple[str, ...] = ()  # hexsides "c,r/DIR"
    shoal_sides: tuple[str, ...] = ()  # hexsides "c,r/DIR"
    doc: str = ""


class EdgeProfile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What every board's edges must look like so that any two boards join (1.1)."""

    sea_rows: tuple[int, ...]  # east and west edges: rows that are sea
    sea_cols: tuple[int, ...]  # north and south edges: columns that are sea
    road_rows: tuple[int, ...]  # east and west edges: rows where a road leaves the board
    road_cols: tuple[int, ...]  # north and south edges: columns where a road leaves the board
    river_rows: tuple[int, ...]  # east and west edges: a river runs between row r and r+1


class LayoutSpec(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A way to join boards: where each slot sits and how the boards are chosen."""

    name: str
    rule: str
    slots: tuple[tuple[int, int], ...]  # (x, y) in whole boards
    rotations: tuple[int, ...]
    pick_order: tuple[str, ...]  # who picks a board, pick by pick, by seat label
    final_adjustment: str  # the seat label that makes the final map adjustment
    swap_groups: tuple[tuple[int, ...], ...] = ()  # slots whose boards the adjuster may exchange
    doc: str = ""


class _LayoutFile(msgspec.Struct, frozen=True):
    board_cols: int
    board_rows: int
    edges: EdgeProfile
    layouts: dict[str, LayoutSpec]


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
        target = _offset_to_hex((cols - 1) // 2, (rows - 1) // 2)
        return hexgrid.hex_id(target)

    def sides(self) -> Mapping[str, frozenset[str]]:
        """Every hexside with features, keyed by hexgrid.hexside id."""
        return self._sides


# --- geometry helpers --------------------------------------------------------------------


def _offset_to_hex(col: int, row: int) -> hexgrid.Hex:
    return (col - (row - (row & 1)) // 2, row)


def _hex_to_offset(h: hexgrid.Hex) -> Cell:
    q, r = h
    return (q + (r - (r & 1)) // 2, r)


def hex_at(col: int, row: int) -> HexId:
    """The id of the hex at an offset column and row of an assembled map (HexInfo.col/row)."""
    return hexgrid.hex_id(_offset_to_hex(col, row))


def _side(a: HexId, b: HexId) -> str:
    return hexgrid.hexside(hexgrid.parse_hex_id(a), hexgrid.parse_hex_id(b))


def _step(cell: Cell, direction: str) -> Cell:
    table = _DIRS_ODD if cell[1] & 1 else _DIRS_EVEN
    try:
        dc, dr = table[direction]
    except KeyError:
        raise BoardDataError(f"unknown direction {direction!r}; use E, W, NE, NW, SE or SW") from None
    return (cell[0] + dc, cell[1] + dr)


def _cell(text: str, where: str) -> Cell:
    try:
        col, row = hexgrid.parse_hex_id(text.strip())
    except ValueError:
        raise BoardDataError(f"{where}: {text!r} is not a cell 'col,row'") from None
    return (col, row)


def _rotate(cell: Cell, rotation: int) -> Cell:
    """A board cell after turning the board by `rotation` sixths (0 or 3)."""
    if rotation == 0:
        return cell
    return (BOARD_COLS - 1 - cell[0], BOARD_ROWS - 1 - cell[1])


def _vertices(h: hexgrid.Hex) -> list[tuple[int, int]]:
    """The six corners of a pointy-top hex in exact integer units (x * 2/sqrt3, y * 2)."""
    x, y = 2 * h[0] + h[1], 3 * h[1]
    return [(x, y - 2), (x + 1, y - 1), (x + 1, y + 1), (x, y + 2), (x - 1, y + 1), (x - 1, y - 1)]


def side_vertices(a: HexId, b: HexId) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two corners of the hexside between adjacent hexes (integer units, sorted)."""
    common = sorted(set(_vertices(hexgrid.parse_hex_id(a))) & set(_vertices(hexgrid.parse_hex_id(b))))
    if len(common) != 2:
        raise BoardDataError(f"hexes {a} and {b} are not adjacent")
    return (common[0], common[1])


# --- parsing one board -------------------------------------------------------------------


@dataclass
class ParsedBoard:
    """A board in its own coordinates, checked on its own (before any joining)."""

    id: str
    name: str
    terrain: dict[Cell, str]
    cities: dict[Cell, tuple[int, str]]
    towns: dict[Cell, str]
    resources: set[Cell]
    canal_cells: set[Cell]
    sides: dict[frozenset[Cell], set[str]]  # features on hexsides inside the board
    stubs: list[tuple[Cell, Cell]]  # roads leaving the board: (inside cell, outside cell)


def _in_board(cell: Cell) -> bool:
    return 0 <= cell[0] < BOARD_COLS and 0 <= cell[1] < BOARD_ROWS


def _hexside_cells(text: str, where: str) -> tuple[Cell, Cell]:
    if "/" not in text:
        raise BoardDataError(f"{where}: {text!r} is not a hexside 'col,row/DIR'")
    at, direction = text.split("/", 1)
    cell = _cell(at, where)
    return (cell, _step(cell, direction.strip()))


def parse_board(defn: BoardDef) -> ParsedBoard:
    """A board's data checked on its own: size, terrain letters, places, features."""
    where = f"board {defn.id}"
    if len(defn.rows) != BOARD_ROWS:
        raise BoardDataError(f"{where}: {len(defn.rows)} rows, expected {BOARD_ROWS}")
    terrain: dict[Cell, str] = {}
    for row, line in enumerate(defn.rows):
        if len(line) != BOARD_COLS:
            raise BoardDataError(f"{where}: row {row} has {len(line)} hexes, expected {BOARD_COLS}")
        for col, char in enumerate(line):
            if char not in TERRAIN_CHARS:
                raise BoardDataError(f"{where}: unknown terrain letter {char!r} at {col},{row}")
            terrain[(col, row)] = TERRAIN_CHARS[char]

    def land_cell(text: str, what: str) -> Cell:
        cell = _cell(text, f"{where} {what}")
        if not _in_board(cell) or terrain[cell] not in LAND_TERRAINS:
            raise BoardDataError(f"{where}: {what} at {text} is not on a land hex of the board")
        return cell

    cities: dict[Cell, tuple[int, str]] = {}
    for place in defn.cities:
        cell = land_cell(place.at, f"city {place.name}")
        if not 1 <= place.value <= 4:
            raise BoardDataError(
                f"{where}: city {place.name} is worth {place.value}; cities are 1-4 PP (3.2)"
            )
        if cell in cities:
            raise BoardDataError(f"{where}: two cities at {place.at}")
        cities[cell] = (place.value, place.name)
    # 1.2, 8.1 six cities worth 10 PP on every map
    if len(cities) != 6 or sum(v for v, _ in cities.values()) != 10:
        raise BoardDataError(
            f"{where}: {len(cities)} cities worth {sum(v for v, _ in cities.values())} PP; "
            "each board needs six cities worth 10 PP (1.2, 8.1)"
        )
    towns: dict[Cell, str] = {}
    for place in defn.towns:
        cell = land_cell(place.at, f"town {place.name}")
        if cell in cities or cell in towns:
            raise BoardDataError(f"{where}: town {place.name} shares its hex with another place")
        towns[cell] = place.name
    resources = {land_cell(text, "resource") for text in defn.resources}

    sides: dict[frozenset[Cell], set[str]] = {}
    stubs: list[tuple[Cell, Cell]] = []

    def mark(a: Cell, b: Cell, feature: str, what: str) -> None:
        if hexgrid.distance(_offset_to_hex(*a), _offset_to_hex(*b)) != 1:
            raise BoardDataError(f"{where}: {what}: {a} and {b} are not adjacent")
        sides.setdefault(frozenset((a, b)), set()).add(feature)

    for path_text in defn.roads:
        cells = [_cell(t, f"{where} road") for t in path_text.split()]
        if len(cells) < 2:
            raise BoardDataError(f"{where}: road {path_text!r} needs at least two hexes")
        for i, (a, b) in enumerate(itertools.pairwise(cells)):
            inside_a, inside_b = _in_board(a), _in_board(b)
            if inside_a and inside_b:
                if terrain[a] not in LAND_TERRAINS or terrain[b] not in LAND_TERRAINS:
                    raise BoardDataError(f"{where}: road {path_text!r} crosses water between {a} and {b}")
                mark(a, b, "road", f"road {path_text!r}")
            elif inside_a != inside_b and i in (0, len(cells) - 2):
                inner, outer = (a, b) if inside_a else (b, a)
                if hexgrid.distance(_offset_to_hex(*inner), _offset_to_hex(*outer)) != 1:
                    raise BoardDataError(f"{where}: road {path_text!r} jumps from {inner} to {outer}")
                stubs.append((inner, outer))
            else:
                raise BoardDataError(f"{where}: road {path_text!r} leaves the board in its middle")
    for chain in defn.rivers:
        previous: set[tuple[int, int]] = set()
        for text in chain.split():
            a, b = _hexside_cells(text, f"{where} river")
            if not (_in_board(a) and _in_board(b)) or "sea" in (terrain[a], terrain[b]):
                raise BoardDataError(f"{where}: river hexside {text} must lie between two land hexes")
            mark(a, b, "river", f"river {text}")
            corners = set(side_vertices(*(hexgrid.hex_id(_offset_to_hex(*c)) for c in (a, b))))
            if previous and not previous & corners:
                raise BoardDataError(f"{where}: river hexside {text} does not touch the one before it")
            previous = corners
    for text in defn.alpine:
        a, b = _hexside_cells(text, f"{where} alpine")
        if not (_in_board(a) and _in_board(b)) or not {terrain[a], terrain[b]} <= LAND_TERRAINS:
            raise BoardDataError(f"{where}: alpine hexside {text} must lie between two land hexes")
        mark(a, b, "alpine", f"alpine {text}")
    for text in defn.shoal_sides:
        a, b = _hexside_cells(text, f"{where} shoal")
        if not (_in_board(a) and _in_board(b)) or "sea" not in (terrain[a], terrain[b]):
            raise BoardDataError(f"{where}: shoal hexside {text} must touch a sea hex")
        mark(a, b, "shoal", f"shoal {text}")
    canal_cells: set[Cell] = set()
    for path_text in defn.canals:
        cells = [land_cell(t, "canal") for t in path_text.split()]
        for a, b in itertools.pairwise(cells):
            mark(a, b, "canal", f"canal {path_text!r}")
        canal_cells.update(cells)
        for end in (cells[0], cells[-1]):
            if not any(terrain.get(_step(end, d)) == "sea" for d in _DIRS_EVEN):
                raise BoardDataError(f"{where}: canal {path_text!r} must end next to the sea at {end}")
    return ParsedBoard(defn.id, defn.name, terrain, cities, towns, resources, canal_cells, sides, stubs)


def check_edges(board: ParsedBoard, edges: EdgeProfile) -> list[str]:
    """How a board breaks the shared edge profile (empty when it joins any other board)."""
    problems: list[str] = []
    last_col, last_row = BOARD_COLS - 1, BOARD_ROWS - 1
    for row in range(BOARD_ROWS):
        want = "sea" if row in edges.sea_rows else "land"
        for col in (0, last_col):
            got = "sea" if board.terrain[(col, row)] == "sea" else "land"
            if got != want:
                problems.append(f"board {board.id}: edge hex {col},{row} is {got}, the profile says {want}")
    for col in range(BOARD_COLS):
        want = "sea" if col in edges.sea_cols else "land"
        for row in (0, last_row):
            got = "sea" if board.terrain[(col, row)] == "sea" else "land"
            if got != want:
                problems.append(f"board {board.id}: edge hex {col},{row} is {got}, the profile says {want}")
    wanted_stubs = {((last_col, r), (last_col + 1, r)) for r in edges.road_rows}
    wanted_stubs |= {((0, r), (-1, r)) for r in edges.road_rows}
    # odd-r: a south-edge road leaves south-west, a north-edge road north-east (see layouts.json)
    wanted_stubs |= {((c, last_row), _step((c, last_row), "SW")) for c in edges.road_cols}
    wanted_stubs |= {((c, 0), _step((c, 0), "NE")) for c in edges.road_cols}
    got_stubs = set(board.stubs)
    for stub in sorted(wanted_stubs - got_stubs):
        problems.append(f"board {board.id}: no road leaves the board from {stub[0]} towards {stub[1]}")
    for stub in sorted(got_stubs - wanted_stubs):
        problems.append(
            f"board {board.id}: a road leaves the board from {stub[0]} towards {stub[1]} off-profile"
        )
    for col in (0, last_col):
        for row in range(BOARD_ROWS - 1):
            has = "river" in board.sides.get(frozenset(((col, row), (col, row + 1))), set())
            if has != (row in edges.river_rows):
                problems.append(
                    f"board {board.id}: river on edge hexside {col},{row}|{col},{row + 1} "
                    f"is {'present' if has else 'missing'} against the profile"
                )
    return problems


# --- loading ---------------------------------------------------------------------------


def decode_board(raw: bytes, source: str) -> ParsedBoard:
    """A board file decoded and checked; BoardDataError naming the file if it is bad."""
    try:
        defn = msgspec.json.decode(raw, type=BoardDef)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise BoardDataError(f"{source}: {exc}") from None
    return parse_board(defn)


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
            c, r = _rotate(cell, rotation)
            return _offset_to_hex(c + ox, r + oy)

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
        col, row = _hex_to_offset(h)
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


def _river_graph(sides: Mapping[str, Iterable[str]]) -> dict[tuple[int, int], list[str]]:
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
        for v in _vertices(h):
            out.setdefault(v, []).append(h)
    return out


def _join_rivers(
    terrain: Mapping[hexgrid.Hex, str],
    info: Mapping[hexgrid.Hex, Mapping[str, object]],
    sides: dict[str, set[str]],
) -> None:
    """Carry rivers across seams: a seam hexside whose two corners both end rivers of
    different boards becomes river too (the boards' profile puts those ends side by side)."""
    ends = {v: s for v, s in _river_graph(sides).items() if len(s) == 1}
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
    ends = _river_graph(sides)
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


# --- validation ------------------------------------------------------------------------


def validate_map(gmap: GameMap) -> list[str]:
    """Every way the assembled map fails to join or to be playable (empty when good).

    Seams: a sea hex on a seam must touch sea across it and a land hex land; every road
    leaving a board meets a road on the next board; no river stops at a seam. Play:
    every city can be reached from every other by land or by sea.
    """
    problems = list(gmap.stub_problems)
    hexes = gmap.hexes
    for h, info in hexes.items():
        across = [n for n in gmap.neighbors(h) if hexes[n].board != info.board]
        if not across:
            continue
        water = info.terrain in ("sea", "shoal")
        if not any((hexes[n].terrain in ("sea", "shoal")) == water for n in across):
            kind = "water" if water else "land"
            problems.append(f"{kind} hex {h} (board {info.board}) meets no {kind} across the seam")
    corners: dict[tuple[int, int], set[str]] = {}
    for h, info in hexes.items():
        for v in _vertices(hexgrid.parse_hex_id(h)):
            corners.setdefault(v, set()).add(info.board)
    for v, river_sides in _river_graph(gmap.sides()).items():
        if len(river_sides) == 1 and len(corners.get(v, ())) > 1:
            problems.append(f"river {river_sides[0]} stops at a seam")
    problems.extend(_unreachable_cities(gmap))
    return problems


def _unreachable_cities(gmap: GameMap) -> list[str]:
    """Cities that cannot be reached from the first city by ground or naval moves."""
    cities = gmap.cities()
    if not cities:
        return ["the map has no cities"]
    seen = {cities[0]}
    todo = [cities[0]]
    while todo:
        h = todo.pop()
        for n in gmap.neighbors(h):
            if n in seen:
                continue
            features = gmap.side_features(h, n)
            by_land = gmap.is_land(h) and gmap.is_land(n) and ("alpine" not in features or "road" in features)
            if by_land or gmap.is_coastal_side(h, n):
                seen.add(n)
                todo.append(n)
    return [
        f"city {c} ({gmap.hexes[c].name}) cannot be reached by land or sea" for c in cities if c not in seen
    ]


def arrangements(layout: str) -> Iterator[tuple[tuple[str, int], ...]]:
    """Every choice of distinct boards and orientations for a layout."""
    spec = layouts()[layout]
    for chosen in itertools.permutations(board_ids(), len(spec.slots)):
        for turns in itertools.product(spec.rotations, repeat=len(spec.slots)):
            yield tuple(zip(chosen, turns, strict=True))


def validate_all_layouts() -> dict[str, int]:
    """Assemble and validate every layout, board choice and orientation; raise on the first
    problem. Returns how many maps of each layout were checked."""
    counts: dict[str, int] = {}
    for layout in sorted(layouts()):
        for placed in arrangements(layout):
            problems = validate_map(assemble(layout, placed))
            if problems:
                raise BoardDataError(f"{map_key(layout, placed)}: " + "; ".join(problems[:5]))
            counts[layout] = counts.get(layout, 0) + 1
    return counts


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
