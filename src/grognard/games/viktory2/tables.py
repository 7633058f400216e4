"""Viktory II's fixed content as the rules read it: the colours, terrains and unit
types, the unit and terrain tables of data/units.json, and the board's geometry.

Kept apart from the state (state.py) so that the phase modules can read them without
importing the state class, which imports the sequence of play (steps.py) they make up.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Literal, NotRequired, TypedDict, cast, get_args, get_origin, get_type_hints

from grognard.core import hexgrid

COLORS = ("red", "yellow", "blue", "green", "black", "white")
LAND = ("plains", "grassland", "forest", "mountain")
WATER = "water"


class UnitRow(TypedDict):
    """A unit type's row of data/units.json (8.1, 9.11, 9.31, 12.3)."""

    domain: Literal["land", "naval"]
    move: int  # movement points a turn (9.11, 9.31)
    attack_dice: int  # dice it adds to an attack (12.3 step 1)
    defense_dice: int  # dice it adds to a defence (12.3 step 2)
    bombards: bool  # it may fire at a hex it is not in (11.0)
    pre_battle_fire: NotRequired[bool]  # it fires before a battle's first round (12.3 step 0)
    cargo: NotRequired[int]  # land units it carries at a time and a turn (9.41)


class TerrainRow(TypedDict):
    """A terrain's row (3.1, 8.2, 9.12, 11.2, 12.3)."""

    land: bool
    slow: bool  # entering it ends a land unit's move (9.12)
    blocks_sight: bool  # bombardment cannot see across it (11.2)
    defense_dice: int  # the defender's terrain dice (12.3 step 2)
    city_unit: str | None  # the unit type a city on it supports besides infantry (8.2)


class SettlementRow(TypedDict):
    """A town's or a city's row (5.3, 11.2, 12.3)."""

    defense_dice: int
    vp: int
    blocks_sight: bool


class Tables(TypedDict):
    """data/units.json, as checked when loaded (`check_tables`)."""

    units: dict[str, UnitRow]  # in the order of 8.1's list
    terrain: dict[str, TerrainRow]
    settlement: dict[str, SettlementRow]  # "town" and "city"
    hit_on_or_below: int  # a die showing this or less hits (10.1)
    tactical_victory_face: int  # a die showing this or less is a tactical victory (10.1)


@cache
def tables() -> Tables:
    """The unit and terrain tables of data/units.json."""
    text = resources.files(__package__).joinpath("data/units.json").read_text()
    return check_tables(json.loads(text))


def _kind(value: object, kind: object) -> str | None:
    """None when `value` is of the JSON kind a row declares (a bool is no int here),
    else that kind in words."""
    if kind is bool:
        return None if isinstance(value, bool) else "true or false"
    if kind is int:
        return None if isinstance(value, int) and not isinstance(value, bool) else "a whole number"
    if kind == str | None:
        return None if value is None or isinstance(value, str) else "a name or null"
    if kind == Literal["land", "naval"]:
        return None if value in ("land", "naval") else '"land" or "naval"'
    raise TypeError(f"no check for {kind!r}")


def _check_row(where: str, row: object, layout: type) -> None:
    if not isinstance(row, dict):
        raise ValueError(f"data/units.json: {where} must be an object")
    hints = get_type_hints(layout, include_extras=True)
    for key, hint in hints.items():
        optional = get_origin(hint) is NotRequired
        kind = get_args(hint)[0] if optional else hint
        if key not in row:
            if not optional:
                raise ValueError(f"data/units.json: {where} has no {key!r}")
            continue
        wanted = _kind(row[key], kind)
        if wanted is not None:
            raise ValueError(f"data/units.json: {where}: {key!r} must be {wanted}, not {row[key]!r}")
    unknown = sorted(set(row) - set(hints))
    if unknown:
        raise ValueError(f"data/units.json: {where} has unknown keys {', '.join(unknown)}")


def check_tables(data: Any) -> Tables:
    """data/units.json checked against `Tables`: every row has each key its layout
    requires, of its type, and no other; ValueError says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("data/units.json must hold an object")
    for section, layout in (("units", UnitRow), ("terrain", TerrainRow), ("settlement", SettlementRow)):
        rows = data.get(section)
        if not isinstance(rows, dict) or not rows:
            raise ValueError(f"data/units.json needs a {section!r} object of rows")
        for name, row in rows.items():
            _check_row(f"{section} {name!r}", row, layout)
    for key in ("hit_on_or_below", "tactical_victory_face"):
        if _kind(data.get(key), int) is not None or not 1 <= data[key] <= 6:
            raise ValueError(f"data/units.json: {key!r} must be a die face 1-6")
    cities = {row["city_unit"] for row in data["terrain"].values()} - {None}
    if not cities <= set(data["units"]):
        strays = ", ".join(sorted(cities - set(data["units"])))
        raise ValueError(f"data/units.json: a terrain's city_unit names no unit type: {strays}")
    return cast(Tables, data)


# What the rules ask of the unit table by name, read from it rather than restated.
#: The unit types in the table's order (8.1).
UNIT_TYPES: tuple[str, ...] = tuple(tables()["units"])
#: The types that move on land (8.1: all but the frigate).
LAND_UNITS: tuple[str, ...] = tuple(k for k, row in tables()["units"].items() if row["domain"] == "land")
#: The types that bombard (11.0).
BOMBARDERS: tuple[str, ...] = tuple(k for k, row in tables()["units"].items() if row["bombards"])
#: The terrain whose city supports each unit type (8.2); infantry comes with every town too.
CITY_TERRAIN: dict[str, str] = {
    row["city_unit"]: terrain for terrain, row in tables()["terrain"].items() if row["city_unit"]
}


@cache
def geometry(radius: int) -> Geometry:
    return Geometry(radius)


class Geometry:
    """The board's hexes (interior + perimeter ring) with precomputed neighbours."""

    def __init__(self, radius: int) -> None:
        self.radius = radius
        cells = hexgrid.disk((0, 0), radius + 1)
        self.coords: dict[str, hexgrid.Hex] = {hexgrid.hex_id(h): h for h in cells}
        self.ids: list[str] = sorted(self.coords)
        self.perimeter: frozenset[str] = frozenset(
            hexgrid.hex_id(h) for h in hexgrid.ring((0, 0), radius + 1)
        )
        self.neighbors: dict[str, list[str]] = {
            hid: sorted(
                hexgrid.hex_id(n) for n in hexgrid.neighbors(h) if hexgrid.hex_id(n) in self.coords
            )
            for hid, h in self.coords.items()
        }

    def distance(self, a: str, b: str) -> int:
        return hexgrid.distance(self.coords[a], self.coords[b])

    def within(self, center: str, radius: int) -> list[str]:
        """Board hexes at distance 1..radius from center, sorted."""
        c = self.coords[center]
        return sorted(
            hexgrid.hex_id(h)
            for h in hexgrid.disk(c, radius)
            if h != c and hexgrid.hex_id(h) in self.coords
        )

    def at_distance(self, center: str, radius: int) -> list[str]:
        c = self.coords[center]
        return sorted(hexgrid.hex_id(h) for h in hexgrid.ring(c, radius) if hexgrid.hex_id(h) in self.coords)
