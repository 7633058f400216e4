"""The heuristic player's Naval Action builds (ship_builds.py, port_builds.py), deciding
from its view and the legal actions only:

- a ship point paid off joins the biggest fleet that may take it (finish_ship) at once;
- while the budget keeps RESERVE points for the land builds and the phase has spent less
  than SHARE of its budget, it pays one more point on the track's point nearest
  completion (ships are dear: this spreads their cost over turns, Ship Builds 1);
- with nothing on the track and a rich budget, it lays down a new point: a carrier when
  its surface fleets hold at least three capital ships for each carrier (carriers strike
  first at triple strength, Aircraft Carriers 3, but die alone, Aircraft Carriers 6), a
  capital ship otherwise, while its surface points do not outnumber its foes' by half;
- coastal air (Coastal Air Strength Points 1): six points for an army in a port where
  one of its side's fleets lies, once a port, while RESERVE points stay for the land war;
- ports, naval bases and supply roads are left to the land-war chooser (none wanted yet).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grognard.core.game import Action

from .ai_board import Board
from .board import production_of

RESERVE = 12  # production points the land builds keep before an instalment
RICH = 20  # a budget that lays down a new point
SHARE = 4  # at most a quarter of a phase's budget goes on instalments


def _surface(b: Board, sides: Any) -> dict[str, int]:
    found = {"capital": 0, "carrier": 0, "asw": 0}
    for x in b.fleets.values():
        if x["side"] in sides:
            for kind in found:
                found[kind] += int(x.get("ships", {}).get(kind, 0))
    return found


def ship_build(b: Board, legal: list[Action]) -> Action | None:
    """A Naval Action ship build before the other builds, or None."""
    finishing = [a for a in legal if a[0] == "finish_ship"]
    if finishing:
        return max(finishing, key=lambda a: (int(b.fleets[a[2]]["sp"]), a[2], a[3]))
    money = int(b.frame.get("budget", 0))
    track = b.data.get("ship_track", {}).get(b.me, [])
    paying = [a for a in legal if a[0] == "pay_ship"]
    if paying and money > RESERVE:
        # the side's production points on the map: about what the phase began with
        whole = sum(production_of(b.data, p) for p, o in b.data["owner"].items() if o == b.me)
        if (whole - money) * SHARE < whole:
            return min(paying, key=lambda a: (int(track[a[1]]["left"]), a[1]))
        return None
    air = _coastal_air(b, legal, money)
    if air is not None:
        return air
    if track or money < RICH:
        return None
    mine, foes = _surface(b, (b.me,)), _surface(b, b.foes)
    if sum(mine.values()) * 2 > 3 * max(sum(foes.values()), 1):
        return None
    kind = "carrier" if mine["capital"] >= 3 * (mine["carrier"] + 1) else "capital"
    return ("lay_ship", kind) if ("lay_ship", kind) in legal else None


def _coastal_air(b: Board, legal: list[Action], money: int) -> Action | None:
    """Six coastal air points over a fleet's port that has none bought yet."""
    if money <= RESERVE + 4:
        return None
    held = b.data.get("coastal_air", {})
    covered = {b.data["armies"][a]["at"] for a in held if a in b.data["armies"]}
    ports = {x["at"] for x in b.fleets.values() if x["side"] == b.me and x.get("at") and int(x["sp"]) > 0}
    for action in sorted(a for a in legal if a[0] == "build_coastal_air"):
        at = b.data["armies"][action[1]]["at"]
        if at in ports and at not in covered:
            return action
    return None


Chooser = Callable[[Board, list[Action]], Action]


def with_ship_builds(produce: Chooser) -> Chooser:
    """The production chooser with the Naval Action ship build first, when one is wanted."""

    def choose(b: Board, legal: list[Action]) -> Action:
        return ship_build(b, legal) or produce(b, legal)

    return choose
