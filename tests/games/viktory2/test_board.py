"""The board and its data (3.1, 3.2, 3.3, 15.2): data/board.json and board.lay_out."""

from __future__ import annotations

import copy
import json
from importlib import resources
from itertools import combinations
from typing import Any

import pytest

from grognard.core import hexgrid
from grognard.games.viktory2 import RULESET, board
from grognard.games.viktory2.tables import LAND, WATER, tables

RADIUS = {2: 3, 3: 4, 4: 5, 5: 6, 6: 6}
PER_SIDE = {2: 5, 3: 6, 4: 7, 5: 8, 6: 8}


def _raw() -> dict[str, Any]:
    text = resources.files("grognard.games.viktory2").joinpath("data/board.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def _gap(a: list[str], b: list[str]) -> int:
    """The fewest steps between two hex groups."""
    return min(hexgrid.distance(hexgrid.parse_hex_id(x), hexgrid.parse_hex_id(y)) for x in a for y in b)


@pytest.mark.rules("3.2")
def test_shipped_board_data_validates() -> None:
    boards = board.validate(_raw())
    assert sorted(boards) == [2, 3, 4, 5, 6]
    for players, entry in boards.items():
        assert entry["radius"] == RADIUS[players]
        interior = board.interior_count(entry["radius"])
        assert interior == len(hexgrid.disk((0, 0), entry["radius"]))
        total = sum(entry["stock"].values())
        assert total > interior, "spare tiles are needed for 15.3"
        assert 0.25 <= entry["stock"][WATER] / total <= 0.35


@pytest.mark.rules("3.1")
def test_the_stock_holds_the_four_land_terrains_and_water() -> None:
    for entry in board.layouts().values():
        assert set(entry["stock"]) == {*LAND, WATER}
        assert all(entry["stock"][t] > 0 for t in LAND)
    assert set(tables()["terrain"]) == {*LAND, WATER}


@pytest.mark.rules("3.0", "3.2")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_board_is_framed_by_perimeter_water(players: int) -> None:
    st = RULESET.new_game(options={"players": players}, seed=7)
    radius = st.data["board"]["radius"]
    assert radius == RADIUS[players]
    tiles = st.data["tiles"]
    perimeter = [hexgrid.hex_id(h) for h in hexgrid.ring((0, 0), radius + 1)]
    assert len(perimeter) == 6 * (PER_SIDE[players] - 1)  # corners shared by two sides
    assert all(tiles[h] == WATER for h in perimeter)
    assert len(tiles) == len(perimeter) + board.interior_count(radius)
    # Interior tiles start face down; only the first player's starting hexes are shown
    # (and their surroundings if all three were water, 4.0).
    starts = set(st.data["starts"][st.data["order"][0]])
    shown = {h for h, t in tiles.items() if t is not None} - set(perimeter)
    assert starts <= shown
    assert shown == starts or all(tiles[h] == WATER for h in starts)
    revealed = len(shown)
    assert sum(st.data["stock"].values()) == sum(board.layout(players)["stock"].values()) - revealed


@pytest.mark.rules("3.3")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_starts_are_three_adjacent_interior_hexes_per_player_apart(players: int) -> None:
    groups = board.layout(players)["starts"]
    radius = RADIUS[players]
    assert len(groups) == players
    for group in groups:
        cells = [hexgrid.parse_hex_id(h) for h in group]
        assert len(set(cells)) == 3
        assert all(hexgrid.distance(c, (0, 0)) <= radius for c in cells)
        assert all(any(hexgrid.distance(c, o) == 1 for o in cells) for c in cells)
    for a, b in combinations(groups, 2):
        assert _gap(a, b) >= 4  # disjoint, and room between neighbours


@pytest.mark.rules("3.3")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_starts_are_roughly_equidistant(players: int) -> None:
    groups = board.layout(players)["starts"]
    nearest = [min(_gap(g, o) for o in groups if o is not g) for g in groups]
    assert max(nearest) - min(nearest) <= 1
    if players <= 3:
        assert len({_gap(a, b) for a, b in combinations(groups, 2)}) == 1
    # Every group touches the outer ring of interior hexes, none sits in the middle.
    for g in groups:
        assert max(hexgrid.distance(hexgrid.parse_hex_id(h), (0, 0)) for h in g) == RADIUS[players]


@pytest.mark.rules("3.3")
def test_six_players_start_in_the_corners() -> None:
    radius = RADIUS[6]
    corners = {hexgrid.hex_id((radius * dq, radius * dr)) for dq, dr in hexgrid.DIRECTIONS}
    groups = board.layout(6)["starts"]
    assert all(len(corners & set(g)) == 1 for g in groups)
    assert set(board.layout(5)["starts"][0]) != set(groups[0])  # 5 players: own layout


@pytest.mark.rules("3.3")
def test_players_get_the_start_groups_in_seat_order() -> None:
    st = RULESET.new_game(options={"players": 4}, seed=3)
    groups = board.layout(4)["starts"]
    assert [st.data["starts"][r] for r in st.roles] == groups


def _broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(_raw())
    change(data["players"])
    return data


@pytest.mark.rules("3.2", "3.3")
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: p["2"]["stock"].update(water=0, plains=1), "tiles for 37 interior hexes"),
        (lambda p: p["2"]["stock"].pop("forest"), "count for each"),
        (lambda p: p["3"]["stock"].update(mountain=0), "no mountain city"),
        (lambda p: p["2"].update(perimeter_per_side="5"), "perimeter_per_side"),
        (lambda p: p["2"]["starts"].pop(), "one group of hexes per player"),
        (lambda p: p["2"]["starts"][0].__setitem__(0, "9,9"), "not an interior hex"),
        (lambda p: p["2"]["starts"][0].__setitem__(0, "0,0"), "touches no other hex"),
        (lambda p: p["2"]["starts"].__setitem__(1, list(p["2"]["starts"][0])), "in groups 1 and 2"),
        (lambda p: p["2"]["starts"].__setitem__(1, ["1,0", "2,0", "1,1"]), "groups 1 and 2 touch"),
        (lambda p: p["2"]["starts"][0].__setitem__(0, "x"), "bad hex id"),
        (lambda p: p.pop("6"), "no board for 6"),
        (lambda p: p.update({"7": p["6"]}), "2 to 6 players"),
    ],
)
def test_validator_rejects_bad_board_data(change: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        board.validate(_broken(change))


@pytest.mark.rules("15.2")
def test_no_exploration_lays_every_tile_face_up() -> None:
    st = RULESET.new_game(options={"players": 3, "no_exploration": True}, seed=5)
    interior = {hexgrid.hex_id(h) for h in hexgrid.disk((0, 0), RADIUS[3])}
    assert all(st.data["tiles"][h] is not None for h in interior)
    full = board.layout(3)["stock"]
    counts = {t: sum(1 for h in interior if st.data["tiles"][h] == t) for t in full}
    assert all(counts[t] + st.data["stock"][t] == full[t] for t in full)
    assert sum(st.data["stock"].values()) == sum(full.values()) - len(interior)


@pytest.mark.rules("15.2")
def test_no_exploration_shuffles_seats_and_starting_areas() -> None:
    seen = set()
    for seed in range(12):
        st = RULESET.new_game(options={"players": 3, "no_exploration": True}, seed=seed)
        groups = board.layout(3)["starts"]
        owner = {tuple(g): r for r, g in st.data["starts"].items()}
        seen.add(tuple(owner[tuple(g)] for g in groups))
    assert len(seen) > 1
    # The plain game keeps seats in role order: red always has the first group.
    for seed in range(3):
        st = RULESET.new_game(options={"players": 3}, seed=seed)
        assert st.data["starts"]["red"] == board.layout(3)["starts"][0]


@pytest.mark.rules("3.52")
def test_unit_kinds_are_three_land_and_one_naval() -> None:
    units = tables()["units"]
    assert {k for k, u in units.items() if u["domain"] == "land"} == {"infantry", "cavalry", "artillery"}
    assert {k for k, u in units.items() if u["domain"] == "naval"} == {"frigate"}
