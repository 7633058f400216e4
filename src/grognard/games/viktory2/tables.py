"""Viktory II's fixed content as the rules read it: the colours, terrains and unit
types, the unit and terrain tables of data/units.json, and the board's geometry.

Kept apart from the state (state.py) so that the phase modules can read them without
importing the state class, which imports the sequence of play (steps.py) they make up.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from grognard.core import hexgrid

COLORS = ("red", "yellow", "blue", "green", "black", "white")
LAND = ("plains", "grassland", "forest", "mountain")
WATER = "water"


@cache
def tables() -> dict[str, Any]:
    """The unit and terrain tables of data/units.json."""
    text = resources.files(__package__).joinpath("data/units.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


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
