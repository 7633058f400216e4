"""The heuristic player's strategic markers in the land movement phase (Campaign Game II:
Strategic Bombing 1, K20.1; Strategic Missiles 2, K21.2), from its view and the legal
actions only (strategic_moves.py offers them: `ferry_strategic`, `move_missiles`).

- Bombers fly to the airbase within reach of the best target: the enemy production hex
  whose production most exceeds its air defence (the defence fires first, Strategic
  Bombing 3), then of the most such worth; a base off the front (not overrun) breaks a
  tie. They stay where they are unless the new base reaches better.
- Escorts follow the bombers: escorts without bombers fly to the base with the most.
- Missile counters move where the most enemy production lies within their range.
- Air defence leaves a production hex no enemy bomber reaches for the richest one that
  enemy bombers reach and no air defence guards.

The movement plan (ai_movement.py) goes on once nothing here is worth a move; the
answer for a turn and an unchanged set of offers is remembered (the markers stay put
while armies move)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grognard.core.game import Action

from .ai_board import Board
from .ai_strategic import _defence, _threatened
from .board import production_of
from .bombing import bomber_range
from .map import hex_distance, load_map
from .strategic import bombers_at, research_of
from .strategic_moves import VERBS
from .strategic_phase import hostile
from .strategic_tables import load_strategic

Chooser = Callable[[Board, list[Action]], Action]
NONE = -(10**6)  # no target within reach


def targets(b: Board) -> dict[str, int]:
    """The enemy production hexes on the map the side may strike, with what a raid there
    is worth: its production beyond its air defence."""
    hmap = load_map()
    return {
        p: production_of(b.data, p) - _defence(b, p)
        for p, owner in b.owner.items()
        if p in hmap and hostile(b.data, b.me, owner) and production_of(b.data, p) > 0
    }


def best_within(worth: dict[str, int], place: str, reach: int) -> int:
    """The best target's worth within `reach` hexes of `place` (NONE: none)."""
    if place not in load_map():
        return NONE
    return max((w for t, w in worth.items() if hex_distance(place, t) <= reach), default=NONE)


def total_within(worth: dict[str, int], place: str, reach: int) -> int:
    """The worth of every target within `reach` hexes of `place`, added up."""
    if place not in load_map():
        return 0
    return sum(w for t, w in worth.items() if hex_distance(place, t) <= reach)


def _bombers(b: Board, ferries: list[Action]) -> Action | None:
    moves = [a for a in ferries if a[1] == "bombers"]
    if not moves:
        return None
    worth, reach = targets(b), bomber_range(research_of(b.data), b.me)
    for origin in sorted({a[2] for a in moves}):
        here = best_within(worth, origin, reach)
        options = [a for a in moves if a[2] == origin]

        def rank(a: Action) -> tuple[int, int, bool, str]:
            return (
                best_within(worth, a[3], reach),
                total_within(worth, a[3], reach),
                not b.is_front(a[3]),
                a[3],
            )

        best = max(options, key=rank)
        if rank(best)[:2] > (here, total_within(worth, origin, reach)):
            return best
    return None


def _escorts(b: Board, ferries: list[Action]) -> Action | None:
    strategic = b.data.get("strategic") or {}
    for a in ferries:
        if a[1] != "escorts" or bombers_at(strategic, b.me, a[2])["sp"]:
            continue
        bases = [x for x in ferries if x[1:3] == a[1:3] and bombers_at(strategic, b.me, x[3])["sp"]]
        if bases:
            return max(bases, key=lambda x: (bombers_at(strategic, b.me, x[3])["sp"], x[3]))
    return None


def _missiles(b: Board, legal: list[Action]) -> Action | None:
    moves = [a for a in legal if a[0] == "move_missiles"]
    if not moves:
        return None
    strategic = b.data.get("strategic") or {}
    counters = strategic.get("missiles", {}).get(b.me, {})
    worth = {p: production_of(b.data, p) for p in targets(b)}
    reach = int(load_strategic().missile.range)
    for counter in sorted({a[1] for a in moves}):
        here = total_within(worth, str(counters[counter]["at"]), reach)
        options = [a for a in moves if a[1] == counter]
        best = max(options, key=lambda a: (total_within(worth, a[2], reach), not b.is_front(a[2]), a[2]))
        if total_within(worth, best[2], reach) > here:
            return best
    return None


def _air_defence(b: Board, ferries: list[Action]) -> Action | None:
    moves = [a for a in ferries if a[1] == "air_defence"]
    for origin in sorted({a[2] for a in moves}):
        if production_of(b.data, origin) > 0 and _threatened(b, origin):
            continue  # it guards production the enemy can raid: it stays
        needy = [
            a
            for a in moves
            if a[2] == origin
            and production_of(b.data, a[3]) > 0
            and _threatened(b, a[3])
            and not _defence(b, a[3])
        ]
        if needy:
            return max(needy, key=lambda a: (production_of(b.data, a[3]), _threatened(b, a[3]), a[3]))
    return None


def strategic_move(b: Board, legal: list[Action]) -> Action | None:
    """The strategic marker worth moving now, or None."""
    ferries = [a for a in legal if a[0] == "ferry_strategic"]
    for pick in (_bombers(b, ferries), _escorts(b, ferries), _missiles(b, legal), _air_defence(b, ferries)):
        if pick is not None:
            return pick
    return None


def with_moves(movement: Chooser) -> Chooser:
    """The movement plan, after any strategic marker worth moving."""
    settled: dict[Any, frozenset[Action]] = {}  # a turn -> the offers that moved nothing

    def choose(b: Board, legal: list[Action]) -> Action:
        offers = frozenset(a for a in legal if a[0] in VERBS)
        if offers and settled.get(b.key) != offers:
            pick = strategic_move(b, legal)
            if pick is not None:
                return pick
            settled.clear()
            settled[b.key] = offers
        return movement(b, legal)

    return choose
