"""Where a block may retreat from a battle (6.5-6.54), and the retreat itself.

A lower module of the battle (imports no phase): the battle's unit turns and the
withdrawal after the last round both use it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
    is_friendly,
    is_land,
    is_water,
    landing_reach,
    occupancy,
    side_limit,
    storm_area,
    unit_of,
)
from .grounded import never_retreats
from .layout import Battle
from .sides import allied, is_enemy

if TYPE_CHECKING:
    from .state import VictoryState

Frame = dict[str, Any]


def _open(data: Data, who: str | None, role: str) -> bool:
    """6.5: friendly (his or an ally's, 2.0 [3]) or neutral."""
    return who is None or is_friendly(data, who, role)


def entry_sides(data: Data, hex_id: str, attacker: str) -> list[str]:
    """The hexes the attacker's surface blocks entered the battle from (6.51, 5.41)."""
    blocks = data["blocks"]
    mine_here = [b for b in blocks if blocks[b]["at"] == hex_id and blocks[b]["owner"] == attacker]
    entered = (blocks[b].get("entered") for b in mine_here)
    return sorted({via for via in entered if via is not None and via != "air"})


def hexside_control(data: Data, hex_id: str, record: Battle) -> dict[str, str]:
    """5.41: {hex entered from: the player controlling that hexside}: the last player
    to enter the battle across it (recorded by the move phase); the attacker holds
    the hexsides his blocks entered by where no record says otherwise."""
    out = {via: str(record["attacker"]) for via in entry_sides(data, hex_id, record["attacker"])}
    out.update(record.get("hexsides", {}))
    return out


def _may_cross(data: Data, frame: Frame, role: str, nxt: str) -> bool:
    """6.51, 5.41: an attacking player retreats only across the hexsides he controls
    (those he entered by, unless another player entered there after him); a defender
    only across hexsides no enemy controls."""
    control = frame.get("hexsides")
    if control is None:  # a battle begun before 5.41 was recorded: the attacker's entries
        return bool((nxt in frame.get("entry_sides", [])) == (role == frame["attacker"]))
    holder: str | None = control.get(nxt)
    if allied(data, role, frame["attacker"]):
        return holder == role
    return holder is None or not is_enemy(data, role, holder)


def retreat_targets(data: Data, frame: Frame, bid: str) -> list[str]:
    """6.5: adjacent friendly or neutral hexes that are no battle, within stacking and
    the hexside limit this round; the attacker only back across the hexsides it
    entered by, the defender only across the others (6.51); ships to water (6.53);
    aircraft to a friendly airbase within their move (6.54)."""
    block = data["blocks"][bid]
    unit = unit_of(block)
    if unit.tags & {"no_retreat", "immobile", "rocket"}:
        return []  # 6.51 resources; 9.1 factories never move; S1.6 a rocket fires or is lost
    if never_retreats(data, bid):
        return []  # 5.52 sidebar: grounded land air
    role, kind, here = block["owner"], arm(block), frame["hex"]
    occ = occupancy(data)
    if kind == "air":
        reach = landing_reach(data, block)
        bases = set(friendly_airbases(data, occ, role, here, reach))
        bases |= set(carrier_landings(data, bid, here, reach))
        return sorted(h for h in bases if h != here)  # 4.2: carriers are airbases too
    the_map = gmap(data)
    used = frame["retreat_sides"]
    out = []
    for nxt in the_map.neighbors(here):
        info = the_map.hexes[nxt]
        if kind == "naval" and not is_water(info):
            continue
        if kind == "ground" and not is_land(info):
            continue
        if kind == "ground" and not _may_cross(data, frame, role, nxt):
            continue
        if has_enemy(data, occ, nxt, role) or not _open(data, controller(data, occ, nxt), role):
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
    if any(is_enemy(data, role, blocks[b]["owner"]) and arm(blocks[b]) == "naval" for b in occ.get(here, ())):
        return []
    the_map = gmap(data)
    out = []
    for nxt in the_map.neighbors(here):
        if the_map.hexes[nxt].terrain != "sea" or has_enemy(data, occ, nxt, role):
            continue
        if not _open(data, controller(data, occ, nxt), role) or not has_room(data, occ, nxt, role, "naval"):
            continue
        if frame["retreat_sides"].get(f"naval:{nxt}", 0) < side_limit(the_map, nxt, here, "naval"):
            out.append(nxt)
    return out


def retreat(game: VictoryState, frame: Frame, bid: str, dest: str) -> None:
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
    block["at"], block["entered"] = dest, None
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
