"""German Technology in play (K6.1; Campaign Game II's research rules): while the Axis holds
a hex of Greenland or Iceland, one Axis army a combat phase takes -1 on its initial
attack (an assault in the combat phase's assault step) and on its initial advance (the
advances step), against a hex outside the Soviet Union; and the U-boats' fire at sea
routes in the Atlantic north of row 23 takes -1 (`uboat_modifier`, sea_war.py).

Which army: the rulebook lets the player have it for one army. A -1 never hurts the
attacker, so the only choice is which army, and we let the order of the player's
attacks make it: the first Axis army that rolls an initial assault or an initial advance
against a hex outside the Soviet Union in a combat phase is the one (`claim`), and every
other Axis army's rolls that phase go without. The army is remembered in its combat
status (`data["status"][army]["technology"]`), which the end of the combat phase clears.
In a combined assault the -1 goes on the one roll when any of the armies is the one (or
none is chosen yet: the first of them becomes it). The Soviet Union is the hexes of its
country on the map (the scenario's borders)."""

from __future__ import annotations

from typing import Any, cast

from .board import geo, mark
from .layout import HgwBoard
from .research import GERMAN_TECHNOLOGY_MODIFIER, german_uboat_modifier, has_german_technology
from .sequence import has_system

Data = HgwBoard

INITIAL = ("assaults", "advances")  # the steps of the initial attack and the initial advance
EXCLUDED = "soviet_union"


def playing(data: Data) -> bool:
    """Campaign Game II's research is in play and the Axis holds Greenland or Iceland."""
    return has_system(data, "research") and has_german_technology(data["owner"], geo(data).country)


def chosen(data: Data) -> list[str]:
    """The army that has had the -1 this combat phase (none yet: an empty list)."""
    return sorted(a for a, s in data.get("status", {}).items() if s.get("technology"))


def land_modifier(data: HgwBoard, armies: tuple[str, ...], target: str | None) -> int:
    """The -1 on an initial assault or advance of `armies` against `target`, or 0."""
    # a seat's board (the AI's, seen.py) has no flow: no modifier is known there
    flow: list[dict[str, Any]] = cast(dict[str, Any], data).get("flow") or []
    if not armies or target is None or not flow:
        return 0
    if flow[-1]["state"] not in INITIAL:
        return 0
    if any(data["armies"][a]["side"] != "axis" for a in armies):
        return 0
    if geo(data).country.get(target) == EXCLUDED or not playing(data):
        return 0
    which = chosen(data)
    if which and not set(which) & set(armies):
        return 0
    return GERMAN_TECHNOLOGY_MODIFIER


def claim(data: Data, armies: tuple[str, ...], modifier: int) -> None:
    """After a roll that took the -1: the first of `armies` is the phase's army."""
    if modifier and not chosen(data):
        mark(data, armies[0])["technology"] = True


def uboat_modifier(data: Data, place: str, in_atlantic: bool) -> int:
    """The -1 on U-boat fire from `place` (a U-boat fleet's hex) in the Atlantic north of
    row 23, or 0."""
    return german_uboat_modifier(playing(data), place, in_atlantic)
