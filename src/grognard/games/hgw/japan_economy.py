"""Japanese imports (G21.1-G21.3) in the Axis budget, where the Pacific is in play
(Campaign Game IV, The Pacific War), over japan.py's rule functions:

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
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .board import production_of
from .geography import Place, geography
from .japan import japanese_imports, may_break_imports, west_coast_ports
from .map import load_map
from .pacific_tables import load_pacific
from .shipping import trace
from .supply import supplied_places
from .theater import plays_pacific

Data = dict[str, Any]
AXIS = "axis"


def _usable(data: Data) -> Any:
    def usable(h: str) -> bool:
        return data["owner"].get(h) in (AXIS, None)

    return usable


def home_ports(data: Data) -> list[Place]:
    """The home islands' ports the Axis holds."""
    hmap = load_map()
    home = load_pacific().imports.home
    return sorted(
        h for h, x in hmap.hexes.items()
        if x.country in home and hmap.is_port(h) and data["owner"].get(h) == AXIS
    )


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


def mainland_shipped(data: Data) -> bool:
    """G21.3: a shipping route joins an Axis-held coastal hex of Korea, Manchukuo or
    China to a home-island port the Axis holds."""
    hmap = load_map()
    overseas = load_pacific().imports.overseas
    homes = home_ports(data)
    for h in sorted(geography(data["scenario"]).places):
        if data["owner"].get(h) != AXIS or h not in hmap.hexes:
            continue
        x = hmap.hex(h)
        coastal = x.country in overseas and x.kind == "land" and hmap.is_coastal(h)
        if coastal and any(trace(home, h, usable=_usable(data)) is not None for home in homes):
            return True
    return False


def mainland_lost(data: Data, full: Collection[Place]) -> int:
    """G21.3: the mainland production the budget loses for want of a shipping route."""
    g = geography(data["scenario"])
    overseas = load_pacific().imports.overseas
    points = sum(
        production_of(data, p) for p in full
        if data["owner"].get(p) == AXIS and g.country.get(p) in overseas
    )
    return 0 if not points or mainland_shipped(data) else points


def adjustment(data: Data, side: str, full: Collection[Place]) -> int:
    """What G21 adds to (or takes off) the side's budget this phase."""
    if side != AXIS or not plays_pacific(data["scenario"]):
        return 0
    return imports(data) - mainland_lost(data, full)


def notes(data: Data, side: str) -> list[str]:
    """The log's words for the budget's G21 parts."""
    if side != AXIS or not plays_pacific(data["scenario"]):
        return []
    full = supplied_places(data, side, home_only=True)
    out = []
    got = imports(data)
    if got:
        out.append(f"Japan imports {got} production points from the United States (G21.1)")
    lost = mainland_lost(data, full)
    if lost:
        out.append(f"no shipping route joins Japan's mainland to the home islands: its {lost} production"
                   " points are lost this turn (G21.3)")
    return out
