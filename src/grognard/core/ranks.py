"""Ranks within groups: what a fixed action index (grognard.rl) names a piece by when
its id is minted during play (a unit raised, a block built), so no list made before
the game can hold it: the piece's rank among its group's pieces, in the order they
were minted."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any


def ranks_within(
    ids: Iterable[str], group: Callable[[str], Hashable], order: Callable[[str], Any]
) -> dict[str, int]:
    """id -> its rank (0 first) among the ids of its `group`, sorted by `order`."""
    members: dict[Hashable, list[str]] = {}
    for item in ids:
        members.setdefault(group(item), []).append(item)
    return {item: rank for same in members.values() for rank, item in enumerate(sorted(same, key=order))}
