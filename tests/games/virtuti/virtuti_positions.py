"""Hand-made Virtuti positions for rule tests: a real game whose board is cleared and
refilled, with the flow set to the step under test."""

from __future__ import annotations

from typing import Any

from grognard.games.virtuti import RULESET, VirtutiState
from grognard.games.virtuti.board import new_unit


def bare_game(scenario: str = "full_campaign", seed: int = 0) -> VirtutiState:
    """The scenario's game with no units, no orders and no secret window open."""
    state = RULESET.new_game(scenario, seed=seed)
    assert isinstance(state, VirtutiState)
    state.data["units"] = {}
    state.data["orders"] = {}
    state.data["secret"] = None
    state.data["weather"] = {a: "clear" for a in state.data["weather"]}
    return state


def place(state: VirtutiState, faction: str, kind: str, area: str, level: int = 1) -> str:
    unit: dict[str, Any] = new_unit(state.data, faction, kind, level, area)
    return str(unit["id"])


def at_operations(state: VirtutiState, sub: int = 1) -> None:
    """Put the flow at the Operations Phase's sub-phase `sub` (1 = movement)."""
    state.data["flow"] = [{"state": "turn", "phase": 8}, {"state": "ops", "sub": sub, "next": 0}]
    state.data["phase"] = "operations"
    state._after_change(None, None)


def hands(state: VirtutiState, **cards: list[str]) -> None:
    for faction, hand in cards.items():
        state.data["factions"][faction]["hand"] = list(hand)
