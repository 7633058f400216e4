"""Where the heuristic's Pacific play (ai_pacific, ai_pacific_counters) applies, from its
view only: the whole board in The Pacific War, and in Campaign Game IV (theater
"world") the Pacific half of the ring (theater.in_pacific: columns xx58 to xx112), where
Japan and the Pacific Allies fight, Europe's half being the ordinary heuristic's."""

from __future__ import annotations

from .ai_board import Board
from .board import production_of
from .geography import Place
from .scenario import load_scenario
from .theater import PACIFIC, WORLD
from .theater import in_pacific as pacific_hex

PACIFIC_WAR = "pacific_war"  # the scenario that names Tokyo as the Allies' goal


def in_pacific(b: Board) -> bool:
    """The Pacific is in play: The Pacific War, or Campaign Game IV's Pacific half."""
    return load_scenario(b.scenario).theater in (PACIFIC, WORLD)


def world(b: Board) -> bool:
    """Campaign Game IV: both theaters at once."""
    return load_scenario(b.scenario).theater == WORLD


def here(b: Board, place: Place | None) -> bool:
    """Whether `place` is the Pacific's to play (every place in The Pacific War)."""
    if place is None:
        return False
    if not world(b):
        return True
    return place in b.g.links and not b.g.is_box(place) and pacific_hex(place)  # boxes are Europe's


def capital(b: Board) -> Place:
    """Tokyo: the Allies' goal and Japan's seat (The Pacific War's `capitals`)."""
    return load_scenario(PACIFIC_WAR).capitals["allied"][0]


def pacific_money(b: Board) -> bool:
    """Campaign Game IV: one budget a side pays both wars, so the Pacific's builds go
    first only while the budget left exceeds Europe's share, the production of the side's
    places outside the Pacific (the rest is Europe's heuristic's); always in The Pacific War."""
    if not world(b):
        return True
    europe = sum(
        production_of(b.data, p) for p, o in b.owner.items() if o == b.me and not here(b, p)
    )
    return int(b.frame.get("budget", 0)) > europe
