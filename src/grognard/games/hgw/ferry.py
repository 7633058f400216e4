"""Campaign Game II's ferrying of U.S. tac air in the movement phase (Tac Air Abilities 1,
K10.1) as questions of the board: the armies U.S. tac air may be assigned to without sea
transport (`ferry_destinations`, over airpower.ferry_areas) and the Newfoundland
crossing's one roll a player turn (`ferry`). movement.MoveTo offers and applies them.

The friendly hexes a route needs are the side's own places, and the map hexes outside
the scenario's play whose country lies in an off-map box the side holds (Newfoundland,
hex 1416, is Canada's, in the Canada box): the European map plays neither Brazil nor
Ascension, so the South Atlantic route stays shut there (docs/hgw-design.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .airpower import ferry_areas as open_areas
from .airpower import ferry_loss
from .airpower_tables import load_airpower
from .board import geo, on_board, points
from .geography import Place
from .layout import HgwBoard, placed
from .map import load_map
from .pacific_ferry import chain_destinations

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
FERRYING_SIDE = "allied"  # the rules ferry U.S. tac air, and the U.S. is an Allied power


def friendly_hexes(data: Data, side: str) -> set[Place]:
    """The side's friendly hexes for the ferry routes (the module's note)."""
    g = geo(data)
    hmap = load_map()
    held = {p for p, owner in data["owner"].items() if owner == side}
    boxes = {hmap.hex(p).country for p in g.box_at if data["owner"].get(p) == side and p in hmap}
    held |= {h for h in hmap.hexes if h not in g.places and hmap.hex(h).country in boxes}
    return held


def ferry_destinations(data: Data, side: str, source: str) -> dict[Place, str]:
    """The places of the side's armies that tac air of army `source` may be ferried to,
    each with the route it takes: the named routes (below), and in the Pacific half the
    chain of stops (pacific_ferry.py)."""
    chained = chain_destinations(data, side, source)  # K10.1: the Pacific and Indian oceans
    return {**chained, **_named_destinations(data, side, source)}


def _named_destinations(data: Data, side: str, source: str) -> dict[Place, str]:
    """From a United States hex, to an army in an area an open named route reaches (the
    safe route first)."""
    army = data["armies"][source]
    hmap = load_map()
    tables = load_airpower()
    at = army["at"]
    if side != FERRYING_SIDE or at is None or at not in hmap or hmap.hex(at).country not in tables.origin:
        return {}
    routes = open_areas(friendly_hexes(data, side))
    if not routes:
        return {}
    area_of = {c: area for area, spec in tables.areas.items() for c in spec.countries}
    out: dict[Place, str] = {}
    for a in on_board(data, side):
        p = placed(data["armies"][a])
        area = area_of.get(hmap.hex(p).country) if p in hmap else None
        if area in routes and p != at:
            out[p] = routes[area]
    return out


def ferry(game: HgwState, side: str, target: str, route: str, count: int) -> int:
    """Tac Air Abilities 1: `count` tac air points ferried into army `target` by `route`;
    over Newfoundland the side's first ferry of the player turn rolls two dice, a 12
    losing one of the points. The points that arrive."""
    data = game.data
    stamp = f"{data['turn']}:{side}"
    named = load_airpower().routes.get(route)  # the Pacific chain is no named route
    if named is not None and named.risky and data.get("ferry_rolled") != stamp:
        data["ferry_rolled"] = stamp  # one roll a player turn, however many transfers
        loss = ferry_loss(game, side, route)
        lost = points(loss.lost, "tac air")
        game.log(f"{side} ferries tac air by Newfoundland: rolls {sum(loss.rolls)}, {lost} lost")
        count -= loss.lost
    name = data["armies"][target]["name"]
    game.log(f"{side} ferries {points(count, 'tac air')} to {name} by the {route.replace('_', ' ')} route")
    return count

