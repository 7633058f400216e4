"""Shipping built in the production phase (Shipping 1, 9; K19.1, K19.9): a system_builds
provider for the "naval" system.

    ("build_shipping", port)  one shipping strength point, one production point, into the
        side's counter in `port` (a new counter there if none stands): a port of the side
        in a country it builds in (Building Strength Points 3; Allied Production), or one
        where a counter of its stands already (ours: shipping is placed as land points
        are, and a counter takes more points where it is)
    ("buy_transport",)  once the United States is an Ally, one more point of the U.S.'s
        seasonal transport (the U.S. and Canada lane), one production point; the record
        sheet keeps it from turn to turn (ours, docs/hgw-design.md "Shipping counters")
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core.game import Action

from .board import points
from .geography import geography
from .layout import HgwBoard
from .scenario import load_scenario
from .shipping import shipping_cost
from .shipping_counters import KEY, US_EXTRA, counters, lane_limit, ports, us_in

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
VERBS = ("build_shipping", "buy_transport")
LANE = "U.S. and Canada"


def build_ports(data: Data, side: str) -> list[str]:
    """Where a new shipping point of `side` may go."""
    content = load_scenario(data["scenario"])
    homes = set(content.build_countries.get(side) or content.home_countries[side])
    country = geography(data["scenario"]).country
    mine = counters(data, side)
    return [p for p in ports(data, side) if p in mine or country.get(p) in homes]


def may_buy_transport(data: Data, side: str) -> bool:
    """Shipping 9: the Allies, once the U.S. has joined them, where the lane is played."""
    lanes = load_scenario(data["scenario"]).box_lanes.get(side, {})
    return side == "allied" and LANE in lanes and us_in(data)


def offers(data: Data, side: str, money: int) -> list[Action]:
    if money < shipping_cost(1):
        return []
    found: list[Action] = [("build_shipping", p) for p in build_ports(data, side)]
    if may_buy_transport(data, side):
        found.append(("buy_transport",))
    return found


def cost(data: Data, side: str, action: Action) -> int:
    return shipping_cost(1)  # Shipping 1, 9: one production point a point


def apply(game: HgwState, side: str, action: Action) -> None:
    data = game.data
    if action[0] == "buy_transport":
        data[US_EXTRA] = int(data.get(US_EXTRA, 0)) + 1
        game.log(f"{side} buys a U.S. transport point: {points(lane_limit(data, side, LANE))} a turn")
        return
    port = action[1]
    mine = data.setdefault(KEY, {}).setdefault(side, {})
    mine[port] = int(mine.get(port, 0)) + 1
    game.log(f"{side} builds a shipping point in {port} ({points(mine[port])} there)")


def why_not(data: Data, side: str, action: Action) -> str | None:
    """Why a shipping build is refused (why.py)."""
    if action[0] == "buy_transport" and not may_buy_transport(data, side):
        return "the Allies buy transport only once the United States has joined them (Shipping 9)"
    if action[0] == "build_shipping" and action[1:] and action[1] not in build_ports(data, side):
        return f"{action[1]} is not a port of {side} where it builds or keeps shipping (Shipping 1)"
    return None
