"""Victory's terrain effects chart (3.1, 3.3, 5.2, 5.3, 5.52, 5.6, 5.92), loaded from
data/terrain.json and checked at load, so rules look limits up instead of restating them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

import msgspec

from .board_files import LAND_TERRAINS, SIDE_FEATURES, BoardDataError
from .units import DATA_DIR


class LandEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One land terrain: ground stacking, hexside limit into a battle, stop, double defense."""

    stack: int
    hexside: int
    stop: bool
    double_defense: bool


class NavalEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Naval stacking and hexside limit of a sea, coastal or canal hex (5.6)."""

    stack: int
    hexside: int


class SideEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a hexside feature does to movement, battles and supply."""

    ground_limit: int | None = None  # None: the land terrain of the hex entered decides
    stop_after: bool = False  # 3.1 rivers: ground units stop after crossing
    first_round_forfeit: bool = False  # 3.1: attackers across it lose their round-1 turn
    ground_passable: bool = True
    passable_by_road: bool = False  # 3.1 alpine: impassable except along a road
    supply_passable: bool = True
    naval_passable: bool = True


class TerrainEffects(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The whole chart."""

    land: dict[str, LandEffect]
    naval: dict[str, NavalEffect]
    sides: dict[str, SideEffect]
    air_stack: int
    max_players_per_battle: int
    airbase_air_units: dict[str, int]
    port_capacity: dict[str, int]
    canal_hex_stops_ground: bool
    _doc: str = ""


def decode_terrain(raw: bytes, source: str = "terrain.json") -> TerrainEffects:
    """The chart decoded and checked against the board vocabulary; BoardDataError if bad."""
    try:
        data = msgspec.json.decode(raw, type=TerrainEffects)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise BoardDataError(f"{source}: {exc}") from None
    if set(data.land) != LAND_TERRAINS:
        raise BoardDataError(f"{source}: land effects must cover exactly {', '.join(sorted(LAND_TERRAINS))}")
    if set(data.naval) != {"sea", "coastal", "canal"}:
        raise BoardDataError(f"{source}: naval effects must cover sea, coastal and canal")
    if set(data.sides) != set(SIDE_FEATURES):
        raise BoardDataError(f"{source}: side effects must cover exactly {', '.join(sorted(SIDE_FEATURES))}")
    return data


@cache
def terrain_effects() -> TerrainEffects:
    """The terrain effects chart, loaded once."""
    try:
        raw = (DATA_DIR / "terrain.json").read_bytes()
    except OSError as exc:
        raise BoardDataError(f"terrain.json cannot be read: {exc}") from None
    return decode_terrain(raw)


def is_ground_passable(features: frozenset[str]) -> bool:
    """3.1: whether ground units may cross a hexside with these features at all, in any
    move (ordinary, attack, retreat): alpine hexsides only along a road, a river's
    estuary (from its mouth to the first bridge) never."""
    blocking, by_road = _ground_barriers()
    shut = features & blocking
    return not shut or ("road" in features and shut <= by_road)


@cache
def _ground_barriers() -> tuple[frozenset[str], frozenset[str]]:
    """The hexside features ground units may not cross, and those of them a road opens."""
    sides = terrain_effects().sides
    blocking = frozenset(f for f, e in sides.items() if not e.ground_passable)
    return blocking, frozenset(f for f in blocking if sides[f].passable_by_road)


def ground_hexside_limit(land_terrain: str, features: frozenset[str]) -> int:
    """How many ground units may cross one hexside into a battle (3.1, 3.3, 5.3).

    A bridge allows one; otherwise a road allows two whatever the terrain; otherwise a river
    allows one; otherwise the land terrain of the hex entered decides. Impassable
    hexsides (alpine off the road, estuary) allow none.
    """
    chart = terrain_effects()
    if not is_ground_passable(features):
        return 0
    for feature in ("bridge", "road", "river"):
        limit = chart.sides[feature].ground_limit
        if feature in features and limit is not None:
            return limit
    return chart.land[land_terrain].hexside


def land_effect(land_terrain: str) -> LandEffect:
    """The chart line of a land terrain."""
    chart: Mapping[str, LandEffect] = terrain_effects().land
    try:
        return chart[land_terrain]
    except KeyError:
        raise BoardDataError(f"unknown land terrain {land_terrain!r}") from None
