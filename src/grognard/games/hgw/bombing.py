"""Campaign Game II's strategic bombing (Strategic Bombing 1-7, Atomic Bombs 3-4, Morale
Attacks 1-3) as functions over the strategic state (strategic.py says its layout).

A raid, in the strategic warfare phase (step 2a of Campaign Game II's player turn):
  1. the bomber escorts that fly with the bombers and the target's air defence exchange
     fire on the Firepower Table, at once (6);
  2. the surviving air defence fires at the bombers; losses come off at once (3), bombers
     without atomic bombs first (Atomic Bombs 4);
  3. the surviving bombers fire at the target's industry (4; the attacker then picks the
     points, strategic.devastate) or at its morale (5; morale.py);
  4. the atomic bombs aboard surviving bombers are then dropped one by one
     (strategic.detonate), after every normal bomb and missile (Atomic Bombs 5-6).
Every firing above ten strength fires in volleys of ten (K2, firepower.py).
The tech levels come from the research state (research.py): bombers and escorts may be
built once their level is past the prohibited ones, air defence at once (1), and the
bomber level sets the raid range, three to eleven hexes (2).
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass

from grognard.core.errors import IllegalAction

from .capability import load_capability
from .firepower import Volley, fire
from .map import hex_distance
from .research import Dice, Research, is_prohibited, level
from .strategic import Strategic, bombers_at, points, set_bombers, set_points
from .strategic_tables import load_strategic

HOSTILE = {"axis": ("soviet", "allied"), "soviet": ("axis",), "allied": ("axis",)}  # Strategic Bombing 7
ITEMS = {"bombers": "bomber", "escorts": "escort", "air_defence": "air_defence"}


def bomber_range(research: Research, side: str) -> int:
    """Strategic Bombing 2: the range of the side's bombers at its bomber tech level."""
    return load_capability().capability("bomber", "range", level(research, side, "bomber"))


def why_not_build(research: Research, side: str, kind: str) -> str | None:
    """Strategic Bombing 1: bombers and escorts once the tech levels allow, air defence any time."""
    item = ITEMS.get(kind)
    if item is None:
        return f"{kind} is not a strategic bombing strength point"
    if is_prohibited(research, side, item):
        what = item.replace("_", " ")
        return f"{side} may not build {what} points at tech level {level(research, side, item)} (Item Cost 3)"
    return None


def place_built(
    strategic: Strategic,
    research: Research,
    side: str,
    kind: str,
    place: str,
    count: int,
    *,
    production_hex: bool,
) -> Strategic:
    """Strategic Bombing 1: new points go on their marker in a friendly, supplied production
    hex of the producing country (`production_hex`: the caller's check of all three)."""
    why = why_not_build(research, side, kind)
    if why is None and not production_hex:
        why = "new points go in a friendly, supplied production hex of their country (Strategic Bombing 1)"
    if why is None and count < 1:
        why = "build at least one point"
    if why is not None:
        raise IllegalAction(why)
    new = copy.deepcopy(strategic)
    if kind == "bombers":
        here = bombers_at(new, side, place)
        set_bombers(new, side, place, {"sp": here["sp"] + count, "atomic": here["atomic"]})
    else:
        set_points(new, kind, side, place, points(new, kind, side, place) + count)
    return new


def why_not_ferry(kind: str, airbases: list[str], *, friendly_route: bool) -> str | None:
    """Strategic Bombing 1: a ferry hops between airbases at most 20 (bombers), 15 (escorts)
    or 7 (air defence) hexes apart, over friendly or ocean hexes only (`friendly_route`:
    the caller's check of the hexes between)."""
    reach = getattr(load_strategic().ferry, ITEMS.get(kind, "none"), None)
    if reach is None:
        return f"{kind} is not a strategic bombing strength point"
    if len(airbases) < 2:
        return "a ferry runs from one airbase to another"
    for a, b in itertools.pairwise(airbases):
        apart = hex_distance(a, b)
        if apart > reach:
            return f"airbases {a} and {b} are {apart} hexes apart; {kind} ferry {reach} (Strategic Bombing 1)"
    if not friendly_route:
        return "a ferry route crosses only friendly or ocean hexes (Strategic Bombing 1)"
    return None


def why_not_raid(
    strategic: Strategic,
    research: Research,
    side: str,
    base: str,
    target: str,
    target_side: str,
    escorts: int,
    atomic: int,
) -> str | None:
    """Strategic Bombing 2, 6-7; Atomic Bombs 3: may `side`'s bombers at `base` raid `target`
    (friendly to `target_side`), with `escorts` escorts and `atomic` bombs from the same base?"""
    here = bombers_at(strategic, side, base)
    if here["sp"] < 1:
        return f"{side} has no bombers at {base}"
    if target_side not in HOSTILE.get(side, ()):
        return f"{side} bombers may not attack {target_side} territory (Strategic Bombing 7)"
    reach, distance = bomber_range(research, side), hex_distance(base, target)
    if distance > reach:
        return f"{target} is {distance} hexes from {base}; bomber range {reach} (Strategic Bombing 2)"
    if not 0 <= escorts <= points(strategic, "escorts", side, base):
        return f"only {points(strategic, 'escorts', side, base)} escort point(s) at {base} to fly along"
    if not 0 <= atomic <= here["atomic"]:
        return f"only {here['atomic']} atomic bomb(s) aboard the bombers at {base} (Atomic Bombs 3)"
    return None


@dataclass(frozen=True)
class Raid:
    """What one raid did, step by step (the module docstring)."""

    escort_fire: Volley | None
    defence_at_escorts: Volley | None
    defence_fire: Volley | None
    bomber_losses: int
    bombs_lost: int
    bombing: Volley | None  # the surviving bombers' fire: devastation, or morale hits
    bombs: int  # atomic bombs aboard surviving bombers, to drop (strategic.detonate)


def raid(
    strategic: Strategic,
    research: Research,
    dice: Dice,
    side: str,
    base: str,
    target: str,
    target_side: str,
    *,
    escorts: int = 0,
    atomic: int = 0,
    modifier: int = 0,
) -> tuple[Strategic, Raid]:
    """Strategic Bombing 3-4, 6; Atomic Bombs 3-4: fly every bomber at `base` (with `escorts`
    escorts and `atomic` bombs) against `target`. `modifier` goes on the raider's attack
    rolls (escort fire and bombing: morale.attack_modifier). The bombing volley's losses are
    the production points devastated, or, against morale, the morale hits (the caller
    passes it to morale.apply_event "morale_bombing_hit", since one raid is all industry or
    all morale, Morale Attacks 3)."""
    why = why_not_raid(strategic, research, side, base, target, target_side, escorts, atomic)
    if why is not None:
        raise IllegalAction(why)
    new = copy.deepcopy(strategic)
    here = bombers_at(new, side, base)
    defence = points(new, "air_defence", target_side, target)
    escort_fire = defence_at_escorts = defence_fire = None
    escorts_left = escorts
    if escorts and defence:  # 6: they exchange fire, simultaneously
        escort_fire = fire(dice, side, escorts, f"bomber escorts over {target}", modifier)
        defence_at_escorts = fire(dice, target_side, defence, f"air defence of {target} at the escorts")
        escorts_left = escorts - min(escorts, defence_at_escorts.losses)
        defence -= min(defence, escort_fire.losses)
    bomber_losses = 0
    if defence:  # 3: the surviving air defence at the bombers
        defence_fire = fire(dice, target_side, defence, f"air defence of {target} at the bombers")
        bomber_losses = min(here["sp"], defence_fire.losses)
    bombers = here["sp"] - bomber_losses
    plain = here["sp"] - atomic  # Atomic Bombs 4: these go first
    bombs_lost = max(0, bomber_losses - plain)
    bombing = fire(dice, side, bombers, f"bombing {target}", modifier) if bombers else None
    set_points(new, "air_defence", target_side, target, defence)
    set_points(new, "escorts", side, base, points(new, "escorts", side, base) - escorts + escorts_left)
    set_bombers(new, side, base, {"sp": bombers, "atomic": here["atomic"] - atomic})
    result = Raid(
        escort_fire, defence_at_escorts, defence_fire, bomber_losses, bombs_lost, bombing, atomic - bombs_lost
    )
    return new, result
