"""Campaign Game II's partisan attacks (Partisan Attacks 1-4) as functions over the game's
plain data: which Axis-friendly hexes the Allied or Soviet player may strike, the roll and
what a capture does. Partisans act in the side's production phase (Campaign Game II's
turn sequence, later work, will call them), paying from its budget:

  1. `why_not_partisans` checks the pick (the side, the hex, the budget, one try a turn);
  2. `partisan_attack` rolls one die for the hex: a 1 or 2 takes it;
  3. `capture_by_partisans` hands a taken hex to the paying side with its production
     devastated (board.capture, not by advance, so no garrison is lost);
  4. `reverts_to_axis` says when a captured hex outside supply goes back: at the end of
     the capturing side's next combat phase, unless a supply route reaches it by then.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grognard.core.errors import IllegalAction

from .board import armies_at, capture, geo
from .geography import Place
from .layout import HgwBoard
from .map import load_map
from .research import Dice

if TYPE_CHECKING:
    from .state import HgwState

SIDES = ("allied", "soviet")  # 1: the Soviets even after their surrender
COST = 2  # 2: production points a pick
TAKES = 2  # 2: the highest roll that takes the hex
EXCLUDED = "germany"  # 1: never in Germany
GUARDED = "italy"  # 1: the Italian mainland only once one of its hexes is the side's

Data = HgwBoard


def _country(h: Place) -> str:
    hmap = load_map()
    return hmap.hex(h).country if h in hmap else ""


def why_not_partisans(
    data: Data, side: str, place: Place, tried: Collection[Place], budget: int
) -> str | None:
    """Partisan Attacks 1, 2 and 4: why `side` may not send partisans against `place`
    this production phase (`tried`: hexes it already picked this turn; `budget`: what is
    left of its production budget), or None."""
    if side not in SIDES:
        return f"only the Allied and Soviet players raise partisans, not the {side} player"
    if data["owner"].get(place) != "axis":
        return f"partisans strike only Axis-friendly hexes; {place} is not Axis"
    if armies_at(data, place):
        return (
            f"partisans strike only hexes no army occupies; {place} holds {', '.join(armies_at(data, place))}"
        )
    country = _country(place)
    if country == EXCLUDED:
        return f"no partisans in Germany ({place})"
    if country == GUARDED and not any(
        owner == side and _country(h) == GUARDED for h, owner in data["owner"].items()
    ):
        return f"partisans reach the Italian mainland ({place}) only once one of its hexes is {side}"
    if place in tried:
        return f"one partisan attack a turn against {place}"
    if budget < COST:
        return f"a partisan attack costs {COST} production points; {budget} left"
    return None


@dataclass(frozen=True)
class PartisanAttack:
    side: str
    place: Place
    cost: int
    roll: int
    taken: bool


def partisan_attack(
    dice: Dice, data: Data, side: str, place: Place, tried: Collection[Place], budget: int
) -> PartisanAttack:
    """Partisan Attacks 2: the pick costs two production points and one die; a 1 or 2
    takes the hex. Changes nothing: the caller deducts `cost` and, if `taken`, calls
    `capture_by_partisans`."""
    why = why_not_partisans(data, side, place, tried, budget)
    if why is not None:
        raise IllegalAction(why)
    (roll,) = dice.roll(1, side, f"partisans against {place}")
    return PartisanAttack(side, place, COST, roll, roll <= TAKES)


def capture_by_partisans(state: HgwState, attack: PartisanAttack) -> int:
    """Partisan Attacks 2-3: the hex becomes the paying side's and all its production is
    devastated (which the side may rebuild at once, in this same production phase).
    Returns the production points devastated."""
    if not attack.taken:
        raise IllegalAction(f"the partisans failed at {attack.place} (a {attack.roll})")
    data = state.data
    capture(state, attack.place, attack.side, by_advance=False)
    value = int(geo(data).production.get(attack.place, 0))
    if value:
        data["devastated"][attack.place] = value
    return value


def reverts_to_axis(captured_turn: int, turn: int, *, combat_over: bool, in_supply: bool) -> bool:
    """Partisan Attacks 3: a captured hex out of supply goes back to the Axis unless a
    supply route reaches it by the end of the capturing side's next combat phase (the
    turn after the capture)."""
    if in_supply:
        return False
    return turn > captured_turn + 1 or (turn == captured_turn + 1 and combat_over)
