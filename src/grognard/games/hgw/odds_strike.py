"""Odds before a strategic strike of Campaign Game II (issue 22: odds before every kind of
attack): a bombing raid on industry or morale (Strategic Bombing 3-4, 6; Morale Attacks
1-2) and a missile launch (Strategic Missiles 3-4), forecast by playing the engine's own
functions, bombing.raid and missiles.launch, over every sequence of die rolls
(odds_dice.outcomes), so the odds are exact and no rule is written twice.

battle_at describes the strike a `raid`, `raid_morale`, `launch` or `launch_morale`
action would make, from the seat's view (the strategic record and research sheets are
open information): kind "bombing" or "missile", the side, the bomber base or missile
counter, the target and its side, the escorts (every escort of the base flies: the
player chooses how many next), the missile points fired, the morale modifier, and the
strategic record and research the functions read. "Winning" is doing harm: at least one
production point devastated (or morale hit); the defender's losses are those points,
the attacker's the bombers and escorts shot down.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from grognard.core.errors import IllegalAction
from grognard.core.odds import BadBattle, Odds, wilson_halfwidth

from . import bombing, missiles
from .layout import HgwBoard
from .morale import penalty as morale_penalty
from .odds_dice import Dice, distribution
from .strategic import bombers_at, points, research_of
from .strategic_tables import load_strategic

STRIKES = ("raid", "raid_morale", "launch", "launch_morale")
NOTE_ESCORTS = "Every escort at the base flies with the raid (you choose how many next)."


def strike_at(data: HgwBoard, role: str, action: tuple[Any, ...]) -> dict[str, Any] | None:
    """The description of the strike `action` makes, or None when it is no strike."""
    verb = action[0]
    stra = data.get("strategic")
    if verb not in STRIKES or stra is None:
        return None
    morale = load_strategic().morale
    common = {
        "side": role,
        "strategic": stra,
        "research": research_of(data),
        "modifier": morale_penalty(data, role),
    }
    if verb in ("raid", "raid_morale"):
        base, target = str(action[1]), str(action[2])
        country = (
            next((c for c, h in morale.capitals.items() if h == target), None)
            if verb == "raid_morale"
            else None
        )
        target_side = morale.sides[country] if country else str(data["owner"].get(target))
        defence = points(stra, "air_defence", target_side, target)
        escorts = points(stra, "escorts", role, base) if defence else 0
        bombers = bombers_at(stra, role, base)["sp"]
        return {
            **common,
            "kind": "bombing",
            "base": base,
            "target": target,
            "target_side": target_side,
            "morale": country,
            "escorts": escorts,
            "attacker": {"bombers": bombers, "escorts": escorts},
            "defender": {"air_defence": defence},
            "roles": {"attacker": role, "defender": target_side},
        }
    counter, fired = str(action[1]), int(action[2])
    entry = missiles.counters(stra, role).get(counter)
    if entry is None:
        raise BadBattle(f"{role} has no missile counter {counter}")
    capital = str(action[3]) if verb == "launch_morale" else None
    country = next((c for c, h in morale.capitals.items() if h == capital), None) if capital else None
    target = capital or str(entry["at"])
    return {
        **common,
        "kind": "missile",
        "counter": counter,
        "fired": fired,
        "target": target,
        "morale": country,
        "attacker": {"missiles": fired},
        "defender": {},
        "roles": {"attacker": role, "defender": morale.sides[country] if country else "defender"},
    }


def strike_odds(description: Mapping[str, Any]) -> Odds:
    """The odds of a strike described by `strike_at`."""
    stra, research = description.get("strategic"), description.get("research")
    if not isinstance(stra, Mapping) or not isinstance(research, Mapping):
        raise BadBattle("a strike's odds need the strategic record and research sheets it is read from")
    side, target = str(description.get("side")), str(description.get("target"))
    modifier = int(description.get("modifier") or 0)

    def raid(dice: Dice) -> tuple[int, int]:
        try:
            _, done = bombing.raid(
                stra,  # type: ignore[arg-type]  # the view's record, read as the engine's
                research,  # type: ignore[arg-type]
                dice,
                side,
                str(description.get("base")),
                target,
                str(description.get("target_side")),
                escorts=int(description.get("escorts") or 0),
                modifier=modifier,
            )
        except IllegalAction as exc:
            raise BadBattle(str(exc)) from None
        shot = done.defence_at_escorts.losses if done.defence_at_escorts else 0
        lost = done.bomber_losses + min(int(description.get("escorts") or 0), shot)
        return (done.bombing.losses if done.bombing else 0), lost

    def launch(dice: Dice) -> tuple[int, int]:
        try:
            _, done = missiles.launch(
                stra,  # type: ignore[arg-type]
                dice,
                side,
                str(description.get("counter")),
                int(description.get("fired") or 0),
                [target],
                modifier=modifier,
            )
        except IllegalAction as exc:
            raise BadBattle(str(exc)) from None
        return done.volley.losses, 0

    kind = description.get("kind")
    play = raid if kind == "bombing" else launch
    results, exact, samples = distribution(play)
    harm = math.fsum(p for p, (hits, _) in results if hits)
    what = f"{description['morale']} morale" if description.get("morale") else "production"
    notes = [f"The hits come off {what}; missiles meet no air defence."]
    if kind == "bombing":
        notes = [f"The hits come off {what} (devastated points, or morale hits).", NOTE_ESCORTS]
    return Odds(
        attacker_wins=min(1.0, harm),
        defender_wins=max(0.0, 1.0 - harm),
        mutual=0.0,
        attacker_losses=math.fsum(p * lost for p, (_, lost) in results),
        defender_losses=math.fsum(p * hits for p, (hits, _) in results),
        exact=exact,
        samples=samples,
        interval=0.0 if exact else wilson_halfwidth(sum(1 for _, (hits, _) in results if hits), samples),
        unit="points",
        kind="strike",
        notes=tuple(notes),
    )
