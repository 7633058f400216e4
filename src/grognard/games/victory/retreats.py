"""Where a block may retreat from a battle (6.5-6.54), and the retreat itself.

A lower module of the battle (imports no phase): the battle's unit turns and the
withdrawal after the last round both use it.
"""

from __future__ import annotations

from typing import Any

from .battle_hits import lose_step, told
from .carriers import carrier_landings, carry, is_carrier, settle
from .control import (
    Data,
    arm,
    controller,
    friendly_airbases,
    gmap,
    has_enemy,
    has_room,
    is_land,
    is_water,
    landing_reach,
    occupancy,
    side_limit,
    storm_area,
    unit_of,
)

Frame = dict[str, Any]


def entry_sides(data: Data, hex_id: str, attacker: str) -> list[str]:
    """The hexes the attacker's surface blocks entered the battle from (6.51, 5.41)."""
    blocks = data["blocks"]
    return sorted(
        {
            blocks[b]["entered"]
            for b in blocks
            if blocks[b]["at"] == hex_id
            and blocks[b]["owner"] == attacker
            and blocks[b].get("entered") not in (None, "air")
        }
    )


def retreat_targets(data: Data, frame: Frame, bid: str) -> list[str]:
    """6.5: adjacent friendly or neutral hexes that are no battle, within stacking and
    the hexside limit this round; the attacker only back across the hexsides it
    entered by, the defender only across the others (6.51); ships to water (6.53);
    aircraft to a friendly airbase within their move (6.54)."""
    block = data["blocks"][bid]
    unit = unit_of(block)
    if unit.tags & {"no_retreat", "immobile", "rocket"}:
        return []  # 6.51 resources; 9.1 factories never move; S1.6 a rocket fires or is lost
    role, kind, here = block["owner"], arm(block), frame["hex"]
    occ = occupancy(data)
    if kind == "air":
        reach = landing_reach(data, block)
        bases = set(friendly_airbases(data, occ, role, here, reach))
        bases |= set(carrier_landings(data, bid, here, reach))
        return sorted(h for h in bases if h != here)  # 4.2: carriers are airbases too
    the_map = gmap(data)
    used = frame["retreat_sides"]
    entered = frame.get("entry_sides", [])
    out = []
    for nxt in the_map.neighbors(here):
        info = the_map.hexes[nxt]
        if kind == "naval" and not is_water(info):
            continue
        if kind == "ground" and not is_land(info):
            continue
        if kind == "ground" and (nxt in entered) != (role == frame["attacker"]):
            continue
        if has_enemy(data, occ, nxt, role) or controller(data, occ, nxt) not in (None, role):
            continue
        if not has_room(data, occ, nxt, role, kind):
            continue
        if used.get(f"{kind}:{nxt}", 0) >= side_limit(the_map, nxt, here, kind):
            continue
        out.append(nxt)
    if kind == "ground" and "amphibious" in unit.tags:
        out += _to_sea(data, occ, frame, role)
    return sorted(out)


def _to_sea(data: Data, occ: dict[str, list[str]], frame: Frame, role: str) -> list[str]:
    """6.52: marines and amphibious units may retreat to an adjacent sea hex that is
    vacant or friendly, if no enemy ship is in the battle; they are then at sea."""
    here = frame["hex"]
    blocks = data["blocks"]
    if any(blocks[b]["owner"] != role and arm(blocks[b]) == "naval" for b in occ.get(here, ())):
        return []
    the_map = gmap(data)
    out = []
    for nxt in the_map.neighbors(here):
        if the_map.hexes[nxt].terrain != "sea" or has_enemy(data, occ, nxt, role):
            continue
        if controller(data, occ, nxt) not in (None, role) or not has_room(data, occ, nxt, role, "naval"):
            continue
        if frame["retreat_sides"].get(f"naval:{nxt}", 0) < side_limit(the_map, nxt, here, "naval"):
            out.append(nxt)
    return out


def retreat(game: Any, frame: Frame, bid: str, dest: str) -> None:
    """6.5: the block leaves the battle; a half-hit is lost on the way (6.47)."""
    data = game.data
    block = data["blocks"][bid]
    block.pop("landing", None)
    block.pop("beachhead", None)
    if arm(block) == "ground" and gmap(data).hexes[dest].terrain == "sea":
        block["landing"] = "sea"  # 6.52: an amphibious retreat puts it at sea
    kind = arm(block)
    settle(data, bid, dest)  # 4.2: an air unit may retreat onto a carrier
    if is_carrier(block):
        carry(data, bid, dest)  # 4.2: and a carrier takes its aircraft along
    block.update(at=dest, entered=None)
    block.pop("reserve", None)
    frame["retreats"].append([bid, dest])
    key = f"{kind}:{dest}"
    frame["retreat_sides"][key] = frame["retreat_sides"].get(key, 0) + 1
    game.log(f"{bid} retreats from {frame['hex']} to {dest}", to=told(frame, block["owner"]))
    game.log(f"a {block['owner']} block retreats from {frame['hex']} to {dest}")
    if block.pop("half", False):
        lose_step(game, frame, bid)
    if dest in storm_area(data) and bid in data["blocks"]:
        game.log(f"{bid} loses a step retreating into the storm", to=told(frame, block["owner"]))
        lose_step(game, frame, bid)  # 9.4: a retreat into the storm costs a step
