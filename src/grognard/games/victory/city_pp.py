"""10.1: the production value of the cities each player controls (control.py says who
controls a hex). Views and observations sum it from the controllers they hold already
(`pp_by_side`), the victory check city by city (`controlled_pp`)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from .boards import game_map
from .control import Data, controller, sides


@lru_cache(maxsize=64)
def city_values(map_key: str) -> Mapping[str, int]:
    """The map's cities and their production values (10.1), in the map's order."""
    return {h: info.city for h, info in game_map(map_key).hexes.items() if info.city}


def controlled_pp(data: Data, occ: Mapping[str, list[str]], role: str) -> int:
    """10.1: the production value of the cities a player controls."""
    return sum(pp for hid, pp in city_values(data["map"]).items() if controller(data, occ, hid) == role)


def pp_by_side(data: Data, owners: Mapping[str, str | None]) -> dict[str, int]:
    """`controlled_pp` of every player at once, from the cities' controllers `owners`
    (`controllers`, or at least every city's)."""
    pp = dict.fromkeys(sides(data), 0)
    for hid, value in city_values(data["map"]).items():
        who = owners.get(hid)
        if who in pp:
            pp[who] += value
    return pp
