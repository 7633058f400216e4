"""The supply map of a position (7.0, supply_map.supply_map), kept while nothing it reads
changes: the end of a turn asks it for attrition (7.1) and again for production
(8.1), and between the two usually no block has moved or gone (issue 25: supply maps
were a fifth of a random game's time).

The key is everything supply_map reads: the map and the home maps, the sides and
their alliances (2.0 [3]), each block's owner, type, hex, landing, blockade and
beachhead, the destroyed hexsides (9.5), the mulberries (9.7) and the turn. One
position is kept, the last asked; its answer is copied out, never shared.
"""

from __future__ import annotations

from typing import Any

from .control import Data
from .supply_map import supply_map

_last: dict[str, Any] = {}


def _key(data: Data) -> tuple[Any, ...]:
    blocks = tuple(
        (bid, b["owner"], b["type"], b["at"], b.get("landing"), b.get("blockade"), b.get("beachhead"))
        for bid, b in sorted(data["blocks"].items())
    )
    return (
        data["map"],
        repr(sorted(data["homes"].items())),
        repr(data.get("sides")),
        repr(data["roles"]),
        repr(data.get("teams")),
        repr(data.get("pacts")),
        repr(data.get("destroyed")),
        repr(data.get("mulberries")),
        data["turn"],
        blocks,
    )


def current_supply(data: Data) -> dict[str, frozenset[str]]:
    """supply_map.supply_map(data), from the last answer when the position it read is the
    same."""
    key = _key(data)
    kept = _last.get("entry")  # (key, answer), one object: threads never mix two positions
    if kept is None or kept[0] != key:
        kept = _last["entry"] = (key, supply_map(data))
    return dict(kept[1])
