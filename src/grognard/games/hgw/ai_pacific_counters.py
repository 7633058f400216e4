"""The heuristic's army counters and build places in the Pacific (issue 23, part 4),
from its view only; ai_pacific_hooks calls it in the Pacific theater alone.

A side has twelve army counters, never more (Military Record Sheet 1), and a new point
is placed with an army in a build place or with a new army there (Building Strength
Points 3-4); a new army in a Pacific build place takes a counter of the place's nation
when the sheet has counters of it (G17.7: nations.built_nation). So each *pool* of
counters (Japan's, China's, the United States', the side's plain ones) has its own
build places, and a pool whose counters are all on the map, none of them in one of its
build places with room, cannot build at all: the Allies of The Pacific War place all
twelve at the start, and China's production was lost every turn.

- `merge` (movement): for such a pool, the smallest army of the pool that no invasion
  needs hands all its points, kind by kind, to another army of the pool that its points
  reach by land (Movement 4-5: an army left with no points goes back to the record
  sheet), preferring an army at the front; the freed counter takes the next builds.
- `deploy` (movement, once the ordinary moves are made): an army behind the front whose
  points found no front army with room goes whole to an empty front hex, unless it is
  its pool's last army in a build place (the depot the next builds go to).
- `dead_end` (production): a build place from which no land route reaches the front
  (an island, the U.S. west coast, Australia): points built there for the land war can
  go nowhere, so only invasion armies are built there (ai_pacific), unless nothing else
  can be built at all.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from grognard.core.game import Action

from .ai_board import Board, is_port
from .ai_pacific_theater import here
from .geography import Place
from .nations import built_nation
from .production import build_places
from .scenario import load_scenario

Order = tuple[str, str, int, Action]  # (army, kind, count, move_to action)
KINDS = ("infantry", "mechanized", "tac_air", "paratroop")  # amphibious armies are invaders: not merged


def pool(b: Board, army: dict[str, Any]) -> str:
    """The nation of an army's counter ("" for the side's plain counters), as the
    scenario's record sheet names it (the view shows only French counters' nation)."""
    return counter_nations(b.scenario).get(str(army["id"]), "")


@cache
def counter_nations(scenario: str) -> dict[str, str]:
    content = load_scenario(scenario)
    return {a.id: a.nation or "" for names in content.armies.values() for a in names}


def place_pool(b: Board, place: Place) -> str:
    """The pool a new army built in `place` takes its counter from (G17.7)."""
    return built_nation(b.data, b.me, place)


def free(b: Board, nation: str) -> int:
    """The side's counters of `nation` off the map (Military Record Sheet 2)."""
    return sum(1 for a in b.armies.values() if a["side"] == b.me and a["at"] is None and pool(b, a) == nation)


def pools(b: Board) -> dict[str, list[Place]]:
    """The side's build places (Building Strength Points 3), by the pool of a new army there."""
    found: dict[str, list[Place]] = {}
    for place in build_places(b.data, b.me):
        if not here(b, place):
            continue  # Campaign Game IV: Europe's build places are the ordinary heuristic's
        found.setdefault(place_pool(b, place), []).append(place)
    return found


def dead_end(b: Board, place: Place) -> bool:
    """No land route from `place` reaches a hex next to the enemy (Movement 2)."""
    return not b.reaches_front(place)


def stuck(b: Board) -> list[str]:
    """The pools that cannot build this turn: every counter on the map and none of their
    armies in one of their build places with room (ten points a hex, Stacking). A pool
    whose build places are all dead ends is left alone (its points would go nowhere)."""
    found = []
    for nation, places in sorted(pools(b).items()):
        if free(b, nation) or all(dead_end(b, p) for p in places):
            continue
        if any(
            pool(b, a) == nation and b.stacks.get(p, 0) < 10
            for p in places for a in b.at(p, b.me)
        ):
            continue
        found.append(nation)
    return found


def merge(b: Board, moves: dict[tuple[str, str], int]) -> Order | None:
    """The next move that frees a counter of a stuck pool, or None. `moves` holds the
    largest count the movement offers for each (army, kind)."""
    for nation in stuck(b):
        mine = [
            a for a in b.armies.values()
            if a["side"] == b.me and a["at"] is not None and pool(b, a) == nation
            and not int(a["sp"]["amphibious"]) and not b.g.is_box(a["at"]) and here(b, a["at"])
        ]
        for source in sorted(mine, key=lambda a: (int(a["strength"]), a["id"])):
            if b.spare(source) < int(source["strength"]):
                continue  # a guarded capital's garrison
            kinds = [k for k in KINDS if int(source["sp"][k])]
            if not kinds or any(moves.get((source["id"], k), 0) < int(source["sp"][k]) for k in kinds):
                continue  # every point must be free to move (Movement 1)
            target = _receiver(b, source, mine)
            if target is not None:
                kind = kinds[0]
                return source["id"], kind, int(source["sp"][kind]), ("to_army", target["id"])
    return None


def _receiver(b: Board, source: dict[str, Any], mine: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The army of the pool that takes `source`'s points: one with room for all of them,
    by land first (else across the sea, on the side's sea transport: Strength Point
    Movement Across Seas; the move is refused if the shipping cannot carry it), at the
    front first, then the strongest."""
    reach = b.reachable(source["at"])
    points = int(source["strength"])
    fits = [
        a for a in mine
        if a["id"] != source["id"]
        and (a["at"] == source["at"] or 10 - b.stacks.get(a["at"], 0) >= points)
    ]
    if not fits:
        return None
    return max(fits, key=lambda a: (a["at"] in reach, b.is_front(a["at"]), int(a["strength"]), a["id"]))


def deploy(b: Board, moves: dict[tuple[str, str], int]) -> Order | None:
    """Once the ordinary movement is done: an army behind the front that kept its points
    (no front army of its pool had room, and no counter was free for a new one) goes
    whole, counter and all, to the empty front hex nearest the side's goals that it
    reaches by land (Movement 2, 5), so that its counter fights; an army in one of its
    pool's build places stays when no other army of the pool stands in one (the depot
    that takes the pool's next builds), and an army in a port never goes (the invasion
    armies gather there). None when no army should go."""
    places = pools(b)
    mine = [
        a for a in b.armies.values()
        if a["side"] == b.me and a["at"] is not None and not int(a["sp"]["amphibious"])
        and not b.g.is_box(a["at"]) and not b.is_front(a["at"]) and here(b, a["at"])
    ]
    for army in sorted(mine, key=lambda a: (-int(a["strength"]), a["id"])):
        strength = int(army["strength"])
        if army["at"] in places.get(pool(b, army), []) and not _other_depot(b, army, places[pool(b, army)]):
            continue
        if moves.get((army["id"], "army"), 0) < strength or b.spare(army) < strength:
            continue
        spots = sorted(
            (b.dist.get(p, 99), p) for p in b.reachable(army["at"])
            if b.is_front(p) and not b.at(p) and b.stacks.get(p, 0) + strength <= 10
        )
        if is_port(army["at"]):
            continue
        if spots:
            return army["id"], "army", strength, ("to_place", spots[0][1])
    return None


def _other_depot(b: Board, army: dict[str, Any], homes: list[Place]) -> bool:
    """Another army of `army`'s pool stands in one of the pool's build places that its
    land route reaches (it takes the builds once `army` leaves)."""
    reach = b.reachable(army["at"])
    return any(
        a["side"] == b.me and a["id"] != army["id"] and pool(b, a) == pool(b, army)
        and a["at"] in homes and a["at"] in reach
        for a in b.armies.values()
    )
