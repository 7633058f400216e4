"""Flights and the storm (9.4, 5.5): the storm's area, and how far an air unit flies
between two hexes when it may not pass through that area.

A lower module: pure functions over a map key and the game data (a plain dict), with
no phase and no other rules module imported, so control.py and every phase that moves
aircraft can ask it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

from grognard.core.hexgrid import distance, parse_hex_id

from .boards import game_map
from .layout import VictoryData

Data = VictoryData


@cache
def _coords(hex_id: str) -> tuple[int, int]:
    return parse_hex_id(hex_id)


@lru_cache(maxsize=1 << 16)
def _distance(a: str, b: str) -> int:
    # kept per pair: a move list asks the same few hundred pairs again and again
    # (every air unit's bases and strikes, every pass over a player's blocks)
    return distance(_coords(a), _coords(b))


@lru_cache(maxsize=4096)
def hexes_within(map_key: str, origin: str, reach: int) -> tuple[str, ...]:
    """The map's hexes at most `reach` hexes from `origin` in a straight line, in the
    map's order: the only candidates of a flight of that length, since a flight round
    the storm (9.4) is never shorter than the straight line."""
    return tuple(h for h in game_map(map_key).hexes if _distance(origin, h) <= reach)


def storm_area(data: Data) -> frozenset[str]:
    """9.4: the storm's hex and the hexes around it (empty without a storm)."""
    hex_id = data.get("storm")
    if not hex_id:
        return frozenset()
    return _storm_area(data["map"], hex_id)


@cache
def _storm_area(map_key: str, hex_id: str) -> frozenset[str]:
    return frozenset([hex_id, *game_map(map_key).neighbors(hex_id)])


def flight_distance(data: Data, origin: str, dest: str) -> int:
    """9.4: how many hexes an air unit flies from `origin` to `dest`: the straight hex
    distance, or with a storm on the map the shortest path that does not pass through
    its area (it may end in it: whether it may is the caller's question). A large
    number when no such path exists."""
    return flight_length(data["map"], data.get("storm"), origin, dest)


def flight_length(map_key: str, storm: str | None, origin: str, dest: str) -> int:
    """`flight_distance` on map `map_key` with the storm at `storm` (None: no storm)."""
    straight = _distance(origin, dest)
    if not storm or _distance(origin, storm) + _distance(storm, dest) - 2 > straight:
        return straight  # no shortest path comes near the storm's area
    return _around_storm(map_key, storm, origin).get(dest, UNREACHABLE)


UNREACHABLE = 10**6


@lru_cache(maxsize=4096)
def within_flight(
    map_key: str, storm: str | None, hexes: tuple[str, ...] | frozenset[str], origin: str, reach: int
) -> tuple[str, ...]:
    """The `hexes` a flight of at most `reach` from `origin` reaches (9.4: round the
    storm), in their order. Kept between passes over a player's blocks, which mostly
    ask the same hexes (his airbases with room, the enemy hexes he may strike)."""
    return tuple(h for h in hexes if flight_length(map_key, storm, origin, h) <= reach)


_LONGEST_FLIGHT = 16  # twice the longest air move (8) under the Air Range option (5.53)


@lru_cache(maxsize=4096)
def _around_storm(map_key: str, storm: str, origin: str) -> Mapping[str, int]:
    """Flight distances from `origin` up to the longest flight, never through the
    storm's area (9.4) but possibly into it."""
    the_map = game_map(map_key)
    shut = _storm_area(map_key, storm)
    seen = {origin: 0}
    todo = [origin]
    for here in todo:
        if here != origin and here in shut:
            continue  # no flight goes on through the storm
        if seen[here] >= _LONGEST_FLIGHT:
            continue
        for nxt in the_map.neighbors(here):
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                todo.append(nxt)
    return seen
