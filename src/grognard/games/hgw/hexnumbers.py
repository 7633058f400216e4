"""Hitler's Global War hex numbers and the grid's geometry, with no map loaded.

Hexes are named by the rulebook's printed numbers ("RRCC": two digits of row, then the
column; Berlin "1237", San Francisco "19107"). Rows grow southward and columns eastward;
the grid is pointy-topped with odd rows shoved half a hex east ("odd-r"). The board goes
round the world: its 113 columns (0-112) close into a ring, so column 112's east side
touches column 0 (the seam runs through the U.S. interior near 105 W and, south of it,
the eastern Pacific). Neighbours and distances see across that seam; every search built
on them (movement, supply, sea routes, ranges) does too.
"""

from __future__ import annotations

from functools import cache

from grognard.core import hexgrid

HexId = str

LAYOUT = "odd-r"
COLUMNS = 113  # columns 0..112 make the ring round the world (the map's `cols`)
HALF_COST_ROWS = 12  # Sea Route 7: a sea route entering a hex above row 12 pays half


def hex_id(row: int, col: int) -> HexId:
    """The printed number of the hex at (row, col): `hex_id(12, 37) == "1237"`."""
    return hexgrid.rrcc(row, col)


@cache
def row_col(h: HexId) -> tuple[int, int]:
    """The (row, column) of a printed hex number. Cached: the sea route searches of
    Campaign Game II's naval movement ask it millions of times a game, and parsing was
    a third of a random game's CPU (the ids are the map's few thousand)."""
    return hexgrid.parse_rrcc(h)


@cache
def adjacent_numbers(h: HexId) -> tuple[HexId, ...]:
    """The six numbers around `h`, across the east-west seam (column 112's east
    neighbours are in column 0); rows are not clipped to the map (some may be off it)."""
    row, col = row_col(h)
    axial = hexgrid.from_offset(col, row, LAYOUT)
    result = []
    for n in hexgrid.neighbors(axial):
        c, r = hexgrid.to_offset(n, LAYOUT)
        if 0 <= r <= 99:
            result.append(hex_id(r, c % COLUMNS))
    return tuple(result)


def hex_distance(a: HexId, b: HexId) -> int:
    """Steps between two hexes the shorter way round the world (east or west)."""
    ra, ca = row_col(a)
    rb, cb = row_col(b)
    dr = ra - rb
    # odd-r offset to axial: q = col - (row - (row & 1)) // 2
    dq = ca - cb - (ra - (ra & 1)) // 2 + (rb - (rb & 1)) // 2
    near = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    dq += -COLUMNS if dq > 0 else COLUMNS  # the same two hexes, the other way round
    return min(near, (abs(dq) + abs(dr) + abs(dq + dr)) // 2)


def half_steps(h: HexId) -> int:
    """Sea Route 7: what entering `h` costs a sea route, in half steps."""
    return 1 if row_col(h)[0] < HALF_COST_ROWS else 2


def route_steps(path: list[HexId]) -> int:
    """A sea route's length in steps as the rules count it (Sea Route 7: hexes above row
    12 at half a step), a fraction rounded up (Invasion Procedure 3: "or fraction")."""
    return -(-sum(half_steps(h) for h in path[1:]) // 2)


def side_key(a: HexId, b: HexId) -> tuple[HexId, HexId]:
    """A hexside as the sorted pair of its two hexes (sorted by row, then column)."""
    return (a, b) if row_col(a) <= row_col(b) else (b, a)
