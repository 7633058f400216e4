"""Campaign Game II's strategic warfare state, devastation by bombs and missiles, and atomic
bomb detonation (Strategic Bombing 4, Strategic Missiles 4, Atomic Bombs 2-7), as
functions over JSON-plain state; bombing.py and missiles.py resolve the raids and launches.

STATE LAYOUT (to live at `state.data["strategic"]` once Campaign Game II is played)
    {"bombers":     {side: {place: {"sp": bomber points, "atomic": bombs they carry}}},
     "escorts":     {side: {place: bomber escort points}},
     "air_defence": {side: {place: air defence points}},
     "missiles":    {side: {counter: {"at": place, "sp": missile points, "atomic": bombs}}}}
for the sides in play; the strength point markers of Strategic Bombing 1 are kept per place
(a place holds one marker of each kind per side), missile counters by their own ids
(Strategic Missiles 1: at most three a side). Atomic bomb points sit with the bomber
marker or missile counter they were assigned to (Atomic Bombs 2). Devastation is the
board's (`data["devastated"]`, `data["permanent"]`, board.py), passed in and returned.
"""

from __future__ import annotations

import copy
import functools
from dataclasses import dataclass
from typing import Any, TypedDict

from grognard.core.errors import IllegalAction

from .firepower import Volley, fire
from .layout import HgwBoard
from .research import Dice, Research, is_prohibited, new_research
from .strategic_tables import load_strategic

KINDS = ("bombers", "escorts", "air_defence", "missiles")


class Carrier(TypedDict):
    sp: int
    atomic: int


class MissileCounter(TypedDict):
    at: str
    sp: int
    atomic: int


Strategic = dict[str, Any]  # the layout above: plain JSON


def new_strategic(sides: tuple[str, ...] = ("axis", "soviet", "allied")) -> Strategic:
    """No bombers, escorts, air defence or missiles yet: they are built in Campaign Game II."""
    return {kind: {side: {} for side in sides} for kind in KINDS}


def research_of(data: HgwBoard) -> Research:
    """The research sheet in play, or every side's start (Item Cost 5) without the research
    system: what prices and permits strategic points and sets the bomber range."""
    research: Research | None = data.get("research")
    return research if research is not None else _start_research()


@functools.cache
def _start_research() -> Research:
    return new_research()  # read only: every strategic function copies what it changes


def points(strategic: Strategic, kind: str, side: str, place: str) -> int:
    """Escort or air defence points of `side` at `place` (0 if none)."""
    return int(strategic[kind].get(side, {}).get(place, 0))


def bombers_at(strategic: Strategic, side: str, place: str) -> Carrier:
    here = strategic["bombers"].get(side, {}).get(place, {})
    return {"sp": int(here.get("sp", 0)), "atomic": int(here.get("atomic", 0))}


def set_points(strategic: Strategic, kind: str, side: str, place: str, value: int) -> None:
    """In place, on a copy the caller owns: a marker with no points left is removed."""
    table = strategic[kind].setdefault(side, {})
    if value > 0:
        table[place] = value
    else:
        table.pop(place, None)


def set_bombers(strategic: Strategic, side: str, place: str, carrier: Carrier) -> None:
    table = strategic["bombers"].setdefault(side, {})
    if carrier["sp"] > 0:
        table[place] = {"sp": carrier["sp"], "atomic": min(carrier["atomic"], carrier["sp"])}
    else:
        table.pop(place, None)


# ----- devastation ---------------------------------------------------------------------------
def why_not_devastate(choice: dict[str, int], count: int, undevastated: dict[str, int]) -> str | None:
    """Strategic Bombing 4 and Strategic Missiles 4: the attacker picks which production
    points the result devastates, among the undevastated points of the places in range
    (`undevastated`: {place: points}); the whole result, or every point there is."""
    for place, n in sorted(choice.items()):
        if place not in undevastated:
            return f"{place} is not a production hex in range"
        if n < 0 or n > undevastated[place]:
            return f"{place} has {undevastated[place]} undevastated point(s), not {n}"
    due = min(count, sum(undevastated.values()))
    if sum(choice.values()) != due:
        return f"the result devastates {due} point(s); {sum(choice.values())} chosen"
    return None


def devastate(
    devastated: dict[str, int], choice: dict[str, int], count: int, undevastated: dict[str, int]
) -> dict[str, int]:
    """The board's devastation after the attacker's choice (a new mapping)."""
    why = why_not_devastate(choice, count, undevastated)
    if why is not None:
        raise IllegalAction(why)
    new = dict(devastated)
    for place, n in choice.items():
        if n:
            new[place] = int(new.get(place, 0)) + n
    return new


# ----- atomic bombs ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Detonation:
    """One atomic bomb (Atomic Bombs 5, 7)."""

    place: str
    devastated: int  # production points devastated for good here
    volley: Volley  # six points on the Firepower Table against the strength points there
    losses: int  # what the defender must remove (missile points excluded), at most what is there
    morale: str | None  # the morale country hit (atomic_bomb_hit), if any


def detonate(
    dice: Dice,
    attacker: str,
    place: str,
    production: int,
    devastated: dict[str, int],
    permanent: dict[str, int],
    exposed: int,
    morale_country: str | None,
) -> tuple[dict[str, int], dict[str, int], Detonation]:
    """Atomic Bombs 5: one bomb on `place` (`production` printed points there) devastates one
    production point for good (an undevastated one if any is left; else one already
    devastated becomes unrepairable) and fires six points on the Firepower Table at the
    `exposed` strength points there (missile points never count); the defender picks the
    losses. Returns the new `devastated` and `permanent` and what happened; the caller
    applies the morale hit (morale.apply_event "atomic_bomb_hit") to `morale_country`."""
    table = load_strategic().atomic
    new_dev, new_perm = dict(devastated), dict(permanent)
    done = int(new_dev.get(place, 0))
    lasting = int(new_perm.get(place, 0))
    gone = 0
    for _ in range(table.devastates):
        if lasting >= production:
            break
        if done < production:
            done += 1
        lasting += 1
        gone += 1
    if gone:
        new_dev[place], new_perm[place] = done, lasting
    volley = fire(dice, attacker, table.firepower, f"atomic bomb on {place}")
    return new_dev, new_perm, Detonation(place, gone, volley, min(volley.losses, exposed), morale_country)


def assign_bomb(strategic: Strategic, research: Research, side: str, carrier: str, at: str) -> Strategic:
    """Atomic Bombs 2: a new atomic bomb point goes at once to a bomber marker (`carrier`
    "bombers", `at` its place) or a missile counter ("missiles", `at` its id), which needs
    a bomber or missile point free to carry it; only from atomic bomb tech level 6."""
    if is_prohibited(research, side, "atomic_bomb"):
        raise IllegalAction(f"{side} may not build atomic bombs before tech level 6 (Atomic Bombs 2)")
    new = copy.deepcopy(strategic)
    if carrier == "bombers":
        here = bombers_at(new, side, at)
        if here["atomic"] >= here["sp"]:
            raise IllegalAction(f"no bomber point at {at} is free to carry another bomb (Atomic Bombs 3)")
        set_bombers(new, side, at, {"sp": here["sp"], "atomic": here["atomic"] + 1})
        return new
    entry = new["missiles"].get(side, {}).get(at) if carrier == "missiles" else None
    if entry is None:
        raise IllegalAction(f"{side} has no {carrier} marker {at} to carry an atomic bomb")
    if entry["atomic"] >= entry["sp"]:
        why = f"no missile point of counter {at} is free to carry another bomb"
        raise IllegalAction(f"{why} (Atomic Bombs 3)")
    entry["atomic"] += 1
    return new
