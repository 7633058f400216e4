"""The game map (3.1, 3.2) and the players' starting hexes (3.3).

The board for n players is a hexagon of interior tiles around "0,0" framed by a ring
of perimeter water (3.2). Which tiles make up the stock and where each player starts
are our design (GAPS.md), kept in data/board.json and checked here when loaded.

Interior tiles lie face down (None in `data["tiles"]`) and are drawn from the stock
only when revealed (`Viktory2State.reveal`); with 15.2 every tile is drawn at once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, TypedDict

from grognard.core import hexgrid

from .tables import LAND, WATER

if TYPE_CHECKING:
    from .state import Viktory2State

TERRAINS = (*LAND, WATER)
PLAYER_COUNTS = (2, 3, 4, 5, 6)
GROUP_SIZE = 3  # 3.3: three like-numbered hexes per player


class BoardLayout(TypedDict):
    """One board of data/board.json, as `validate` returns it."""

    players: int
    radius: int  # interior hexes lie within it of "0,0" (3.2)
    stock: dict[str, int]  # terrain: tiles in the stock (GAPS.md)
    starts: list[list[str]]  # one group of start hexes per seat, clockwise (3.3)


def interior_count(radius: int) -> int:
    """How many interior hexes a board of this radius has (37, 61, 91, 127...)."""
    return 3 * radius * (radius + 1) + 1


@cache
def layouts() -> dict[int, BoardLayout]:
    """The validated boards of data/board.json, keyed by player count."""
    text = resources.files(__package__).joinpath("data/board.json").read_text()
    return validate(json.loads(text))


def layout(players: int) -> BoardLayout:
    """The board for `players` players: radius, stock and start groups."""
    boards = layouts()
    if players not in boards:
        raise ValueError(f"Viktory II has no board for {players} players")
    return boards[players]


def validate(data: Mapping[str, Any]) -> dict[int, BoardLayout]:
    """Check board data and return it keyed by player count; ValueError says what is wrong."""
    if not isinstance(data, Mapping) or not isinstance(data.get("players"), Mapping):
        raise ValueError("board data needs a 'players' object keyed by player count")
    boards: dict[int, BoardLayout] = {}
    for key, entry in data["players"].items():
        try:
            players = int(key)
        except ValueError:
            raise ValueError(f"board key {key!r} is not a player count") from None
        if players not in PLAYER_COUNTS:
            raise ValueError(f"board for {players} players: Viktory II is for 2 to 6 players")
        boards[players] = _validate_board(players, entry)
    missing = [n for n in PLAYER_COUNTS if n not in boards]
    if missing:
        raise ValueError(f"board data has no board for {', '.join(map(str, missing))} players")
    return boards


def _validate_board(players: int, entry: Any) -> BoardLayout:
    where = f"board for {players} players"
    if not isinstance(entry, Mapping):
        raise ValueError(f"{where}: expected an object")
    per_side = entry.get("perimeter_per_side")
    if not isinstance(per_side, int) or per_side < 3:
        raise ValueError(f"{where}: perimeter_per_side must be a whole number of at least 3")
    # 3.2: a side of the perimeter ring at distance R + 1 holds R + 2 pieces.
    radius = per_side - 2
    stock = entry.get("stock")
    if not isinstance(stock, Mapping) or set(stock) != set(TERRAINS):
        raise ValueError(f"{where}: stock must give a count for each of {', '.join(TERRAINS)}")
    for terrain, count in stock.items():
        if not isinstance(count, int) or count < 0:
            raise ValueError(f"{where}: stock of {terrain} must be a whole number >= 0, not {count!r}")
        if terrain in LAND and count == 0:
            raise ValueError(f"{where}: the stock holds no {terrain}, so no {terrain} city is possible")
    needed = interior_count(radius)
    if sum(stock.values()) < needed:
        raise ValueError(f"{where}: the stock holds {sum(stock.values())} tiles for {needed} interior hexes")
    starts = entry.get("starts")
    if not isinstance(starts, list) or len(starts) != players:
        raise ValueError(f"{where}: starts must list one group of hexes per player ({players})")
    groups = [_validate_group(where, radius, group) for group in starts]
    seen: dict[str, int] = {}
    for i, group in enumerate(groups):
        for hex_ in group:
            if hex_ in seen:
                raise ValueError(f"{where}: start hex {hex_} is in groups {seen[hex_] + 1} and {i + 1}")
            seen[hex_] = i
    for i, group in enumerate(groups):
        for hex_ in group:
            for n in hexgrid.neighbors(hexgrid.parse_hex_id(hex_)):
                other = seen.get(hexgrid.hex_id(n), i)
                if other != i:
                    raise ValueError(f"{where}: start groups {i + 1} and {other + 1} touch at {hex_}")
    return {
        "players": players,
        "radius": radius,
        "stock": {t: int(stock[t]) for t in TERRAINS},
        "starts": groups,
    }


def _validate_group(where: str, radius: int, group: Any) -> list[str]:
    if not isinstance(group, list) or len(group) != GROUP_SIZE or len(set(map(str, group))) != GROUP_SIZE:
        raise ValueError(f"{where}: each start group must be {GROUP_SIZE} different hexes, not {group!r}")
    cells = []
    for hex_ in group:
        cell = hexgrid.parse_hex_id(hex_)
        if hexgrid.distance(cell, (0, 0)) > radius:
            raise ValueError(f"{where}: start hex {hex_} is not an interior hex (radius {radius})")
        cells.append(cell)
    # 3.3: the hexes of a group hang together (each touches another of the group).
    for cell in cells:
        if not any(hexgrid.distance(cell, other) == 1 for other in cells if other != cell):
            raise ValueError(f"{where}: start hex {hexgrid.hex_id(cell)} touches no other hex of its group")
    return sorted(hexgrid.hex_id(c) for c in cells)


def lay_out(st: Viktory2State) -> None:
    """3.2, 3.3: fill data board, tiles, stock, starts and the seating order.

    Seats follow the start groups clockwise round the board. With 15.2 the seating
    and so the starting areas are shuffled, and every interior tile is drawn face up.
    """
    roles = list(st.data["roles"])
    board = layout(len(roles))
    radius = board["radius"]
    st.data["board"] = {"players": len(roles), "radius": radius}
    geo = st.geo
    st.data["tiles"] = {h: (WATER if h in geo.perimeter else None) for h in geo.ids}
    st.data["stock"] = dict(board["stock"])
    seating = list(roles)
    if st.option("no_exploration"):
        st.rng.shuffle(seating)  # 15.2: random seats, so random starting areas
        _lay_face_up(st)
    st.data["order"] = seating
    st.data["starts"] = {role: list(group) for role, group in zip(seating, board["starts"], strict=True)}


def _lay_face_up(st: Viktory2State) -> None:
    """15.2: draw a tile for every interior hex from the shuffled stock."""
    stock = st.data["stock"]
    bag = [t for t in TERRAINS for _ in range(stock[t])]
    st.rng.shuffle(bag)
    interior = [h for h, t in sorted(st.data["tiles"].items()) if t is None]
    for hex_, terrain in zip(interior, bag, strict=False):
        st.data["tiles"][hex_] = terrain
        stock[terrain] -= 1
    st.log("the map is laid face up (15.2)")
