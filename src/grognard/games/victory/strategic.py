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

from .control import (
    Data,
    arm,
    controller,
    friendly_airbases,
    gmap,
    has_enemy,
    has_room,
    is_airbase_site,
    is_land,
    is_water,
    side_limit,
    unit_of,
)

Occ = dict[str, list[str]]
STRATEGIC_RANGE = 6  # 5.9


def _open(data: Data, occ: Occ, hex_id: str, role: str) -> bool:
    """Friendly or neutral, and no enemy block there."""
    return not has_enemy(data, occ, hex_id, role) and controller(data, occ, hex_id) in (None, role)


def strategic_targets(data: Data, occ: Occ, bid: str) -> list[str]:
    block = data["blocks"][bid]
    role, start = block["owner"], block["at"]
    kind = arm(block)
    if "immobile" in unit_of(block).tags or has_enemy(data, occ, start, role):
        return []  # factories never move; a block in a battle hex is pinned or fighting
    if kind == "air":
        if not is_airbase_site(gmap(data).hexes[start]) or controller(data, occ, start) != role:
            return []
        return [h for h in friendly_airbases(data, occ, role, start, STRATEGIC_RANGE) if h != start]
    if kind == "naval":
        return _naval(data, occ, bid)
    return _ground(data, occ, bid)


def _ground(data: Data, occ: Occ, bid: str) -> list[str]:
    the_map = gmap(data)
    block = data["blocks"][bid]
    role, start = block["owner"], block["at"]
    seen = {start: 0}
    queue = deque([start])
    out = []
    while queue:
        here = queue.popleft()
        for nxt in the_map.neighbors(here):
            if nxt in seen or "road" not in the_map.side_features(here, nxt):
                continue
            if not is_land(the_map.hexes[nxt]) or not _open(data, occ, nxt, role):
                continue
            seen[nxt] = seen[here] + 1
            if has_room(data, occ, nxt, role, "ground"):
                out.append(nxt)
            if seen[nxt] < STRATEGIC_RANGE:
                queue.append(nxt)
    return sorted(out)


def _naval(data: Data, occ: Occ, bid: str) -> list[str]:
    the_map = gmap(data)
    block = data["blocks"][bid]
    role, start = block["owner"], block["at"]
    seen = {start: 0}
    queue = deque([start])
    out = []
    while queue:
        here = queue.popleft()
        for nxt in the_map.neighbors(here):
            info = the_map.hexes[nxt]
            if nxt in seen or not is_water(info) or side_limit(the_map, here, nxt, "naval") == 0:
                continue
            if not _open(data, occ, nxt, role):
                continue
            seen[nxt] = seen[here] + 1
            ends_ok = info.terrain == "sea" or (info.port and controller(data, occ, nxt) == role)
            if ends_ok and has_room(data, occ, nxt, role, "naval"):
                out.append(nxt)
            if seen[nxt] < STRATEGIC_RANGE:
                queue.append(nxt)
    return sorted(out)
