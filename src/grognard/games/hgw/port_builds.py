"""Ports, major naval ports and supply roads bought in the production phase (Naval Action:
Ports 2, N10.2; Major Naval Ports 1-2, N11.1-2; Supply Roads, N12): a system_builds
provider for the "naval" system, played under option `naval_action`.

    ("build_port", place)         a port on a friendly, supplied coastal or island hex
                                  without one, at the amphibious point's current cost
                                  (the Units Capability Table's port column, N10.2)
    ("build_naval_port", place)   a major naval port there, at the table's cost plus a
                                  port's when the hex has none (N11.2); complete a game
                                  turn later (N11.1)
    ("build_supply_road", place)  a supply road on a friendly, supplied hex, one point (N12)

What is built is state (ports.py), read wherever the map's ports are.

Our readings (docs/hgw-design.md, "Naval Action builds"): a supply road is offered only
where the terrain stops a supply route (mountain, desert and jungle, Line of Supply 5-7):
elsewhere it would change nothing; an off-map box is not a hex and takes none of these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.errors import IllegalAction
from grognard.core.game import Action

from .board import geo, points
from .layout import HgwBoard, Place
from .naval_builds import item_price
from .optional import has_option
from .ports import add_port, add_supply_road, has_port, has_supply_road, is_naval_base, start_anchor
from .supply import supplied_places

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
VERBS = ("build_port", "build_naval_port", "build_supply_road")
ROAD_COST = 1  # N12
ROADLESS = ("mountain", "desert", "jungle")  # Line of Supply 5-7: terrain a route needs a road to leave


def _building(data: Data, place: Place) -> bool:
    return place in data.get("anchors_building", {})


def price(data: Data, side: str, verb: str, place: Place) -> int | None:
    """Production points for `verb` at `place`, None while prohibited."""
    return _price(data, verb, place, item_price(data, side, "port"), item_price(data, side, "naval_port"))


def _price(data: Data, verb: str, place: Place, port: int | None, anchor: int | None) -> int | None:
    if verb == "build_supply_road":
        return ROAD_COST
    if verb == "build_port":
        return port
    if anchor is None or port is None:
        return None
    return anchor if has_port(data, place) else anchor + port  # N11.2


def sites(data: Data, side: str) -> dict[str, list[Any]]:
    """Where each build may go: friendly, supplied hexes (N10.2, N11.1, N12)."""
    g = geo(data)
    supplied = supplied_places(data, side, home_only=False)
    mine = sorted(p for p, o in data["owner"].items() if o == side and p in supplied and not g.is_box(p))
    coast = [p for p in mine if g.coast_seas.get(p) and not _building(data, p)]
    rough = [p for p in mine if g.terrain.get(p) in ROADLESS]
    return {
        "build_port": [p for p in coast if not has_port(data, p)],
        "build_naval_port": [p for p in coast if not is_naval_base(data, p)],
        "build_supply_road": [p for p in rough if not has_supply_road(data, p)],
    }


def offers(data: Data, side: str, money: int) -> list[Action]:
    if not has_option(data, "naval_action"):
        return []
    found: list[Action] = []
    port, anchor = item_price(data, side, "port"), item_price(data, side, "naval_port")
    for verb, places in sites(data, side).items():
        for p in places:
            cost = _price(data, verb, p, port, anchor)
            if cost is not None and cost <= money:
                found.append((verb, p))
    return found


def cost(data: Data, side: str, action: Action) -> int:
    found = price(data, side, action[0], action[1])
    if found is None:
        raise IllegalAction(f"{side} may not build that yet (Item Cost 3)")
    return found


def apply(game: HgwState, side: str, action: Action) -> None:
    data = game.data
    verb, place = action
    if verb == "build_port":
        add_port(data, place)
        game.log(f"{side} builds a port in {place}")
    elif verb == "build_naval_port":
        paid_port = not has_port(data, place)
        start_anchor(data, side, place)
        with_port = " (with its port)" if paid_port else ""
        game.log(f"{side} starts a major naval port in {place}{with_port}, complete next game turn")
    else:
        add_supply_road(data, place)
        game.log(f"{side} builds a supply road in {place}")


def why_not(data: Data, side: str, action: Action, money: int) -> str | None:
    """Why a port, major naval port or supply road is refused with `money` left."""
    if not has_option(data, "naval_action"):
        return "ports, major naval ports and supply roads are built only with the Naval Action optional rule"
    verb, place = action
    g = geo(data)
    if data["owner"].get(place) != side:
        return f"{place} is not {side}'s: they are built on friendly hexes (N10.2, N11.1, N12)"
    if place not in supplied_places(data, side, home_only=False):
        return f"{place} is out of supply: they are built on supplied hexes (N10.2, N11.1, N12)"
    if verb == "build_supply_road":
        if g.terrain.get(place) not in ROADLESS:
            terrain = g.terrain.get(place)
            return f"supply already leaves {place} ({terrain}): a road there would change nothing"
        if has_supply_road(data, place):
            return f"{place} has a supply road already"
    else:
        if g.is_box(place) or not g.coast_seas.get(place):
            return "ports go on coastal or island hexes (N10.2, N11.1)"
        if _building(data, place):
            return f"a major naval port is being built in {place} (N11.1)"
        if verb == "build_port" and has_port(data, place):
            return f"{place} has a port already"
        if verb == "build_naval_port" and is_naval_base(data, place):
            return f"{place} is a naval base already"
    cost = price(data, side, verb, place)
    if cost is None:
        return "prohibited at the side's amphibious tech level (Item Cost 3)"
    if cost > money:
        return f"it costs {points(cost, 'production')}; {points(money, 'production')} are left"
    return None
