"""8 - Supply Phase: the six steps, for each faction in initiative order.

1 supply spreads by land from the faction's supply sources through its areas; 2 the
supplied ports send it by sea to its other ports, through sea zones free of other
factions' fleets, straits only when their land area is held (the Western Allies also
around Africa to Cairo and Kuwait); 3 those ports spread it inland; 4 supplied areas
lose their Out of Supply marker; 5 units in areas still marked are eliminated; 6 every
other unsupplied area of the faction gets a marker.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from grognard.games.virtuti.board import (
    Data,
    controller,
    is_naval,
    kind_of,
    neighbours,
    remove_unit,
    units,
    vmap,
)

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState


def spread_by_land(data: Data, faction: str, seeds: set[str], supplied: set[str]) -> set[str]:
    queue = deque(sorted(seeds - supplied))
    supplied |= seeds
    while queue:
        a = queue.popleft()
        for n in neighbours(a, ("land",)):
            if n not in supplied and data["control"].get(n) == faction:
                supplied.add(n)
                queue.append(n)
    return supplied


def sea_zones_reached(data: Data, faction: str, ports: list[str]) -> set[str]:
    """Sea zones supply can cross from these ports (step 2)."""
    m = vmap()
    blocked = {u["a"] for u in units(data) if u["f"] != faction and is_naval(u) and kind_of(u["a"]) == "sea"}
    start = {z for p in ports for z in m.port_seas(p) if z not in blocked}
    seen = set(start)
    queue = deque(sorted(start))
    while queue:
        zone = queue.popleft()
        for n in neighbours(zone, ("sea",)):
            if n in seen or n in blocked:
                continue
            if m.graph.border(zone, n) == "strait":
                strait = m.strait_between(zone, n)
                if strait is None or controller(data, strait.area) != faction:
                    continue
            seen.add(n)
            queue.append(n)
    return seen


def supplied_areas(data: Data, faction: str) -> set[str]:
    m = vmap()
    mine = [a for a, f in data["control"].items() if f == faction]
    sources = {a for a in mine if m.land(a).supply_source}
    supplied = spread_by_land(data, faction, sources, set())
    ports = sorted(p for a in supplied if (p := m.land(a).port) is not None)
    zones = sea_zones_reached(data, faction, ports)
    by_sea = set()
    for a in mine:
        port = m.land(a).port
        if a in supplied or port is None:
            continue
        if any(z in zones for z in m.port_seas(port)):
            by_sea.add(a)
        for route in m.routes.values():  # around Africa (Western Allies only)
            if route.faction == faction and route.sea in zones and port in route.ports:
                by_sea.add(a)
    return spread_by_land(data, faction, by_sea, supplied)


def supply_phase(state: VirtutiState) -> None:
    data = state.vdata
    for faction in data["initiative"]:
        supplied = supplied_areas(data, faction)
        mine = sorted(a for a, f in data["control"].items() if f == faction)
        marked = set(data["oos"])
        for a in mine:
            if a in supplied and a in marked:
                marked.discard(a)  # step 4
                state.log(f"{a} is back in supply for {faction}")
        for a in mine:
            if a in marked:  # step 5: a second supply phase without supply
                m = vmap()
                port = m.land(a).port
                doomed = [u for u in units(data) if u["f"] == faction and u["a"] in (a, port)]
                for u in doomed:
                    remove_unit(data, u)
                if doomed:
                    state.log(f"{len(doomed)} {faction} units out of supply in {a} are eliminated")
        for a in mine:
            if a not in supplied and a not in marked:  # step 6
                marked.add(a)
                state.log(f"{a} is out of supply for {faction}")
        data["oos"] = sorted(marked)
