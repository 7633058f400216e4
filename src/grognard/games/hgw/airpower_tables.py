"""Campaign Game II's tactical airpower as data (data/airpower.json): the ferry routes of
Tac Air Abilities 1 and the hexes they name, the Newfoundland crossing's loss roll, the
chain range of the Pacific and Indian oceans, the coastal air army (Air Attacks 8) and the
Combat Capability Summary, validated at load with msgspec, against the map (every named
hex exists, is land of the country the data says and has an airbase) and against the Units
Capability Table (every strength type it names is one). airpower.py applies them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from .capability import Capability, load_capability
from .datafile import decode_file
from .map import HexId, HgwMap, load_map

DATA_PATH = Path(__file__).with_name("data") / "airpower.json"
GARRISON = "garrison"  # a hex's garrison defends against advance; not a strength type


class AirpowerTablesError(ValueError):
    """The airpower file breaks its schema or disagrees with the map or the capability table."""


class Named(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    country: str  # the map's country of the hex


class Area(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    label: str
    countries: tuple[str, ...]


class Route(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Tac air ferried from the origin reaches `to` while every hex of `hexes` and every
    hex of each of `countries` is friendly, and (if given) one of the routes `after` is
    open, and none of `unless` is."""

    to: str
    rules: str
    hexes: tuple[HexId, ...] = ()
    countries: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()
    risky: bool = False


class RiskyLoss(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    dice: int
    on_or_above: int
    points: int


class Chain(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    range: int  # hexes between two stops of the chain at most
    features: tuple[str, ...]  # a friendly hex with one of these is a stop, as one with an army


class Combat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One combat of the Combat Capability Summary: the strength types that take part."""

    kinds: tuple[str, ...]
    tac_air_left: bool = False  # only the tac air not used in the air attack joins
    matched: tuple[str, ...] = ()  # amphibious advance: plus as many of these as amphibious
    doubled: tuple[str, ...] = ()  # advance: these count double (a paradrop)


class AirpowerTables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    note: str
    named: dict[HexId, Named]
    origin: tuple[str, ...]
    areas: dict[str, Area]
    routes: dict[str, Route]
    risky_loss: RiskyLoss
    chain: Chain
    coastal_air_points: int
    capability: dict[str, Combat]

    def __post_init__(self) -> None:
        for name, route in self.routes.items():
            if route.to not in self.areas:
                raise msgspec.ValidationError(f"ferry route {name} goes to unknown area {route.to!r}")
            unknown = [r for r in (*route.after, *route.unless) if r not in self.routes or r == name]
            if unknown:
                raise msgspec.ValidationError(f"ferry route {name} depends on unknown route(s) {unknown}")
            missing = [h for h in route.hexes if h not in self.named]
            if missing:
                raise msgspec.ValidationError(f"ferry route {name} names hexes {missing} not in 'named'")
        if not 1 <= self.risky_loss.on_or_above <= 6 * self.risky_loss.dice or self.risky_loss.points < 1:
            raise msgspec.ValidationError("the risky crossing's loss roll is out of the dice's range")
        if self.chain.range < 1 or self.coastal_air_points < 1:
            raise msgspec.ValidationError("the chain range and coastal air points must be positive")
        for combat, spec in self.capability.items():
            if not spec.kinds or not set(spec.doubled) <= set(spec.kinds):
                raise msgspec.ValidationError(f"combat {combat}: no kinds, or a doubled kind not taking part")


def check_against(tables: AirpowerTables, hmap: HgwMap, capability: Capability) -> None:
    """Every named hex is a land airbase of its country; every country and kind exists."""
    countries = {hmap.hex(h).country for h in hmap.hexes}
    for h, named in tables.named.items():
        if h not in hmap:
            raise AirpowerTablesError(f"airpower names hex {h} ({named.name}), which is not on the map")
        spot = hmap.hex(h)
        if spot.kind != "land" or spot.country != named.country or "airbase" not in spot.features:
            raise AirpowerTablesError(
                f"hex {h} ({named.name}) is {spot.kind} of {spot.country or 'no country'}"
                f" with {', '.join(spot.features) or 'no features'} on the map,"
                f" not a land airbase of {named.country}"
            )
    named_countries = [*tables.origin, *(c for a in tables.areas.values() for c in a.countries)]
    named_countries += [c for r in tables.routes.values() for c in r.countries]
    unknown = sorted(set(named_countries) - countries)
    if unknown:
        raise AirpowerTablesError(f"airpower names countries {unknown} the map does not have")
    kinds = set(capability.items) | {GARRISON}
    for combat, spec in tables.capability.items():
        bad = sorted(set(spec.kinds + spec.matched) - kinds)
        if bad:
            raise AirpowerTablesError(f"combat {combat} names strength types {bad} the game does not have")


def load_airpower_from(path: Path) -> AirpowerTables:
    tables = decode_file(path, AirpowerTables, AirpowerTablesError, "airpower tables")
    check_against(tables, load_map(), load_capability())
    return tables


@cache
def load_airpower() -> AirpowerTables:
    return load_airpower_from(DATA_PATH)
