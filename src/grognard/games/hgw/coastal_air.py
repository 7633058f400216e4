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

Losses (N9.5): `data["coastal_air_lost"]` is {hex: points} for the player turn: the
coastal air a hex lost in naval base attacks (coastal_strike.py), which the hex lacks
until the end of the combat phase (naval.air_at takes them off). Then, as the garrisons
come back (turn.EndCombat), `restore` lifts every record: up to six points come back (the
hex's own coastal air, like a garrison); points lost beyond six were bought ones and are
gone for good, taken off the hex's armies (ours: N9.5's markers read as a record of
losses, a small one lifted whole, the part of a large one above six kept). Coastal air's
fire against an invasion (naval.air_attack) costs it nothing, as before. The points also
attack naval bases (coastal_strike.py, N9.4), search (naval_search.py, N5.5) and lend an
air attack one tac air point for each six (air_combat.py, N9.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core.errors import IllegalAction
from grognard.core.game import Action

from .board import geo, points
from .capability import load_capability
from .geography import Place
from .layout import HgwBoard
from .naval_builds import item_price
from .optional import has_option
from .research import level, new_research
from .supply import supplied_places

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
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


def bought_at(data: Data, place: Place, side: str) -> int:
    """The coastal air points `side`'s armies in `place` hold (N9.1)."""
    held = data.get("coastal_air", {})
    return sum(
        int(held.get(a, 0)) for a, x in data["armies"].items() if x["side"] == side and x["at"] == place
    )


def lost_at(data: Data, place: Place) -> int:
    """N9.5: the coastal air points `place` has lost this player turn."""
    return int(data.get("coastal_air_lost", {}).get(place, 0))


def record_loss(game: HgwState, place: Place, lost: int) -> None:
    """N9.5: `lost` coastal air points of `place` recorded in the hex."""
    if lost <= 0:
        return
    record = game.data.setdefault("coastal_air_lost", {})
    record[place] = lost_at(game.data, place) + lost


RESTORED = 6  # N9.5: a hex's record of six or fewer points is lifted whole


def restore(game: HgwState) -> None:
    """N9.5, at the end of a combat phase: every hex's record lifted; points beyond six
    come off the coastal air bought by the armies there, the largest holding first."""
    data = game.data
    record = data.pop("coastal_air_lost", None)
    if not record:
        return
    held = data.setdefault("coastal_air", {})
    for place, lost in sorted(record.items()):
        gone = max(0, int(lost) - RESTORED)
        armies = sorted(
            (a for a, x in data["armies"].items() if x["at"] == place and int(held.get(a, 0)) > 0),
            key=lambda a: (-int(held[a]), a),
        )
        for a in armies:
            take = min(gone, int(held[a]))
            held[a] = int(held[a]) - take
            gone -= take
            if take:
                game.log(f"{data['armies'][a]['name']} loses {points(take, 'coastal air')} for good (N9.5)")
            if not held[a]:
                del held[a]
        game.log(f"the coastal air of {place} is back, less any points lost beyond six (N9.5)")


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


def apply(game: HgwState, side: str, action: Action) -> None:
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
