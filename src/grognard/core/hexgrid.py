"""Hex-grid geometry in axial coordinates, plus ids, drawing helpers and path search.

A hex is an axial pair `(q, r)`; the implied cube coordinate is `s = -q - r`. Every
function here is pure and works on plain tuples, so hexes go into game state, JSON
and dict keys unchanged. Hexes are stored as `"q,r"` strings (`hex_id`) where a
string key is needed, and hexsides as `"q1,r1|q2,r2"` with the smaller hex first.

Lines are drawn by sampling the straight segment between two hex centres. When the
segment runs exactly along a hexside a sample lands on the edge between two hexes;
`line` settles that by nudging the segment a hair to one side, and `lines` returns
the result for both sides so a line-of-sight rule can let the player choose.

`dijkstra` is the shared search behind `shortest_path` and `reachable` here and the
area-map searches in `grognard.core.areagraph`; it works on any comparable node.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

Hex = tuple[int, int]

# Counter-clockwise from "east" (for pointy-top drawing); the order is part of the API.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

LAYOUTS: tuple[str, ...] = ("odd-r", "even-r", "odd-q", "even-q")

# A search that expands this many nodes is almost certainly running over an unbounded
# grid (the cost function never says "off the board"); fail loudly instead of hanging.
MAX_EXPANSIONS = 1_000_000

# Size of the sideways nudge that settles hexside ties in `line`. Non-tied samples sit
# at least 1/N away from any hex boundary, so this is safe for lines far longer than
# any map.
_NUDGE = 1e-6

_HEX_ID = re.compile(r"(-?\d+),(-?\d+)")
_SQRT3 = math.sqrt(3.0)

Node = TypeVar("Node", bound=Hashable)


# --- basic arithmetic ------------------------------------------------------------


def add(a: Hex, b: Hex) -> Hex:
    """The vector sum of two hexes."""
    return (a[0] + b[0], a[1] + b[1])


def neighbor(h: Hex, direction: int) -> Hex:
    """The hex next to `h` in `DIRECTIONS[direction]` (any int; taken modulo 6)."""
    return add(h, DIRECTIONS[direction % 6])


def neighbors(h: Hex) -> list[Hex]:
    """The six hexes around `h`, in `DIRECTIONS` order."""
    return [add(h, d) for d in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly `radius` steps from `center`, walked counter-clockwise.

    The walk starts at the hex `radius` steps in direction 4 from the centre and
    goes round in `DIRECTIONS` order, so the order is fixed for every call.
    """
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    dq, dr = DIRECTIONS[4]
    h = (center[0] + dq * radius, center[1] + dr * radius)
    result: list[Hex] = []
    for direction in range(6):
        for _ in range(radius):
            result.append(h)
            h = neighbor(h, direction)
    return result


def disk(center: Hex, radius: int) -> list[Hex]:
    """Every hex within `radius` steps of `center` (centre included), sorted."""
    if radius < 0:
        raise ValueError(f"disk radius must be >= 0, got {radius}")
    cq, cr = center
    result: list[Hex] = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            result.append((cq + dq, cr + dr))
    return result  # already sorted: dq and then dr ascend


# --- lines -------------------------------------------------------------------------


def _cube_round(q: float, r: float, s: float) -> Hex:
    """The hex containing the fractional cube point (q, r, s)."""
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    # Rounding each coordinate can break q + r + s == 0; recompute the worst one.
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (rq, rr)


def _nudged_line(a: Hex, b: Hex, side: int) -> list[Hex]:
    """The sampled line from `a` to `b`, shifted a hair to one side (`side` is +1 or -1).

    The shift is perpendicular to the line, so it pushes every sample that lies on a
    hexside into the hex on that side, and all such ties go the same way.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a
    a_s = -aq - ar
    dq, dr = b[0] - aq, b[1] - ar
    ds = -dq - dr
    # Cross product of the direction with (1, 1, 1): perpendicular and inside the
    # cube plane. Its sign makes side +1 agree with the classic fixed (+e, +e, -2e)
    # nudge on the textbook case (0,0) -> (2,-1), which passes through (1,0).
    pq, pr, ps = ds - dr, dq - ds, dr - dq
    scale = side * _NUDGE / max(abs(pq), abs(pr), abs(ps))
    result = [a]
    for i in range(1, n):
        # Divide once at the end so samples that lie on a hexside come out exactly .5.
        q = (aq * n + dq * i) / n + pq * scale
        r = (ar * n + dr * i) / n + pr * scale
        s = (a_s * n + ds * i) / n + ps * scale
        result.append(_cube_round(q, r, s))
    result.append(b)
    return result


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from `a` to `b`, both ends included.

    The result has `distance(a, b) + 1` hexes, each adjacent to the next. Where the
    line runs exactly along a hexside it takes the "+epsilon" side; `lines` gives both.
    """
    return _nudged_line(a, b, 1)


def lines(a: Hex, b: Hex) -> list[list[Hex]]:
    """Every distinct hex line from `a` to `b`, sorted.

    One line normally; two when the straight line runs along hexsides, one for each
    side (the "+epsilon" one is what `line` returns).
    """
    variants = {tuple(_nudged_line(a, b, side)) for side in (1, -1)}
    return [list(v) for v in sorted(variants)]


# --- hexsides and ids ------------------------------------------------------------


def hex_id(h: Hex) -> str:
    """The string id of a hex, e.g. `"0,-3"`."""
    return f"{h[0]},{h[1]}"


def parse_hex_id(s: str) -> Hex:
    """The hex named by a `hex_id` string; ValueError if it is not one."""
    m = _HEX_ID.fullmatch(s) if isinstance(s, str) else None
    if m is None:
        raise ValueError(f"bad hex id {s!r}: expected two integers as 'q,r', e.g. '0,-3'")
    return (int(m.group(1)), int(m.group(2)))


def hexside(a: Hex, b: Hex) -> str:
    """The id of the edge shared by two adjacent hexes; the same for (a, b) and (b, a)."""
    if distance(a, b) != 1:
        raise ValueError(f"hexes {hex_id(a)} and {hex_id(b)} are not adjacent, so share no hexside")
    lo, hi = sorted((a, b))
    return f"{hex_id(lo)}|{hex_id(hi)}"


def hexside_hexes(side: str) -> tuple[Hex, Hex]:
    """The two hexes of a hexside id, smaller first; ValueError if it is not one."""
    parts = side.split("|") if isinstance(side, str) else []
    if len(parts) != 2:
        raise ValueError(f"bad hexside id {side!r}: expected 'q1,r1|q2,r2'")
    a, b = parse_hex_id(parts[0]), parse_hex_id(parts[1])
    if hexside(a, b) != side:  # catches non-adjacent pairs and non-canonical order
        raise ValueError(f"bad hexside id {side!r}: canonical form is {hexside(a, b)!r}")
    return (a, b)


def rrcc(row: int, col: int) -> str:
    """A printed hex number in row-then-column style, each part at least two digits.

    `rrcc(12, 37) == "1237"`, `rrcc(19, 107) == "19107"`. The row is always the first
    two digits, so it must be 0..99.
    """
    if not 0 <= row <= 99:
        raise ValueError(f"rrcc row must be 0..99, got {row}")
    if col < 0:
        raise ValueError(f"rrcc column must be >= 0, got {col}")
    return f"{row:02d}{col:02d}"


def parse_rrcc(s: str) -> tuple[int, int]:
    """The (row, column) of a printed hex number: first two digits row, the rest column."""
    if not isinstance(s, str) or len(s) < 4 or not (s.isascii() and s.isdigit()):
        raise ValueError(f"bad printed hex number {s!r}: expected at least four digits, e.g. '1237'")
    return (int(s[:2]), int(s[2:]))


# --- offset coordinates and drawing ----------------------------------------------


def _check_layout(layout: str) -> None:
    if layout not in LAYOUTS:
        raise ValueError(f"unknown offset layout {layout!r}; expected one of {', '.join(LAYOUTS)}")


def to_offset(h: Hex, layout: str = "odd-r") -> tuple[int, int]:
    """The (col, row) of a hex in an offset layout ("odd-r", "even-r", "odd-q", "even-q").

    "odd-r" shoves odd rows right by half a hex; "even-q" shoves even columns down; etc.
    """
    _check_layout(layout)
    q, r = h
    # `x & 1` is the parity even for negative x, unlike `x % 2` in some languages.
    if layout == "odd-r":
        return (q + (r - (r & 1)) // 2, r)
    if layout == "even-r":
        return (q + (r + (r & 1)) // 2, r)
    if layout == "odd-q":
        return (q, r + (q - (q & 1)) // 2)
    return (q, r + (q + (q & 1)) // 2)


def from_offset(col: int, row: int, layout: str = "odd-r") -> Hex:
    """The axial hex at (col, row) of an offset layout; inverse of `to_offset`."""
    _check_layout(layout)
    if layout == "odd-r":
        return (col - (row - (row & 1)) // 2, row)
    if layout == "even-r":
        return (col - (row + (row & 1)) // 2, row)
    if layout == "odd-q":
        return (col, row - (col - (col & 1)) // 2)
    return (col, row - (col + (col & 1)) // 2)


def to_pixel(h: Hex, size: float = 1.0, pointy: bool = True) -> tuple[float, float]:
    """The centre of a hex in drawing units (y grows downwards, as in SVG).

    `size` is the centre-to-corner distance. Hex (0, 0) is at the origin.
    """
    q, r = h
    if pointy:
        return (size * _SQRT3 * (q + r / 2), size * 1.5 * r)
    return (size * 1.5 * q, size * _SQRT3 * (r + q / 2))


def corners(h: Hex, size: float = 1.0, pointy: bool = True) -> list[tuple[float, float]]:
    """The six corners of a hex's polygon, going round from the first corner at -30° / 0°."""
    cx, cy = to_pixel(h, size, pointy)
    start = -30.0 if pointy else 0.0
    result = []
    for i in range(6):
        angle = math.radians(start + 60.0 * i)
        result.append((cx + size * math.cos(angle), cy + size * math.sin(angle)))
    return result


# --- search --------------------------------------------------------------------------


def dijkstra(
    start: Node,
    steps: Callable[[Node], Iterable[tuple[Node, float | None]]],
    *,
    goal: Node | None = None,
    budget: float | None = None,
) -> tuple[dict[Node, float], dict[Node, Node]]:
    """Cheapest costs from `start` over any graph of comparable nodes.

    `steps(node)` yields `(next node, step cost)` pairs, cost None meaning blocked.
    Stops once `goal` is settled (if given) and never goes past `budget`. Returns the
    best cost found for each node and the parent links of those cheapest paths; when
    no goal is given every returned cost is final. Ties go to the smaller node, so
    the result depends only on the inputs.
    """
    best: dict[Node, float] = {start: 0.0}
    parent: dict[Node, Node] = {}
    settled: set[Node] = set()
    heap: list[tuple[float, Node]] = [(0.0, start)]
    while heap:
        spent, node = heapq.heappop(heap)
        if node in settled:
            continue  # a stale entry; the node was settled more cheaply already
        settled.add(node)
        if node == goal:
            break
        if len(settled) > MAX_EXPANSIONS:
            raise ValueError(
                f"search expanded more than {MAX_EXPANSIONS} nodes; the cost function "
                "must block steps off the map (return None) or a budget must be given"
            )
        for nxt, step in steps(node):
            if step is None or nxt in settled:
                continue
            if step < 0:
                raise ValueError(f"step cost from {node!r} to {nxt!r} is negative ({step})")
            total = spent + step
            if budget is not None and total > budget:
                continue
            if nxt not in best or total < best[nxt]:
                best[nxt] = total
                parent[nxt] = node
                heapq.heappush(heap, (total, nxt))
    return best, parent


def path_to(goal: Node, parent: dict[Node, Node]) -> list[Node]:
    """The path ending at `goal` read back from `dijkstra` parent links."""
    path = [goal]
    while path[-1] in parent:
        path.append(parent[path[-1]])
    path.reverse()
    return path


def _hex_steps(cost: Callable[[Hex, Hex], float | None]) -> Callable[[Hex], list[tuple[Hex, float | None]]]:
    """Adapts a hex step-cost function to the `dijkstra` steps interface."""
    return lambda h: [(n, cost(h, n)) for n in neighbors(h)]


def shortest_path(
    start: Hex,
    goal: Hex,
    cost: Callable[[Hex, Hex], float | None],
    max_cost: float | None = None,
) -> list[Hex] | None:
    """The cheapest path from `start` to `goal`, both ends included, or None.

    `cost(frm, to)` prices one step between adjacent hexes (None = blocked); it must
    block steps off the map unless `max_cost` bounds the search. Paths costing more
    than `max_cost` are not considered. Equal-cost paths are chosen deterministically.
    """
    best, parent = dijkstra(start, _hex_steps(cost), goal=goal, budget=max_cost)
    if goal not in best:
        return None
    return path_to(goal, parent)


def reachable(start: Hex, budget: float, cost: Callable[[Hex, Hex], float | None]) -> dict[Hex, float]:
    """Every hex reachable from `start` spending at most `budget`, with its least cost.

    The start is always included at cost 0. `cost` is as for `shortest_path`.
    """
    if budget < 0:
        raise ValueError(f"budget must be >= 0, got {budget}")
    best, _ = dijkstra(start, _hex_steps(cost), budget=budget)
    return best
