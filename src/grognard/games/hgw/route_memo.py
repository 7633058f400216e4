"""A memo of the Movement Phase's route search (Movement 2; Strength Point Movement
Across Seas 1-2): the search `movement.routes` runs for an army when its moves are
listed, again when the chosen one is applied, and for each army of a position whose
moves the AI weighs, while nothing it reads has changed.

The memo is exact, never approximate: an entry is reused only when everything the
search read is the same now. The search reads, besides static map and scenario data
(the key: scenario, side, start and whether the Cape is shut), only

- the owner of places (`data["owner"]`): the entry keeps a copy and compares it whole;
- the room left on each sea it looked at (`movement.sea_room`), and only to ask
  whether the sea is unlimited, has room for the moving points, or has not: the entry
  keeps that answer for each of those seas and asks the same question again now
  (`room_class`), with the points moving now.

With the same owners and the same answers the search takes the same steps in the same
order, so its result is the same (a test compares the two on every move of random
games, tests/games/hgw/test_hgw_route_memo.py). Entries are immutable once stored and
the memo holds at most `SIZE` of them (it empties when full), so a long process never
grows it without bound.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

Place = str
Key = tuple[str, str, Place, bool]  # scenario, side, start, Cape shut (Sea Route 4)
Rooms = tuple[tuple[str, int], ...]  # each sea the search looked at, its `room_class`
R = TypeVar("R")

SIZE = 512  # entries: a few positions' worth of armies (a search's result is ~100 places)

UNLIMITED, ROOM, NO_ROOM = 0, 1, 2


def room_class(room: int | None, count: int) -> int:
    """What the route search asks of a sea's room: unlimited (None), room for the
    `count` moving points, or not."""
    if room is None:
        return UNLIMITED
    return ROOM if room >= count else NO_ROOM


class RouteMemo(Generic[R]):
    """Search results by key, each with the owners and sea answers it was found with;
    a key keeps up to `VARIANTS` results of the same owners (moves of different counts
    of points can get different answers from a sea)."""

    VARIANTS = 4

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self._entries: dict[Key, list[tuple[dict[Place, str], Rooms, R]]] = {}
        self._owners: dict[Place, str] = {}  # the last copy taken, shared by its entries
        self.hits = 0
        self.misses = 0

    def get(self, key: Key, owner: Mapping[Place, str], classify: Callable[[str], int]) -> R | None:
        """The result stored for `key`, if the owners are the same now and `classify`
        gives every sea it looked at the same answer; else None."""
        for owners, rooms, result in self._entries.get(key, ()):
            if owners == owner and all(classify(sea) == answer for sea, answer in rooms):
                self.hits += 1
                return result
        self.misses += 1
        return None

    def put(self, key: Key, owner: Mapping[Place, str], rooms: Rooms, result: R) -> None:
        if len(self._entries) >= self.size:
            self._entries.clear()
        if self._owners != owner:
            self._owners = dict(owner)
        kept = [e for e in self._entries.get(key, ()) if e[0] is self._owners][-self.VARIANTS + 1 :]
        self._entries[key] = [*kept, (self._owners, rooms, result)]

    def clear(self) -> None:
        self._entries.clear()
        self._owners = {}
