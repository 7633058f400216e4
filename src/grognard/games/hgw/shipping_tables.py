"""Campaign Game II's shipping areas as data (data/shipping.json): the supply source areas
of Shipping 5, each a set of source ports and a reach of sea bands, the lengths of
Shipping 6 and the fixed-capacity routes older rules name, validated at load with msgspec
and against the map (every named hex exists and is the land or water the rules say).
shipping.py traces routes over them; docs/hgw-design.md ("Campaign Game II shipping,
partisans and paratroops") reads the boundaries from the hexes the rules name."""

from __future__ import annotations

from functools import cache, cached_property
from pathlib import Path

import msgspec

from .datafile import decode_file
from .map import SEAS, HexId, HgwMap, load_map, row_col

DATA_PATH = Path(__file__).with_name("data") / "shipping.json"


class ShippingTablesError(ValueError):
    """The shipping file breaks its schema or disagrees with the map."""


class Named(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    kind: str  # the map's kind of the hex: land, sea or partial


class Sources(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Ports of these countries (touching one of `seas`, if given, and within the rows
    and columns), or exactly these hexes."""

    countries: tuple[str, ...] = ()
    hexes: tuple[HexId, ...] = ()
    seas: tuple[str, ...] = ()
    rows: tuple[int, int] = (0, 99)
    cols: tuple[int, int] = (0, 999)


class Band(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seas: tuple[str, ...]
    rows: tuple[int, int]
    cols: tuple[int, int]
    why: str


class Area(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    label: str
    sources: tuple[Sources, ...]
    reach: tuple[Band, ...]


class Limits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    between_bases: int  # Shipping 6: a leg between major naval ports or naval yards
    to_hex: int  # Shipping 6: a leg from one to the hex supplied
    counted_bases: tuple[HexId, ...]  # Shipping 6: Cape Town and Montevideo count as bases
    cost_per_point: int  # Shipping 1: production points a shipping strength point costs
    per_area: int  # Shipping 5: shipping points an area's leg needs
    us_seasonal: int  # Shipping 9: the seasonal shipping the U.S. may buy more of
    us_first_built: int  # Shipping 8: points the Allies must place in the U.S. each turn


class FixedRoute(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename={"start": "from"}):
    start: HexId
    to: HexId
    capacity: int
    rules: str


class ShippingTables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    note: str
    named: dict[HexId, Named]
    areas: dict[str, Area]
    limits: Limits
    fixed_routes: dict[str, FixedRoute]

    def __post_init__(self) -> None:
        for name, area in self.areas.items():
            if not area.sources or not area.reach:
                raise msgspec.ValidationError(f"shipping area {name} needs sources and a reach")
            for band in area.reach:
                if (
                    not set(band.seas) <= set(SEAS)
                    or band.rows[0] > band.rows[1]
                    or band.cols[0] > band.cols[1]
                ):
                    raise msgspec.ValidationError(
                        f"shipping area {name}: a band of unknown seas or empty bounds"
                    )
        if min(self.limits.to_hex, self.limits.between_bases - self.limits.to_hex, self.limits.per_area) < 1:
            raise msgspec.ValidationError("the leg to a hex must be positive and shorter than between bases")
        if any(r.capacity < 1 for r in self.fixed_routes.values()):
            raise msgspec.ValidationError("a fixed shipping route carries one point at least")


def check_against_map(tables: ShippingTables, hmap: HgwMap) -> None:
    """Every hex the rules name is on the map and is the land or water they say."""
    named = [*tables.named, *tables.limits.counted_bases]
    named += [h for r in tables.fixed_routes.values() for h in (r.start, r.to)]
    named += [h for a in tables.areas.values() for s in a.sources for h in s.hexes]
    for h in named:
        if h not in hmap:
            raise ShippingTablesError(f"shipping names hex {h}, which is not on the map")
        want = tables.named.get(h)
        if want is not None and hmap.hex(h).kind != want.kind:
            raise ShippingTablesError(
                f"hex {h} ({want.name}) is {hmap.hex(h).kind} on the map, not {want.kind}"
            )


class ShippingAreas:
    """The loaded areas and the hexes each one's sources and reach hold on the map."""

    def __init__(self, tables: ShippingTables, hmap: HgwMap) -> None:
        check_against_map(tables, hmap)
        self.tables = tables
        self.map = hmap

    def _sources(self, spec: Sources) -> frozenset[HexId]:
        if spec.hexes:
            return frozenset(spec.hexes)
        hmap = self.map
        return frozenset(
            h
            for h in hmap.hexes
            if hmap.hex(h).country in spec.countries
            and hmap.is_port(h)
            and (not spec.seas or set(spec.seas) & set(hmap.hex(h).seas))
            and spec.rows[0] <= row_col(h)[0] <= spec.rows[1]
            and spec.cols[0] <= row_col(h)[1] <= spec.cols[1]
        )

    @cached_property
    def sources(self) -> dict[str, frozenset[HexId]]:
        """Each area's source ports (Shipping 5)."""
        return {
            name: frozenset().union(*(self._sources(s) for s in area.sources))
            for name, area in self.tables.areas.items()
        }

    @cached_property
    def reach(self) -> dict[str, frozenset[HexId]]:
        """Each area's reach: the navigable water and coastal land hexes of its bands."""
        hmap = self.map
        open_hexes = [h for h in hmap.hexes if hmap.is_navigable(h) or hmap.is_coastal(h)]
        result: dict[str, frozenset[HexId]] = {}
        for name, area in self.tables.areas.items():
            held = set()
            for h in open_hexes:
                row, col = row_col(h)
                seas = set(hmap.hex(h).seas)
                if any(
                    seas & set(b.seas) and b.rows[0] <= row <= b.rows[1] and b.cols[0] <= col <= b.cols[1]
                    for b in area.reach
                ):
                    held.add(h)
            result[name] = frozenset(held)
        return result

    def name_of(self, h: HexId) -> str:
        named = self.tables.named.get(h)
        return f"{h} ({named.name})" if named else h


def load_shipping_from(path: Path) -> ShippingTables:
    return decode_file(path, ShippingTables, ShippingTablesError, "shipping tables")


@cache
def load_shipping() -> ShippingAreas:
    return ShippingAreas(load_shipping_from(DATA_PATH), load_map())
