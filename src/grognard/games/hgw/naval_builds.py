"""Ships, U-boats and A.S.W. built in the production phase (Fleets 1-5; U-Boat Attack 1-2;
Anti-Submarine Warfare 1-2): a system_builds provider for the "naval" system.

    ("build_ship", type, fleet, yard)  one capital ship, U-boat or ASW ship point into the
        side's fleet in its naval yard `yard` (Fleets 5; U-Boat Attack 2): the fleet lies
        there, or is a counter not in play (sunk, or one of the set-up's spare counters)
        that enters play there. A fleet holds U-boats or surface ships, never both
        (Fleets 3; U-Boat Attack 1); capital ships need a naval yard (Fleets 2), which
        every build here does.
    ("build_asw_level",)  one point into the side's A.S.W. box (Anti-Submarine Warfare 1),
        which every capital ship and carrier fleet of the side fights U-boats with.

With Naval Action (option naval_action) carriers are built too (Aircraft Carriers 2), and
ship points may also be paid in instalments (ship_builds.py).

Prices are the Units Capability Table's, from the research sheet when the scenario
plays research (`data["research"]`, research.item_cost: ASW ships cost what the A.S.W.
level costs) and otherwise at each side's start levels (research.new_research). A half
point rounds up: budgets are whole points (our reading).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from grognard.core.game import Action

from .board import points
from .capability import Halves, Item
from .fleets import is_uboat_fleet, ships
from .layout import Fleet, HgwBoard
from .map import load_map
from .optional import has_option
from .research import item_cost, new_research

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
VERBS = ("build_ship", "build_asw_level")
ITEMS: dict[str, Item] = {
    "capital": "capital_ship",
    "uboat": "uboat",
    "asw": "asw_ship",
    "carrier": "carrier",
}
LABELS = {"capital": "capital ship", "uboat": "U-boat", "asw": "ASW", "carrier": "carrier"}
BUILT = ("capital", "uboat", "asw")  # Fleets 4: no carriers in Europe (Aircraft Carriers)


def built(data: Data) -> tuple[str, ...]:
    """The ship types built here: with Naval Action every side builds carriers too
    (Aircraft Carriers 2, N8.2)."""
    return (*BUILT, "carrier") if has_option(data, "naval_action") else BUILT


@cache
def _start() -> Any:
    return new_research()


def price(data: Data, side: str, kind: str) -> int | None:
    """Whole production points for one point of ship type `kind`, None while prohibited."""
    return item_price(data, side, ITEMS[kind])


def item_price(data: Data, side: str, item: Item) -> int | None:
    """Whole production points for one `item` of the Units Capability Table at `side`'s
    level, None while prohibited (or for a side without a sheet)."""
    research = data.get("research") or _start()
    if side not in research:
        return None
    halves: Halves | None = item_cost(research, side, item)
    return None if halves is None else -(-int(halves) // 2)


def yards(data: Data, side: str) -> list[str]:
    """The side's naval yards (Fleets 2, 5)."""
    owner = data["owner"]
    return [p for p in _yard_hexes() if owner.get(p) == side]


@cache
def _yard_hexes() -> tuple[str, ...]:
    """Every naval yard of the map, sorted: a production listing asks for the side's
    at each kind of ship point."""
    hmap = load_map()
    return tuple(sorted(h for h in hmap.hexes if hmap.has_feature(h, "naval_yard")))


def _fits(fleet: Fleet, kind: str) -> bool:
    """Fleets 3; U-Boat Attack 1: U-boats into a U-boat fleet, ships into a surface one;
    an empty counter is of the type its record names (a spare counter's one type)."""
    if fleet["at"] is None or fleet["sp"] <= 0:
        typed = fleet.get("ships", {})
        return not typed or ("uboat" in typed) == (kind == "uboat")
    return is_uboat_fleet(fleet) == (kind == "uboat")


def destinations(data: Data, side: str, kind: str) -> list[tuple[str, str]]:
    """(fleet, yard): where a new point of type `kind` may go (Fleets 3, 5)."""
    found: list[tuple[str, str]] = []
    own = yards(data, side)
    for f, x in sorted(data.get("fleets", {}).items()):
        if x["side"] != side or not _fits(x, kind):
            continue
        if x["at"] is None or x["sp"] <= 0:
            found += [(f, yard) for yard in own]  # enters play there
        elif x["at"] in own and "patrol" not in x:
            found.append((f, x["at"]))
    return found


def offers(data: Data, side: str, money: int) -> list[Action]:
    found: list[Action] = []
    for kind in built(data):
        price = item_price(data, side, ITEMS[kind])
        if price is None or price > money:
            continue
        found += [("build_ship", kind, f, yard) for f, yard in destinations(data, side, kind)]
    price = item_price(data, side, "asw")
    if price is not None and price <= money:
        found.append(("build_asw_level",))
    return found


def cost(data: Data, side: str, action: Action) -> int:
    item = "asw" if action[0] == "build_asw_level" else ITEMS[action[1]]
    price = item_price(data, side, item)
    if price is None:
        raise ValueError(f"{item} is prohibited to {side} at its tech level")
    return price


def apply(game: HgwState, side: str, action: Action) -> None:
    data = game.data
    if action[0] == "build_asw_level":
        box = data.setdefault("asw_level", {})
        box[side] = int(box.get(side, 0)) + 1
        game.log(f"{side} raises its A.S.W. level to {points(box[side])}")
        return
    _, kind, fleet_id, yard = action
    launch(game, side, kind, fleet_id, yard)


def launch(game: HgwState, side: str, kind: str, fleet_id: str, yard: str) -> None:
    """A new point of type `kind` joins `fleet_id` in naval yard `yard` (Fleets 5)."""
    data = game.data
    fleet = data["fleets"][fleet_id]
    if fleet["at"] is None or fleet["sp"] <= 0:
        fleet["at"] = yard
        fleet["ships"] = {k: 0 for k in (("uboat",) if kind == "uboat" else ("capital", "carrier", "asw"))}
        fleet["sp"] = 0
        fleet.pop("patrol", None)
    typed = fleet.setdefault("ships", ships(fleet))
    typed[kind] = int(typed.get(kind, 0)) + 1
    fleet["sp"] = int(fleet["sp"]) + 1
    label = LABELS[kind]
    game.log(f"{side} builds a {label} point into {fleet['name']} at {yard}")
