"""The heuristic's leader markers (optional rule Leaders 6; leader_phase.py): a marker
helps only the attacks of its army, so each goes to a main attacking army: one on the
front (next to an enemy hex) with the most mechanized points (advances count them),
then the most points; a naval marker to the strongest fleet. The markers are face down
to the AI as to everyone (its view says "face down"): nothing else to weigh."""

from __future__ import annotations

from typing import Any

from grognard.core.game import Action

from .ai_board import Board


def place(b: Board, legal: list[Action]) -> Action:
    """The army (fleet) that receives the next marker."""
    def rank(action: Action) -> tuple[Any, ...]:
        unit = str(action[1])
        if action[0] == "naval_leader":
            return (0, int(b.fleets.get(unit, {}).get("sp", 0)), unit)
        army = b.armies[unit]
        front = bool(army["at"]) and b.is_front(army["at"])
        return (1, front, int(army["sp"]["mechanized"]), int(army["strength"]), unit)

    return max(legal, key=rank)
