"""Airborne landings (6.6) and amphibious invasions (6.7) as moves: where an airborne
block can drop and where a marine or amphibious block can invade.

A block that drops or invades into a battle keeps a `landing` mark ("air" or "sea")
and counts as an air or naval unit (control.arm) until it lands in its first
combat turn (battle.py). One that lands in a vacant hex is there at once and is
revealed to everyone.
"""

from __future__ import annotations

from functools import lru_cache

from .boards import game_map
from .control import (
    Data,
    arm,
    barred_battles,
    flight_distance,
    gmap,
    has_enemy,
    has_room,
    is_friendly_airbase,
    is_water,
    side_limit,
    storm_area,
    unit_of,
)
from .flight import hexes_within
from .layout import placed

Occ = dict[str, list[str]]
INVASION_RANGE = 2  # 6.7


def drop_targets(data: Data, occ: Occ, bid: str) -> list[str]:
    """6.6: from a friendly airbase, any hex within the air move: a battle (within air
    stacking, 5.52) or a vacant land hex (within ground stacking)."""
    block = data["blocks"][bid]
    unit = unit_of(block)
    role, start = block["owner"], placed(block)  # the move phase asks blocks on the map
    if "airborne" not in unit.tags or not is_friendly_airbase(data, occ, start, role):
        return []  # 6.6: from a friendly airbase (9.6: an airfield too)
    out = []
    storm = storm_area(data) | barred_battles(data, role)  # 9.4; 2.0 [3] others' battles
    hexes = gmap(data).hexes
    for hex_id in hexes_within(data["map"], start, unit.air_move):  # 9.4: candidates
        info = hexes[hex_id]
        if hex_id == start or not info.land_terrain or hex_id in storm:
            continue
        if flight_distance(data, start, hex_id) > unit.air_move:
            continue  # 9.4: the flight goes round the storm
        if has_enemy(data, occ, hex_id, role):
            if has_room(data, occ, hex_id, role, "air"):
                out.append(hex_id)
        elif not occ.get(hex_id) and has_room(data, occ, hex_id, role, "ground"):
            out.append(hex_id)
    return sorted(out)


def invasion_targets(data: Data, occ: Occ, bid: str) -> list[tuple[str, str]]:
    """6.7: (coastal hex, hex the landing comes from) pairs a marine or amphibious block
    in a coastal hex can reach by water within two hexes: a battle (within naval
    stacking and the hexside limit) or a vacant coastal hex."""
    block = data["blocks"][bid]
    unit = unit_of(block)
    role, start = block["owner"], placed(block)  # the move phase asks blocks on the map
    the_map = gmap(data)
    at_sea = block.get("landing") == "sea"
    if "amphibious" not in unit.tags or (the_map.hexes[start].terrain != "coastal" and not at_sea):
        return []  # 6.7: from a coastal hex, or from the sea
    out: set[tuple[str, str]] = set()
    shut = storm_area(data) | barred_battles(data, role)  # 9.4; 2.0 [3] others' battles
    blocks = data["blocks"]
    for nxt, here, via_sea in _landings_from(data["map"], start, shut):
        if via_sea and has_enemy(data, occ, here, role):
            continue  # the second step goes on from a sea hex free of enemies only
        if has_enemy(data, occ, nxt, role):
            limit = side_limit(the_map, here, nxt, "naval")
            entered = sum(
                1
                for b in occ.get(nxt, ())
                if blocks[b]["owner"] == role
                and blocks[b].get("entered") == here
                and arm(blocks[b]) == "naval"
            )
            if has_room(data, occ, nxt, role, "naval") and entered < limit:
                out.add((nxt, here))
        elif not occ.get(nxt) and has_room(data, occ, nxt, role, "ground"):
            out.add((nxt, here))
    return sorted(out)


@lru_cache(maxsize=4096)
def _landings_from(map_key: str, start: str, shut: frozenset[str]) -> tuple[tuple[str, str, bool], ...]:
    """6.7: the coastal hexes a landing from `start` may come ashore in, whatever
    stands where: (coastal hex, the water hex it is entered from, whether that is a
    second step, from a sea hex next to `start`). Over water hexes and hexsides ships
    cross, none in `shut`; a second step only from the open sea (INVASION_RANGE 2).
    Kept per map, start and shut hexes: what stands where is the caller's question."""
    the_map = game_map(map_key)
    landings: list[tuple[str, str, bool]] = []
    queue = [(start, False)]
    seen = {start}
    for here, via_sea in queue:
        for nxt in the_map.neighbors(here):
            info = the_map.hexes[nxt]
            if not is_water(info) or side_limit(the_map, here, nxt, "naval") == 0 or nxt in shut:
                continue
            if info.terrain == "coastal" and nxt != start:
                landings.append((nxt, here, via_sea))
            if not via_sea and nxt not in seen and info.terrain == "sea":
                seen.add(nxt)
                queue.append((nxt, True))
    return tuple(landings)
