"""The heuristic agent's answers to the optional rule Unaligned Forces (home_forces.py),
read from its view only: where to place a country's home forces, and where they retreat.

Placement: the capital first, up to its limit of two (its fall makes the country
surrender, and the home forces with it: O2.3), then the hexes the attacker has named,
then the hexes next to an army of a side at war with the placing one (`Board.foes`, so
not a neutral's), each time the one holding the fewest home points. Retreat: toward the
capital, else into the hex holding the most home points.
Movement: the heuristic never picks home points to move itself; where a search did
(`move_home`), they go to the hex next to the enemy's armies holding the fewest home
points, and stay put only when no such hex is offered.
"""

from __future__ import annotations

from typing import Any, cast

from .ai_board import Board
from .neutrality import capital_of

Action = tuple[Any, ...]


def _home(b: Board) -> dict[str, Any]:
    record: dict[str, Any] = cast(dict[str, Any], b.data.get("home_forces", {}))  # read, never changed
    return record


def _enemy_hexes(b: Board) -> set[str]:
    """The hexes holding an army of a side at war with ours (`Board.foes`): a neutral
    side's armies on the border are no threat to the country."""
    return {x["at"] for x in b.armies.values() if x["at"] and x["side"] in b.foes}


def place(b: Board, legal: list[Action]) -> Action:
    """O2.4: the next home point: the capital, the named targets, the front."""
    record = _home(b)
    at = record.get("at", {})
    capital = (record.get("waiting") or {}).get("capital")
    targets = {
        str(x["status"]["target"])
        for x in b.armies.values()
        if x["side"] != b.me and x.get("status") and x["status"].get("target")
    }
    enemies = _enemy_hexes(b)

    def score(action: Action) -> tuple[int, int, str]:
        p = str(action[2])
        weight = 0
        if p == capital:
            weight = 3
        elif p in targets:
            weight = 2
        elif enemies & set(b.g.links.get(p, ())):
            weight = 1
        held = int(at.get(p, {}).get("sp", 0))
        return (-weight, held, p)

    return min(legal, key=score)


def retreat(b: Board, legal: list[Action]) -> Action:
    """O2.3: the capital if it is offered, else the hex with the most home points."""
    at = _home(b).get("at", {})
    capital = capital_of(b.data, str(b.frame.get("nation") or ""))
    return min(legal, key=lambda a: (a[1] != capital, -int(at.get(a[1], {}).get("sp", 0)), str(a[1])))


def move_to(b: Board, legal: list[Action]) -> Action:
    """O2.6, home points a search picked to move: to the front hex (next to an enemy
    army) holding the fewest home points, else nowhere (`cancel`)."""
    at = _home(b).get("at", {})
    enemies = _enemy_hexes(b)
    front = [a for a in legal if a[0] == "to_place" and enemies & set(b.g.links.get(str(a[1]), ()))]
    if not front:
        return ("cancel",)
    return min(front, key=lambda a: (int(at.get(a[1], {}).get("sp", 0)), str(a[1])))
