"""Ship points paid in instalments (Naval Action, Ship Builds 1-4: N7; Aircraft Carriers 2:
N8.2): a system_builds provider for the "naval" system, played under option `naval_action`.

Each side keeps a Development Track, `data["ship_track"][side]`: a list of partly built
ship points, each `{"kind": "capital" | "carrier" | "asw", "left": unpaid production
points}`. In a production phase a side may

    ("lay_ship", kind)                 put a new point of type `kind` on the track, paying
                                       its first production point (N7.1)
    ("pay_ship", slot)                 pay one more point on the track's entry `slot`
                                       (its index), while more than one is left (N7.2)
    ("finish_ship", slot, fleet, yard) pay the last point: the ship point leaves the
                                       track and joins `fleet` in naval yard `yard`
                                       (Fleets 5), as a one-payment build does

each action one production point, so a side pays any part of a point in a phase, and as
many parts as its budget allows. U-boats are not ship strength points: they are still
built in one payment (N7.3), as is everything else (naval_builds.build_ship stays offered
for the ship types too: paying in full at once).

Our readings where the rulebook is silent (docs/hgw-design.md, "Naval Action builds"):
- the unpaid cost is fixed when the point is laid down (the track records a number, and
  a tech level won later does not move the marker);
- the track is open to every seat, carriers too: the face-down marker of Aircraft Carriers 2
  tells the owner's carrier from a capital ship on the same track, and HGW's record sheets
  are open; the budget spent each turn shows the same anyway;
- a side holds at most TRACK_ROOM unfinished points (the record sheet's number markers);
- a finished point needs a naval yard with a fleet that may take it: without one, its
  last point waits on the track.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from grognard.core.errors import IllegalAction
from grognard.core.game import Action

from .board import points
from .layout import HgwBoard
from .naval_builds import LABELS, destinations, launch, price, yards
from .optional import has_option

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
VERBS = ("lay_ship", "pay_ship", "finish_ship")
KINDS = ("capital", "carrier", "asw")  # ship strength points (N7.3; N8.2)
TRACK_ROOM = 10  # unfinished points a side keeps on its track (our design)
INSTALMENT = 1  # production points each action pays


def track(data: Data, side: str) -> list[dict[str, Any]]:
    """`side`'s partly built ship points (read only)."""
    found: list[dict[str, Any]] = data.get("ship_track", {}).get(side, [])
    return found


def new_track(sides: tuple[str, ...], start: Mapping[str, Sequence[Any]]) -> dict[str, list[dict[str, Any]]]:
    """Each side's Development Track at set-up: `start` is the scenario's partly built
    points by side (Ship Builds 4: Campaign Game III)."""
    return {side: [{"kind": p.kind, "left": p.left} for p in start.get(side, [])] for side in sides}


def _kinds(data: Data) -> tuple[str, ...]:
    return KINDS if has_option(data, "naval_action") else ()


def offers(data: Data, side: str, money: int) -> list[Action]:
    if not has_option(data, "naval_action") or money < INSTALMENT:
        return []
    found: list[Action] = []
    mine = track(data, side)
    if len(mine) < TRACK_ROOM and yards(data, side):
        for kind in _kinds(data):
            cost = price(data, side, kind)
            if cost is not None and cost > INSTALMENT:
                found.append(("lay_ship", kind))
    for slot, entry in enumerate(mine):
        if entry["left"] > INSTALMENT:
            found.append(("pay_ship", slot))
        else:
            found += [("finish_ship", slot, f, yard) for f, yard in destinations(data, side, entry["kind"])]
    return found


def cost(data: Data, side: str, action: Action) -> int:
    if action[0] == "lay_ship":
        if action[1] not in _kinds(data) or price(data, side, action[1]) is None:
            raise IllegalAction(f"{side} may not build {action[1]} points (N7.3)")
        return INSTALMENT
    slot = action[1]
    if not isinstance(slot, int) or not 0 <= slot < len(track(data, side)):
        raise IllegalAction(f"{side} has no ship point {slot} on its Development Track (N7.2)")
    return INSTALMENT


def apply(game: HgwState, side: str, action: Action) -> None:
    data = game.data
    mine = data.setdefault("ship_track", {}).setdefault(side, [])
    if action[0] == "lay_ship":
        kind = action[1]
        total = price(data, side, kind)
        assert total is not None  # offered only when buildable
        mine.append({"kind": kind, "left": total - INSTALMENT})
        game.log(
            f"{side} lays down a {LABELS[kind]} point on its Development Track "
            f"({points(total - INSTALMENT, 'production')} to pay)"
        )
        return
    entry = mine[action[1]]
    entry["left"] -= INSTALMENT
    if action[0] == "pay_ship":
        left = points(entry["left"], "production")
        game.log(f"{side} pays one point on a {LABELS[entry['kind']]} ({left} left)")
        return
    del mine[action[1]]
    _, _, fleet_id, yard = action
    game.log(f"{side} pays the last point on a {LABELS[entry['kind']]}")
    launch(game, side, entry["kind"], fleet_id, yard)


def why_not(data: Data, side: str, action: Action, money: int) -> str | None:
    """Why a ship instalment is refused in `side`'s production phase with `money` left."""
    if not has_option(data, "naval_action"):
        return "ship points are paid in instalments only with the Naval Action optional rule (N7)"
    mine = track(data, side)
    if action[0] == "lay_ship":
        if action[1] not in KINDS:
            return (
                "only capital ship, carrier and ASW points go on the Development Track; "
                "U-boats are paid at once (N7.3)"
            )
        if len(mine) >= TRACK_ROOM:
            return f"the Development Track holds at most {TRACK_ROOM} unfinished points (our design)"
        if not yards(data, side):
            return f"{side} has no naval yard to launch a ship point into (Fleets 5)"
        if (price(data, side, action[1]) or 0) <= INSTALMENT:
            return f"a {LABELS[action[1]]} point costs one production point: build it at once"
    else:
        slot = action[1]
        if not isinstance(slot, int) or not 0 <= slot < len(mine):
            return f"{side} has no ship point {slot} on its Development Track (N7.2)"
        left = int(mine[slot]["left"])
        if action[0] == "pay_ship" and left <= INSTALMENT:
            return "only its last point is left: pay it with the fleet and naval yard it joins (N7.2)"
        if action[0] == "finish_ship":
            if left > INSTALMENT:
                return f"{points(left, 'production')} are still unpaid on it (N7.2)"
            if (action[2], action[3]) not in destinations(data, side, mine[slot]["kind"]):
                return (
                    "a new ship point joins a fleet that may take its type, "
                    "in one of the side's naval yards (Fleets 3, 5)"
                )
    if money < INSTALMENT:
        return "no production points left"
    return None
