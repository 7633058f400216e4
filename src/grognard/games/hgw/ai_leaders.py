"""The heuristic's leader markers (optional rule Leaders 6; leader_phase.py): a marker
helps only the attacks of its army, so each goes to a main attacking army: one on the
front (next to an enemy hex) with the most mechanized points (advances count them),
then the most points; a naval marker to the strongest fleet. The markers are face down
to the AI as to everyone (its view says "face down"): nothing else to weigh. In naval
movement a revealed admiral goes to a stronger fleet in his port (Leaders 9), the one
most likely to attack."""

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


def naval_move(b: Board, legal: list[Action]) -> Action | None:
    """Leaders 9: a revealed naval leader's move to the strongest fleet of his port, if it
    has more ship points than his own (each leader moves once a phase: no loop)."""
    def sp(fleet: str) -> int:
        return int(b.fleets.get(fleet, {}).get("sp", 0))

    moves = [a for a in legal if a[0] == "move_naval_leader" and sp(str(a[2])) > sp(str(a[1]))]
    return max(moves, key=lambda a: (sp(str(a[2])) - sp(str(a[1])), a), default=None)
