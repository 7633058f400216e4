"""The optional Naval Action rules' tables as data (data/naval_action.json): the Spotting
Table's "To Spot" lines by range, the Spotting Modifiers and the Ranges table, validated at
load with msgspec. search.py makes the lookups; docs/hgw-design.md ("Optional rules: naval
action, search and battle") gives the reading of every garbled cell.

The data names no theatre: spotters, targets and ranges are by kind and hex distance, so the
Pacific (bases anywhere on the world map, carriers, SS) reads the same tables."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from .capability import load_capability
from .datafile import decode_file

DATA_PATH = Path(__file__).with_name("data") / "naval_action.json"


class NavalTablesError(ValueError):
    """The naval action file breaks its schema."""


class SpotLine(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    label: str
    to_spot: tuple[int, ...]  # the highest final roll that spots, by range 0, 1, ...; none past the end
    reading: str
    tech_range: str = ""  # a Units Capability Table item whose "range" column caps the reach


class Spotting(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ranges: tuple[int, ...]
    lines: dict[str, SpotLine]


class Modifier(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    add: int
    label: str
    per: str = ""  # counted: per point, spotting or fleet
    most: int = 0  # a cap on the count (0: none in the data; the rules may cap it)
    advanced: bool = False  # from the advanced rules, ignored by these (the note before the tables)


class Range(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hexes: tuple[int, int | None]  # from, to; None: unlimited
    label: str
    tech: str = ""  # the range grows with this item's level (capability.json "range")
    extra: int = 0  # hexes beyond the tech range (coastal air's extended range)
    halved: bool = False  # fires at half strength at this range
    costs_amphibious: int = 0


class NavalTables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    note: str
    spotting: Spotting
    modifiers: dict[str, Modifier]
    ranges: dict[str, Range]
    base_change_penalties: tuple[tuple[int, int], ...]  # beyond this many hexes, this added
    patrol_fleet_auto_intercept: int  # Fleets at Sea 2: a patrol fleet always intercepts this near

    def __post_init__(self) -> None:
        capability = load_capability()
        for name, line in self.spotting.lines.items():
            if not line.to_spot or len(line.to_spot) > len(self.spotting.ranges):
                raise msgspec.ValidationError(f"spotting line {name} needs one number per range column")
            if any(b > a for a, b in zip(line.to_spot, line.to_spot[1:], strict=False)):
                raise msgspec.ValidationError(f"spotting line {name} cannot get easier with range")
            if line.tech_range and "range" not in capability.item(line.tech_range).capabilities:
                raise msgspec.ValidationError(f"spotting line {name}: {line.tech_range} has no range column")
        for name, mod in self.modifiers.items():
            if mod.add == 0 or mod.most < 0:
                raise msgspec.ValidationError(f"spotting modifier {name} changes nothing")
        for name, rng in self.ranges.items():
            low, high = rng.hexes
            if low < 0 or (high is not None and high < low):
                raise msgspec.ValidationError(f"range {name} runs from {low} to {high}")
        steps = list(self.base_change_penalties)
        if steps != sorted(steps) or any(d < 1 or add < 1 for d, add in steps):
            raise msgspec.ValidationError("base change penalties grow with the distance")

    def line(self, name: str) -> SpotLine:
        try:
            return self.spotting.lines[name]
        except KeyError:
            known = ", ".join(self.spotting.lines)
            raise KeyError(f"no {name!r} line on the Spotting Table ({known})") from None

    def modifier(self, name: str) -> Modifier:
        try:
            return self.modifiers[name]
        except KeyError:
            raise KeyError(f"no {name!r} on the Spotting Modifiers") from None

    def range(self, name: str) -> Range:
        try:
            return self.ranges[name]
        except KeyError:
            raise KeyError(f"no {name!r} mission on the Ranges table ({', '.join(self.ranges)})") from None


def load_naval_from(path: Path) -> NavalTables:
    return decode_file(path, NavalTables, NavalTablesError, "naval action tables")


@cache
def load_naval() -> NavalTables:
    return load_naval_from(DATA_PATH)
