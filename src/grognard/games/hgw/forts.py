"""Fortifications (The Fall of Germany: Fortifications 1-5, Fort Strength Under
Construction 1-2, Effect Of Forts On Combat 1-5).

DATA LAYOUT (`state.data`)
    forts       {place: {"side", "points": completed points, "building": points under
                construction}}: one fort counter a place, seven a side at most
    absorbed    {place: losses its fort absorbed this player turn} (Effect 3)
    fort_fired  places whose fort made its defensive assault this player turn (Effect 1)

Only plain data questions live here, so that board.py (stacking, defence, capture) may
ask them; the combat steps use them through combat.py.
"""

from __future__ import annotations

from typing import Any

from .layout import HgwBoard, Place

Data = HgwBoard
MOST_FORTS = 7  # Fortifications 4: seven fort counters a side


def fort_points(data: Data, place: Place) -> int:
    """Completed fort points at `place`: they fight, defend and stack; points under
    construction do none of these (Fort Strength Under Construction 2)."""
    fort = data.get("forts", {}).get(place)
    return int(fort["points"]) if fort else 0


def fort_side(data: Data, place: Place) -> str | None:
    fort = data.get("forts", {}).get(place)
    return str(fort["side"]) if fort else None


def fort_count(data: Data, side: str) -> int:
    return sum(1 for f in data.get("forts", {}).values() if f["side"] == side)


def may_fire(data: Data, place: Place) -> bool:
    """Effect Of Forts On Combat 1: a completed fort joins one defensive assault a turn."""
    return fort_points(data, place) > 0 and place not in data.get("fort_fired", [])


def fired(data: Data, place: Place) -> None:
    data["fort_fired"] = sorted({*data.get("fort_fired", []), place})


def absorb(data: Data, place: Place, losses: int) -> int:
    """Effect Of Forts On Combat 3: each completed fort point cancels one loss inflicted
    on its hex per player turn; the losses left to take."""
    absorbed = data.setdefault("absorbed", {})
    room = max(0, fort_points(data, place) - int(absorbed.get(place, 0)))
    used = min(room, losses)
    if used:
        absorbed[place] = int(absorbed.get(place, 0)) + used
    return losses - used


def lose_fort_point(data: Data, place: Place) -> None:
    """Effect Of Forts On Combat 2: a fort point taken as a loss; an empty fort goes."""
    fort = data["forts"][place]
    fort["points"] -= 1
    if fort["points"] <= 0 and not fort["building"]:
        del data["forts"][place]


def destroy(data: Data, place: Place) -> bool:
    """Effect Of Forts On Combat 4-5: an enemy advance (or the loss of supply) ends the
    fort and all its points."""
    return data.get("forts", {}).pop(place, None) is not None


def build(data: Data, side: str, place: Place) -> None:
    """Fortifications 1-3 and Under Construction 1: a new point goes face down."""
    forts = data.setdefault("forts", {})
    fort = forts.setdefault(place, {"side": side, "points": 0, "building": 0})
    fort["building"] += 1


def complete(data: Data, side: str) -> list[Any]:
    """Fort Strength Under Construction 1: in the side's production phase the points
    built a turn earlier are turned face up. The places completed."""
    done = []
    for place, fort in sorted(data.get("forts", {}).items()):
        if fort["side"] == side and fort["building"]:
            fort["points"] += fort["building"]
            fort["building"] = 0
            done.append(place)
    return done


def may_dismantle(data: Data, side: str, money: int, fort_cost: int) -> bool:
    """Fortifications 4: a side at its seven counters may take one down so as to build
    elsewhere; offered only then, and while it can pay for the new fort's first point."""
    return fort_count(data, side) >= MOST_FORTS and money >= fort_cost


def dismantle(data: Data, place: Place) -> int:
    """Fortifications 4: the counter leaves the map and every point in it, completed or
    under construction, is eliminated. The points lost."""
    fort = data["forts"].pop(place)
    return int(fort["points"]) + int(fort["building"])


def may_build_fort(data: Data, side: str, place: Place) -> bool:
    """Fortifications 3-4: in a friendly place, adding to the side's fort there or
    opening a new counter while fewer than seven stand."""
    if data["owner"].get(place) != side:
        return False
    owner = fort_side(data, place)
    if owner is not None:
        return owner == side
    return fort_count(data, side) < MOST_FORTS
