"""The National Morale Chart's "loss of 5 or more carriers" (K23.3, Japan only) as
Campaign Game IV plays it: Japan's carrier strength points are watched at fixed points
of the turn (every player turn's start and every combat phase's end, world_war.py), and
whatever they fell by since the last look is carriers lost, counted over the game
(pacific_politics.carriers_lost, which strikes Japan's morale once, at the fifth point).

Why a watch rather than a hook in every loss: carrier points are lost in many places
(fleet battles, carrier strikes, port attacks, interceptions, sinking, the U.S.
surrender), all through fleets.set_points, which knows no game; a fall in the total
between two looks can only be losses, since carrier points are only added by builds in
the owner's production, after its combat phase's look and before the next turn start's,
and a transfer between two Japanese fleets keeps the total. The Pacific War keeps no
national morale (a Campaign Game II system), so it does not play this event.

State: `data["pacific"]["japan_carriers"]`, the total at the last look (set at the first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .layout import HgwBoard
from .pacific_politics import carriers_lost
from .pacific_tables import load_pacific

if TYPE_CHECKING:
    from .state import HgwState

JAPAN = "japan"


def japanese_carriers(data: HgwBoard) -> int:
    """Japan's carrier strength points, in every Japanese fleet (a sunk fleet has none)."""
    return sum(
        int((f.get("ships") or {}).get("carrier", 0))
        for f in data.get("fleets", {}).values()
        if f.get("nation") == JAPAN
    )


def look(game: HgwState) -> None:
    """Count what Japan's carriers lost since the last look; the chart's event when the
    count first reaches five (K23.3)."""
    data = game.data
    record = data["pacific"]
    now = japanese_carriers(data)
    lost = max(0, int(record.get("japan_carriers", now)) - now)
    record["japan_carriers"] = now
    if not lost or "morale" not in data:
        return
    new = carriers_lost(data, data["morale"], JAPAN, lost)
    total = record["carriers_lost"][JAPAN]
    game.log(f"Japan has lost {lost} carrier point{'s' if lost > 1 else ''}, {total} in all (K23.3)")
    if new != data["morale"]:
        data["morale"] = new
        game.log(f"Japan has lost {load_pacific().morale.carriers_lost} or more carriers: morale japan "
                 f"{new['japan']:+d} (National Morale Chart)")
