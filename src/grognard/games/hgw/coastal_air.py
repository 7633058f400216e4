"""Coastal air strength points bought in production (Naval Action: Coastal Air Strength
Points 1-2, N9.1-N9.2): a system_builds provider for the "naval" system, played under
option `naval_action`.

    ("build_coastal_air", army)  six coastal air points into `army`, standing in a friendly,
                                 supplied coastal or island hex, at the Units Capability
                                 Table's coastal air cost (a price for six points, tied to
                                 the side's tac air level: N9.2)

Bought points live in armies like tac air (N9.1): `data["coastal_air"]` is {army: points};
an army that leaves the board loses them (board.remove_points, board.eliminate). They add
to the coastal air a hex has by itself, or give coastal air to a hex without any
(`bought_at`, read by naval.air_at against invasions: Coastal Airpower 1-7).

Not played yet (docs/hgw-design.md): coastal air used as tac air (N9.3), naval base attacks
(N9.4), and losses recorded in the hex and restored with the garrisons (N9.5): against an
invasion, bought points fire like the hex's own and are not lost.
"""

from __future__ import annotations

from typing import Any

from grognard.core.errors import IllegalAction
from grognard.core.game import Action

from .board import geo, points
from .capability import load_capability
from .naval_builds import item_price
from .optional import has_option
from .research import level, new_research
from .supply import supplied_places

Data = dict[str, Any]
VERBS = ("build_coastal_air",)
ITEM = "coastal_air"


def per_purchase() -> int:
    """Strength points one price buys: six (the table's cost-per-six mark)."""
    return load_capability().item(ITEM).per


def tech_level(data: Data, side: str) -> int:
    """N9.2: coastal air has the side's tac air tech level (the side's research sheet;
    the start sheet where research is not played)."""
    research = data.get("research") or new_research()
    return level(research, side, ITEM)


def bought_at(data: Data, place: Any, side: str) -> int:
    """The coastal air points `side`'s armies in `place` hold (N9.1)."""
    held = data.get("coastal_air", {})
    return sum(
        int(held.get(a, 0)) for a, x in data["armies"].items() if x["side"] == side and x["at"] == place
    )


def hosts(data: Data, side: str) -> list[str]:
    """The side's armies that may take coastal air: on a friendly, supplied coastal or
    island hex (our reading of N9.1: coastal air stands on coasts)."""
    g = geo(data)
    supplied = supplied_places(data, side, home_only=False)
    return sorted(
        a
        for a, x in data["armies"].items()
        if x["side"] == side
        and x["at"] is not None
        and x["at"] in supplied
        and data["owner"].get(x["at"]) == side
        and not g.is_box(x["at"])
        and g.coast_seas.get(x["at"])
    )


def offers(data: Data, side: str, money: int) -> list[Action]:
    if not has_option(data, "naval_action"):
        return []
    price = item_price(data, side, ITEM)
    if price is None or price > money:
        return []
    return [("build_coastal_air", a) for a in hosts(data, side)]


def cost(data: Data, side: str, action: Action) -> int:
    price = item_price(data, side, ITEM)
    if price is None:
        raise IllegalAction(f"{side} may not build coastal air yet (Item Cost 3)")
    return price


def apply(game: Any, side: str, action: Action) -> None:
    data = game.data
    army_id = action[1]
    held = data.setdefault("coastal_air", {})
    held[army_id] = int(held.get(army_id, 0)) + per_purchase()
    army = data["armies"][army_id]
    game.log(f"{side} builds {points(per_purchase(), 'coastal air')} for {army['name']} in {army['at']}")


def why_not(data: Data, side: str, action: Action, money: int) -> str | None:
    """Why a coastal air purchase is refused with `money` left."""
    if not has_option(data, "naval_action"):
        return "coastal air points are bought only with the Naval Action optional rule (N9.1)"
    army = data["armies"].get(action[1])
    if army is None or army["side"] != side or army["at"] is None:
        return f"{action[1]} is not one of {side}'s armies on the board"
    if action[1] not in hosts(data, side):
        return "coastal air goes into an army on a friendly, supplied coastal or island hex (N9.1)"
    price = item_price(data, side, ITEM)
    if price is None or price > money:
        return f"six coastal air points cost {points(price or 0, 'production')}; {money} are left"
    return None
