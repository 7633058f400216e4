"""Campaign Game II's strategic warfare tables as data (data/strategic.json): the National
Morale Chart, the morale tracks, and the ranges and limits of strategic bombing, missiles
and atomic bombs, validated at load with msgspec. morale.py, bombing.py and missiles.py
make the lookups; docs/hgw-design.md ("Campaign Game II strategic warfare") gives the
readings of the figures the rulebook garbles or leaves to the record sheets."""

from __future__ import annotations

import itertools
from pathlib import Path

import msgspec

from .datafile import decode_file, load_data

DATA_PATH = Path(__file__).with_name("data") / "strategic.json"
EITHER = "either"  # a chart event that may befall any of the four morale countries


class StrategicTablesError(ValueError):
    """The strategic warfare file breaks its schema."""


class Penalty(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    at: int  # the morale at or below which ...
    add: int  # ... the side's attack die rolls take this much


class MoraleTrack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    limit: int
    pairs: tuple[tuple[str, str], ...]
    sides: dict[str, str]
    penalties: tuple[Penalty, ...]
    capitals: dict[str, str]


class Event(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    effect: int
    country: str
    label: str
    rules: str


class HexEvents(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    lost: int
    gained: int


class Ferry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    bomber: int
    escort: int
    air_defence: int


class Missile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    range: int
    counters: int
    home: dict[str, tuple[str, ...]]


class Atomic(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    firepower: int
    devastates: int


class Intercept(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    rolls: tuple[int, ...]  # the die roll heading each column
    fleet: tuple[tuple[int, int], ...]  # the distances of each column, from and to
    ss: tuple[tuple[int, int], ...]


class UBoat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    patrol: int  # U-Boat Attack 3: a patrol hex within this many movement points
    against_routes: int  # U-Boat Attack 6: the strength multiplier against supply routes
    britain_route: int  # Lend-Lease 2: Britain's production hanging on the U.S. east coast


class StrategicTables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    note: str
    morale: MoraleTrack
    events: dict[str, Event]
    hex_events: HexEvents
    ferry: Ferry
    missile: Missile
    atomic: Atomic
    coastal_morale_divisor: int
    intercept: Intercept
    uboat: UBoat

    def __post_init__(self) -> None:
        track = self.morale
        countries = [c for pair in track.pairs for c in pair]
        if len(set(countries)) != len(countries) or set(countries) != set(track.sides):
            raise msgspec.ValidationError("every morale country is in exactly one pair and has a side")
        for a, b in track.pairs:
            if track.sides[a] == track.sides[b]:
                raise msgspec.ValidationError(f"{a} and {b} are paired but on the same side")
        steps = [(p.at, p.add) for p in track.penalties]
        if steps != sorted(steps, key=lambda s: (-s[0], s[1])) or any(
            not -track.limit <= at < 0 or add < 1 for at, add in steps
        ):
            raise msgspec.ValidationError("morale penalties must deepen and grow, within the track")
        if any(a1 >= a2 for (_, a1), (_, a2) in itertools.pairwise(steps)):
            raise msgspec.ValidationError("each deeper morale penalty must add more")
        for name, event in self.events.items():
            if event.country != EITHER and event.country not in track.sides:
                raise msgspec.ValidationError(f"morale event {name} names no morale country")
            if event.effect == 0 or abs(event.effect) > track.limit:
                raise msgspec.ValidationError(f"morale event {name} has no effect on the track")
        for country in track.capitals:
            if country not in track.sides:
                raise msgspec.ValidationError(f"capital of {country}, which has no morale")
        for rows in (self.intercept.fleet, self.intercept.ss):
            if len(rows) > len(self.intercept.rolls) or any(
                a > b or (i and a != rows[i - 1][1] + 1) for i, (a, b) in enumerate(rows)
            ):
                raise msgspec.ValidationError("intercept ranges must run on without gaps, one per roll")
        if self.coastal_morale_divisor < 1 or self.missile.counters < 1 or self.atomic.firepower < 1:
            raise msgspec.ValidationError("divisors, counter limits and firepower are positive")

    def event(self, name: str) -> Event:
        try:
            return self.events[name]
        except KeyError:
            raise KeyError(f"no morale event {name!r} on the National Morale Chart") from None


def load_strategic_from(path: Path) -> StrategicTables:
    return decode_file(path, StrategicTables, StrategicTablesError, "strategic warfare tables")


def load_strategic() -> StrategicTables:
    return load_data(DATA_PATH, StrategicTables, StrategicTablesError, "strategic warfare tables")
