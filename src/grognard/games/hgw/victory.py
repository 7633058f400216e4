"""The Fall of Germany's victory conditions (The Fall of Germany Victory Conditions 1-5;
special rule 1).

The game ends at once when a Soviet or Allied advance takes Berlin, or after the last
turn. Berlin still Axis at the end: the Axis wins. Berlin lost: the Soviets win if their
production is at least two thirds of the Allies', every friendly point counted wherever
it lies and devastated or not (Victory Conditions 5); otherwise the Allies win. With
two players (the `two_player` option) one player commands both the Soviets and the
Allies, and both roles win together when Berlin falls (special rule 1).

This module knows only the geography and the scenario, so that board.py can call it
when a capture happens without an import cycle.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from . import campaign_victory
from .geography import geography
from .layout import HgwBoard
from .map import load_map
from .scenario import BOX, load_scenario

if TYPE_CHECKING:
    from .state import HgwState


def gross_production(data: HgwBoard, side: str) -> int:
    """Victory Conditions 5: every point of the side's places, devastated or not, plus
    the off-map boxes it holds or counts (Siberia, and the Allied boxes: a box played as
    a place counts for whoever holds it)."""
    g = geography(data["scenario"])
    content = load_scenario(data["scenario"])
    hmap = load_map()
    owner = data["owner"]
    total = sum(g.production[p] for p, o in owner.items() if o == side and p != BOX)
    if owner.get(BOX) == side:
        total += hmap.box(BOX).production
    places = {box_id: p for p, box_id in g.box_at.items()}
    counted = {b for boxes in content.box_production.values() for b in boxes}
    for b in sorted(counted):
        held = owner.get(places[b]) == side if b in places else b in content.box_production.get(side, ())
        if held:
            total += hmap.box(b).production
    return total


def soviet_outproduces(data: HgwBoard) -> bool:
    """Victory Conditions 3: Soviet production at least two thirds of the Allies'."""
    return Fraction(gross_production(data, "soviet")) >= Fraction(2, 3) * gross_production(data, "allied")


def _scores(state: HgwState, berlin_lost: bool) -> dict[str, float]:
    data = state.data
    sides = load_scenario(data["scenario"]).sides
    if load_scenario(data["scenario"]).victory == "campaign":
        return campaign_victory.scores(state, berlin_lost)  # Campaign Game I
    if not berlin_lost:
        winner = "axis"
    elif state.meta.get("options", {}).get("two_player"):
        return {s: 0.0 if s == "axis" else 1.0 for s in sides}
    else:
        winner = "soviet" if soviet_outproduces(data) else "allied"
    return {s: 1.0 if s == winner else 0.0 for s in sides}


def _verdict(scores: dict[str, float]) -> str:
    """Who wins, in words: "axis wins", "soviet and allied win", or the draw that only a
    designed scale can give (Campaign Game IV: no side at any level of victory)."""
    winners = [s for s, v in scores.items() if v]
    if not winners:
        return "no side reaches a level of victory: a draw"
    return f"{' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'}"


def berlin_falls(state: HgwState) -> None:
    """Victory Conditions 1: Berlin taken, the game ends now."""
    data = state.data
    data["result"] = scores = _scores(state, berlin_lost=True)
    state.log(f"Berlin falls to {data['owner'][load_scenario(data['scenario']).berlin]}: {_verdict(scores)}")
    data["flow"].clear()


def last_turn_over(state: HgwState) -> None:
    """Victory Conditions 1-2: the last turn ends with Berlin still Axis."""
    data = state.data
    data["result"] = scores = _scores(state, berlin_lost=False)
    state.log(f"the last turn is over and Berlin still stands: {_verdict(scores)}")
    data["flow"].clear()
