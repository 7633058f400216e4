"""The Pacific's production routes in the budgets, where the Pacific is in play (Campaign
Game IV, The Pacific War): Japanese imports (G21.1-G21.3, over japan.py's rule functions)
and Australia's shipping (G24.0, over australia.py's):

- G21.1: the Axis budget gains Japan's three points from the United States while a
  shipping route runs from a home-island port the Axis holds (Tokyo 2077, the only one
  the map marks) to a U.S. west coast port (Seattle 15107, San Francisco 19107), traced
  by the shipping rules (shipping.trace, the Japan area's lanes) through hexes that are
  the Axis's or nobody's. Like the U.S. Gulf route (United States 1), a production route
  of a fixed capacity draws no shipping counter, so a route traced carries its three.
- G21.2: the United States breaks the route as soon as the rule lets it (at war with
  Japan, or Japan in any hex of French Indochina): breaking costs the U.S. nothing, so
  every U.S. player would (the July 1941 embargo answered the occupation of southern
  Indochina). In The Pacific War the U.S. is at war from the first turn: no imports.
- G21.3: the production of the Axis-held places of Korea, Manchukuo and China counts only
  while a shipping route runs from one of their Axis-held coastal hexes (the map marks
  no port there) to a home-island port the Axis holds; without one, it is lost to the
  budget that turn. With one, all of it counts: like the other production routes, it
  draws no shipping counter (docs/hgw-design.md, "The Pacific rules played").
- G24.0: Australia's current production (its Allied-held, supplied, working points)
  reaches the Allied budget only by a shipping route from an Australian port the Allies
  hold (Sydney 4580, the only one the map marks) to a U.S. west coast port, through
  hexes of the Allies or nobody's; without one the route's capacity is nothing and the
  whole of it is lost that turn (australia.australia_delivers). A route traced carries
  it all, drawing no shipping counter, as above.

Attacks: once the United States is at war, the G24.0 and G21.3 routes are declared at
the naval movement (pacific_routes.py), so enemy fleets may attack them; their losses
come off the owner's next production (sea_war's route_losses). Besides, a route cut by
the map's owners (ports lost, lanes through enemy hexes) stops them here.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache
from typing import Any

from .australia import australia_delivers, is_australian
from .board import production_of
from .geography import Place, geography
from .japan import japanese_imports, may_break_imports, west_coast_ports
from .layout import HgwBoard
from .map import load_map
from .pacific_tables import load_pacific
from .shipping import Route, trace
from .theater import plays_pacific

Data = HgwBoard
AXIS, ALLIED = "axis", "allied"


def _usable(data: Data, side: str = "axis") -> Any:
    def usable(h: str) -> bool:
        return data["owner"].get(h) in (side, None)

    return usable


def home_ports(data: Data) -> list[Place]:
    """The home islands' ports the Axis holds."""
    return [h for h in _ports_of(load_pacific().imports.home) if data["owner"].get(h) == AXIS]


@cache
def _ports_of(countries: tuple[str, ...]) -> tuple[Place, ...]:
    hmap = load_map()
    return tuple(sorted(h for h, x in hmap.hexes.items() if x.country in countries and hmap.is_port(h)))


def imports_route(data: Data) -> tuple[Place, Place] | None:
    """G21.1: a (home port, west coast port) pair a shipping route joins, if any."""
    for home in home_ports(data):
        for port in west_coast_ports():
            if trace(home, port, usable=_usable(data)) is not None:
                return home, port
    return None


def imports(data: Data) -> int:
    """G21.1-G21.2: the points Japan imports this production phase."""
    route = imports_route(data)
    if route is None:
        return 0
    return japanese_imports(data, route[1], load_pacific().imports.points, broken=may_break_imports(data))


def mainland_route(data: Data) -> Route | None:
    """G21.3: a shipping route from a home-island port the Axis holds to an Axis-held
    coastal hex of Korea, Manchukuo or China (the first such hex by number), if any."""
    hmap = load_map()
    overseas = load_pacific().imports.overseas
    homes = home_ports(data)
    for h in sorted(geography(data["scenario"]).places):
        if data["owner"].get(h) != AXIS or h not in hmap.hexes:
            continue
        x = hmap.hex(h)
        if x.country in overseas and x.kind == "land" and hmap.is_coastal(h):
            for home in homes:
                route = trace(home, h, usable=_usable(data))
                if route is not None:
                    return route
    return None


def mainland_shipped(data: Data) -> bool:
    """G21.3: a shipping route joins an Axis-held coastal hex of Korea, Manchukuo or
    China to a home-island port the Axis holds."""
    return mainland_route(data) is not None


def mainland_lost(data: Data, full: Collection[Place]) -> int:
    """G21.3: the mainland production the budget loses for want of a shipping route."""
    g = geography(data["scenario"])
    overseas = load_pacific().imports.overseas
    points = sum(
        production_of(data, p) for p in full
        if data["owner"].get(p) == AXIS and g.country.get(p) in overseas
    )
    return 0 if not points or mainland_shipped(data) else points


def australian_ports(data: Data) -> list[Place]:
    """Australia's ports the Allies hold."""
    return [h for h in _ports_of((load_pacific().australia.territory,)) if data["owner"].get(h) == ALLIED]


def australia_route(data: Data) -> tuple[Place, Place] | None:
    """G24.0: an (Australian port, west coast port) pair a shipping route joins, if any."""
    route = australia_shipping(data)
    return None if route is None else (route.origin, route.destination)


def australia_shipping(data: Data) -> Route | None:
    """G24.0: the shipping route from an Australian port the Allies hold to a U.S. west
    coast port (the first pair that has one), if any."""
    for port in australian_ports(data):
        for coast in west_coast_ports():
            route = trace(port, coast, usable=_usable(data, ALLIED))
            if route is not None:
                return route
    return None


def australia_lost(data: Data, full: Collection[Place]) -> int:
    """G24.0: the Australian production the Allied budget loses for want of its route."""
    owner = data["owner"]
    production = sum(production_of(data, p) for p in full if owner.get(p) == ALLIED and is_australian(p))
    if not production:
        return 0
    route = australia_route(data)
    if route is None:  # nothing carries it: a capacity of nothing
        start = next(iter(australian_ports(data)), None)
        if start is None:
            return production  # no Australian port left to sail from
        return production - australia_delivers(data, start, west_coast_ports()[0], 0, 0, production)
    return production - australia_delivers(data, route[0], route[1], production, 0, production)


def effects(data: Data, side: str, full: Collection[Place]) -> tuple[int, list[str]]:
    """What G21 and G24 add to (or take off) the side's budget this phase, `full` being
    its places in full supply, with the log's words for it: found once, as the routes
    they trace are long."""
    if side not in (AXIS, ALLIED) or not plays_pacific(data["scenario"]):
        return 0, []
    if side == ALLIED:
        cut = australia_lost(data, full)
        return -cut, [f"no shipping route joins Australia to the U.S. west coast: its {cut} production points"
                      " are lost this turn (G24.0)"] if cut else []
    words = []
    got = imports(data)
    if got:
        words.append(f"Japan imports {got} production points from the United States (G21.1)")
    lost = mainland_lost(data, full)
    if lost:
        words.append(f"no shipping route joins Japan's mainland to the home islands: its {lost} production"
                     " points are lost this turn (G21.3)")
    return got - lost, words
