"""The Hitler's Global War map (data/map.json) against the rulebook.

Every expected value here is typed in from the rulebook (v1.4b), not read from the map's
own citation table, so a rebuilt map that drifts from the rules fails these tests. The
rulebook numbers paragraphs inside named sections; each test names its section.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import msgspec
import pytest

from grognard.games.hgw.map import (
    DATA_PATH,
    HgwMap,
    MapError,
    adjacent_numbers,
    hex_id,
    load_map,
    load_map_from,
    row_col,
)
from grognard.games.hgw.mapcheck import validate


@pytest.fixture(scope="module")
def m() -> HgwMap:
    return load_map()


def test_shipped_map_keeps_every_rule_the_validator_checks(m: HgwMap) -> None:
    assert validate(m) == []


# --- numbering and layout ------------------------------------------------------------


def test_hex_numbers_are_row_then_column_with_wide_columns() -> None:
    """Mapboard 2: RRCC numbers; San Francisco 19107 has a three-digit column."""
    assert row_col("1237") == (12, 37)
    assert row_col("19107") == (19, 107)
    assert hex_id(19, 107) == "19107"
    assert hex_id(4, 39) == "0439"


@pytest.mark.parametrize(
    ("a", "b", "source"),
    [
        ("1141", "1241", "Example of Exploitation Attack: from 1141 the army attacks 1241"),
        ("1142", "1141", "Example of Exploitation Attack: from 1142 it advances to 1141"),
        ("1337", "1238", "Army movement example: strength moves from 1337 to 1238"),
        ("1336", "1337", "Army movement example: strength moves from 1336 to 1337"),
        ("1838", "1937", "Invasion example (Avalanche): 1937 is adjacent to 1838"),
        ("1143", "1144", "Smolensk beside Moscow"),
    ],
)
def test_rule_examples_fix_the_odd_rows_shifted_east_layout(a: str, b: str, source: str) -> None:
    assert b in adjacent_numbers(a), source
    assert a in adjacent_numbers(b), source


def test_layout_rejects_what_the_examples_rule_out() -> None:
    """Row 13 sits half a hex east of row 12, so 1337 touches 1237 and 1238 but not 1236."""
    assert "1236" not in adjacent_numbers("1337")
    assert set(adjacent_numbers("1337")) >= {"1237", "1238", "1336", "1338", "1437", "1438"}


# --- cited places ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hx", "country", "features"),
    [
        ("1237", "germany", {"capital"}),  # Berlin: Barbarossa victory conditions 2
        ("1144", "soviet_union", {"capital"}),  # Moscow: Soviet surrender 1
        ("0942", "soviet_union", {"capital"}),  # Leningrad
        ("1446", "soviet_union", {"capital"}),  # Stalingrad
        ("1434", "france", {"capital"}),  # Paris: France surrender 1
        ("1333", "britain", {"capital"}),  # London (P7): Great Britain surrender 1
        ("1809", "united_states", {"capital"}),  # Washington
        ("2031", "gibraltar", {"control"}),  # Sea Route 3
        ("1136", "denmark", {"control"}),  # East Denmark: Sea Route 3
        ("1842", "turkey", {"control"}),  # Istanbul: Sea Route 3
        ("2243", "egypt", {"control"}),  # Suez: Sea Route 3
        ("4639", "british_africa", {"control", "box"}),  # Cape Town
        ("0646", "soviet_union", {"depot"}),  # Lend-Lease 2
        ("1548", "soviet_union", {"depot"}),  # Lend-Lease 2
        ("1236", "germany", {"port"}),  # Kiel
        ("0438", "norway", {"port"}),  # Narvik: Swedish Production 2
        ("0640", "sweden", {"port"}),  # Swedish port: Swedish Production 2
        ("0539", "sweden", set()),  # Swedish production hex
        ("2038", "malta", set()),  # Malta: Mediterranean transport
        ("1416", "canada", {"airbase"}),  # Newfoundland airbase: Tac Air 1
        ("1337", "germany", {"nuclear"}),  # nuclear materials
        ("0836", "norway", {"nuclear"}),
        ("1735", "corsica", set()),  # Fall of Germany: Corsica (1735)
        ("1836", "sardinia", set()),  # Fall of Germany: Sardinia (1836)
    ],
)
def test_cited_hex_is_where_the_rules_put_it(m: HgwMap, hx: str, country: str, features: set[str]) -> None:
    info = m.hex(hx)
    assert info.kind == "land"
    assert info.country == country
    assert features <= set(info.features)


@pytest.mark.parametrize(
    ("hx", "sea"),
    [
        ("1036", "Baltic"),  # Sea Movement: the Baltic includes hex 1036
        ("2343", "Persian Gulf-Red Sea"),  # the Red Sea area includes hex 2343
        ("1630", "Atlantic"),  # U-boat example: the fleet leaves France into 1630
        ("1124", "Atlantic"),  # U-boat example: intercept at 1124
        ("0350", "Atlantic"),  # Shipping Routes: the eastern Atlantic from 0350
    ],
)
def test_cited_water_hexes_lie_in_their_seas(m: HgwMap, hx: str, sea: str) -> None:
    assert m.is_water(hx)
    assert sea in m.seas_of(hx)


def test_coastal_control_hexes_touch_the_seas_they_guard(m: HgwMap) -> None:
    """Sea Route 3 and Sea Movement: Kiel is on the Atlantic and the Baltic, Istanbul on the
    Black Sea, Gibraltar on the Atlantic, Suez between the Mediterranean and the Red Sea."""
    assert {"Atlantic", "Baltic"} <= set(m.seas_of("1236"))
    assert "Black Sea" in m.seas_of("1842")
    assert "Atlantic" in m.seas_of("2031")
    assert {"Mediterranean", "Persian Gulf-Red Sea"} <= set(m.seas_of("2243"))
    assert "Caspian" in m.seas_of("1548")
    for port in ("1236", "1842", "2031", "2243", "0942", "0646", "1548", "0438", "0640"):
        assert m.is_coastal(port), port


def test_moscow_is_1144_and_1142_is_vitebsk(m: HgwMap) -> None:
    """Barbarossa's victory conditions print Moscow as 1142; the set-up and Soviet surrender
    say 1144, and the Fall of Germany gives 1142 to the Axis in 1944. Moscow is 1144."""
    assert "capital" in m.hex("1144").features
    assert "capital" not in m.hex("1142").features
    assert m.hex("1142").country == "soviet_union"


def test_bab_el_mandeb_hexes_guard_the_red_sea(m: HgwMap) -> None:
    """Sea Route 3: 2846, 2847 and 2946 control the entrance to the Red Sea complex."""
    for hx in ("2846", "2847", "2946"):
        assert "control" in m.hex(hx).features, hx
    assert m.is_water("2846")
    assert m.is_water("2946")
    assert "Persian Gulf-Red Sea" in m.seas_of("2846")


# --- scenarios ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scenario", "side", "total"),
    [
        ("barbarossa", "axis", 34),  # Barbarossa set-up: Axis production at start
        ("barbarossa", "soviet", 16),
        ("fall_of_germany", "axis", 30),  # Fall of Germany set-up
        ("fall_of_germany", "soviet", 23),
        ("fall_of_germany", "allied", 35),
        ("campaign_1", "axis", 16),  # Campaign Game I set-up
        ("campaign_1", "soviet", 8),
        ("campaign_1", "allied", 23),
    ],
)
def test_starting_production_matches_each_set_up(m: HgwMap, scenario: str, side: str, total: int) -> None:
    assert m.starting_production(scenario, side) == total


@pytest.mark.parametrize(
    ("scenario", "side", "hexes"),
    [
        ("barbarossa", "axis", ["1240", "1340", "1541", "1642", "2239"]),
        ("barbarossa", "soviet", ["1144", "0942", "1140", "1241", "1341", "1442", "1542"]),
        ("fall_of_germany", "axis", ["1436", "1335", "1736", "1334", "1235", "1236", "1142", "1241"]),
        ("fall_of_germany", "soviet", ["0942", "1144", "1446"]),
        ("fall_of_germany", "allied", ["1333", "1837", "1838", "1836", "1735"]),
        ("campaign_1", "axis", ["1240", "1238", "1439", "1436", "1237"]),
        ("campaign_1", "soviet", ["1144", "0942", "1042", "1242"]),
        ("campaign_1", "allied", ["1333", "1434", "1435", "2031", "2038"]),
    ],
)
def test_set_up_hexes_are_friendly_to_their_side(
    m: HgwMap, scenario: str, side: str, hexes: list[str]
) -> None:
    friendly = m.friendly_at_start(scenario, side)
    assert [h for h in hexes if h not in friendly] == []


def test_barbarossa_uses_1941_borders_and_the_fall_of_germany_1939_ones(m: HgwMap) -> None:
    """1241 (NW Front, 1941) was Polish in 1939 and Soviet by 1941; in Spring 1944 the Axis
    Fourth Army holds it (Example of Exploitation Attack)."""
    assert m.hex("1241").country == "poland"
    assert m.hex("1241").annexed == "soviet_union"
    assert "1241" in m.friendly_at_start("barbarossa", "soviet")
    assert "1241" in m.friendly_at_start("fall_of_germany", "axis")


def test_off_map_boxes_sit_on_the_hexes_barbarossa_names(m: HgwMap) -> None:
    """Barbarossa special rule 6; Siberian Industry: 8 light grey + 4 dark grey points,
    not counting hex 1774 (Pacific scenarios only)."""
    where = {b.id: b.hex for b in m.data.boxes}
    assert where == {
        "united_states": "1909",
        "canada": "1614",
        "french_africa": "2828",
        "french_equatorial_africa": "3236",  # France 3's 3226, read as 3236 (Libreville)
        "british_africa": "4639",
        "india": "2656",
        "siberia": "",
    }
    assert m.box("siberia").production == 12
    # France 3: French West (Dakar, 2828) and Equatorial Africa (3226) rally each on its
    # own, so each is a box; Equatorial Africa has no production point of its own
    assert m.box_of("2828") == "french_africa" and m.box("french_africa").production == 1
    assert m.box_of("3236") == "french_equatorial_africa"
    assert m.box("french_equatorial_africa").production == 0
    assert m.hex("3236").country == "french_equatorial_africa" and "Atlantic" in m.hex("3236").seas
    assert m.box("india").production == 2  # Suez Canal: "both production points from India"
    greys = [h for h, info in m.hexes.items() if info.grey and m.box_of(h) == "siberia"]
    light = sum(m.hex(h).production for h in greys if m.hex(h).grey == "light")
    assert light == 8
    assert m.hex("1774").production > 0 and m.box_of("1774") == ""


def test_great_britain_holds_eight_production_points(m: HgwMap) -> None:
    """Lend-Lease (Campaign Game II) 2: the eight production points in Great Britain."""
    assert sum(i.production for i in m.hexes.values() if i.country == "britain") == 8


def test_production_only_on_land_and_one_to_four(m: HgwMap) -> None:
    """Mapboard: production numbers range from one to four."""
    for h, info in m.hexes.items():
        if info.production:
            assert info.kind == "land", h
            assert 1 <= info.production <= 4, h


# --- connections ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("1237", "1144"),
        ("1237", "1434"),
        ("1237", "1446"),
        ("1237", "1837"),
        ("1842", "2243"),
        ("2239", "2243"),
    ],
)
def test_land_routes_the_fronts_need(m: HgwMap, a: str, b: str) -> None:
    assert m.connected_by_land(a, b)


def test_islands_are_parted_by_all_sea_hexsides(m: HgwMap) -> None:
    """Britain, Sardinia, Corsica and Malta need sea movement (The Fall of Germany)."""
    for island, mainland in (("1333", "1434"), ("1836", "1837"), ("1735", "1434"), ("2038", "1837")):
        assert not m.connected_by_land(island, mainland), island


def test_sicily_joins_calabria_only_by_the_messina_arrow(m: HgwMap) -> None:
    """Crossing Arrows: land armies may cross marked straits without sea transport."""
    assert m.hex("2037").country == "sicily"
    features = m.hexside_features("2037", "1937")
    assert {"all_sea", "crossing"} <= features
    assert m.can_cross_by_land("2037", "1937")
    assert m.connected_by_land("2037", "1237")


def test_via_balbia_is_a_road_through_the_desert(m: HgwMap) -> None:
    """Roads let supply pass hexes that would otherwise stop it (Mapboard)."""
    roads = m.data.hexsides.road
    libya = [pair for pair in roads if m.hex(pair[0]).country == "libya" or m.hex(pair[1]).country == "libya"]
    assert len(libya) >= 3
    assert any(m.hex(h).terrain == "desert" for pair in libya for h in pair)


@pytest.mark.parametrize(
    ("a", "b", "seas"),
    [
        ("1532", "1131", ("Atlantic",)),  # U-boat Attack example
        ("2205", "1810", None),  # United States 1
        ("2656", "1810", None),  # United States 2
        ("0438", "1236", ("Atlantic",)),  # Swedish Production 2
        ("0640", "1236", ("Baltic",)),
        ("2031", "2038", ("Mediterranean",)),
        ("1842", "1542", ("Black Sea",)),
        ("0932", "0646", None),
        ("1934", "1838", ("Mediterranean",)),  # Operation Avalanche
    ],
)
def test_sea_routes_the_rules_trace(m: HgwMap, a: str, b: str, seas: tuple[str, ...] | None) -> None:
    route = m.sea_route(a, b, seas)
    assert route is not None
    assert route[0] == a and route[-1] == b
    for x, y in itertools.pairwise(route):
        assert y in m.neighbours(x)
        assert not (m.is_land(x) and m.is_land(y)) or "all_sea" in m.hexside_features(x, y)


def test_no_sea_route_into_the_caspian_from_the_black_sea(m: HgwMap) -> None:
    """The Caspian is landlocked: its ports are reached only overland."""
    assert m.sea_route("1842", "1548", ("Black Sea", "Caspian")) is None


def test_every_named_sea_has_water(m: HgwMap) -> None:
    areas = m.sea_areas()
    for sea in (
        "Atlantic",
        "Baltic",
        "Mediterranean",
        "Black Sea",
        "Persian Gulf-Red Sea",
        "White Sea",
        "Caspian",
    ):
        assert areas.get(sea), sea


# --- loading ---------------------------------------------------------------------------


def _doctored(tmp_path: Path, change: dict[str, object]) -> Path:
    doc = json.loads(DATA_PATH.read_text())
    doc["hexes"]["1237"] = {**doc["hexes"]["1237"], **change}
    path = tmp_path / "map.json"
    path.write_text(json.dumps(doc))
    return path


def test_loader_rejects_an_unknown_terrain_with_its_hex(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="hex 1237: unknown terrain 'lava'"):
        load_map_from(_doctored(tmp_path, {"terrain": "lava"}))


def test_loader_rejects_a_wrongly_typed_field(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="production"):
        load_map_from(_doctored(tmp_path, {"production": "three"}))


def test_loader_rejects_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="cannot read"):
        load_map_from(tmp_path / "nowhere.json")


def test_map_file_round_trips_through_its_schema() -> None:
    from grognard.games.hgw.map import MapData

    data = msgspec.json.decode(DATA_PATH.read_bytes(), type=MapData)
    again = msgspec.json.decode(msgspec.json.encode(data), type=MapData)
    assert again == data


def test_every_hex_number_the_rulebook_cites_has_a_citation(m: HgwMap) -> None:
    """The warp's anchor table is complete: each 4- or 5-digit number in the rulebook that
    is not a year of the war appears among the map's citations. The numbers are kept in
    rulebook_hexes.json (scripts/hgw_cited_hexes.py makes it where the rulebook is), so
    the test needs nothing outside the repository."""
    numbers = set(json.loads((Path(__file__).with_name("rulebook_hexes.json")).read_text())["hexes"])
    cited = {c.hex for c in m.data.citations}
    assert len(numbers) >= 100
    assert numbers - cited == set()
    assert len(cited) >= 100


@pytest.mark.parametrize(
    ("a", "b"),
    [("1237", "1837"), ("1639", "1842"), ("2239", "2243"), ("1934", "2239"), ("1144", "1446")],
)
def test_supply_runs_through_mountains_and_deserts_only_by_road(m: HgwMap, a: str, b: str) -> None:
    """Line of Supply 5-6: supply enters mountain and desert hexes but leaves them only
    along a road; the Brenner road, the Balkan roads and the Via Balbia carry it."""
    assert m.supply_path_exists(a, b)


def test_restricted_terrain_is_left_only_along_roads(m: HgwMap) -> None:
    """Line of Supply 5-7, checked on every hexside of the map."""
    roads = set(m.data.hexsides.road)
    checked = 0
    for h, info in m.hexes.items():
        if info.kind != "land" or info.terrain not in ("mountain", "desert", "jungle"):
            continue
        for n in m.neighbours(h):
            if m.can_cross_by_land(h, n):
                key = (h, n) if row_col(h) <= row_col(n) else (n, h)
                assert m.can_trace_supply(h, n) == (key in roads)
                checked += 1
    assert checked > 100


def test_all_sea_hexsides_stop_supply(m: HgwMap) -> None:
    """Line of Supply 4: never across a full-sea hexside (London to Brussels)."""
    assert "all_sea" in m.hexside_features("1333", "1334")
    assert not m.can_trace_supply("1333", "1334")


def test_siberia_borders_the_soviet_east_of_the_european_theater(m: HgwMap) -> None:
    """Off-Map Combat 1: Siberia is attacked from, and attacks into, the hexes beside it;
    on this map they are the Soviet land hexes of column 57 next to Siberia's land."""
    border = m.box_border("siberia")
    assert len(border) >= 5
    assert {row_col(h)[1] for h in border} == {57}
    assert {m.hex(h).country for h in border} == {"soviet_union"}
