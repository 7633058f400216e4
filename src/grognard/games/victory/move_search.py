"""The path searches of ordinary ground and naval moves (5.6, 5.7, 3.1, 3.3, 9.4, 9.5),
as pure functions of what they read, so that their answers are kept between lists of
legal moves (issue 25: listing moves was half of a random game's time).

A search walks the map from a block's hex and returns every hex it may end in and every
(enemy hex, hexside it is entered across) it may attack, before the checks that do not
steer the walk: stacking room at the end (5.2) and the attack's own limits (5.2, 5.3,
2.0 [3]). Those the caller applies (movement.py). The walk itself depends only on the
map, the block's hex, its move and its kind, the storm (9.4), the hexes holding enemies
(where it stops) and the destroyed hexsides (9.5): the arguments below, all hashable.
In one player's move phase none of these but the block's hex changes, so most searches
are answered from the cache.

A lower module: it reads the static tables only (boards, control's map questions).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from .boards import game_map
from .control import STOP_TERRAIN, side_key, water_links
from .terrain import is_ground_passable as ground_passable

Found = tuple[frozenset[str], frozenset[tuple[str, str]]]
_GONE = frozenset({"bridge", "road"})  # 9.5: what a destroyed bridge or canal loses


@lru_cache(maxsize=32768)
def ground_search(
    map_key: str,
    start: str,
    move: int,
    free_terrain: bool,
    engineer: bool,
    coastal_only: bool,
    storm: frozenset[str],
    enemy: frozenset[str],
    destroyed: frozenset[str],
) -> Found:
    """A ground block's walk (5.7): land hexes; stop on entering forest, marsh or
    mountain unless the whole move is by road, and then never leave the road after
    such a hex (3.3; cavalry, `free_terrain`, never stop for terrain); stop after
    crossing a river except at a bridge (`engineer`s never stop); stop on crossing a
    canal; alpine hexsides only by road; never across a river's estuary (3.1); stop
    on entering an enemy hex (an attack, across the hexside entered by)."""
    the_map = game_map(map_key)
    ends: set[str] = set()
    attacks: set[tuple[str, str]] = set()
    best: dict[tuple[str, bool], int] = {(start, True): move}
    queue = deque([(start, True, move)])
    while queue:
        here, by_road, left = queue.popleft()
        if best.get((here, by_road), -1) > left:
            continue
        # 3.3 our reading: a block that went on through terrain that stops (3.1) only
        # because it moved along the road may not leave the road afterwards
        stopping = the_map.hexes[here].land_terrain in STOP_TERRAIN
        on_road_only = by_road and here != start and not free_terrain and stopping
        for nxt in the_map.adjacent(here):
            info = the_map.hexes[nxt]
            if not info.land_terrain or (coastal_only and info.terrain != "coastal") or nxt in storm:
                continue
            features = the_map.side_features(here, nxt)
            if destroyed and side_key(here, nxt) in destroyed:
                features = features - _GONE  # 9.5: less a destroyed bridge
            road = "road" in features
            if not ground_passable(features):
                continue  # 3.1: alpine off the road, a river's estuary
            if on_road_only and not road:
                continue  # 3.3: it may not leave the road (nor attack off it)
            if nxt in enemy:
                attacks.add((nxt, here))
                continue
            road_only = by_road and road
            stop = (
                (info.land_terrain in STOP_TERRAIN and not road_only and not free_terrain)
                or ("river" in features and "bridge" not in features and not engineer)
                or "canal" in features
                or info.canal
            )
            if nxt != start:
                ends.add(nxt)
            if left > 1 and not stop and best.get((nxt, road_only), -1) < left - 1:
                best[(nxt, road_only)] = left - 1
                queue.append((nxt, road_only, left - 1))
    return frozenset(ends), frozenset(attacks)


@lru_cache(maxsize=32768)
def naval_search(
    map_key: str, start: str, move: int, submarine: bool, storm: frozenset[str], enemy: frozenset[str]
) -> Found:
    """A ship's walk (5.6, 4.2): across hexsides ships may cross, never into the storm
    (9.4); it stops on entering an enemy hex (an attack), except a `submarine`, which
    may pass through."""
    links = water_links(map_key)
    ends: set[str] = set()
    attacks: set[tuple[str, str]] = set()
    best = {start: move}
    queue = deque([(start, move)])
    while queue:
        here, left = queue.popleft()
        for nxt in links[here]:
            if nxt in storm:
                continue
            hostile = nxt in enemy
            if hostile:
                attacks.add((nxt, here))
            elif nxt != start:
                ends.add(nxt)
            if left > 1 and (not hostile or submarine) and best.get(nxt, -1) < left - 1:
                best[nxt] = left - 1
                queue.append((nxt, left - 1))
    return frozenset(ends), frozenset(attacks)
