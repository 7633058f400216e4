"""National morale in play (National Morale: Great Britain and Germany 2, 5; the National
Morale Chart's hex events): the set-up's morale and the hexes each side gains and loses
in a combat phase, counted for the side, not the country (5).

The count compares the hexes the Axis and the Allies (the sides with a morale country)
hold as the phasing player's strategic warfare phase ends (`watch`, strategic_phase.py)
with what they hold at the end of that player's combat phase (`after_combat`, turn.py's
EndCombat). Between the two, only combat (its advances, and the end-of-combat supply
check that hands cut-off hexes to the enemy) changes owners, except a marker the player
gives up in movement (Garrisons 6), which counts as a hex lost.

DATA LAYOUT: `data["morale"]` (morale.py) and, between those two moments,
`data["morale_watch"] = {"side": phasing side, "held": {side: [places]}}`.
"""

from __future__ import annotations

from typing import Any

from . import morale
from .strategic_tables import load_strategic

Data = dict[str, Any]


def _sides() -> tuple[str, ...]:
    """The sides with a morale country: the Axis and the Allies (the Soviets have none)."""
    return tuple(sorted({load_strategic().morale.sides[c] for c in morale.countries()}))


def watch(data: Data, side: str) -> None:
    """Remember what the sides with a morale hold before `side`'s combat phase."""
    if "morale" not in data:
        return
    held = {s: sorted(p for p, o in data["owner"].items() if o == s) for s in _sides()}
    data["morale_watch"] = {"side": side, "held": held}


def after_combat(game: Any, side: str) -> None:
    """National Morale 5 and the chart: at the end of `side`'s combat phase, a side that
    lost five or more hexes moves each of its morale countries down one, a side that took
    six or more up one."""
    data = game.data
    seen = data.pop("morale_watch", None)
    if "morale" not in data or seen is None or seen["side"] != side:
        return
    for s, before in sorted(seen["held"].items()):
        was = set(before)
        now = {p for p, o in data["owner"].items() if o == s}
        lost, gained = len(was - now), len(now - was)
        new = morale.hex_events(data["morale"], s, lost, gained)
        if new != data["morale"]:
            data["morale"] = new
            moved = ", ".join(f"{c} {new[c]:+d}" for c in morale.side_countries(s))
            game.log(f"{s} lost {lost} and took {gained} hex(es) this combat phase: morale {moved}")
