"""Victory board files: their schema, their coordinates, and the checks one board must pass.

A board (data/boards/<id>.json) is a rectangle of BOARD_COLS x BOARD_ROWS hexes in "odd-r"
offset coordinates (odd rows sit half a hex to the right), one character per hex, with its
cities, towns, resources, roads, rivers, canals, alpine and shoal hexsides beside it.
`parse_board` checks a board on its own and `check_edges` checks it against the edge
profile every board shares, so that any two boards join (see boards.py and
docs/victory-design.md). Geometry helpers here convert between offset cells, axial hexes
(grognard.core.hexgrid) and hex corners in exact integer units.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
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
ROTATIONS = (0, 3)  # sixths of a turn; a rectangle allows only these two

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


# --- geometry helpers --------------------------------------------------------------------


def offset_to_hex(col: int, row: int) -> hexgrid.Hex:
    return (col - (row - (row & 1)) // 2, row)


def hex_to_offset(h: hexgrid.Hex) -> Cell:
    q, r = h
    return (q + (r - (r & 1)) // 2, r)


def hex_at(col: int, row: int) -> HexId:
    """The id of the hex at an offset column and row of an assembled map (HexInfo.col/row)."""
    return hexgrid.hex_id(offset_to_hex(col, row))


def step(cell: Cell, direction: str) -> Cell:
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


def rotate_cell(cell: Cell, rotation: int) -> Cell:
    """A board cell after turning the board by `rotation` sixths (0 or 3)."""
    if rotation == 0:
        return cell
    return (BOARD_COLS - 1 - cell[0], BOARD_ROWS - 1 - cell[1])


def hex_corners(h: hexgrid.Hex) -> list[tuple[int, int]]:
    """The six corners of a pointy-top hex in exact integer units (x * 2/sqrt3, y * 2)."""
    x, y = 2 * h[0] + h[1], 3 * h[1]
    return [(x, y - 2), (x + 1, y - 1), (x + 1, y + 1), (x, y + 2), (x - 1, y + 1), (x - 1, y - 1)]


def side_vertices(a: HexId, b: HexId) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two corners of the hexside between adjacent hexes (integer units, sorted)."""
    common = sorted(set(hex_corners(hexgrid.parse_hex_id(a))) & set(hex_corners(hexgrid.parse_hex_id(b))))
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


def in_board(cell: Cell) -> bool:
    return 0 <= cell[0] < BOARD_COLS and 0 <= cell[1] < BOARD_ROWS


def _hexside_cells(text: str, where: str) -> tuple[Cell, Cell]:
    if "/" not in text:
        raise BoardDataError(f"{where}: {text!r} is not a hexside 'col,row/DIR'")
    at, direction = text.split("/", 1)
    cell = _cell(at, where)
    return (cell, step(cell, direction.strip()))


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
        if not in_board(cell) or terrain[cell] not in LAND_TERRAINS:
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
        if hexgrid.distance(offset_to_hex(*a), offset_to_hex(*b)) != 1:
            raise BoardDataError(f"{where}: {what}: {a} and {b} are not adjacent")
        sides.setdefault(frozenset((a, b)), set()).add(feature)

    for path_text in defn.roads:
        cells = [_cell(t, f"{where} road") for t in path_text.split()]
        if len(cells) < 2:
            raise BoardDataError(f"{where}: road {path_text!r} needs at least two hexes")
        for i, (a, b) in enumerate(itertools.pairwise(cells)):
            inside_a, inside_b = in_board(a), in_board(b)
            if inside_a and inside_b:
                if terrain[a] not in LAND_TERRAINS or terrain[b] not in LAND_TERRAINS:
                    raise BoardDataError(f"{where}: road {path_text!r} crosses water between {a} and {b}")
                mark(a, b, "road", f"road {path_text!r}")
            elif inside_a != inside_b and i in (0, len(cells) - 2):
                inner, outer = (a, b) if inside_a else (b, a)
                if hexgrid.distance(offset_to_hex(*inner), offset_to_hex(*outer)) != 1:
                    raise BoardDataError(f"{where}: road {path_text!r} jumps from {inner} to {outer}")
                stubs.append((inner, outer))
            else:
                raise BoardDataError(f"{where}: road {path_text!r} leaves the board in its middle")
    for chain in defn.rivers:
        previous: set[tuple[int, int]] = set()
        for text in chain.split():
            a, b = _hexside_cells(text, f"{where} river")
            if not (in_board(a) and in_board(b)) or "sea" in (terrain[a], terrain[b]):
                raise BoardDataError(f"{where}: river hexside {text} must lie between two land hexes")
            mark(a, b, "river", f"river {text}")
            corners = set(side_vertices(*(hexgrid.hex_id(offset_to_hex(*c)) for c in (a, b))))
            if previous and not previous & corners:
                raise BoardDataError(f"{where}: river hexside {text} does not touch the one before it")
            previous = corners
    for text in defn.alpine:
        a, b = _hexside_cells(text, f"{where} alpine")
        if not (in_board(a) and in_board(b)) or not {terrain[a], terrain[b]} <= LAND_TERRAINS:
            raise BoardDataError(f"{where}: alpine hexside {text} must lie between two land hexes")
        mark(a, b, "alpine", f"alpine {text}")
    for text in defn.shoal_sides:
        a, b = _hexside_cells(text, f"{where} shoal")
        if not (in_board(a) and in_board(b)) or "sea" not in (terrain[a], terrain[b]):
            raise BoardDataError(f"{where}: shoal hexside {text} must touch a sea hex")
        mark(a, b, "shoal", f"shoal {text}")
    canal_cells: set[Cell] = set()
    for path_text in defn.canals:
        cells = [land_cell(t, "canal") for t in path_text.split()]
        for a, b in itertools.pairwise(cells):
            mark(a, b, "canal", f"canal {path_text!r}")
        canal_cells.update(cells)
        for end in (cells[0], cells[-1]):
            if not any(terrain.get(step(end, d)) == "sea" for d in _DIRS_EVEN):
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
    wanted_stubs |= {((c, last_row), step((c, last_row), "SW")) for c in edges.road_cols}
    wanted_stubs |= {((c, 0), step((c, 0), "NE")) for c in edges.road_cols}
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


def decode_board(raw: bytes, source: str) -> ParsedBoard:
    """A board file decoded and checked; BoardDataError naming the file if it is bad."""
    try:
        defn = msgspec.json.decode(raw, type=BoardDef)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise BoardDataError(f"{source}: {exc}") from None
    return parse_board(defn)
