"""Tests for grognard.core.hexgrid: geometry, ids, drawing and search."""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grognard.core import hexgrid
from grognard.core.hexgrid import (
    DIRECTIONS,
    Hex,
    corners,
    disk,
    distance,
    from_offset,
    hex_id,
    hexside,
    hexside_hexes,
    line,
    lines,
    neighbor,
    neighbors,
    parse_hex_id,
    parse_rrcc,
    reachable,
    ring,
    rrcc,
    shortest_path,
    to_offset,
    to_pixel,
)

coord = st.integers(min_value=-60, max_value=60)
hexes = st.tuples(coord, coord)
small = st.integers(min_value=-6, max_value=6)
small_hexes = st.tuples(small, small)
layouts = st.sampled_from(["odd-r", "even-r", "odd-q", "even-q"])


def is_valid_line(path: list[Hex], a: Hex, b: Hex) -> bool:
    """A hex line: right ends, right length, every step to an adjacent hex."""
    steps_ok = all(distance(x, y) == 1 for x, y in pairwise(path))
    return path[0] == a and path[-1] == b and len(path) == distance(a, b) + 1 and steps_ok


def bounded(radius: int, blocked: frozenset[Hex] = frozenset()) -> Callable[[Hex, Hex], float | None]:
    """A cost function over a disk-shaped board around the origin."""

    def cost(frm: Hex, to: Hex) -> float | None:
        if distance(to, (0, 0)) > radius or to in blocked:
            return None
        return 1.0

    return cost


# --- basics ------------------------------------------------------------------------


def test_directions_are_the_six_unit_vectors_in_order() -> None:
    assert DIRECTIONS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def test_neighbor_wraps_direction_and_neighbors_follow_directions() -> None:
    assert neighbor((2, 3), 0) == (3, 3)
    assert neighbor((2, 3), 6) == (3, 3)
    assert neighbor((2, 3), -1) == (2, 4)
    assert neighbors((0, 0)) == list(DIRECTIONS)
    assert neighbors((5, -2))[3] == (4, -2)


def test_distance_examples() -> None:
    assert distance((0, 0), (0, 0)) == 0
    assert distance((0, 0), (3, -3)) == 3
    assert distance((0, 0), (2, 2)) == 4
    assert distance((-1, 4), (2, -1)) == 5


@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_neighbors_are_at_distance_one_and_distinct(h: Hex) -> None:
    around = neighbors(h)
    assert len(set(around)) == 6
    assert all(distance(h, n) == 1 for n in around)


# --- rings and disks -----------------------------------------------------------------


def test_ring_zero_and_one() -> None:
    assert ring((3, 4), 0) == [(3, 4)]
    assert ring((0, 0), 1) == [(-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0)]


def test_negative_radius_is_rejected() -> None:
    with pytest.raises(ValueError, match="radius"):
        ring((0, 0), -1)
    with pytest.raises(ValueError, match="radius"):
        disk((0, 0), -1)


@given(hexes, st.integers(min_value=1, max_value=12))
def test_ring_size_and_distance(center: Hex, radius: int) -> None:
    cells = ring(center, radius)
    assert len(cells) == 6 * radius
    assert len(set(cells)) == len(cells)
    assert all(distance(center, h) == radius for h in cells)
    # Walk order: each hex of the ring touches the next, all the way round.
    assert all(distance(x, y) == 1 for x, y in zip(cells, cells[1:] + cells[:1], strict=True))


@given(hexes, st.integers(min_value=0, max_value=12))
def test_disk_size_sorted_and_within_radius(center: Hex, radius: int) -> None:
    cells = disk(center, radius)
    assert len(cells) == 3 * radius * (radius + 1) + 1
    assert cells == sorted(set(cells))
    assert all(distance(center, h) <= radius for h in cells)
    assert set(cells) == {h for r in range(radius + 1) for h in ring(center, r)}


# --- lines ---------------------------------------------------------------------------


def test_line_examples() -> None:
    assert line((0, 0), (0, 0)) == [(0, 0)]
    assert line((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    # The classic tie case goes to the "+epsilon" side, as in the usual recipe.
    assert line((0, 0), (2, -1)) == [(0, 0), (1, 0), (2, -1)]


def test_lines_along_a_hexside_gives_both_sides() -> None:
    # The straight line (0,0)->(2,-1) passes exactly between (1,0) and (1,-1).
    variants = lines((0, 0), (2, -1))
    assert variants == [[(0, 0), (1, -1), (2, -1)], [(0, 0), (1, 0), (2, -1)]]
    assert {v[1] for v in variants} == {(1, 0), (1, -1)}


def test_lines_along_the_other_hexside_direction() -> None:
    # (0,0)->(1,1) runs between (1,0) and (0,1); this direction is the one a fixed
    # (+e, +e, -2e) nudge cannot separate geometrically.
    assert {v[1] for v in lines((0, 0), (1, 1))} == {(1, 0), (0, 1)}


def test_long_hexside_line_keeps_each_variant_on_one_side() -> None:
    assert lines((0, 0), (4, -2)) == [
        [(0, 0), (1, -1), (2, -1), (3, -2), (4, -2)],
        [(0, 0), (1, 0), (2, -1), (3, -1), (4, -2)],
    ]


def test_lines_straight_along_an_axis_has_one_variant() -> None:
    assert lines((0, 0), (0, -4)) == [[(0, 0), (0, -1), (0, -2), (0, -3), (0, -4)]]
    assert lines((2, 2), (2, 2)) == [[(2, 2)]]


@given(hexes, hexes)
def test_line_is_a_valid_line(a: Hex, b: Hex) -> None:
    assert is_valid_line(line(a, b), a, b)


@given(hexes, hexes)
def test_every_variant_of_lines_is_valid(a: Hex, b: Hex) -> None:
    variants = lines(a, b)
    assert 1 <= len(variants) <= 2
    assert variants == sorted(variants)
    assert line(a, b) in variants
    for path in variants:
        assert is_valid_line(path, a, b)


@given(hexes, hexes)
def test_lines_are_the_same_in_both_directions(a: Hex, b: Hex) -> None:
    # Line of sight must not depend on who is looking.
    forward = {tuple(v) for v in lines(a, b)}
    backward = {tuple(reversed(v)) for v in lines(b, a)}
    assert forward == backward


@given(hexes, hexes)
def test_two_variants_differ_only_by_hexside_neighbours(a: Hex, b: Hex) -> None:
    variants = lines(a, b)
    if len(variants) == 2:
        first, second = variants
        assert all(x == y or distance(x, y) == 1 for x, y in zip(first, second, strict=True))


# --- ids and hexsides ----------------------------------------------------------------


def test_hex_id_format_and_parse_errors() -> None:
    assert hex_id((0, -3)) == "0,-3"
    assert parse_hex_id("-12,7") == (-12, 7)
    for bad in ["", "1", "1,2,3", "a,b", " 1,2", "1, 2", "1.0,2"]:
        with pytest.raises(ValueError, match="bad hex id"):
            parse_hex_id(bad)


@given(hexes)
def test_hex_id_round_trip(h: Hex) -> None:
    assert parse_hex_id(hex_id(h)) == h


def test_hexside_format_and_errors() -> None:
    assert hexside((1, 0), (0, 0)) == "0,0|1,0"
    assert hexside((0, 0), (-1, 1)) == "-1,1|0,0"
    with pytest.raises(ValueError, match="not adjacent"):
        hexside((0, 0), (2, 0))
    with pytest.raises(ValueError, match="not adjacent"):
        hexside((0, 0), (0, 0))
    with pytest.raises(ValueError, match="bad hexside"):
        hexside_hexes("0,0")
    with pytest.raises(ValueError, match="canonical"):
        hexside_hexes("1,0|0,0")


@given(hexes, st.integers(min_value=0, max_value=5))
def test_hexside_symmetric_and_round_trips(h: Hex, direction: int) -> None:
    other = neighbor(h, direction)
    side = hexside(h, other)
    assert side == hexside(other, h)
    assert hexside_hexes(side) == tuple(sorted((h, other)))


@given(hexes)
def test_the_six_hexsides_of_a_hex_are_distinct(h: Hex) -> None:
    assert len({hexside(h, n) for n in neighbors(h)}) == 6


def test_rrcc_examples() -> None:
    assert rrcc(12, 37) == "1237"
    assert rrcc(19, 107) == "19107"
    assert rrcc(3, 5) == "0305"
    assert parse_rrcc("1237") == (12, 37)
    assert parse_rrcc("19107") == (19, 107)
    assert parse_rrcc("0305") == (3, 5)


def test_rrcc_errors() -> None:
    with pytest.raises(ValueError, match="row"):
        rrcc(100, 1)
    with pytest.raises(ValueError, match="column"):
        rrcc(1, -1)
    for bad in ["123", "12a4", "", "-1234"]:
        with pytest.raises(ValueError, match="printed hex number"):
            parse_rrcc(bad)


@given(st.integers(min_value=0, max_value=99), st.integers(min_value=0, max_value=999))
def test_rrcc_round_trip(row: int, col: int) -> None:
    assert parse_rrcc(rrcc(row, col)) == (row, col)


# --- offsets and drawing ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("layout", "offset", "axial"),
    [
        ("odd-r", (0, 1), (0, 1)),
        ("odd-r", (0, 2), (-1, 2)),
        ("even-r", (0, 1), (-1, 1)),
        ("odd-q", (2, 0), (2, -1)),
        ("even-q", (1, 0), (1, -1)),
        ("odd-r", (0, -1), (1, -1)),  # negative odd rows are shoved right too
        ("even-q", (-1, 0), (-1, 0)),
    ],
)
def test_offset_examples(layout: str, offset: tuple[int, int], axial: Hex) -> None:
    assert from_offset(*offset, layout=layout) == axial
    assert to_offset(axial, layout) == offset


def test_odd_r_shoves_odd_rows_right() -> None:
    # In odd-r the hex at (0, 1) sits between (0, 0) and (1, 0) of the row above.
    below = from_offset(0, 1)
    assert distance(below, from_offset(0, 0)) == 1
    assert distance(below, from_offset(1, 0)) == 1
    assert distance(below, from_offset(-1, 0)) == 2


def test_unknown_layout_is_rejected() -> None:
    with pytest.raises(ValueError, match="layout"):
        to_offset((0, 0), "odd-x")
    with pytest.raises(ValueError, match="layout"):
        from_offset(0, 0, "axial")


@given(hexes, layouts)
def test_offset_round_trip_from_axial(h: Hex, layout: str) -> None:
    col, row = to_offset(h, layout)
    assert from_offset(col, row, layout) == h


@given(coord, coord, layouts)
def test_offset_round_trip_from_offset(col: int, row: int, layout: str) -> None:
    assert to_offset(from_offset(col, row, layout), layout) == (col, row)


def test_to_pixel_examples() -> None:
    assert to_pixel((0, 0)) == (0.0, 0.0)
    assert to_pixel((1, 0)) == pytest.approx((math.sqrt(3), 0.0))
    assert to_pixel((0, 1), size=2.0) == pytest.approx((math.sqrt(3), 3.0))
    assert to_pixel((1, 0), pointy=False) == pytest.approx((1.5, math.sqrt(3) / 2))


@given(small_hexes, st.integers(min_value=0, max_value=5), st.booleans())
def test_neighbour_centres_are_sqrt3_sizes_apart(h: Hex, direction: int, pointy: bool) -> None:
    x1, y1 = to_pixel(h, 2.0, pointy)
    x2, y2 = to_pixel(neighbor(h, direction), 2.0, pointy)
    assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(2.0 * math.sqrt(3))


@given(small_hexes, st.integers(min_value=0, max_value=5), st.booleans())
def test_adjacent_hexes_share_exactly_two_corners(h: Hex, direction: int, pointy: bool) -> None:
    mine = corners(h, 3.0, pointy)
    theirs = corners(neighbor(h, direction), 3.0, pointy)
    cx, cy = to_pixel(h, 3.0, pointy)
    assert len(mine) == 6
    assert all(math.hypot(x - cx, y - cy) == pytest.approx(3.0) for x, y in mine)
    shared = [p for p in mine if any(math.dist(p, q) < 1e-9 for q in theirs)]
    assert len(shared) == 2


def test_pointy_corners_start_at_minus_30_degrees() -> None:
    first = corners((0, 0))[0]
    assert first == pytest.approx((math.sqrt(3) / 2, -0.5))
    assert corners((0, 0), pointy=False)[0] == pytest.approx((1.0, 0.0))


# --- search --------------------------------------------------------------------------


def test_shortest_path_in_open_field_is_as_long_as_the_distance() -> None:
    path = shortest_path((-3, 0), (3, -2), bounded(6))
    assert path is not None
    assert is_valid_line(path, (-3, 0), (3, -2))


def test_shortest_path_to_itself() -> None:
    assert shortest_path((1, 1), (1, 1), bounded(3)) == [(1, 1)]


def test_shortest_path_goes_round_a_wall() -> None:
    wall = frozenset((0, r) for r in range(-4, 4))  # leaves (0, 4) and beyond open
    path = shortest_path((-2, 0), (2, 0), bounded(6, wall))
    assert path is not None
    assert not wall & set(path)
    assert len(path) - 1 > distance((-2, 0), (2, 0))
    assert all(distance(x, y) == 1 for x, y in pairwise(path))


def test_shortest_path_none_when_enclosed_or_too_expensive() -> None:
    moat = frozenset(ring((0, 0), 2))
    assert shortest_path((0, 0), (4, 0), bounded(6, moat)) is None
    assert shortest_path((0, 0), (4, 0), bounded(6), max_cost=3) is None
    assert shortest_path((0, 0), (4, 0), bounded(6), max_cost=4) is not None


def test_shortest_path_is_deterministic() -> None:
    # Many equal-cost paths exist from (0,0) to (3,1); the same one must come back.
    first = shortest_path((0, 0), (3, 1), bounded(5))
    assert first is not None
    assert all(shortest_path((0, 0), (3, 1), bounded(5)) == first for _ in range(5))


def test_shortest_path_prefers_cheap_terrain() -> None:
    road = {(0, 0), (1, -1), (2, -1), (3, -1), (4, -1), (4, 0)}

    def cost(frm: Hex, to: Hex) -> float | None:
        if distance(to, (0, 0)) > 6:
            return None
        return 0.5 if frm in road and to in road else 2.0

    path = shortest_path((0, 0), (4, 0), cost)
    assert path == [(0, 0), (1, -1), (2, -1), (3, -1), (4, -1), (4, 0)]


def test_negative_step_cost_is_rejected() -> None:
    with pytest.raises(ValueError, match="negative"):
        shortest_path((0, 0), (2, 0), lambda frm, to: -1.0)


def test_unbounded_search_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hexgrid, "MAX_EXPANSIONS", 200)
    moat = frozenset(ring((50, 0), 1))
    with pytest.raises(ValueError, match="expanded more than 200"):
        shortest_path((0, 0), (50, 0), lambda frm, to: None if to in moat else 1.0)


def test_reachable_with_uniform_cost_is_a_disk() -> None:
    got = reachable((1, 1), 2, bounded(8))
    assert set(got) == set(disk((1, 1), 2))
    assert all(got[h] == distance((1, 1), h) for h in got)


def test_reachable_zero_budget_and_negative_budget() -> None:
    assert reachable((0, 0), 0, bounded(3)) == {(0, 0): 0.0}
    with pytest.raises(ValueError, match="budget"):
        reachable((0, 0), -1, bounded(3))


board_radius = 5
board_hexes = st.sampled_from(disk((0, 0), board_radius))


@given(
    board_hexes,
    board_hexes,
    st.frozensets(board_hexes, max_size=30),
    st.dictionaries(board_hexes, st.integers(min_value=1, max_value=4)),
)
def test_shortest_path_agrees_with_reachable(
    start: Hex, goal: Hex, blocked: frozenset[Hex], terrain: dict[Hex, int]
) -> None:
    blocked = blocked - {start}

    def cost(frm: Hex, to: Hex) -> float | None:
        if distance(to, (0, 0)) > board_radius or to in blocked:
            return None
        return terrain.get(to, 1)

    costs = reachable(start, 1000, cost)
    path = shortest_path(start, goal, cost)
    assert not blocked & set(costs)
    if goal not in costs:
        assert path is None
        return
    assert path is not None
    assert path[0] == start and path[-1] == goal
    assert not blocked & set(path)
    assert all(distance(x, y) == 1 for x, y in pairwise(path))
    spent = sum(terrain.get(h, 1) for h in path[1:])
    assert spent == costs[goal]


@given(board_hexes, st.integers(min_value=0, max_value=6), st.frozensets(board_hexes, max_size=20))
def test_reachable_respects_budget_and_blockers(start: Hex, budget: int, blocked: frozenset[Hex]) -> None:
    blocked = blocked - {start}
    costs = reachable(start, budget, bounded(board_radius, blocked))
    assert costs[start] == 0
    assert all(0 <= c <= budget for c in costs.values())
    assert not blocked & set(costs)
    # With unit costs the cost is at least the straight distance, and any hex in
    # reach has a neighbour in reach one step cheaper (except the start).
    for h, c in costs.items():
        assert c >= distance(start, h)
        if h != start:
            assert any(costs.get(n) == c - 1 for n in neighbors(h))
