"""Who may invade and where (Amphibious Strength Points 1; Invasion Procedure 2-4;
Sea Route 2-4, 7).

An army may amphibiously invade when at least half of its points are amphibious and it
stands in a port of any kind; its targets are the land places a sea route of at most
six steps reaches from there (the route may cross any sea and ignores the transport
limits of ordinary sea movement, but not through a control hex the side does not hold,
Sea Route 4, nor across a crossing arrow without both its hexes, Sea Route 2; hexes
above row 12 count half a step, Sea Route 7), or twelve steps further for each amphibious point
spent at the declaration (Invasion Procedure 3), the army keeping one at least to land
with. An amphibious advance (Amphibious Advance) starts from the coastal hex an invader
holds, with six steps less one for each hex it already advanced; it follows the
invasion's rules, so it too may be extended twelve steps an amphibious point.
"""

from __future__ import annotations

from functools import cache

from .board import army_status, geo, may_target, strength
from .geography import CAPE_CONTROL, Place
from .layout import HgwBoard, placed
from .map import load_map, route_steps
from .neutrality import naval_friendly, war_needed
from .optional import has_option
from .ports import has_port
from .scenario import BOX

Sides = frozenset[tuple[Place, Place]]

# Invasion Procedure 3: the unextended route length, and each extension's
INVASION_RANGE = 6
EXTENSION = 12


@cache
def _reach(
    origin: Place, limit: int, closed: frozenset[Place], barred: Sides, canal: Sides = frozenset()
) -> dict[Place, int]:
    return load_map().sea_reach(origin, limit, closed, barred, canal)


@cache
def control_hexes() -> frozenset[Place]:
    """Every sea-route control hex of the map (Sea Route 3-4)."""
    hmap = load_map()
    return frozenset(h for h in hmap.hexes if hmap.has_feature(h, "control"))


def closed_narrows(data: HgwBoard, side: str) -> frozenset[Place]:
    """Sea Route 4: the control hexes (Gibraltar, East Denmark, Istanbul, Suez...) in
    play that are not friendly to `side`'s sea routes, which they may not pass through."""
    owner = data["owner"]
    # Naval Action 1 (N1.1): the Cape hex no longer closes the Indian Ocean
    cape = {CAPE_CONTROL} if has_option(data, "naval_action") else set()
    return frozenset(
        h for h in control_hexes() if h in owner and h not in cape and not naval_friendly(data, side, h)
    )


def barred_crossings(data: HgwBoard, side: str) -> Sides:
    """Sea Route 2: the crossing arrows over sea that `side`'s sea routes may not pass,
    because one of the two hexes is not friendly to them."""
    return frozenset(
        (a, b)
        for a, b in load_map().crossing_sides()
        if not (naval_friendly(data, side, a) and naval_friendly(data, side, b))
    )


# N2.6: Kiel's canal joins Kiel (1236) on the North Sea to the Baltic coast beside it (1237)
KIEL_CANAL = ("1236", "1237")


def canals(data: HgwBoard, side: str) -> Sides:
    """N2.6 (Naval Action): `side`'s ships pass between the Atlantic and the Baltic by
    Kiel's canal, overland, without passing the Sound (1136, a control hex). Ours: both
    its ends must be friendly to the side's sea routes, as a crossing arrow's (Sea Route
    2). Without the rule there is no canal: the earlier games' sea routes are unchanged."""
    if not has_option(data, "naval_action") or not all(naval_friendly(data, side, h) for h in KIEL_CANAL):
        return frozenset()
    a, b = KIEL_CANAL
    return frozenset({(a, b), (b, a)})


def route_of(data: HgwBoard, side: str, origin: Place, target: Place) -> list[Place] | None:
    """The cheapest sea route `side` may sail from `origin` to `target` (Sea Route 1-4, 7)."""
    return load_map().sea_route(
        origin, target, closed=closed_narrows(data, side), barred=barred_crossings(data, side),
        canals=canals(data, side),  # N2.6: Kiel's canal, with Naval Action
    )


def extension_cost(steps: int, base: int = INVASION_RANGE) -> int:
    """Invasion Procedure 3: amphibious points spent for a route of `steps` steps when
    `base` steps come free (six for an invasion; fewer for an amphibious advance)."""
    return max(0, -(-(steps - base) // EXTENSION))


def may_invade(data: HgwBoard, army_id: str) -> bool:
    """Invasion Procedure 2 and 4: half or more amphibious points, standing in a port."""
    army = data["armies"][army_id]
    amphibious = int(army["sp"]["amphibious"])
    if amphibious == 0 or 2 * amphibious < strength(army):
        return False
    at = army["at"]
    return at is not None and at != BOX and has_port(data, at)  # printed or built (N10.1)


def invasion_targets(data: HgwBoard, army_id: str) -> list[Place]:
    """Invasion Procedure 3: land places within six sea-route steps that the army's side
    may name (its own, or an opponent's; never a co-belligerent's or a neutral's)."""
    if not may_invade(data, army_id):
        return []
    spare = int(data["armies"][army_id]["sp"]["amphibious"]) - 1
    return _targets(data, army_id, INVASION_RANGE + EXTENSION * spare)


def route_length(data: HgwBoard, army_id: str, target: Place) -> int:
    """Steps of the cheapest sea route from the army's hex to `target` (Sea Route 7)."""
    army = data["armies"][army_id]
    path = route_of(data, army["side"], placed(army), target)
    return route_steps(path) if path else 10**6


def amphibious_advance_range(data: HgwBoard, army_id: str) -> int:
    """Amphibious Advance: the free steps of an amphibious advance, six less one for each
    hex the army already advanced (may be zero or less: only extensions reach then)."""
    return INVASION_RANGE - int(army_status(data, army_id)["advanced"])


def amphibious_advance_targets(data: HgwBoard, army_id: str) -> list[Place]:
    """Amphibious Advance: an invader that got ashore may go on by sea, its range cut by
    one step for each hex already advanced and extended as an invasion's (Invasion
    Procedure 3), one amphibious point kept to land with."""
    status = army_status(data, army_id)
    army = data["armies"][army_id]
    amphibious = int(army["sp"]["amphibious"])
    if not status.get("invasion") or amphibious == 0 or 2 * amphibious < strength(army):
        return []
    limit = amphibious_advance_range(data, army_id) + EXTENSION * (amphibious - 1)
    return _targets(data, army_id, limit) if limit > 0 else []


def _targets(data: HgwBoard, army_id: str, limit: int) -> list[Place]:
    army = data["armies"][army_id]
    origin = placed(army)
    hmap = load_map()
    places = geo(data).places
    side = army["side"]
    closed, barred = closed_narrows(data, side), barred_crossings(data, side)
    return sorted(
        h
        for h in _reach(origin, limit, closed, barred, canals(data, side))
        if h != origin
        and h in places
        and hmap.is_land(h)
        and may_target(data, side, h)
        and not war_needed(data, side, origin, h)  # Violation of Neutrality 6
    )


def is_invading(data: HgwBoard, army_id: str) -> bool:
    return bool(army_status(data, army_id).get("invasion"))
