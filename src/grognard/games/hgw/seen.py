"""The game data as a seat sees it, so that the AI and the odds ask the rules' own
questions instead of restating them (issue 21).

The rule queries (board.py, advance.py, forts.py...) read `state.data`; an agent and
the odds calculator read only a view (core/game.py: a view is what a role may know).
Hitler's Global War keeps nothing secret (Prepare for Play 4: the record sheets are
open), so the view's board (state.py) holds the whole board, and `data_from_view`
turns it back into the data layout (layout.py `HgwBoard`). Only what no board question reads is
left out: the core's rng, log and flow (the view shows the top frame), the budget and
lend-lease of a production phase, and `won` (supply's record of captured markers).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import msgspec

from .layout import Army, Beachhead, Fleet, Fort, HgwBoard, Status
from .leaders import from_view
from .nations import FRANCE
from .optional import chosen
from .scenario import load_scenario

_encode = msgspec.msgpack.Encoder().encode
_decode = msgspec.msgpack.Decoder().decode


def _fresh(records: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of open records (dicts, lists, numbers and text) in one msgpack round
    trip, several times quicker than `copy.deepcopy`: a search builds a board at every
    decision of its rollouts. A tuple comes back a list, as in every view (the core
    encodes a view's board)."""
    copied: dict[str, Any] = _decode(_encode(records))
    return copied


def data_from_view(
    board: Mapping[str, Any], scenario: str, options: Mapping[str, Any] | None = None
) -> HgwBoard:
    """The data layout (layout.py), rebuilt from a view's `board` (state.py `_view`);
    a fresh copy: questions asked of it never touch the view. Built as an `HgwBoard`
    (the checker sees every key), returned as the plain dict the queries take. With the
    view's game `options`, the optional rules in play too (`data["optional"]`: the
    scenario's and the options turned on, as the set-up puts them), so that a rule's
    `has_option` answers as the engine's does."""
    armies: dict[str, Army] = {}
    status: dict[str, Status] = {}
    for entry in board["armies"]:
        army: Army = {
            "side": entry["side"],
            "name": entry["name"],
            "at": entry["at"],
            "sp": dict(entry["sp"]),
        }
        if entry.get("nation"):  # "french" / "free_french": a French counter (nations.py)
            army["nation"] = FRANCE
        armies[entry["id"]] = army
        if entry.get("status"):
            status[entry["id"]] = entry["status"].copy()
    data: HgwBoard = {
        "scenario": scenario,
        "turns": list(board["turns"]),
        "turn": int(board["turn_index"]),
        "player": board["player"],
        "phase": board["phase"],
        "owner": dict(board["owner"]),
        "markers": dict(board["markers"]),
        "devastated": dict(board["devastated"]),
        "permanent": dict(board["permanent"]),
        "garrison_lost": list(board["garrison_lost"]),
        "armies": armies,
        "status": status,
        "frozen": sorted(e["id"] for e in board["armies"] if e.get("frozen")),
        "supply_cut": {e["id"]: e["supply_cut"] for e in board["armies"] if e.get("supply_cut")},
        "winters": int(board["winters"]),
        "fleets": {f: cast(Fleet, dict(x)) for f, x in board.get("fleets", {}).items()},
        "fleet_status": dict(board.get("fleet_status", {})),
        "forts": {p: cast(Fort, dict(x)) for p, x in board.get("forts", {}).items()},
        "beachheads": {p: cast(Beachhead, dict(x)) for p, x in board.get("beachheads", {}).items()},
    }
    for fleet in data["fleets"].values():  # Campaign Game II's typed points
        if "ships" in fleet:
            fleet["ships"] = dict(fleet["ships"])
    if "fort_fired" in board:  # Effect Of Forts On Combat 1 (forts.py): fired this turn
        data["fort_fired"] = list(board["fort_fired"])
    if "absorbed" in board:  # Effect Of Forts On Combat 3: losses absorbed this turn
        data["absorbed"] = dict(board["absorbed"])
    records: dict[str, Any] = {}
    for key in ("sea_routes", "route_escorts", "route_losses", "asw_level"):  # sea_war.py
        if key in board:
            records[key] = board[key]
    if board.get("politics") is not None:
        records["politics"] = board["politics"]  # Campaign Game I (neutrality.py)
    open_records = (
        *("research", "strategic", "morale", "partisans", "home_forces"),
        *("shipping", "shipping_used", "us_transport"),  # shipping_counters.py
    )
    for key in open_records:  # open records (state.py)
        if board.get(key) is not None:
            records[key] = board[key]
    naval_action = (
        *("ship_track", "ports", "anchors_building", "supply_roads", "coastal_air", "base_hits"),
        "coastal_air_lost",  # N9.5 (coastal_air.py)
        "replenishment",  # N13 (replenishment.py)
        "raiders",  # N6.1 (raiders.py)
    )
    for key in naval_action:  # Naval Action's open records
        if key in board:
            records[key] = board[key]
    result = cast(dict[str, Any], data)
    result.update(_fresh(records))
    if board.get("leaders") is not None:  # optional rule Leaders: revealed ones only (leaders.py)
        result["leaders"] = from_view(board["leaders"])
    if options is not None:  # the optional rules in play (optional.py), public
        rules = chosen(load_scenario(scenario).optional, options)
        if rules:
            result["optional"] = rules
    return data
