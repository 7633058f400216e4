"""The Hitler's Global War map's Pacific: the seam where the board goes round the world.

The board's columns 0-112 close into a ring (the U.S. interior near 105 W, and south of
it the eastern Pacific): the Pacific theater needs its east and west edges joined, so
that San Francisco faces Hawaii and Sydney's ships reach Chile eastward. Every expected
value is our own reading of the rulebook and the map's geography, typed in.
"""

from __future__ import annotations

import itertools

import pytest

from grognard.games.hgw.hexnumbers import COLUMNS, adjacent_numbers, hex_distance, row_col
from grognard.games.hgw.map import HgwMap, load_map, route_steps


@pytest.fixture(scope="module")
def m() -> HgwMap:
    return load_map()


def _crosses_seam(path: list[str]) -> bool:
    return any(abs(row_col(a)[1] - row_col(b)[1]) > COLUMNS // 2 for a, b in itertools.pairwise(path))


# --- the seam -------------------------------------------------------------------------


def test_the_board_is_a_ring_of_113_columns(m: HgwMap) -> None:
    """Columns 0-112 (Colorado is 19112): the map file says so, and the grid agrees."""
    assert m.data.cols == COLUMNS == 113
    assert f"18{COLUMNS}" not in m


@pytest.mark.parametrize(
    ("east_edge", "west_edge"),
    [
        ("18112", "1800"),  # an even row: 18112's east neighbour
        ("17112", "1800"),  # an odd row (shoved half a hex east) touches two across the seam
        ("17112", "1700"),
        ("17112", "1600"),
        ("35112", "3500"),  # the eastern Pacific
    ],
)
def test_the_east_edge_touches_the_west_edge(m: HgwMap, east_edge: str, west_edge: str) -> None:
    assert west_edge in adjacent_numbers(east_edge)
    assert east_edge in adjacent_numbers(west_edge)
    assert west_edge in m.neighbours(east_edge)
    assert east_edge in m.neighbours(west_edge)
    assert hex_distance(east_edge, west_edge) == 1


def test_every_hex_has_six_neighbours_on_rows_inside_the_board(m: HgwMap) -> None:
    """No edge east or west any more: only the top and bottom rows lack neighbours."""
    short = {h for h in m.hexes if len(m.neighbours(h)) < 6}
    assert short
    assert {row_col(h)[0] for h in short} == {0, 49}


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("19107", "1809", 15),  # San Francisco to Washington across the U.S., not round Eurasia
        ("19112", "1903", 4),  # Colorado to the Great Plains
        ("1809", "19107", 15),  # either way round
        ("1237", "1144", 8),  # Berlin to Moscow: Europe is far from the seam, unchanged
    ],
)
def test_distances_go_the_shorter_way_round(a: str, b: str, distance: int) -> None:
    assert hex_distance(a, b) == distance


def test_distance_is_never_more_than_half_the_ring() -> None:
    for col in range(COLUMNS):
        assert hex_distance("2500", f"25{col:02d}") == min(col, COLUMNS - col)


def test_land_crosses_the_seam(m: HgwMap) -> None:
    """A move: the United States is one country again, San Francisco joined to
    Washington by land (before, the seam parted them)."""
    assert m.can_cross_by_land("19112", "1900")
    assert m.connected_by_land("19107", "1809")
    assert "1809" in m.land_component("15107")


def test_supply_crosses_the_seam(m: HgwMap) -> None:
    """Line of Supply: a supply line runs from the west coast to the east over land."""
    assert m.supply_path_exists("19107", "1809")
    assert m.can_trace_supply("10112", "1000")  # the Canadian prairie, clear ground


def test_a_sea_route_crosses_the_seam(m: HgwMap) -> None:
    """Shipping Routes, Australia East: from Sydney (4580) to the Americas' west coast,
    eastward across the Pacific (before, the seam forced a way round Africa)."""
    valparaiso = "4811"
    assert m.hex(valparaiso).country == "chile"
    route = m.sea_route("4580", valparaiso)
    assert route is not None
    assert _crosses_seam(route)
    assert route_steps(route) <= 45


def test_a_sea_range_crosses_the_seam(m: HgwMap) -> None:
    """A range (sea_reach: invasion and fleet ranges) counts steps across the seam."""
    reach = m.sea_reach("35112", 1)
    assert {"3500", "3600", "3400"} <= set(reach)
    assert reach["3500"] == 1
