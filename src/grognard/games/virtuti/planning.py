"""6 - Planning Phase: secret simultaneous placement of order tokens.

Placement restrictions (each cited): an order goes only where the faction has units,
one per area, from the faction's own pool; an order's area kinds are data
(orders.json `places`: Build Fortification and Strategic Movement on land, Defense on
land or sea, Shore Bombardment on sea); Maneuver and Feint Attack never in Mud; units
out of supply take only Defense orders (Effects of being out of supply).
Landings leave from an area with a friendly-controlled port, with at most one, two or
three units for the +0, +1 and +2 tokens; shore bombardment goes on sea zones.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from grognard.core.game import Action
from grognard.core.words import with_article
from grognard.games.virtuti.board import (
    Data,
    acting_factions,
    content,
    controller,
    kind_of,
    land_of,
    units,
    vmap,
)
from grognard.games.virtuti.content import OrderToken
from grognard.games.virtuti.secrets import secret_log

from .verbs import args

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState


def may_place(state: VirtutiState, faction: str, order_id: str, area: str) -> str | None:
    """None when the placement is legal, else the reason."""
    data = state.vdata
    if data["factions"][faction]["orders"].get(order_id, 0) < 1:
        return "none of that order is left in the pool"
    if area in data["orders"]:
        return "only one order may stand in an area"
    if not any(u["a"] == area and u["f"] == faction for u in units(data)):
        return "orders go only where the faction has units"
    return area_refuses(data, order_id, area)


def own_controlled(data: Data, area: str) -> bool:
    """The area is held by a faction that has units in it (the order's owner)."""
    holder = controller(data, area)
    return any(u["a"] == area and u["f"] == holder for u in units(data))


def order_words(order_id: str) -> str:
    """An order as a player says it, with its article: "a move +1 order", "an
    amphibious landing order" (its id is "move_plus_1")."""
    return with_article(f"{order_id.replace('_plus_', ' +').replace('_', ' ')} order")


def area_refuses(data: Data, order_id: str, area: str) -> str | None:
    """The restrictions that depend on the order and the area only."""
    token = TOKENS()[order_id]
    kind = kind_of(area)
    if kind not in token.places:
        return f"{order_words(order_id)} may not stand in {with_article(kind)} area"
    if token.kind == "amphibious_landing":
        port = vmap().land(area).port
        if port is None or controller(data, area) is None or not own_controlled(data, area):
            return "a landing leaves from an area with a friendly-controlled port"
        size = sum(1 for u in units(data) if u["a"] == area and u["f"] == data["control"][area])
        if token.max_stack is not None and size > token.max_stack:
            return f"{order_words(order_id)} carries a stack of at most {token.max_stack}"
    mud = kind == "land" and data["weather"].get(area) == "mud"
    if token.kind in ("maneuver", "feint_attack") and mud:
        return "no maneuver or feint attack in mud"
    if kind != "sea" and land_of(area) in data["oos"] and token.kind != "defense":
        return "units out of supply take only defense orders"
    return None


@cache
def TOKENS() -> dict[str, OrderToken]:
    return {o.id: o for o in content().orders}


class Planning:
    def roles(self, state: VirtutiState) -> list[str]:
        return [r for r in ("axis", "allies") if acting_factions(state.vdata, r)]

    def legal(self, state: VirtutiState, role: str) -> list[Action]:
        data = state.vdata
        out: list[Action] = [("done",)]
        for f in acting_factions(data, role):
            areas = sorted({u["a"] for u in units(data) if u["f"] == f} - set(data["orders"]))
            for order_id, count in sorted(data["factions"][f]["orders"].items()):
                if count < 1:
                    continue
                out += [("order", f, order_id, a) for a in areas if area_refuses(data, order_id, a) is None]
        return out

    def apply(self, state: VirtutiState, role: str, action: Action) -> None:
        named = args(action)
        f, order_id, area = named["faction"], named["order"], named["area"]
        rec = state.vdata["factions"][f]
        rec["orders"][order_id] -= 1
        state.vdata["orders"][area] = {"f": f, "o": order_id}
        secret_log(state, role, f"{f} places {order_id} in {area}")

    def close(self, state: VirtutiState, window: dict[str, Any]) -> dict[str, Any]:
        return {}

    def reveal(self, state: VirtutiState, window: dict[str, Any], chosen: dict[str, Any]) -> None:
        for area, o in sorted(state.vdata["orders"].items()):
            state.log(f"Order revealed: {o['f']} {o['o']} in {area}")
