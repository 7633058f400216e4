"""Positions for the Hitler's Global War rules tests: a Barbarossa game whose armies
are cleared and placed by hand, and helpers that drive it to a phase."""

from __future__ import annotations

from typing import Any

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.scenario import KINDS


def new_game(seed: int = 1) -> HgwState:
    state = RULESET.new_game("barbarossa", seed=seed)
    assert isinstance(state, HgwState)
    return state


def cleared(seed: int = 1) -> HgwState:
    """A Barbarossa game at the Axis movement phase with every army off the board."""
    state = new_game(seed)
    for army in state.data["armies"].values():
        army["at"] = None
        army["sp"] = {k: 0 for k in KINDS}
    state.data["frozen"] = []
    state._after_change(None, None)
    return state


def place(state: HgwState, army: str, at: str, infantry: int = 0, mechanized: int = 0) -> None:
    entry = state.data["armies"][army]
    entry["at"] = at
    entry["sp"]["infantry"] = infantry
    entry["sp"]["mechanized"] = mechanized
    state._after_change(None, None)


def own(state: HgwState, side: str, *places: str) -> None:
    for p in places:
        state.data["owner"][p] = side
    state._after_change(None, None)


def act(state: HgwState, role: str, *action: Any) -> None:
    state.apply(role, tuple(action))


def sp(state: HgwState, army: str) -> dict[str, int]:
    return {k: v for k, v in state.data["armies"][army]["sp"].items() if v}


def to_combat(state: HgwState, role: str = "axis") -> None:
    act(state, role, "end_movement")


def step(state: HgwState) -> str:
    return str(state.flow[-1]["state"])


def pass_turn(state: HgwState, role: str) -> None:
    """Play a whole player turn doing nothing."""
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, role, action)
    act(state, role, "end_production")


def fog_game(seed: int = 1) -> HgwState:
    """A The Fall of Germany game, three players, at the first Axis movement phase."""
    state = RULESET.new_game("fall_of_germany", {}, seed=seed)
    assert isinstance(state, HgwState)
    return state


def put(state: HgwState, army: str, at: str | None, **points: int) -> None:
    """Set an army's place and its points (every kind not named is zero)."""
    entry = state.data["armies"][army]
    entry["at"] = at
    entry["sp"] = {k: points.get(k, 0) for k in KINDS}
    state._after_change(None, None)


def let_go(state: HgwState) -> None:
    """Every side asked to intercept the fleet that moved lets it go on, however often a
    new spotting further on asks again (Naval Action, N5.4)."""
    while state.data["flow"][-1]["state"] == "naval_intercept":
        state.apply(state.data["flow"][-1]["role"], ("no_interception",))
