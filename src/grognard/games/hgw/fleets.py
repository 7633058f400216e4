"""Fleets as data (The Fall of Germany: Fleet Naval Fire 1-2, 4-5).

DATA LAYOUT (`state.data`)
    fleets        {fleet id: {"side", "name", "at": port | box id | None, "sp": naval
                  fire points}}: fleet counters hold naval fire points as armies hold
                  land points, open information like the record sheets; a fleet may
                  be based in an off-map box of its side (Fleet Naval Fire 1), where it
                  lies in the hex the box's arrow points to
    fleet_status  {fleet id: "escort" | "support" | "expended" | "cut"}: what each
                  fleet did this player turn (an escort or a separate support fleet
                  makes no other mission; a loser of a naval battle is expended, Fleet
                  Naval Fire 2, 4, 5; a fleet out of full supply at the start of its
                  side's turn makes no sortie, Unsupplied Hexes 4)

Campaign Game II adds to a fleet record (Fleets 3; U-Boat Attack 1; Anti-Submarine
Warfare 1-2):
    ships         {"capital", "carrier", "asw", "uboat": points}: its points by type,
                  summing to "sp" (a fleet holds U-boats or surface ships, never both);
                  absent in the earlier scenarios, whose fleets are all naval fire
                  (capital ship) points and play as before
    patrol        the hex a fleet at sea patrols, until its side's next naval movement
                  (naval_phase.py); absent in port
and beside the fleets:
    asw_level     {side: A.S.W. level points in the record sheet's A.S.W. box}

Plain questions only (board.py asks `expel` when a port changes hands); the naval
steps are in naval.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from . import ports
from .geography import INDIA_BOX, Place
from .layout import Fleet, HgwBoard, placed
from .map import hex_distance, load_map
from .naval_battle import Squadron
from .neutrality import naval_friendly, politics, vichy_places
from .optional import has_option
from .scenario import SHIP_TYPES
from .uboats import asw_strength
from .us_entry import us_fleet_held

Data = HgwBoard
NAVAL_BASES = ("naval_port", "naval_yard")  # the anchors: more than one fleet point


def fleets_at(data: Data, place: Place, side: str | None = None) -> list[str]:
    return sorted(
        f
        for f, x in data.get("fleets", {}).items()
        if x["at"] == place and x["sp"] > 0 and (side is None or x["side"] == side)
    )


def ships(fleet: Fleet) -> dict[str, int]:
    """Fleets 3: the fleet's points by type; an earlier scenario's fleet is all capital
    ship (naval fire) points."""
    typed = fleet.get("ships")
    return {k: int(typed.get(k, 0)) for k in SHIP_TYPES} if typed else {"capital": int(fleet["sp"])}


def support_points(fleet: Fleet) -> int:
    """Anti-Submarine Warfare 3: ASW ship points give an invasion no supporting fire;
    nor do carrier points (Aircraft Carriers 4: they lend the invader tac air instead)."""
    typed = ships(fleet)
    return int(fleet["sp"]) - typed.get("asw", 0) - typed.get("carrier", 0)


def is_uboat_fleet(fleet: Fleet) -> bool:
    """U-Boat Attack 1: a fleet of U-boats (or SS), which holds nothing else."""
    return bool(fleet.get("ships", {}).get("uboat"))


def squadron(fleet: Fleet) -> Squadron:
    """The surface fleet's points in naval_battle's shape."""
    x = ships(fleet)
    return Squadron(x.get("capital", 0), x.get("carrier", 0), x.get("asw", 0))


LOSS_ORDER = ("asw", "capital", "carrier", "uboat")  # Aircraft Carriers 3: carriers last


def set_points(fleet: Fleet, total: int) -> None:
    """The fleet keeps `total` points: typed points come off ASW first, then capital
    ships, then carriers (Aircraft Carriers 3; the owner's usual choice, ours)."""
    total = max(0, total)
    typed = fleet.get("ships")
    if typed:
        lose = sum(typed.values()) - total
        for kind in LOSS_ORDER:
            take = min(max(lose, 0), int(typed.get(kind, 0)))
            if take:
                typed[kind] -= take
                lose -= take
    fleet["sp"] = total


def asw_of(data: Data, fleet_id: str) -> int:
    """Anti-Submarine Warfare 1-2: the strength a surface fleet fights U-boats with: its
    ASW ship points, plus the side's A.S.W. level points with a capital ship or carrier."""
    fleet = data["fleets"][fleet_id]
    if is_uboat_fleet(fleet):
        return 0
    x = ships(fleet)
    level = int(data.get("asw_level", {}).get(fleet["side"], 0))
    return asw_strength(level, x.get("asw", 0), capital_or_carrier=bool(x.get("capital") or x.get("carrier")))


def active(data: Data, fleet_id: str) -> bool:
    """Still able to fight this turn: afloat, with points, not expended."""
    fleet = data.get("fleets", {}).get(fleet_id)
    if not fleet or fleet["at"] is None or fleet["sp"] <= 0:
        return False
    return bool(data.get("fleet_status", {}).get(fleet_id) != "expended")


# Fleet Naval Fire 2: the boxes whose fleets intercept only certain invasions
AFRICA_BOXES = ("french_africa", "french_equatorial_africa", "british_africa")
SOUTH_ROW = 46  # hex 4639 (South Africa): a route through or south of its row


def is_naval_base(place: Place) -> bool:
    hmap = load_map()
    return place in hmap and any(hmap.has_feature(place, f) for f in NAVAL_BASES)


def box_ids() -> frozenset[str]:
    return frozenset(b.id for b in load_map().data.boxes if b.hex)


def fire_based_on(data: Data, side: str, sea: str) -> int:
    """The naval fire points of `side`'s fleets based on `sea` (a port or box on it:
    Kiel, 1236, lies on both the Baltic and the Atlantic), for Strength Point Movement
    Across Seas 1's Axis Atlantic limit."""
    hmap = load_map()
    return sum(
        int(x["sp"])
        for x in data.get("fleets", {}).values()
        if x["side"] == side and x["at"] is not None and x["sp"] > 0 and not is_uboat_fleet(x)
        and sea in hmap.seas_of(base_hex(x["at"]))
    )


def base_hex(place: str) -> str:
    """Fleet Movement 7's reading for the basic game: a fleet in an off-map box lies in
    the hex the box's arrow points to (the box's hex); a port is its own hex."""
    return load_map().box(place).hex if place in box_ids() else place


def route_path(
    origin: str,
    target: str,
    closed: frozenset[str] = frozenset(),
    barred: frozenset[tuple[str, str]] = frozenset(),
    canals: frozenset[tuple[str, str]] = frozenset(),
) -> tuple[str, ...]:
    """The cheapest sea route from `origin` to `target` (Sea Route 1-4, 7; `canals`: N2.6),
    or (). The map keeps the routes it found (`HgwMap.sea_route`, bounded)."""
    return tuple(load_map().sea_route(origin, target, closed=closed, barred=barred, canals=canals) or ())


@lru_cache(maxsize=1 << 14)  # a search asks the same routes of every fleet, turn after turn
def route_seas(
    origin: str,
    target: str,
    closed: frozenset[str] = frozenset(),
    barred: frozenset[tuple[str, str]] = frozenset(),
    canals: frozenset[tuple[str, str]] = frozenset(),
) -> frozenset[str]:
    """The seas an invasion route from `origin` to `target` enters: those of the water
    hexes on the cheapest sea route (Fleet Naval Fire 1-2), passing no `closed` control
    hex (Sea Route 4) and no `barred` crossing arrow (Sea Route 2)."""
    hmap = load_map()
    path = route_path(origin, target, closed, barred, canals)
    return frozenset(s for h in path if hmap.is_water(h) for s in hmap.seas_of(h))


def may_intercept(
    data: Data,
    fleet_id: str,
    origin: str,
    target: str,
    closed: frozenset[str] = frozenset(),
    barred: frozenset[tuple[str, str]] = frozenset(),
    canals: frozenset[tuple[str, str]] = frozenset(),
) -> bool:
    """Fleet Naval Fire 2 (`canals`: Kiel's, N2.6): a fleet based on a sea intercepts
    routes entering that sea; a fleet in the French or British Africa box only
    invasions of French Africa, British Africa or India whose route enters the
    Atlantic, or routes that pass through or south of 4639's row in the Atlantic; a
    fleet in the India box only invasions of India."""
    if not active(data, fleet_id) or data.get("fleet_status", {}).get(fleet_id) in ("escort", "support"):
        return False
    if is_uboat_fleet(data["fleets"][fleet_id]) or "patrol" in data["fleets"][fleet_id]:
        return False  # U-boats do not fight invasions; a patrol is out at sea (our reading)
    if us_fleet_held(data, fleet_id):
        return False  # G17.3: not on the Japanese turn that brought the U.S. in
    hmap = load_map()
    base = placed(data["fleets"][fleet_id])
    seas = route_seas(origin, target, closed, barred, canals)
    aimed_at = hmap.box_of(target) if target in hmap else ""
    if base == INDIA_BOX:
        return aimed_at == INDIA_BOX and bool(seas)
    if base in AFRICA_BOXES:
        if aimed_at in (*AFRICA_BOXES, INDIA_BOX) and "Atlantic" in seas:
            return True
        path = route_path(origin, target, closed, barred, canals)
        return any(
            hmap.is_water(h) and "Atlantic" in hmap.seas_of(h) and int(h[:2]) >= SOUTH_ROW for h in path
        )
    return bool(set(hmap.seas_of(base_hex(base))) & seas)


def room_for(data: Data, port: Place, points: int) -> bool:
    """Fleet Naval Fire 1: a major naval port or naval yard holds any number of fleet
    points, a shipping port only one."""
    if ports.is_naval_base(data, port):  # printed or built (Naval Action, N11)
        return True
    there = sum(int(data["fleets"][f]["sp"]) for f in fleets_at(data, port))
    return there + points <= 1


# Naval Action (N1.2): the anchors (major naval ports) and naval yards hold any number of
# points but for these two; a plain port one capital ship or carrier point and any ASW
ANCHOR_LIMITS = {"2031": 5, "2038": 2}  # Gibraltar, Malta
PORT_BIG_SHIPS = 1
UBOAT_PORT = 4  # the map's key: a shipping port harbours four U-boat or SS points
BIG = ("capital", "carrier")
FRENCH = "france"


def free_french(data: Data, fleet: Fleet) -> bool:
    """N1.4 with France 5: once France has surrendered, the French fleets still afloat
    (in an Allied port or at sea) are Free French, as the French armies left in Allied
    hexes are."""
    pol = politics(data)
    return fleet.get("nation") == FRENCH and bool(pol and FRENCH in pol["surrendered"])


def nation_may_base(data: Data, fleet: Fleet, port: str) -> bool:
    """N1.4: a friendly port of the fleet's side; French fleets only in France and the
    French possessions, Free French fleets in allied hexes too (the others' lists,
    Britain's possessions or allied hexes, Italy's or any Axis-friendly hex, and so on,
    come to every port friendly to their side)."""
    if not naval_friendly(data, fleet["side"], port):
        return False
    if fleet.get("nation") == FRENCH and not free_french(data, fleet):
        hmap = load_map()
        return port in hmap and hmap.group_of(port) == FRENCH
    return True


def big_points(fleet: Fleet) -> int:
    x = ships(fleet)
    return sum(x.get(k, 0) for k in BIG)


def room_for_fleet(data: Data, port: str, fleet_id: str) -> bool:
    """N1.2: does `port` hold the fleet beside the others there? Anchors and naval yards
    any number (Gibraltar five, Malta two, every kind counted); a plain port one capital
    ship or carrier point and any ASW points; U-boats four, as the map's key says."""
    fleet = data["fleets"][fleet_id]
    others = [data["fleets"][f] for f in fleets_at(data, port) if f != fleet_id]
    if port in ANCHOR_LIMITS:
        return sum(int(x["sp"]) for x in others) + int(fleet["sp"]) <= ANCHOR_LIMITS[port]
    if is_naval_base(port):
        return True
    uboats = ships(fleet).get("uboat", 0)
    if uboats:
        return sum(ships(x).get("uboat", 0) for x in others) + uboats <= UBOAT_PORT
    return sum(big_points(x) for x in others) + big_points(fleet) <= PORT_BIG_SHIPS


def nearest_haven(
    data: Data, fleet_id: str, here: str, usable: Callable[[str], bool], places: Iterable[str] | None = None
) -> str | None:
    """Sends a fleet that must leave `here` to the nearest port it may use (by hex
    distance, then hex number), or loses it when there is none: a port taken by the enemy
    (special rule 4's note, N2.5), a raider leaving a neutral port (N6.2), a German fleet
    leaving Spain's closed ports (G5.6). `places` (the places the side's sea route
    reaches, or every place with an owner) are narrowed to map hexes with a port, printed
    or built (N10.3), that `usable` accepts. The port it went to, or None."""
    hmap = load_map()
    fleet = data["fleets"][fleet_id]
    havens = [
        p
        for p in (data["owner"] if places is None else places)
        if p != here and p in hmap and ports.has_port(data, p) and usable(p)
    ]
    if not havens:
        fleet["at"] = None
        set_points(fleet, 0)
        return None
    fleet["at"] = min(havens, key=lambda p: (hex_distance(here, p), p))
    return str(fleet["at"])


def expel(data: Data, place: Place, new_owner: str) -> list[str]:
    """A port taken by the enemy expels the fleets in it (special rule 4's note): each
    goes to its side's nearest friendly port on the map with room for it (Fleet Naval
    Fire 1: a shipping port holds one point; for Axis ships also an unaligned French
    African port, France 3), or is lost without one. The fleets that moved."""
    moved = []
    naval_action = has_option(data, "naval_action")
    for fleet_id in fleets_at(data, place):
        fleet = data["fleets"][fleet_id]
        if fleet["side"] == new_owner:
            continue
        if naval_action and "patrol" in fleet:
            continue  # at sea: N2.1 finds it a port, or none, when it comes back

        def usable(p: str, fleet: Fleet = fleet, fleet_id: str = fleet_id) -> bool:
            if naval_action:  # N2.5: to another port of its nation with room (N1.2, N1.4)
                return nation_may_base(data, fleet, p) and room_for_fleet(data, p, fleet_id)
            return naval_friendly(data, fleet["side"], p) and room_for(data, p, int(fleet["sp"]))

        nearest_haven(data, fleet_id, place, usable, [*data["owner"], *vichy_places(data)])
        moved.append(fleet_id)
    return moved
