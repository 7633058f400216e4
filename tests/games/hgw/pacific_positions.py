"""Positions for the Pacific rules tests (issue 23, part 2): no Pacific scenario exists
yet, so a position is the game's plain data built by hand, in the layout the rest of
hgw uses (`owner`, `armies`, `fleets`, `devastated`, `won`, `markers`, the Time Record's
`turns` and `turn`, Campaign Game I's `politics`)."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.japan import new_pacific
from grognard.games.hgw.scenario import KINDS
from grognard.games.hgw.tables import load_tables


def position(
    turn: str = "Spring 1941", *, surrendered: tuple[str, ...] = (), us_since: int | None = None
) -> dict[str, Any]:
    turns = list(load_tables().turns())
    return {
        "owner": {},
        "armies": {},
        "fleets": {},
        "devastated": {},
        "won": [],
        "markers": {},
        "turns": turns,
        "turn": turns.index(turn),
        "politics": {"surrendered": list(surrendered), "us_since": us_since, "joined": {}, "unaligned": []},
        "pacific": new_pacific(),
    }


def army(data: dict[str, Any], army_id: str, side: str, at: str, nation: str = "", **points: int) -> None:
    sp = dict.fromkeys(KINDS, 0)
    sp.update(points)
    data["armies"][army_id] = {"side": side, "name": army_id, "at": at, "sp": sp}
    if nation:
        data["armies"][army_id]["nation"] = nation


def pacific_game(seed: int = 1) -> HgwState:
    state = RULESET.new_game("pacific_war", seed=seed)
    assert isinstance(state, HgwState)
    return state


def play_to(state: HgwState, role: str, step: str) -> None:
    """On through every step with its ending choice until `role` is asked `step`."""
    while not (state.active_roles() == [role] and state.data["flow"][-1]["state"] == step):
        who = state.active_roles()[0]
        legal = state.legal_actions(who)
        ends = [a for a in legal if a[0].startswith(("end_", "no_", "to_"))]
        state.apply(who, ends[0] if ends else legal[0])


@cache
def _world_naval_movement() -> HgwState:
    state = RULESET.new_game("campaign_4", {}, seed=1)
    assert isinstance(state, HgwState)
    while state.data["flow"][-1]["state"] == "naval_intercept":
        state.apply(state.data["flow"][-1]["role"], ("no_interception",))
    assert state.data["flow"][-1]["state"] == "naval_movement" and state.active_roles() == ["axis"]
    return state


def world_naval_movement() -> HgwState:
    """Campaign Game IV's first Axis naval movement (Winter 1939; U-boats and Naval Action
    are played), the set-up German raider home in Kiel: built once, a copy each call."""
    return copy.deepcopy(_world_naval_movement())
