"""A terminal picture of the European front for `grognard` CLI games.

Each place is two characters on an offset grid (odd rows shoved half a hex east, as the
map lies): its owner's initial in lower case when empty ("a", "s"), or upper case with
the points stacked there ("A7"; "A+" for more than nine); a place nobody owns (a neutral
country of Campaign Game I, or one out of play) is a dot, "N" and its points when a
neutral force stands there; blanks are water. Off-map boxes that have no hex number are
left out; the Siberia box is summed up below the grid.
"""

from __future__ import annotations

from typing import Any

from .geography import geography
from .map import row_col

Row = list[tuple[str, str | None]]


def render(view: dict[str, Any]) -> list[Row]:
    board = view["board"]
    g = geography(view["scenario"])
    owner: dict[str, str] = board["owner"]
    stacks: dict[str, int] = board["stacks"]
    cells = {row_col(p): p for p in g.places if p.isdigit()}
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    lines: list[Row] = [[(f"{board['turn']}: {board['player']} {board['phase']}", None)]]
    for r in sorted(set(rows)):
        line: Row = [(f"{r:02d} " + (" " if r % 2 else ""), None)]
        for c in range(min(cols), max(cols) + 1):
            place = cells.get((r, c))
            if place is None:
                line.append(("  ", None))
                continue
            side = owner.get(place)
            points = stacks.get(place, 0)
            if side is None:
                line.append((f"N{points if points < 10 else '+'}" if points else "· ", None))
            elif points:
                line.append((side[0].upper() + (str(points) if points < 10 else "+"), side))
            else:
                line.append((side[0] + " ", side))
        lines.append(line)
    box = owner.get("siberia")
    if box:
        lines.append([(f"Siberia: {box}, {stacks.get('siberia', 0)} points", box)])
    return lines
