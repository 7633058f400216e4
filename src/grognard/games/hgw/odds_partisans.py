"""Odds before a partisan attack of Campaign Game II (issue 22: odds before every kind of
attack; Partisan Attacks 2-3), forecast by playing the engine's own roll,
partisans.partisan_attack, over every way its die can fall (odds_dice.distribution), so
the odds are exact and the rule is not written twice.

partisan_at describes the attack a `("partisans", place)` action would make, from the
seat's view (everything in it is open information): kind "partisans", the side, the
target, what the production phase left (`budget`), the hexes already tried this phase,
the owners of the map's places (the Italian mainland's condition reads them), and the
production the capture would devastate (Partisan Attacks 3: all of the hex's production,
less what is devastated already). "Winning" is taking the hex; the defender's losses
are those production points, the attacker loses nothing but the two points it pays
(noted, not counted: they are paid whatever the roll).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, cast

from grognard.core.errors import IllegalAction
from grognard.core.odds import BadBattle, Odds

from .board import geo
from .layout import HgwBoard
from .odds_dice import Dice, distribution
from .partisans import COST, partisan_attack, why_not_partisans

VERB = "partisans"
NOTE_COST = f"The attack costs {COST} production points, paid whatever the roll."
NOTE_TAKEN = "A taken hex's production is devastated; it returns to the Axis unless supplied (K15.3)."


def partisan_at(
    data: HgwBoard, frame: Mapping[str, Any], role: str, action: tuple[Any, ...]
) -> dict[str, Any] | None:
    """The description of the attack `action` makes, or None when it is none (`data`: the
    board as the seat sees it, seen.data_from_view; `frame`: the view's top frame, whose
    budget and tried hexes the partisan phase keeps)."""
    if not action or action[0] != VERB or len(action) != 2:
        return None
    place = str(action[1])
    top = frame
    budget = int(top.get("budget", 0)) if top.get("state") == VERB else COST
    tried = sorted(top.get("tried", [])) if top.get("state") == VERB else []
    why = why_not_partisans(data, role, place, tried, budget)
    if why is not None:
        raise BadBattle(why)
    value = int(geo(data).production.get(place, 0))
    lost = max(0, value - int(data["devastated"].get(place, 0)))
    return {
        "kind": VERB,
        "side": role,
        "target": place,
        "budget": budget,
        "tried": tried,
        "owner": dict(data["owner"]),
        "production": value,
        "attacker": {"production": COST},
        "defender": {"production": lost},
        "roles": {"attacker": role, "defender": "axis"},
    }


def partisan_odds(description: Mapping[str, Any]) -> Odds:
    """The odds of a partisan attack described by `partisan_at`."""
    owner = description.get("owner")
    defender = description.get("defender")
    if not isinstance(owner, Mapping) or not isinstance(defender, Mapping):
        raise BadBattle("a partisan attack's odds need the owners of the map and the production at stake")
    side, target = str(description.get("side")), str(description.get("target"))
    tried = [str(p) for p in description.get("tried") or ()]
    budget = int(description.get("budget") or 0)
    lost = int(defender.get("production") or 0)
    # the attack's hex holds no army (partisan_at): a board of the owners alone
    data = cast(HgwBoard, {"owner": dict(owner), "armies": {}})

    def attack(dice: Dice) -> bool:
        try:
            return partisan_attack(dice, data, side, target, tried, budget).taken
        except IllegalAction as exc:
            raise BadBattle(str(exc)) from None

    results, exact, samples = distribution(attack)
    taken = math.fsum(p for p, won in results if won)
    return Odds(
        attacker_wins=taken,
        defender_wins=1.0 - taken,
        mutual=0.0,
        attacker_losses=0.0,
        defender_losses=taken * lost,
        exact=exact,
        samples=samples,
        unit="points",
        kind="strike",
        notes=(NOTE_COST, NOTE_TAKEN),
    )
