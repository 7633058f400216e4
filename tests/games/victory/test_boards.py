"""Victory's geomorphic boards and layouts (1.1, 1.2, 3.1-3.3, 8.1, 10.4): data/boards/, layouts.json."""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any

import pytest

from grognard.core import hexgrid
from grognard.games.victory import board_check, boards
from grognard.games.victory.boards import BoardDataError


def _raw(board_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((boards.BOARD_DIR / f"{board_id}.json").read_text())
    return data


def _decode(data: dict[str, Any]) -> boards.ParsedBoard:
    return boards.decode_board(json.dumps(data).encode(), "test.json")


def _covering_four_maps() -> list[tuple[tuple[str, int], ...]]:
    """Few 4-map arrangements that between them put every board, in every orientation,
    above every other board in every orientation (every north-south seam)."""
    wanted = {
        (a, ra, b, rb)
        for a, b in itertools.permutations(boards.board_ids(), 2)
        for ra in boards.ROTATIONS
        for rb in boards.ROTATIONS
    }
    chosen = []
    for placed in board_check.arrangements("4map"):
        # slots 0 and 1 are the top row, 2 and 3 the bottom row
        seams = {(*placed[0], *placed[2]), (*placed[1], *placed[3])}
        if seams & wanted:
            wanted -= seams
            chosen.append(placed)
        if not wanted:
            return chosen
    raise AssertionError(f"no 4-map covers {sorted(wanted)}")


@pytest.mark.rules("1.2", "8.1", "3.2")
def test_every_board_has_six_cities_worth_ten_pp() -> None:
    assert boards.board_ids() == ("A", "B", "C", "D")
    value_sets = set()
    for board in boards.boards().values():
        values = sorted(v for v, _ in board.cities.values())
        assert len(values) == 6 and sum(values) == 10, board.id
        assert all(1 <= v <= 4 for v in values)
        assert board.towns and board.resources, board.id
        value_sets.add(tuple(values))
    assert len(value_sets) == 4  # every board has its own mix of city values


@pytest.mark.rules("3.1", "3.2", "3.3")
def test_the_boards_together_use_every_terrain_and_hexside_feature() -> None:
    gmap = boards.game_map("4map:A0,B3,C0,D3")
    terrains = {info.terrain for info in gmap.hexes.values()}
    assert terrains == set(boards.TERRAINS)
    features = set().union(*gmap.sides().values())
    assert features == set(boards.SIDE_FEATURES)
    assert any(info.canal for info in gmap.hexes.values())
    assert any(info.port and info.city for info in gmap.hexes.values())
    assert any(info.port and info.town for info in gmap.hexes.values())


@pytest.mark.rules("1.1", "10.4")
def test_layouts_offer_two_three_and_four_maps_with_half_turns() -> None:
    specs = boards.layouts()
    assert {k: len(v.slots) for k, v in specs.items()} == {"1map": 1, "2map": 2, "3map": 3, "4map": 4}
    assert all(v.rotations == (0, 3) for v in specs.values())
    # 1.1 sidebar: in a 2-map game the second picker adjusts; in a 4-map game the first
    # picker takes maps one and four and adjusts
    assert specs["2map"].pick_order == ("first", "second")
    assert specs["2map"].final_adjustment == "second"
    assert specs["4map"].pick_order == ("first", "second", "second", "first")
    assert specs["4map"].final_adjustment == "first"
    assert specs["3map"].pick_order.count("B") == 2


@pytest.mark.rules("1.1")
def test_every_two_map_join_is_clean() -> None:
    count = 0
    for placed in board_check.arrangements("2map"):
        assert board_check.validate_map(boards.assemble("2map", placed)) == [], placed
        count += 1
    assert count == 4 * 3 * 4  # ordered board pairs times the four orientation pairs


@pytest.mark.rules("1.1")
def test_every_board_pair_joins_north_to_south_in_every_orientation() -> None:
    maps = _covering_four_maps()
    assert len(maps) <= 48  # never more than the 48 north-south pairings themselves
    for placed in maps:
        assert board_check.validate_map(boards.assemble("4map", placed)) == [], placed


@pytest.mark.rules("10.4")
def test_three_map_rows_join_cleanly() -> None:
    # the 3-map seams are the same east-west seams as the 2-map ones; check a rotated sample
    for placed in itertools.islice(board_check.arrangements("3map"), 0, 192, 23):
        assert board_check.validate_map(boards.assemble("3map", placed)) == [], placed


def test_a_lone_board_is_whole_in_both_orientations() -> None:
    for board_id in boards.board_ids():
        for rotation in boards.ROTATIONS:
            assert board_check.validate_map(boards.assemble("1map", [(board_id, rotation)])) == []


@pytest.mark.rules("1.1", "3.3")
def test_roads_and_rivers_cross_the_seam() -> None:
    gmap = boards.game_map("2map:A0,B3")
    seam = [
        s
        for s, features in gmap.sides().items()
        if len({gmap.hexes[h].board for h in s.split("|")}) == 2 and features
    ]
    kinds = sorted(f for s in seam for f in gmap.sides()[s])
    assert kinds.count("road") == 2  # the two road rows of the edge profile
    assert kinds.count("river") == 1  # the river hexside joining the two boards' rivers


@pytest.mark.rules("3.1", "3.2")
def test_coastal_hexes_and_ports_are_derived_from_sea_neighbours() -> None:
    gmap = boards.game_map("1map:A0")
    for hex_id, info in gmap.hexes.items():
        beside_sea = any(gmap.hexes[n].terrain == "sea" for n in gmap.neighbors(hex_id))
        if info.land_terrain:
            assert (info.terrain == "coastal") == beside_sea, hex_id
            assert info.port == (beside_sea and (info.city > 0 or info.town)), hex_id
        assert gmap.is_sea(hex_id) == (info.terrain in ("sea", "coastal"))
        assert gmap.is_land(hex_id) == (info.terrain not in ("sea", "shoal"))
    port_kell = next(h for h, i in gmap.hexes.items() if i.name == "Port Kell")
    assert gmap.hexes[port_kell].port and gmap.hexes[port_kell].city == 2


@pytest.mark.rules("3.3")
def test_a_road_crossing_a_river_is_a_bridge() -> None:
    gmap = boards.game_map("1map:A0")
    bridges = [s for s, f in gmap.sides().items() if "bridge" in f]
    assert bridges
    assert all({"river", "road"} <= gmap.sides()[s] for s in bridges)
    assert all("bridge" in f for f in gmap.sides().values() if {"river", "road"} <= f)


def test_side_features_are_symmetric_and_empty_off_features() -> None:
    gmap = boards.game_map("2map:A0,B3")
    for side, features in gmap.sides().items():
        a, b = side.split("|")
        assert gmap.side_features(a, b) == gmap.side_features(b, a) == features
    some = next(iter(gmap.hexes))
    plain = [
        n
        for n in gmap.neighbors(some)
        if hexgrid.hexside(*map(hexgrid.parse_hex_id, (some, n))) not in gmap.sides()
    ]
    assert all(gmap.side_features(some, n) == frozenset() for n in plain)


def test_a_half_turn_maps_the_board_onto_itself() -> None:
    plain = boards.game_map("1map:B0")
    turned = boards.game_map("1map:B3")
    assert set(plain.hexes) == set(turned.hexes)
    by_name = {i.name: h for h, i in plain.hexes.items() if i.name}
    turned_by_name = {i.name: h for h, i in turned.hexes.items() if i.name}
    for name, h in by_name.items():
        col, row = plain.hexes[h].col, plain.hexes[h].row
        other = turned.hexes[turned_by_name[name]]
        assert (other.col, other.row) == (boards.BOARD_COLS - 1 - col, boards.BOARD_ROWS - 1 - row)


def test_map_keys_round_trip_and_maps_are_cached() -> None:
    key = boards.map_key("4map", [("A", 0), ("B", 3), ("C", 0), ("D", 3)])
    assert key == "4map:A0,B3,C0,D3"
    assert boards.parse_key(key) == ("4map", (("A", 0), ("B", 3), ("C", 0), ("D", 3)))
    assert boards.game_map(key) is boards.game_map(key)
    assert boards.game_map(key).key == key
    assert len(boards.game_map(key).hexes) == 4 * boards.BOARD_COLS * boards.BOARD_ROWS
    assert boards.game_map(key).center() in boards.game_map(key).hexes


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("2map", "bad map key"),
        ("5map:A0", "unknown layout"),
        ("2map:A0", "takes 2 boards"),
        ("2map:A0,A3", "used once"),
        ("2map:A0,Z0", "unknown board 'Z'"),
        ("2map:A0,B1", "rotation 1 not allowed"),
        ("2map:A0,Bx", "not a board id and a rotation"),
    ],
)
def test_bad_map_keys_are_refused_clearly(key: str, message: str) -> None:
    with pytest.raises(BoardDataError, match=message):
        boards.game_map(key)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["rows"].pop(), "13 rows"),
        (lambda d: d["rows"].__setitem__(3, d["rows"][3] + "."), "row 3 has 13 hexes"),
        (lambda d: d["rows"].__setitem__(3, "x" + d["rows"][3][1:]), "unknown terrain letter 'x'"),
        (lambda d: d["cities"].pop(), "5 cities worth"),
        (lambda d: d["cities"][0].__setitem__("value", 5), "cities are 1-4 PP"),
        (lambda d: d["cities"][0].__setitem__("at", "0,0"), "not on a land hex"),
        (lambda d: d["roads"].append("2,2 5,5"), "not adjacent"),
        (lambda d: d["alpine"].append("9,2/Q"), "unknown direction"),
        (lambda d: d.__setitem__("colour", "red"), "colour"),
    ],
)
def test_a_broken_board_file_is_refused_at_load(change: Any, message: str) -> None:
    data = copy.deepcopy(_raw("A"))
    change(data)
    with pytest.raises(BoardDataError, match=message):
        _decode(data)


@pytest.mark.rules("1.1")
def test_a_board_breaking_the_edge_profile_is_named() -> None:
    data = copy.deepcopy(_raw("A"))
    data["rows"][5] = "~" + data["rows"][5][1:]  # sea on the west edge where the profile has land
    problems = boards.check_edges(_decode(data), boards.edge_profile())
    assert any("edge hex 0,5 is sea" in p for p in problems)
    data = copy.deepcopy(_raw("A"))
    data["rivers"] = []
    problems = boards.check_edges(_decode(data), boards.edge_profile())
    assert any("river on edge hexside 0,6|0,7 is missing" in p for p in problems)


@pytest.mark.rules("1.1")
def test_the_validator_catches_a_broken_seam(monkeypatch: pytest.MonkeyPatch) -> None:
    # board A without its east-edge road no longer meets board B's road across the seam
    data = copy.deepcopy(_raw("A"))
    data["roads"] = [r for r in data["roads"] if "12,4" not in r]
    table = dict(boards.boards())
    table["A"] = _decode(data)
    monkeypatch.setattr(boards, "boards", lambda: table)
    problems = board_check.validate_map(boards.assemble("2map", [("A", 0), ("B", 0)]))
    assert any("no road meets it" in p for p in problems)
    # and a sea hex moved onto the seam where the neighbour has land is named too
    data = copy.deepcopy(_raw("A"))
    data["rows"][4] = data["rows"][4][:11] + "~"
    data["roads"] = [r for r in data["roads"] if "12,4" not in r]
    table["A"] = _decode(data)
    problems = board_check.validate_map(boards.assemble("2map", [("A", 0), ("B", 0)]))
    assert any("meets no water across the seam" in p for p in problems)


@pytest.mark.rules("3.1")
def test_naval_units_pass_between_coastal_hexes_only_beside_water() -> None:
    gmap = boards.game_map("1map:A0")
    for h, info in gmap.hexes.items():
        for n in gmap.neighbors(h):
            if info.terrain == "coastal" and gmap.hexes[n].terrain == "coastal":
                shared = set(gmap.neighbors(h)) & set(gmap.neighbors(n))
                wet = any(gmap.hexes[x].terrain == "sea" for x in shared)
                assert gmap.is_coastal_side(h, n) == wet
            if not (gmap.is_sea(h) and gmap.is_sea(n)):
                assert not gmap.is_coastal_side(h, n)


@pytest.mark.rules("1.1")
def test_the_final_map_adjustment_turns_boards_and_swaps_within_groups() -> None:
    key = "4map:A0,B3,C0,D3"
    assert boards.rotate_board(key, "B") == "4map:A0,B0,C0,D3"
    assert boards.rotate_board(boards.rotate_board(key, "C"), "C") == key
    assert boards.swap_boards(key, "A", "D") == "4map:D3,B3,C0,A0"
    # 10.4: side A keeps the centre; only the two outer maps may trade places
    assert boards.swap_boards("3map:B0,A0,D3", "B", "D") == "3map:D3,A0,B0"
    with pytest.raises(BoardDataError, match="does not let boards in slots 0 and 1"):
        boards.swap_boards("3map:B0,A0,D3", "B", "A")
    with pytest.raises(BoardDataError, match="not on map"):
        boards.rotate_board(key, "Q")


@pytest.mark.rules("9.4")
def test_storm_directions_run_clockwise_from_north_east() -> None:
    gmap = boards.game_map("2map:A0,B3")
    centre = gmap.center()
    col, row = gmap.hexes[centre].col, gmap.hexes[centre].row
    east = boards.storm_path(gmap, centre, 2, 2)
    assert [(gmap.hexes[h].col, gmap.hexes[h].row) for h in east] == [(col + 1, row), (col + 2, row)]
    west = boards.storm_path(gmap, centre, 5, 1)
    assert [(gmap.hexes[h].col, gmap.hexes[h].row) for h in west] == [(col - 1, row)]
    for direction in range(1, 7):
        one = boards.storm_path(gmap, centre, direction, 1)
        assert len(one) == 1 and one[0] in gmap.neighbors(centre)
        # 1-3 go to the east half of the compass, 4-6 to the west
        assert (gmap.hexes[one[0]].col * 2 + gmap.hexes[one[0]].row % 2 > col * 2 + row % 2) == (
            direction <= 3
        )
    # a storm blowing off the map stops at the edge
    assert len(boards.storm_path(gmap, centre, 1, 40)) < 40
    with pytest.raises(BoardDataError, match="die face"):
        boards.storm_path(gmap, centre, 7, 1)


def test_adjacent_and_neighbors_agree_with_the_hex_grid() -> None:
    gmap = boards.game_map("2map:A0,B3")
    for hex_id in gmap.hexes:
        around = [hexgrid.hex_id(n) for n in hexgrid.neighbors(hexgrid.parse_hex_id(hex_id))]
        assert list(gmap.adjacent(hex_id)) == gmap.neighbors(hex_id) == [n for n in around if n in gmap.hexes]


@pytest.mark.rules("3.1")
def test_rivers_are_estuaries_from_the_mouth_up_to_the_first_bridge() -> None:
    gmap = boards.game_map("1map:B0")
    estuary = {s for s, f in gmap.sides().items() if "estuary" in f}
    assert all("river" in gmap.sides()[s] and "bridge" not in gmap.sides()[s] for s in estuary)
    # board B's eastern river: four hexsides from the inland sea up to the bridge at Velt's road
    bridge = hexgrid.hexside(*(hexgrid.parse_hex_id(boards.hex_at(c, r)) for c, r in ((10, 6), (10, 7))))
    assert "bridge" in gmap.sides()[bridge]
    mouth = hexgrid.hexside(*(hexgrid.parse_hex_id(boards.hex_at(c, r)) for c, r in ((8, 6), (8, 7))))
    assert mouth in estuary
    east = {s for s in estuary if gmap.hexes[s.split("|")[0]].col >= 8}
    assert len(east) == 4
    # board A's Arve reaches no sea on its own, so it has no estuary until a layout gives it a mouth
    assert not any("estuary" in f for f in boards.game_map("1map:A0").sides().values())


def test_a_river_with_a_gap_is_refused() -> None:
    data = copy.deepcopy(_raw("B"))
    data["rivers"][0] = "0,6/SE 1,6/SW 2,6/SE"
    with pytest.raises(BoardDataError, match="does not touch the one before it"):
        _decode(data)


@pytest.mark.rules("1.1")
def test_adjustment_actions_list_turns_swaps_and_done() -> None:
    two = boards.adjustment_actions("2map:A0,B3")
    assert two == [("maps_done",), ("rotate_map", "A"), ("rotate_map", "B"), ("swap_maps", "A", "B")]
    three = boards.adjustment_actions("3map:B0,A0,D3")
    assert ("swap_maps", "B", "D") in three and ("swap_maps", "A", "B") not in three
    assert len([a for a in boards.adjustment_actions("4map:A0,B3,C0,D3") if a[0] == "swap_maps"]) == 6
    assert boards.apply_adjustment("2map:A0,B3", ("rotate_map", "A")) == "2map:A3,B3"
    assert boards.apply_adjustment("2map:A0,B3", ("swap_maps", "A", "B")) == "2map:B3,A0"
    assert boards.apply_adjustment("2map:A0,B3", ("maps_done",)) == "2map:A0,B3"
    with pytest.raises(BoardDataError, match="not an adjustment"):
        boards.apply_adjustment("3map:B0,A0,D3", ("swap_maps", "A", "B"))
