"""The Viktory II board as text, for the terminal (`grognard play`).

Each hex is a 4-character cell laid out as a pointy-top hex grid: the terrain letter
(P plains, G grassland, F forest, M mountain, ~ water, · face down), then a town `t`,
city `C` or capital `*`, then the number of units there. Settlements and units take
their owner's colour. Drawn from a view, so it shows only what that seat may know.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from grognard.core import hexgrid

Segment = tuple[str, str | None]

TERRAIN_MARK = {"plains": "P", "grassland": "G", "forest": "F", "mountain": "M", "water": "~", None: "·"}
CELL = 4


def render(view: dict[str, Any]) -> list[list[Segment]]:
    """Rows of (text, owner-or-None) segments; owner names a colour style."""
    board = view["board"]
    radius = int(board["board"]["radius"]) + 1
    capitals = set(board["capitals"].values())
    units: Counter[str] = Counter()
    unit_owner: dict[str, str] = {}
    for unit in board["units"].values():
        if unit["hex"] is not None:
            units[unit["hex"]] += 1
            unit_owner[unit["hex"]] = unit["owner"]
    rows = []
    for r in range(-radius, radius + 1):
        row: list[Segment] = [(" " * (abs(r) * CELL // 2), None)]
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1):
            hid = hexgrid.hex_id((q, r))
            row.extend(_cell(hid, board, capitals, units, unit_owner))
        rows.append(row)
    rows.append([(_legend(board), None)])
    return rows


def _cell(
    hid: str,
    board: dict[str, Any],
    capitals: set[str],
    units: Counter[str],
    unit_owner: dict[str, str],
) -> list[Segment]:
    terrain = board["tiles"].get(hid)
    out: list[Segment] = [(TERRAIN_MARK[terrain], None)]
    town = board["towns"].get(hid)
    if town is None:
        out.append((" ", None))
    else:
        mark = "*" if hid in capitals else ("C" if town["city"] else "t")
        out.append((mark, town["owner"]))
    count = units.get(hid, 0)
    out.append((str(min(count, 9)) if count else " ", unit_owner.get(hid)))
    out.append((" ", None))
    return out


def _legend(board: dict[str, Any]) -> str:
    scores = ", ".join(f"{role} {score}" for role, score in board["scores"].items())
    key = "P plains G grassland F forest M mountain ~ water · face down | t town C city * capital"
    return f"{key} | {scores}"
