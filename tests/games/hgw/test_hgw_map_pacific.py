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


# --- the Pacific's cited hexes, where the rules say -------------------------------------


def test_hawaii_is_25106_the_rulebooks_2506_read_as_san_franciscos_1907_is() -> None:
    """United States surrender 1 prints Hawaii 2506 and San Francisco 1907 in one sentence;
    Shipping Routes gives San Francisco 19107: past column 99 the hundreds digit drops.
    2506 itself is the Gulf of Mexico; 25106 is a U.S. capital, a circular island."""
    m = load_map()
    assert m.hex("2506").kind == "sea" and m.hex("2506").seas == ("Atlantic",)
    hawaii = m.hex("25106")
    assert (hawaii.kind, hawaii.country, hawaii.terrain) == ("land", "united_states", "island")
    assert {"capital", "naval_port"} <= set(hawaii.features)
    assert "Pacific-Indian" in hawaii.seas
    # the geography's own Hawaii (our warp's 2595) is open sea, so there is one Hawaii
    assert m.hex("2595").kind == "sea"
    assert [h for h, i in m.hexes.items() if i.terrain == "island" and 2590 <= int(h) <= 2599] == []


def test_the_united_states_has_its_four_capitals() -> None:
    """United States surrender 1: Washington 1809, San Francisco (19107), Seattle 15107 and
    Hawaii (25106)."""
    m = load_map()
    capitals = {h for h, i in m.hexes.items() if i.country == "united_states" and "capital" in i.features}
    assert capitals == {"1809", "19107", "15107", "25106"}


def test_hawaii_is_where_the_west_coast_fleets_sail_and_the_australia_north_line_runs() -> None:
    """Unaligned 2: the U.S. West Coast fleets move to Hawaii; Shipping Routes, Australia
    North: the area's eastern line runs from Hawaii through Pitcairn 42105, a line down the
    columns (105-106) on the rulebook's numbering."""
    m = load_map()
    route = m.sea_route("19107", "25106")
    assert route is not None and route_steps(route) == 6
    assert abs(row_col("25106")[1] - row_col("42105")[1]) == 1


@pytest.mark.parametrize(
    ("hex_", "place", "country"),
    [
        ("2280", "Midway: Shipping Routes, Australia North", "united_states"),
        ("2685", "Wake: Shipping Routes, Japan", "united_states"),
        ("3456", "Male: Ports 3", "india"),
        ("3356", "Addu Atoll: Ports 3", "india"),
        ("3656", "Diego Garcia: Ports 3", "british_africa"),
        ("3689", "Funafuti: Shipping Routes, Japan (row 36 east of Funafuti)", "british_pacific"),
    ],
)
def test_cited_islands_are_circular_islands_on_their_hexes(hex_: str, place: str, country: str) -> None:
    """Mapboard: circular islands (no inherent garrison, Garrisons 1). Ports 3 builds
    ports on the three Indian Ocean islands, so none has one printed."""
    info = load_map().hex(hex_)
    assert (info.kind, info.terrain, info.country) == ("land", "island", country), place
    if hex_ in ("3456", "3356", "3656"):
        assert not info.features


def test_the_bering_strait_is_open_water_on_the_pacific_side() -> None:
    """Raiders 3: German raiders change bases to the Pacific by the Bering Strait hexes,
    printed 0502 and 0503 and read as 05102 and 05103 (Hawaii's reading). Ships enter
    them: not polar ice."""
    m = load_map()
    for h in ("05102", "05103"):
        assert m.is_navigable(h) and m.hex(h).seas == ("Pacific-Indian",)
    assert "05103" in m.neighbours("05102")
    assert m.is_land("0502") and m.hex("0502").country == "canada"  # the literal reading


def test_row_36_runs_through_guadalcanal_and_port_moresby_east_of_funafuti() -> None:
    """Shipping Routes, Japan: the area's line reaches hex row 36 east of Funafuti and runs
    west along it through Guadalcanal and Port Moresby (3679)."""
    m = load_map()
    guadalcanal, moresby, funafuti = m.hex("3683"), m.hex("3679"), m.hex("3689")
    assert (guadalcanal.kind, guadalcanal.terrain) == ("land", "jungle")
    assert moresby.country == "papua" and m.is_port("3679") and moresby.terrain == "jungle"
    assert funafuti.terrain == "island"
    assert row_col("3683")[1] < row_col("3689")[1]  # Guadalcanal west of Funafuti


def test_singora_malaya_and_singapore() -> None:
    """Shipping Routes, U.S. West Coast: column xx64 at 3064, north of Singora, Malaya: the
    hex is Thai, on the Malay peninsula, with Malaya and Singapore's naval port beside it."""
    m = load_map()
    assert m.hex("3064").country == "thailand" and m.hex("3064").terrain == "jungle"
    assert "3164" in m.neighbours("3064")
    assert m.hex("3164").country == "malaya" and "naval_port" in m.hex("3164").features
    assert m.can_cross_by_land("3064", "3164")


@pytest.mark.parametrize(
    ("hex_", "country", "feature"),
    [
        ("2560", "india", "port"),  # Calcutta: Shipping Routes example
        ("2568", "hong_kong", "port"),  # Hong Kong: Shipping Routes, Eastern India
        ("4580", "australia", "naval_port"),  # Sydney: Shipping Routes, Australia East
        ("3058", "ceylon", "naval_port"),  # Colombo: Shipping Routes, Western India
        ("3679", "papua", "port"),  # Port Moresby: Shipping Routes example
    ],
)
def test_the_pacific_and_indian_ports_the_shipping_routes_name(hex_: str, country: str, feature: str) -> None:
    info = load_map().hex(hex_)
    assert info.country == country and feature in info.features


def test_sydney_to_port_moresby_is_nine_hexes_and_san_francisco_over_27() -> None:
    """Shipping Routes example: Sydney to Port Moresby is nine hexes; San Francisco to Port
    Moresby more than the 27 a non-naval base allows (the example's 38; ours 37)."""
    m = load_map()
    near = m.sea_route("4580", "3679")
    far = m.sea_route("19107", "3679")
    assert near is not None and route_steps(near) == 9
    assert far is not None and route_steps(far) > 27


def test_french_indochina_has_its_two_capitals_north_and_south() -> None:
    """France surrender 4: French Indochina becomes unaligned with two capitals, north
    (Hanoi, 2565) and south (Saigon, 2965)."""
    m = load_map()
    capitals = {h for h, i in m.hexes.items() if i.country == "french_indochina" and "capital" in i.features}
    assert capitals == {"2565", "2965"}
    assert row_col("2565")[0] < row_col("2965")[0]


def test_the_dutch_east_indies_islands_the_rules_name_are_land() -> None:
    """Pacific and African Garrisons 8 names Sumatra, Borneo, Celebes, Ceram and Timor;
    each has land hexes of the Dutch (or Portuguese) East Indies, with a port."""
    m = load_map()
    areas = {a.id: a.hexes for a in m.data.areas}
    for island in ("sumatra", "borneo", "celebes", "ceram", "timor"):
        assert areas[island], island
        owners = {m.hex(h).country for h in areas[island]}
        assert owners <= {"netherlands_east_indies", "portuguese_timor", "malaya"}, island
    assert any(m.is_port(h) for h, i in m.hexes.items() if i.country == "netherlands_east_indies")
    assert "3473" in areas["ceram"] and "3672" in areas["timor"]
