"""Sea transport (5.91) and port capacity (5.92): ground blocks making their strategic
move by water.

- A ground block embarks at a friendly port, or at a beachhead of its owner (6.71),
  or is already at sea; it moves up to six hexes (5.9) through friendly or neutral sea
  and coastal hexes free of enemy blocks, over hexsides that water joins.
- It ends at sea (it is then "at sea": `landing` = "sea", a naval unit for stacking and
  hits, with no firepower but the marines' air fire, 5.91) or ashore in a friendly
  port or at one of its owner's beachheads; never on another coastal hex.
- Port capacity (5.92): two ground blocks in or out of a port per player turn, in any
  mix; one at a beachhead. Naval stacking does not limit it; ground stacking in the
  port does. A blockaded port (6.8) lets nobody in or out by sea.
- A sea move is a whole strategic move: the block moved no other way this turn and
  moves no more (5.91, 5.9).

`data["port_use"]` ({hex: ground blocks embarked or landed there}) counts the current
player turn; the move phase clears it when a player ends his moves.

A helper of the move phase (movement.py), like strategic.py; it imports no phase.
"""

from __future__ import annotations

from .control import (
    Block,
    Data,
    gmap,
    unit_of,
    working_mulberry,
)
from .strategic import Survey, ends_within, kept, port_hexes, sea_hexes

Occ = dict[str, list[str]]
PORT_CAPACITY = 2  # 5.92
BEACHHEAD_CAPACITY = 1  # 5.92, 6.71


def capacity(data: Data, occ: Occ, hex_id: str, role: str) -> int:
    """5.92: how many more ground blocks of `role` may embark or land at `hex_id` this
    player turn (0 where the hex is no friendly port or beachhead of his, or is
    blockaded, 6.8)."""
    return port_room(Survey(data, occ, role), hex_id)


def port_room(survey: Survey, hex_id: str) -> int:
    """`capacity` for the survey's player, from the pass's answers (control, enemies,
    blockades)."""
    data, role = survey.data, survey.role
    info = survey.map.hexes[hex_id]
    if not (info.port or info.terrain == "coastal"):
        return 0  # ports, mulberries and beachheads are all coastal
    if hex_id in survey.blockaded():
        return 0  # 6.8
    enemy = hex_id in survey.enemies
    if info.port and not enemy and survey.controller(hex_id) == role:
        total = PORT_CAPACITY
    elif not enemy and working_mulberry(data, hex_id, role):
        total = PORT_CAPACITY  # 9.7: a mulberry is a port of capacity 2
    elif any(
        data["blocks"][b]["owner"] == role and data["blocks"][b].get("beachhead")
        for b in survey.occ.get(hex_id, ())
    ):
        total = BEACHHEAD_CAPACITY
    else:
        return 0
    return max(0, total - int(data.get("port_use", {}).get(hex_id, 0)))


def at_sea(block: Block) -> bool:
    """A ground block carried at sea (5.91) or put there by an amphibious retreat (6.52)."""
    return block.get("landing") == "sea" and unit_of(block).arm == "ground"


def sea_targets(data: Data, occ: Occ, bid: str, survey: Survey | None = None) -> list[str]:
    """Hexes a ground block may end a sea move in now (5.91, 5.92). Blocks of one
    player in one hex (ashore or at sea) share their answer, and every search of a
    pass over the blocks shares the port room it asks, through the caller's `survey`
    (nothing moves meanwhile)."""
    block = data["blocks"][bid]
    unit = unit_of(block)
    role, start = block["owner"], block["at"]
    if unit.arm != "ground" or "immobile" in unit.tags or block["moved"] or start is None:
        return []
    if not at_sea(block) and gmap(data).hexes[start].terrain != "coastal":
        return []  # 5.91: it embarks in a port, a mulberry or at a beachhead, all coastal
    survey = Survey(data, occ, role) if survey is None or survey.role != role else survey
    if start in survey.enemies:
        return []  # pinned or fighting in a battle hex (5.1)
    key = ("sea", start, at_sea(block))
    if key in survey.found:
        return survey.found[key]
    if not at_sea(block) and _room(survey, start) < 1:
        return []  # 5.91: it embarks at a friendly port or beachhead with room (5.92)
    ends = survey.sets.get("sea_ends")
    if ends is None:  # 5.91: at sea within naval stacking (5.2), or ashore at a port, a
        # mulberry or a beachhead with room (5.92) and ground stacking
        ground = survey.room("ground")
        ashore = (h for h in _landing_places(survey) if h in ground and _room(survey, h) >= 1)
        ends = survey.sets["sea_ends"] = kept(survey.sea_room() | frozenset(ashore))
    found = list(ends_within(survey, start, "water", ends))
    survey.found[key] = found
    return found


def _room(survey: Survey, hex_id: str) -> int:
    """`capacity` for the survey's player, asked once per hex and pass."""
    if hex_id not in survey.counts:
        survey.counts[hex_id] = port_room(survey, hex_id)
    return survey.counts[hex_id]


def _landing_places(survey: Survey) -> frozenset[str]:
    """The hexes off the open sea where `capacity` may be above 0 for the survey's
    player: the ports, the mulberries and his beachheads (5.92, 6.71, 9.7)."""
    map_key = survey.data["map"]
    places = port_hexes(map_key) | set(survey.data.get("mulberries", {})) | survey.beachheads
    return places - sea_hexes(map_key)


def use_port(data: Data, hex_id: str) -> None:
    """Count one embarkation or landing at a port or beachhead (5.92)."""
    use = data.setdefault("port_use", {})
    use[hex_id] = int(use.get(hex_id, 0)) + 1


__all__ = ["BEACHHEAD_CAPACITY", "PORT_CAPACITY", "at_sea", "capacity", "sea_targets", "use_port"]
