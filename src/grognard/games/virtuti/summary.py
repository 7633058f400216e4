"""10 - Summary Phase: orders and air tokens back, production queues, research,
readiness, then the victory checks (victory.py).

Convoy raids are in convoys.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.games.virtuti.board import units
from grognard.games.virtuti.convoys import convoy_raids
from grognard.games.virtuti.movement import return_token
from grognard.games.virtuti.production import advance_queues, research
from grognard.games.virtuti.victory import check_victory

if TYPE_CHECKING:
    from grognard.games.virtuti.state import VirtutiState


def summary_phase(state: VirtutiState) -> None:
    data = state.vdata
    for _area, o in sorted(data["orders"].items()):
        return_token(data, o["f"], o["o"])  # single-use tokens (shore bombardment) leave
    data["orders"] = {}
    for rec in data["factions"].values():
        for lv, n in rec["air_drawn"].items():
            rec["air"][lv] = rec["air"].get(lv, 0) + n
        rec["air_drawn"] = {}
    advance_queues(state)
    convoy_raids(state)
    research(state)
    for u in units(data):
        u["ex"] = False
    check_victory(state)
