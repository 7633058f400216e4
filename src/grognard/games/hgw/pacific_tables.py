"""The Pacific theater's rules as data (data/pacific.json): the hexes and territories that
Japanese imports, Australia's supply, French Indochina's capitals, the United States'
surrender, China, Japan and the Soviet Union, the Bering Strait and the morale chart's
Pacific events name, validated at load with msgspec and against the map (every named hex
is on the map, the land or water the file says, and the place the map's citations call
it). The rule functions are in japan.py, china.py, australia.py and pacific_politics.py;
docs/hgw-design.md ("Pacific rules") says how each was read."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from .datafile import decode_file
from .map import SEAS, HexId, HgwMap, load_map

DATA_PATH = Path(__file__).with_name("data") / "pacific.json"


class PacificTablesError(ValueError):
    """The Pacific file breaks its schema or disagrees with the map."""


class Named(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    kind: str  # the map's kind of the hex: land, sea or partial


class Imports(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    points: int  # G21.1: production points Japan may import from the United States
    from_country: str  # G21.1: the ports of the U.S. west coast, this country's
    sea: str  # ... on this sea
    opened_by: tuple[str, ...]  # G21.2: Japan in any of these lets the U.S. break the route
    home: tuple[str, ...]  # G21.3: the home islands
    overseas: tuple[str, ...]  # G21.3: production across the water from them


class Indochina(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    territory: str
    capitals: dict[HexId, tuple[HexId, ...]]  # G11.4: each capital and the hexes it controls


class UsSurrender(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    country: str
    capitals: tuple[HexId, ...]  # G15.1
    not_in_surrender: tuple[HexId, ...]  # G15.2: U.S. hexes outside the U.S., Alaska, Hawaii


class LendLease(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    unaligned: int  # G17.2, F5.5: points a turn while the U.S. is unaligned
    at_war: int  # G17.4: points a turn once it is at war
    tac_air_at_war: int  # G17.4: tac air points a turn once at war
    through: str  # F5.5: the territory lend-lease may come through while French or unaligned


class China(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    nations: tuple[str, ...]  # G17.11: the armies that are Chinese
    territories: tuple[str, ...]  # G17.11: "China" is China and Manchukuo
    communist: str  # G17.2, F5.5: no Allied lend-lease to this nation
    lend_lease: LendLease


class JapanSoviet(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    border: str  # G17.6: the Manchukuo border
    soviet_territories: tuple[str, ...]  # the Soviet side of it


class Australia(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    territory: str
    as_normal: tuple[HexId, ...]  # L1.8: the eastern coast, 4676 through 4380


class Bering(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hexes: tuple[HexId, ...]  # N6.3
    seasons: tuple[str, ...]


class MoraleEvents(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hawaii: HexId  # the chart's "loss of Hawaii"
    carriers_lost: int  # the chart's "loss of 5 or more carriers"


class PacificTables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    note: str
    named: dict[HexId, Named]
    imports: Imports
    indochina: Indochina
    us_surrender: UsSurrender
    china: China
    japan_soviet: JapanSoviet
    australia: Australia
    bering: Bering
    morale: MoraleEvents

    def __post_init__(self) -> None:
        if self.imports.points < 1 or self.imports.sea not in SEAS:
            raise msgspec.ValidationError("Japanese imports need a positive count and a known sea")
        if len(self.indochina.capitals) != 2:
            raise msgspec.ValidationError("French Indochina has two capitals (G11.4)")
        held = [h for hexes in self.indochina.capitals.values() for h in hexes]
        if len(held) != len(set(held)) or any(c not in hexes for c, hexes in self.indochina.capitals.items()):
            raise msgspec.ValidationError(
                "each Indochina hex has one capital, and each capital controls itself"
            )
        if len(self.us_surrender.capitals) != 4:
            raise msgspec.ValidationError("the United States has four capitals (G15.1)")
        ll = self.china.lend_lease
        if min(ll.unaligned, ll.at_war) < 1 or ll.tac_air_at_war < 0:
            raise msgspec.ValidationError("lend-lease to China carries a positive amount")
        if self.morale.carriers_lost < 1 or not self.bering.hexes or not self.bering.seasons:
            raise msgspec.ValidationError("the carrier count, the Bering hexes and seasons are needed")


def named_hexes(tables: PacificTables) -> list[HexId]:
    """Every hex the file names, wherever it names it."""
    return sorted(
        {
            *tables.named,
            *(h for hexes in tables.indochina.capitals.values() for h in hexes),
            *tables.us_surrender.capitals,
            *tables.us_surrender.not_in_surrender,
            *tables.australia.as_normal,
            *tables.bering.hexes,
            tables.morale.hawaii,
        }
    )


def check_against_map(tables: PacificTables, hmap: HgwMap) -> None:
    """Every named hex is on the map; the hexes with a name are the kind of hex the file
    says and the place the map's citations call them; the territories exist; each
    territory's hexes are that territory's."""
    places = {c.hex: c.place for c in hmap.data.citations}
    for h in named_hexes(tables):
        if h not in hmap:
            raise PacificTablesError(f"the Pacific file names hex {h}, which is not on the map")
    for h, want in tables.named.items():
        if hmap.hex(h).kind != want.kind:
            raise PacificTablesError(
                f"hex {h} ({want.name}) is {hmap.hex(h).kind} on the map, not {want.kind}"
            )
        if want.name.lower() not in places.get(h, "").lower():
            raise PacificTablesError(
                f"hex {h} is {places.get(h, 'no cited place')!r} on the map, not {want.name}"
            )
    territories = hmap.data.territories
    named_territories = [
        tables.imports.from_country,
        *tables.imports.opened_by,
        *tables.imports.home,
        *tables.imports.overseas,
        tables.indochina.territory,
        tables.us_surrender.country,
        *tables.china.territories,
        tables.japan_soviet.border,
        *tables.japan_soviet.soviet_territories,
        tables.australia.territory,
    ]
    for t in named_territories:
        if t not in territories:
            raise PacificTablesError(f"the Pacific file names territory {t}, which is not on the map")
    owned = [
        *((h, tables.indochina.territory) for hexes in tables.indochina.capitals.values() for h in hexes),
        *(
            (h, tables.us_surrender.country)
            for h in (*tables.us_surrender.capitals, *tables.us_surrender.not_in_surrender)
        ),
        *((h, tables.australia.territory) for h in tables.australia.as_normal),
    ]
    for h, t in owned:
        if hmap.hex(h).country != t:
            raise PacificTablesError(f"hex {h} is {hmap.hex(h).country or 'water'} on the map, not {t}")


def load_pacific_from(path: Path, hmap: HgwMap | None = None) -> PacificTables:
    tables = decode_file(path, PacificTables, PacificTablesError, "Pacific tables")
    check_against_map(tables, hmap if hmap is not None else load_map())
    return tables


@cache
def load_pacific() -> PacificTables:
    return load_pacific_from(DATA_PATH)
