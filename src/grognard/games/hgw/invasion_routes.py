"""Who may invade and where (Amphibious Strength Points 1; Invasion Procedure 2-4).

An army may amphibiously invade when at least half of its points are amphibious and it
stands in a port of any kind; its targets are the land places a sea route of at most
six steps reaches from there (the route may cross any sea and ignores the transport
limits of ordinary sea movement). The route's extension by spending amphibious points,
and the fleets and coastal air that may meet it, are not played yet (docs/hgw-design.md).
"""

from __future__ import annotations

from typing import Any

from .board import army_status, geo, may_target, strength
from .geography import Place
from .map import load_map
from .scenario import BOX

# Invasion Procedure 3: the unextended route length
INVASION_RANGE = 6


def may_invade(data: dict[str, Any], army_id: str) -> bool:
    """Invasion Procedure 2 and 4: half or more amphibious points, standing in a port."""
    army = data["armies"][army_id]
    amphibious = int(army["sp"]["amphibious"])
    if amphibious == 0 or 2 * amphibious < strength(army):
        return False
    at = army["at"]
    return at is not None and at != BOX and load_map().is_port(at)


def invasion_targets(data: dict[str, Any], army_id: str) -> list[Place]:
    """Invasion Procedure 3: land places within six sea-route steps that the army's side
    may name (its own, or an opponent's; never a co-belligerent's or a neutral's)."""
    if not may_invade(data, army_id):
        return []
    army = data["armies"][army_id]
    origin = army["at"]
    hmap = load_map()
    places = geo(data).places
    reach = hmap.sea_reach(origin, INVASION_RANGE)
    return sorted(
        h
        for h in reach
        if h != origin and h in places and hmap.is_land(h) and may_target(data, army["side"], h)
    )


def is_invading(data: dict[str, Any], army_id: str) -> bool:
    return bool(army_status(data, army_id).get("invasion"))
