"""Australia's rules (issue 23, part 2) as functions over the game's plain data: its
supply terrain (L1.8) and its shipping to the U.S. west coast (G24.0). The Pacific War
scenario plays L1.8 through Geography.supply_terrain (the same reading, on the places of
the scenario); both Pacific scenarios play G24 in the Allied budget (pacific_economy.py).

L1.8: for supply, Australia is desert but for its eastern coastal hexes from Adelaide
4676 eastward through Brisbane 4380 (the coast by Melbourne, Canberra and Sydney), which
count as ordinary friendly hexes while they are the side's own. The other Australian
hexes follow the desert rule (Line of Supply 6): a route may enter them, and leave one
only by a road hexside or under the side's own occupation marker won by a combat advance.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from grognard.core.errors import IllegalAction

from .geography import Place
from .japan import west_coast_ports
from .layout import HgwBoard
from .map import load_map
from .pacific_tables import load_pacific
from .shipping import australia_loss

Data = HgwBoard
DESERT = "desert"


def is_australian(place: Place) -> bool:
    hmap = load_map()
    return place in hmap and hmap.hex(place).country == load_pacific().australia.territory


def supply_terrain(data: Data, side: str, place: Place) -> str:
    """L1.8: the terrain a supply route of `side` meets at `place`: desert for any
    Australian hex but the eastern coast ones the side holds; the map's terrain
    elsewhere (and for those coast hexes)."""
    hmap = load_map()
    terrain = hmap.hex(place).terrain
    if not is_australian(place):
        return terrain
    if place in load_pacific().australia.as_normal and data["owner"].get(place) == side:
        return terrain
    return DESERT


def leaves_for_supply(data: Data, side: str, here: Place, toward: Place) -> bool:
    """Line of Supply 5-7 with L1.8: may `side`'s supply route leave `here` toward
    `toward`? Desert and jungle only by a road or under the side's own occupation marker
    won by combat advance (`data["won"]`, `data["markers"]`); mountains only by a road."""
    terrain = supply_terrain(data, side, here)
    road = "road" in load_map().hexside_features(here, toward)
    marked = here in data.get("won", ()) and data.get("markers", {}).get(here) == side
    if terrain == "mountain":
        return road
    if terrain in (DESERT, "jungle"):
        return road or marked
    return True


def australian_production(data: Data, production: Mapping[Place, int] | None = None) -> int:
    """G24.0's "Australia's current production": the working (undevastated) points of
    the Australian hexes the Allies hold (`production` per hex, the map's by default)."""
    hmap = load_map()
    values = production if production is not None else {h: x.production for h, x in hmap.hexes.items()}
    return sum(
        max(0, int(v) - int(data["devastated"].get(h, 0)))
        for h, v in values.items()
        if is_australian(h) and data["owner"].get(h) == "allied"
    )


def australia_delivers(
    data: Data, start: Place, end: Place, capacity: int, losses: int, production: int
) -> int:
    """G24.0: Australia keeps a shipping route from one of its ports to a U.S. west coast
    port with a capacity of its current production; what the route lacks (a smaller
    capacity) and what it loses to attacks (`losses`) come off that production, never
    more than all of it. Returns the production Australia keeps."""
    hmap = load_map()
    if not is_australian(start) or not hmap.is_port(start):
        raise IllegalAction(f"Australia's shipping route starts at an Australian port, not {start}")
    if end not in west_coast_ports():
        raise IllegalAction(f"Australia's shipping route ends at a U.S. west coast port, not {end}")
    shortfall = max(0, production - max(0, capacity))
    return production - australia_loss(shortfall + max(0, losses), production)


def supplied_places(data: Data, side: str, sources: Iterable[Place]) -> set[Place]:
    """Line of Supply 1-2 over land with L1.8: the places of `side` a supply route
    reaches from `sources` (its producing hexes, which a route may always leave): it
    steps across land hexsides (crossing arrows too, Line of Supply 4) into the side's own
    hexes, and passes on from one only as `leaves_for_supply` lets it, so Australia's
    desert takes a route in but not on. Sea legs are shipping's (G24), not traced here."""
    hmap = load_map()
    owner = data["owner"]
    start = [s for s in sources if owner.get(s) == side]
    reached = set(start)
    passing = deque(start)
    while passing:
        here = passing.popleft()
        for there in hmap.neighbours(here):
            if there in reached or owner.get(there) != side or not hmap.can_cross_by_land(here, there):
                continue
            if here not in start and not leaves_for_supply(data, side, here, there):
                continue
            reached.add(there)
            passing.append(there)
    return reached
