"""National morale in play (National Morale: Great Britain and Germany 2, 3, 5; the
National Morale Chart): the set-up's morale, the hexes each side gains and loses in a
combat phase, counted for the side, not the country (5), and the chart's other events of
European play as they happen: Britain losing the Suez Canal or Gibraltar (seen with the
hex counts, the only moment those hexes change hands), the Soviet surrender and the
United States joining either side (politics.py, through optional_politics.py's hooks).
Hawaii and the carriers Japan loses are the Pacific's.

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

from typing import TYPE_CHECKING

from . import morale
from .layout import HgwBoard
from .limitations import box_place, campaign_state
from .neutrality import nation_at
from .strategic_tables import load_strategic

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard


def _sides() -> tuple[str, ...]:
    """The sides with a morale country: the Axis and the Allies (the Soviets have none)."""
    return tuple(sorted({load_strategic().morale.sides[c] for c in morale.countries()}))


def watch(data: Data, side: str) -> None:
    """Remember what the sides with a morale hold before `side`'s combat phase."""
    if "morale" not in data:
        return
    held = {s: sorted(p for p, o in data["owner"].items() if o == s) for s in _sides()}
    data["morale_watch"] = {"side": side, "held": held}


def after_combat(game: HgwState, side: str) -> None:
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
    found = campaign_state(data)
    if found is None:
        return
    allied = {p for p, o in data["owner"].items() if o == "allied"}
    lost_now = set(seen["held"].get("allied", ())) - allied
    italy = found[0].italy  # the politics' Suez Canal and Gibraltar hexes
    for place, event in ((italy.suez, "lost_suez"), (italy.gibraltar, "lost_gibraltar")):
        if place in lost_now:  # the chart: each loss, as it happens
            chart_event(game, event)


def chart_event(game: HgwState, event: str) -> None:
    """A National Morale Chart event that befalls one named country (Britain for the
    Suez Canal, Gibraltar, the Soviet surrender and the U.S. entry), with its pair."""
    data = game.data
    if "morale" not in data:
        return
    entry = load_strategic().event(event)
    data["morale"] = morale.apply_event(data["morale"], event, entry.country)
    moved = ", ".join(f"{c} {data['morale'][c]:+d}" for c in (entry.country, morale.partner(entry.country)))
    game.log(f"{entry.label}: morale {moved}")


def joined(game: HgwState, nation: str, side: str) -> None:
    """The chart's U.S. events when `nation` joins `side`: the United States joining the
    Allies (+2 for Britain) or the Axis (-4 for Britain); other nations move no morale."""
    found = campaign_state(game.data)
    if found is None:
        return
    box = box_place(game.data, found[0].us_box)
    if box is not None and nation_at(game.data, box) == nation:
        chart_event(game, "us_joins_allies" if side == "allied" else "us_joins_axis")
