"""Checks that Virtuti Militari's map is the one the rulebook describes.

`validate_map(m)` answers a list of plain-English problems (empty when all is well):
the climate counts of the weather phase, the 26 VP and the Allied decisive-victory
areas, every place the rulebook names standing where its text puts it, the rulebook's
sea examples, the three straits being the only gates between their seas, border kinds
that fit the areas they join, ports, supply sources and connectivity. The build script
runs it, and so does the test suite on the shipped map.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from .map import VirtutiMap

# Weather phase: how many land areas each climate zone has.
CLIMATE_COUNTS = {"subtropical": 52, "temperate": 113, "subpolar": 16}
# Summary phase, victory checks: VP on the map, and the Allied decisive-victory set.
TOTAL_VP = 26
DECISIVE_AREAS = ("london", "paris", "moscow", "leningrad", "stalingrad", "rome", "berlin")
# Production (submarine placement) and summary (convoy raids) name these sea zones;
# the operations phase names the rest.
NAMED_SEAS = (
    "north_atlantic",
    "south_atlantic",
    "arctic_sea",
    "north_sea",
    "english_channel",
    "baltic_sea",
    "western_mediterranean",
    "central_mediterranean",
    "east_mediterranean",
    "black_sea",
)
# Straits of the operations and supply phases: id -> the two seas it joins.
STRAITS = {
    "copenhagen": ("baltic_sea", "north_sea"),
    "gibraltar": ("south_atlantic", "western_mediterranean"),
    "istanbul": ("black_sea", "east_mediterranean"),
}
# Every land area the rulebook names (the ones with a port where its examples need one).
NAMED_PLACES = (
    "serov",
    "danzig",
    "caen",
    "cardiff",
    "manchester",
    "gibraltar",
    "copenhagen",
    "istanbul",
    "cairo",
    "kuwait",
    "oslo",
    "casablanca",
    "paris",
    "rome",
    *DECISIVE_AREAS,
)
NEEDS_PORT = ("caen", "cardiff", "manchester", "gibraltar", "copenhagen", "istanbul", "cairo", "kuwait")

# Which area kinds each border kind may join.
BORDER_ENDS = {
    "land": {("land", "land")},
    "river": {("land", "land")},
    "mountain": {("land", "land")},
    "coast": {("land", "sea")},
    "port": {("land", "port")},
    "sea": {("port", "sea"), ("sea", "sea")},
    "strait": {("sea", "sea")},
}


def check_counts(m: VirtutiMap) -> list[str]:
    """Climate counts, total VP and the decisive-victory areas."""
    problems = []
    climates: Counter[str] = Counter(m.land(a).climate for a in m.land_ids)
    for climate, wanted in CLIMATE_COUNTS.items():
        if climates[climate] != wanted:
            problems.append(f"{climates[climate]} {climate} land areas, the rulebook counts {wanted}")
    vp = sum(m.land(a).vp for a in m.land_ids)
    if vp != TOTAL_VP:
        problems.append(f"the map holds {vp} VP, the rulebook says {TOTAL_VP}")
    problems += [
        f"decisive-victory area {a} is missing or worth no VP"
        for a in DECISIVE_AREAS
        if a not in m.land_ids or m.land(a).vp <= 0
    ]
    for area in m.land_ids:
        record = m.land(area)
        if record.pp < 0 or record.vp < 0 or not 0 <= record.fortification <= 3:
            problems.append(f"{area}: PP, VP or fortification out of range")
    return problems


def check_named_places(m: VirtutiMap) -> list[str]:
    """Every place the rulebook names exists, with the port or coast its text assumes."""
    problems = [f"the rulebook's {p} is not on the map" for p in NAMED_PLACES if p not in m.land_ids]
    if problems:
        return problems
    problems += [f"{p} needs a port" for p in NEEDS_PORT if m.land(p).port is None]
    problems += [f"sea zone {z} is missing" for z in NAMED_SEAS if z not in m.sea_ids]
    if problems:
        return problems
    if serov_corner(m) != "serov":
        problems.append(f"the north-east corner of the map belongs to {serov_corner(m)}, not Serov")
    # Feint attack examples: Danzig touches the Baltic; the Channel touches Caen and its port.
    if not m.graph.is_adjacent("danzig", "baltic_sea"):
        problems.append("Danzig does not touch the Baltic Sea")
    caen_port = m.land("caen").port or ""
    if not (
        m.graph.is_adjacent("english_channel", "caen") and m.graph.is_adjacent("english_channel", caen_port)
    ):
        problems.append("the English Channel does not touch both Caen and Caen's port")
    # Convoy raids: the North African areas run from Casablanca to Cairo; Oslo is a port town.
    if not (m.land("casablanca").north_africa and m.land("cairo").north_africa):
        problems.append("Casablanca and Cairo must both be North African areas")
    if m.land("oslo").port is None or m.port_seas(m.land("oslo").port or "") != ["north_sea"]:
        problems.append("Oslo needs a port on the North Sea")
    return problems


def serov_corner(m: VirtutiMap) -> str:
    """The land area holding the map's north-east corner (largest x - y in SVG units)."""
    best, best_score = "", float("-inf")
    for area in m.land_ids:
        for ring in m.land(area).shapes:
            for x, y in ring:
                if x - y > best_score:
                    best, best_score = area, x - y
    return best


def check_straits_and_routes(m: VirtutiMap) -> list[str]:
    """The three straits, their ports, that they are the only gates, and around Africa."""
    problems = []
    for area, seas in STRAITS.items():
        strait = m.straits.get(area)
        if strait is None or strait.area != area or tuple(sorted(strait.seas)) != seas:
            problems.append(f"strait {area} must join {seas[0]} and {seas[1]}")
            continue
        if m.graph.border(*seas) != "strait":
            problems.append(f"the border {seas[0]}-{seas[1]} must be a strait")
        port = m.land(area).port
        if port is None or sorted(m.port_seas(port)) != list(seas):
            problems.append(f"{area}'s port must open on both {seas[0]} and {seas[1]}")
        if _water_path_avoiding(m, seas[0], seas[1], avoid_port=port):
            problems.append(f"{seas[0]} and {seas[1]} are joined by water without passing {area}")
    route = m.routes.get("around_africa")
    if (
        route is None
        or route.faction != "western_allies"
        or route.sea != "south_atlantic"
        or sorted(route.ports) != sorted([m.land("cairo").port or "", m.land("kuwait").port or ""])
    ):
        problems.append(
            "the Western Allies' route around Africa must lead from the South Atlantic to Cairo and Kuwait"
        )
    return problems


def _water_path_avoiding(m: VirtutiMap, a: str, b: str, avoid_port: str | None) -> bool:
    """Whether fleets could pass from a to b without the strait border or its port."""
    seen, stack = {a}, [a]
    while stack:
        here = stack.pop()
        for nxt in m.neighbours(here, ("sea", "port")):
            if nxt == avoid_port or nxt in seen or m.graph.border(here, nxt) == "strait":
                continue
            if nxt == b:
                return True
            seen.add(nxt)
            stack.append(nxt)
    return False


def check_examples(m: VirtutiMap) -> list[str]:
    """The rulebook's worked examples of transport over sea and amphibious landings."""
    problems = []
    # Amphibious landing: Cardiff to Caen needs NA, SA and the Channel, or the northern chain.
    southern = {"north_atlantic", "south_atlantic", "english_channel"}
    northern = {"north_atlantic", "arctic_sea", "north_sea", "english_channel"}
    if m.fleet_chain("cardiff", "caen", southern) is None:
        problems.append("Cardiff to Caen fails with fleets in the North Atlantic, South Atlantic and Channel")
    if m.fleet_chain("cardiff", "caen", northern) is None:
        problems.append("Cardiff to Caen fails by the northern chain")
    for zone in southern:
        if m.fleet_chain("cardiff", "caen", southern - {zone}) is not None:
            problems.append(f"Cardiff to Caen should need a fleet in {zone}")
    # Transport over sea: Manchester to Gibraltar with the North Sea, Channel and South Atlantic.
    chain = {"north_sea", "english_channel", "south_atlantic"}
    if m.fleet_chain("manchester", "gibraltar", chain) is None:
        problems.append(
            "Manchester to Gibraltar fails with fleets in the North Sea, Channel and South Atlantic"
        )
    return problems


def check_borders(m: VirtutiMap) -> list[str]:
    """Every border joins the area kinds its kind allows; every port sits right."""
    problems = []
    for border in m.graph.borders:
        ends = tuple(sorted((m.kind(border.a), m.kind(border.b))))
        if ends not in BORDER_ENDS[border.kind]:
            problems.append(f"{border.kind} border {border.a}-{border.b} joins {ends[0]} and {ends[1]}")
    route_ports = {p for r in m.routes.values() for p in r.ports}
    strait_ports = {m.land(s.area).port for s in m.straits.values()}
    for port_id in m.port_ids:
        port = m.port(port_id)
        if m.neighbours(port_id, ("land",)) != [port.land] or m.land(port.land).port != port_id:
            problems.append(f"{port_id} must border exactly its land area {port.land}")
        seas = m.port_seas(port_id)
        wanted = 2 if port_id in strait_ports else 1
        if len(seas) != wanted and not (not seas and port_id in route_ports):
            problems.append(f"{port_id} opens on {len(seas)} sea zones, not {wanted}")
        if any(z not in m.land(port.land).coasts for z in seas):
            problems.append(f"{port_id} opens on a sea its land area does not touch")
    for area in m.land_ids:
        if sorted(m.land(area).coasts) != m.neighbours(area, ("sea",)):
            problems.append(f"{area}: its coasts list differs from its coast borders")
    return problems


def check_connectivity(m: VirtutiMap) -> list[str]:
    """One connected map; sea zones joined at sea; every land mass reachable by sea."""
    problems = []
    if len(m.graph.components(lambda _a: True)) != 1:
        problems.append("the map falls apart into separate pieces")
    seas = m.graph.components(lambda a: m.kind(a) == "sea")
    if len(seas) != 1:
        problems.append(f"the sea zones form {len(seas)} groups")
    masses = m.graph.components(lambda a: m.kind(a) == "land")
    for mass in masses:
        if not any(m.land(a).coasts for a in mass):
            problems.append(f"land mass {mass[:3]}... has no coast: it can never be reached by sea")
    mainland = max(masses, key=len)
    for must in ("berlin", "moscow", "paris", "rome", "cairo", "kuwait", "serov", "casablanca"):
        if must not in mainland:
            problems.append(f"{must} is cut off from the continent by land")
    return problems


def check_supply(m: VirtutiMap) -> list[str]:
    """Every 1939 country has a supply source inside its own areas."""
    owners = {m.land(a).owner for a in m.land_ids}
    sourced = {m.land(a).owner for a in m.land_ids if m.land(a).supply_source}
    return [f"{owner} has no supply source" for owner in sorted(owners - sourced)]


CHECKS: tuple[Callable[[VirtutiMap], list[str]], ...] = (
    check_counts,
    check_named_places,
    check_straits_and_routes,
    check_examples,
    check_borders,
    check_connectivity,
    check_supply,
)


def validate_map(m: VirtutiMap) -> list[str]:
    """Every problem found by every check, in a stable order (empty: the map is sound)."""
    problems: list[str] = []
    for check in CHECKS:
        problems += check(m)
    return problems


__all__ = ["CLIMATE_COUNTS", "DECISIVE_AREAS", "STRAITS", "TOTAL_VP", "serov_corner", "validate_map"]
