"""Campaign Game II's strategic missiles (Strategic Missiles 1-5; Atomic Bombs 2-3) as
functions over the strategic state (strategic.py says its layout).

Missile counters move like armies (movement is the turn sequence's) but never fight; a
launch, in the strategic warfare phase (step 2b), rolls once per counter with the points it
fires (in volleys of ten above ten, K2, firepower.py) against industry within two hexes,
or against a capital's morale (morale.py); the points fired are used up. Atomic bombs go
with the missile points that carry them and are dropped after every normal bomb and
missile (strategic.detonate, Atomic Bombs 5-6).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from grognard.core.errors import IllegalAction

from .firepower import Volley, fire
from .map import hex_distance
from .research import Dice, Research, is_prohibited
from .strategic import MissileCounter, Strategic
from .strategic_tables import load_strategic


def counters(strategic: Strategic, side: str) -> dict[str, MissileCounter]:
    return dict(strategic["missiles"].get(side, {}))


def why_not_assign(
    strategic: Strategic,
    research: Research,
    side: str,
    counter: str,
    place: str,
    country: str,
    undevastated: int,
) -> str | None:
    """Strategic Missiles 1: missile points are built once research allows and go only to
    counters in a hex of the side's home country (`country`) with an undevastated production
    point; a side has at most three counters on the map. A new counter id opens a counter."""
    table = load_strategic().missile
    if is_prohibited(research, side, "missile"):
        return f"{side} may not build missiles before research passes the prohibited levels (Item Cost 3)"
    home = table.home.get(side, ())
    if country not in home:
        homes = ", ".join(h.replace("_", " ") for h in home) or "nowhere"
        return f"{side} missile counters go only in {homes} (Strategic Missiles 1)"
    if undevastated < 1:
        return f"{place} has no undevastated production point (Strategic Missiles 1)"
    mine = counters(strategic, side)
    if counter in mine and mine[counter]["at"] != place:
        return f"missile counter {counter} is at {mine[counter]['at']}, not {place}"
    if counter not in mine and len(mine) >= table.counters:
        return f"{side} has {table.counters} missile counters on the map already (Strategic Missiles 1)"
    return None


def assign(
    strategic: Strategic,
    research: Research,
    side: str,
    counter: str,
    place: str,
    count: int,
    *,
    country: str,
    undevastated: int,
    atomic: int = 0,
) -> Strategic:
    """Strategic Missiles 1 and Atomic Bombs 2: put `count` new missile points (and `atomic`
    new atomic bomb points, which need the atomic bomb tech level) on a counter."""
    why = why_not_assign(strategic, research, side, counter, place, country, undevastated)
    if why is None and (count < 0 or atomic < 0 or count + atomic < 1):
        why = "assign at least one point"
    if why is None and atomic and is_prohibited(research, side, "atomic_bomb"):
        why = f"{side} may not build atomic bombs before tech level 6 (Atomic Bombs 2)"
    if why is not None:
        raise IllegalAction(why)
    new = copy.deepcopy(strategic)
    table = new["missiles"].setdefault(side, {})
    entry = table.setdefault(counter, {"at": place, "sp": 0, "atomic": 0})
    entry["sp"] += count
    entry["atomic"] += atomic
    return new


def why_not_launch(
    strategic: Strategic, side: str, counter: str, fired: int, atomic: int, targets: list[str]
) -> str | None:
    """Strategic Missiles 3-4; Atomic Bombs 3: the counter fires `fired` of its points, `atomic`
    of them carrying a bomb, at production (or a capital) within two hexes."""
    mine = counters(strategic, side)
    if counter not in mine:
        return f"{side} has no missile counter {counter}"
    entry = mine[counter]
    if not 1 <= fired <= entry["sp"]:
        return f"missile counter {counter} has {entry['sp']} point(s) to fire, not {fired}"
    if not 0 <= atomic <= min(entry["atomic"], fired):
        return f"{atomic} atomic bomb(s) need as many of the fired missiles to carry them (Atomic Bombs 3)"
    reach = load_strategic().missile.range
    for place in targets:
        if hex_distance(entry["at"], place) > reach:
            return f"{place} is more than {reach} hexes from missile counter {counter} (Strategic Missiles 4)"
    return None


@dataclass(frozen=True)
class Launch:
    counter: str
    volley: Volley  # losses: production points devastated, or morale hits
    bombs: int  # atomic bombs that arrive, to drop (strategic.detonate)


def launch(
    strategic: Strategic,
    dice: Dice,
    side: str,
    counter: str,
    fired: int,
    targets: list[str],
    *,
    atomic: int = 0,
    modifier: int = 0,
) -> tuple[Strategic, Launch]:
    """Strategic Missiles 3-4: one roll for the counter's fired points (used up); the losses
    are production points the attacker then picks within `targets` (strategic.devastate),
    or a morale attack's hits (morale.apply_event), never split (Morale Attacks 3)."""
    why = why_not_launch(strategic, side, counter, fired, atomic, targets)
    if why is not None:
        raise IllegalAction(why)
    new = copy.deepcopy(strategic)
    entry = new["missiles"][side][counter]
    volley = fire(dice, side, fired, f"missiles from {entry['at']}", modifier)
    entry["sp"] -= fired
    entry["atomic"] -= atomic
    if entry["sp"] == 0 and entry["atomic"] == 0:
        del new["missiles"][side][counter]  # an empty counter leaves the map
    return new, Launch(counter, volley, atomic)


def enemy_occupies(strategic: Strategic, side: str, place: str) -> Strategic:
    """Strategic Missiles 2: counters never retreat; an enemy army entering their hex
    eliminates them, with their points and bombs."""
    new = copy.deepcopy(strategic)
    mine = new["missiles"].get(side, {})
    for counter in sorted(mine):
        if mine[counter]["at"] == place:
            del mine[counter]
    return new
