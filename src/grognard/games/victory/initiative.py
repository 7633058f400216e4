"""2.0 [1] and 4.1: the initiative roll that sets this game turn's player order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grognard.core.flow import Frame, GameStep, goto

from .control import sides
from .storms import move_storm, place_storm

if TYPE_CHECKING:
    from .state import VictoryState


def roll_initiative(game: VictoryState) -> list[str]:
    """Every player rolls 2d6; the highest total moves first, ties for the highest
    are rolled again by the tied players (4.1). Returns the order of play, clockwise
    (seat order) from Player 1 (2.0 [2])."""
    roles: list[str] = sides(game.data)
    rolling = list(roles)
    while len(rolling) > 1:
        totals = {role: sum(game.roll(2, role, "initiative")) for role in rolling}
        best = max(totals.values())
        rolling = [role for role in rolling if totals[role] == best]
        if len(rolling) > 1:
            game.log(f"{' and '.join(rolling)} tie at {best} and roll again")
    first = roles.index(rolling[0])
    return roles[first:] + roles[:first]


class Initiative(GameStep["VictoryState"]):
    """Automatic: roll for initiative, then hand the move phase to Player 1."""

    def actors(self, game: VictoryState, frame: Frame) -> list[str]:
        return []

    def run(self, game: VictoryState, frame: Frame) -> None:
        data = game.data
        game.log(f"— game turn {data['turn']} —")
        order = roll_initiative(game)
        data["order"] = order
        data["phase"] = "move"
        game.log(f"{order[0]} wins the initiative and is Player 1")
        place_storm(data)  # 9.4: it starts at the centre (once)
        move_storm(game)  # 9.4: and moves after each initiative roll
        goto(game.flow, "move", role=order[0])
