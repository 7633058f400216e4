"""Strategic movement (5.9): up to six hexes, never into a battle, never combined with
a normal move, never by a block pinned in a battle hex (5.1).

- ground (5.9, 3.3): starts on a road and follows road hexsides only, through friendly
  or neutral hexes free of enemy blocks;
- naval (5.9): through friendly or neutral sea and coastal hexes (not enemy cities or
  towns), ending at sea or in a friendly port;
- air, airborne included (5.9): from a friendly airbase to another within six hexes.

A helper of the move phase (movement.py); it imports no phase module.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from .control import (
    Data,
    arm,
    controller,
    friendly_airbases,
    gmap,
    has_enemy,
    has_room,
    is_friendly_airbase,
    is_land,
    side_features,
    storm_area,
    unit_of,
    water_links,
)

Occ = dict[str, list[str]]
STRATEGIC_RANGE = 6  # 5.9


def _open(data: Data, occ: Occ, hex_id: str, role: str) -> bool:
    """Friendly or neutral, and no enemy block there."""
    return not has_enemy(data, occ, hex_id, role) and controller(data, occ, hex_id) in (None, role)


def strategic_targets(
    data: Data, occ: Occ, bid: str, cache: dict[tuple[str, str, str], list[str]] | None = None
) -> list[str]:
    """Hexes a block may end a strategic move in now (5.9). Past the block's own
    checks the answer depends only on its arm, its hex and its owner: blocks that
    share those share it, through `cache`, kept by the caller for one pass over the
    blocks (nothing moves meanwhile). A profile of random games found this search
    repeated for every block of a stack, a third of the time of a game."""
    block = data["blocks"][bid]
    role, start = block["owner"], block["at"]
    kind = arm(block)
    if "immobile" in unit_of(block).tags or has_enemy(data, occ, start, role):
        return []  # factories never move; a block in a battle hex is pinned or fighting
    if block.get("landing") == "sea" and unit_of(block).arm == "ground":
        return []  # 5.91: a ground block at sea moves on by sea transport (seatransport.py)
    if kind == "air" and not is_friendly_airbase(data, occ, start, role):
        return []  # 5.9: airbase to airbase (9.6: airfields are airbases)
    key = (kind, start, role)
    if cache is not None and key in cache:
        return cache[key]
    if kind == "air":
        storm = storm_area(data)  # 9.4
        bases = friendly_airbases(data, occ, role, start, STRATEGIC_RANGE)
        found = [h for h in bases if h != start and h not in storm]
    elif kind == "naval":
        found = _naval(data, occ, bid)
    else:
        found = _ground(data, occ, bid)
    if cache is not None:
        cache[key] = found
    return found


def _ground(data: Data, occ: Occ, bid: str) -> list[str]:
    the_map = gmap(data)

    def step(here: str, nxt: str) -> bool:  # along roads, over land
        return "road" in side_features(data, here, nxt) and is_land(the_map.hexes[nxt])  # 9.5

    def may_end(nxt: str, role: str) -> bool:
        return has_room(data, occ, nxt, role, "ground")

    return within_range(data, occ, bid, step, may_end)


def _naval(data: Data, occ: Occ, bid: str) -> list[str]:
    the_map = gmap(data)

    links = water_links(data["map"])

    def step(here: str, nxt: str) -> bool:  # over water, through open hexsides
        return nxt in links[here]

    def may_end(nxt: str, role: str) -> bool:  # at sea, or in a port of one's own
        info = the_map.hexes[nxt]
        ends_ok = info.terrain == "sea" or (info.port and controller(data, occ, nxt) == role)
        return ends_ok and has_room(data, occ, nxt, role, "naval")

    return within_range(data, occ, bid, step, may_end)


def within_range(
    data: Data,
    occ: Occ,
    bid: str,
    step: Callable[[str, str], bool],
    may_end: Callable[[str, str], bool],
) -> list[str]:
    """Hexes a block may end a strategic move in: reached within STRATEGIC_RANGE steps
    that `step` allows, through hexes open to its owner (breadth first, so each hex
    is reached by its fewest steps)."""
    the_map = gmap(data)
    block = data["blocks"][bid]
    role, start = block["owner"], block["at"]
    storm = storm_area(data)  # 9.4: never into or through the storm
    seen = {start: 0}
    queue = deque([start])
    out = []
    while queue:
        here = queue.popleft()
        for nxt in the_map.neighbors(here):
            if nxt in seen or nxt in storm or not step(here, nxt) or not _open(data, occ, nxt, role):
                continue
            seen[nxt] = seen[here] + 1
            if may_end(nxt, role):
                out.append(nxt)
            if seen[nxt] < STRATEGIC_RANGE:
                queue.append(nxt)
    return sorted(out)
