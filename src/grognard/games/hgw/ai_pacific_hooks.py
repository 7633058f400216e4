"""The Pacific War's hooks into the heuristic's choosers (ai.py): each calls ai_pacific
only in the Pacific theater and otherwise hands the question on unchanged, so Europe's
play is the same game."""

from __future__ import annotations

from collections.abc import Callable

from grognard.core.game import Action

from . import ai_pacific, ai_pacific_counters, ai_pacific_theater
from .ai_board import Board
from .ai_movement import Movement
from .ai_pacific_theater import here

Chooser = Callable[[Board, list[Action]], Action]


def with_builds(produce: Chooser) -> Chooser:
    """The production chooser with the Pacific's garrison and invasion builds first, and
    a capital ship before points that could go nowhere."""

    def choose(b: Board, legal: list[Action]) -> Action:
        if ai_pacific_theater.in_pacific(b):
            choice = ai_pacific.build(b, legal) or ai_pacific.ship_instead(b, legal)
            return choice or produce(b, ai_pacific.new_armies(b, legal))
        return produce(b, legal)

    return choose


def with_invasions(announce: Chooser) -> Chooser:
    """The announcement with the Pacific's invasion first; the other invasions offered
    (landings on worthless hexes) are not left to the ordinary announcement."""

    def choose(b: Board, legal: list[Action]) -> Action:
        if not ai_pacific_theater.in_pacific(b):
            return announce(b, legal)
        landing = ai_pacific.invasion(b, legal)
        if landing is not None:
            return landing
        # Campaign Game IV: Europe's landings stay the ordinary heuristic's
        others = [a for a in legal if a[0] not in ("invade", "amphibious_advance") or not _pacific(b, a)]
        return announce(b, others)

    return choose


def with_cover(move: Chooser) -> Chooser:
    """The naval movement with the Pacific's fleet cover for the invasion armies first."""

    def choose(b: Board, legal: list[Action]) -> Action:
        if ai_pacific_theater.in_pacific(b):
            return ai_pacific.cover(b, legal) or move(b, legal)
        return move(b, legal)

    return choose


def with_counters(movement: Movement) -> Chooser:
    """The movement with the Pacific's counter merges first (a pool of counters that
    cannot build frees one: ai_pacific_counters.merge), and when the ordinary moves are
    made, the armies left behind the front go to it whole (ai_pacific_counters.deploy)."""

    def choose(b: Board, legal: list[Action]) -> Action:
        if ai_pacific_theater.in_pacific(b) and not any(a[0] == "eliminate" for a in legal):
            order = ai_pacific_counters.merge(b, movement.offered(b, legal))
            if order is not None:
                return movement.order(*order)
            choice = movement.choose(b, legal)
            if choice == ("end_movement",):
                order = ai_pacific_counters.deploy(b, movement.offered(b, legal))
                if order is not None:
                    return movement.order(*order)
            return choice
        return movement.choose(b, legal)

    return choose


def _pacific(b: Board, action: Action) -> bool:
    """An invasion (or amphibious advance) by an army in the Pacific's half."""
    return here(b, b.armies[str(action[1])]["at"])
