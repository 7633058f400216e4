"""The Building Phase (7.0-7.4) with exploration balancing (15.3) and relocation (15.5)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from grognard.core import hexgrid
from grognard.games.viktory2 import position, production
from grognard.games.viktory2.position import force_tiles
from grognard.games.viktory2.state import Viktory2State
from grognard.games.viktory2.tables import LAND, WATER

RADIUS = 5
ALL = [hexgrid.hex_id(h) for h in hexgrid.disk((0, 0), RADIUS)]


def board(
    tiles: Mapping[str, str | None] | None = None,
    towns: Mapping[str, tuple[str, str]] | None = None,
    units: Iterable[tuple[str, str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    fill: str | None = "plains",
    capital: str = "0,0",
) -> Viktory2State:
    """Red to build on a radius-5 board, its capital town at 0,0; every interior hex is
    `fill` (None: face down) unless listed in `tiles`."""
    all_tiles: dict[str, Any] = {h: fill for h in ALL}
    all_tiles.update(tiles or {})
    all_tiles[capital] = all_tiles[capital] or "plains"
    towns = {capital: ("red", "town"), **(towns or {})}
    st = position.build(
        players=2,
        tiles={h: t for h, t in all_tiles.items() if t is not None},
        towns=towns,
        capitals={"red": capital},
        units=units,
        player="red",
        step="build",
        options=options,
        radius=RADIUS,
        stock={t: 30 for t in (*LAND, WATER)},
    )
    for h, t in all_tiles.items():
        st.data["tiles"][h] = t
    st.advance()
    return st


def sites(st: Viktory2State) -> set[str]:
    return {a[1] for a in st.legal_actions("red") if a[0] == "build_town"}


# ----- 7.21 where towns may be built ----------------------------------------------------
@pytest.mark.rules("7.21")
def test_towns_go_two_or_three_hexes_from_an_own_town() -> None:
    st = board()
    found = sites(st)
    assert "2,0" in found and "3,0" in found and "-1,-1" in found
    assert "1,0" not in found  # adjacent to the capital
    assert "4,0" not in found and "0,4" not in found  # four hexes away
    assert found == {h for h in ALL if st.distance(h, "0,0") in (2, 3)}


@pytest.mark.rules("7.21")
def test_distance_counts_from_any_own_town() -> None:
    st = board(towns={"3,0": ("red", "town")})
    found = sites(st)
    assert "5,0" in found  # two hexes from the second town, five from the capital
    assert "2,0" not in found  # next to the second town


@pytest.mark.rules("7.21")
def test_no_town_next_to_any_town_or_city() -> None:
    st = board(towns={"3,-1": ("yellow", "city")})
    found = sites(st)
    assert "3,-1" not in found
    assert not any(n in found for n in st.neighbors("3,-1"))
    assert "2,1" in found  # two hexes from the yellow city: allowed


@pytest.mark.rules("7.21")
def test_only_revealed_land_is_offered() -> None:
    st = board(tiles={"2,0": None, "0,2": WATER})
    found = sites(st)
    assert "2,0" not in found  # face down
    assert "0,2" not in found  # water
    assert "-2,0" in found


@pytest.mark.rules("7.21")
def test_a_hex_cut_off_by_face_down_tiles_is_not_offered() -> None:
    # Only the capital's neighbours are shown, plus a lone hex three away that
    # another player's exploration revealed: no revealed 2-3 hex path reaches it.
    shown = {n: "plains" for n in hexgrid.neighbors((0, 0))}
    lone = {"3,0": "grassland"}
    st = board(tiles={**{hexgrid.hex_id(h): t for h, t in shown.items()}, **lone}, fill=None)
    assert sites(st) == set()
    st.data["tiles"]["2,0"] = "forest"  # now 0,0 → 1,0 → 2,0 → 3,0 is revealed
    st._after_change(None, None)
    assert sites(st) == {"2,0", "3,0"}


@pytest.mark.rules("7.21")
def test_the_path_may_cross_water() -> None:
    shown = {hexgrid.hex_id(n): WATER for n in hexgrid.neighbors((0, 0))}
    st = board(tiles={**shown, "2,0": "mountain", "3,0": WATER, "4,0": "plains"}, fill=None)
    assert sites(st) == {"2,0"}


@pytest.mark.rules("7.21")
def test_the_revealed_path_must_be_at_most_three_hexes() -> None:
    # 2,-2 is two hexes from the capital, but the hexes between are face down and the
    # only revealed way round (0,-1 0,-2 1,-3 2,-3) takes five steps.
    shown = ["0,-1", "0,-2", "1,-3", "2,-3", "2,-2"]
    st = board(tiles={h: "plains" for h in shown}, fill=None)
    assert sites(st) == {"0,-2", "1,-3"}


# ----- 7.22 units in the way; building is optional ----------------------------------
@pytest.mark.rules("7.22")
def test_no_town_on_another_players_unit() -> None:
    st = board(units=[("yellow", "infantry", "2,0"), ("red", "cavalry", "-2,0")])
    found = sites(st)
    assert "2,0" not in found
    assert "-2,0" in found  # own unit: fine
    assert "2,1" in found  # next to an enemy unit: fine


@pytest.mark.rules("7.22")
def test_building_is_optional() -> None:
    st = board()
    assert ("skip_build",) in st.legal_actions("red")
    st.apply("red", ("skip_build",))
    assert st.frame()["state"] == "move"
    assert st.data["towns"].keys() == {"0,0"} and st.reserve_of("red") == []


# ----- 7.1 capital requirement, 7.2 one build, 7.24 nothing to build --------------------
@pytest.mark.rules("7.1")
def test_no_building_without_the_capital() -> None:
    st = board(towns={"0,0": ("yellow", "town"), "3,0": ("red", "town")})
    assert st.frame()["state"] == "move"  # the Build step passed by itself
    assert any("7.1" in line for line in st.log_for(None))
    frame = {"state": "build", "role": "red"}
    assert production.Build().legal(st, frame, "red") == [("skip_build",)]


@pytest.mark.rules("7.2")
def test_one_build_per_turn_then_movement() -> None:
    st = board()
    st.data["turns"] = 4
    legal = st.legal_actions("red")
    assert ("build_city", "0,0") in legal and ("build_town", "2,0") in legal
    st.apply("red", ("build_town", "2,0"))
    assert st.frame() == {"state": "move", "role": "red"}
    assert st.data["towns"]["2,0"] == {"owner": "red", "city": False, "built": 4}
    assert st.data["turn"]["new_towns"] == ["2,0"]
    assert not any(a[0].startswith("build") for a in st.legal_actions("red"))


@pytest.mark.rules("7.24")
def test_nothing_to_build_passes_the_phase() -> None:
    # A capital city walled in by water: no town site and no town to upgrade.
    st = board(towns={"0,0": ("red", "city")}, fill=WATER, tiles={"0,0": "plains"})
    assert st.frame()["state"] == "move"
    assert any("7.24" in line for line in st.log_for(None))
    assert production.town_sites(st, "red") == [] and production.upgradable_towns(st, "red") == []


# ----- 7.23 upgrade, 7.3 exploration, 7.4 new units ---------------------------------
@pytest.mark.rules("7.23")
def test_a_town_becomes_a_city() -> None:
    st = board(towns={"3,0": ("red", "town")})
    st.apply("red", ("build_city", "3,0"))
    assert st.data["towns"]["3,0"]["city"] is True
    assert st.data["towns"]["3,0"]["owner"] == "red"
    assert st.empire_score("red") == 3
    assert st.data["turn"]["new_towns"] == []  # an upgrade is no new town (9.13)


@pytest.mark.rules("7.3")
def test_a_new_town_reveals_its_neighbours() -> None:
    ring = {hexgrid.hex_id(n): "plains" for n in hexgrid.neighbors((0, 0))}
    st = board(tiles={**ring, "2,0": "plains", "2,-1": "plains"}, fill=None)
    force_tiles(st, ["grassland"] * 4)
    st.apply("red", ("build_town", "2,0"))
    assert all(st.is_revealed(n) for n in st.neighbors("2,0"))
    assert {h for h in ALL if st.is_revealed(h)} == {"0,0", *ring, "2,0", *st.neighbors("2,0")}


@pytest.mark.rules("7.3")
def test_a_new_city_reveals_the_hexes_two_away() -> None:
    ring1 = {hexgrid.hex_id(n): "plains" for n in hexgrid.neighbors((0, 0))}
    st = board(tiles=ring1, fill=None)
    st.apply("red", ("build_city", "0,0"))
    assert all(st.is_revealed(h) for h in st.geo.at_distance("0,0", 2))
    assert not any(st.is_revealed(h) for h in st.geo.at_distance("0,0", 3))


@pytest.mark.rules("7.4")
def test_a_town_brings_one_infantry_to_the_reserve() -> None:
    st = board()
    st.apply("red", ("build_town", "2,0"))
    (uid,) = st.reserve_of("red")
    assert st.unit(uid)["type"] == "infantry"


@pytest.mark.rules("7.4", "7.23")
@pytest.mark.parametrize(
    ("terrain", "unit"),
    [("plains", "infantry"), ("grassland", "cavalry"), ("mountain", "artillery"), ("forest", "frigate")],
)
def test_a_city_brings_its_terrains_unit(terrain: str, unit: str) -> None:
    st = board(tiles={"0,0": terrain})
    st.apply("red", ("build_city", "0,0"))
    assert [st.unit(u)["type"] for u in st.reserve_of("red")] == [unit]


# ----- 15.3 exploration balancing -------------------------------------------------------
def _balancing_board(enabled: bool = True) -> Viktory2State:
    ring = {hexgrid.hex_id(n): "plains" for n in hexgrid.neighbors((0, 0))}
    return board(tiles={**ring, "2,0": "plains", "2,-1": "plains"}, fill=None,
                 options={"exploration_balancing": enabled})


HIDDEN = ["1,1", "2,1", "3,-1", "3,0"]  # the face-down neighbours of 2,0, in reveal order


@pytest.mark.rules("15.3")
def test_two_water_revealed_offer_a_swap_for_land() -> None:
    st = _balancing_board()
    force_tiles(st, ["water", "plains", "water", "forest"])
    st.apply("red", ("build_town", "2,0"))
    assert st.frame()["state"] == "rebalance"
    assert st.legal_actions("red") == [("keep_water",), ("swap_water", "1,1"), ("swap_water", "3,-1")]
    stock = dict(st.data["stock"])
    st.rng.force([sum(stock[t] for t in LAND[: LAND.index("mountain")])])  # draws a mountain
    st.apply("red", ("swap_water", "3,-1"))
    assert st.terrain("3,-1") == "mountain"
    assert st.data["stock"]["mountain"] == stock["mountain"] - 1
    assert st.data["stock"][WATER] == stock[WATER] + 1
    assert st.frame()["state"] == "move"


@pytest.mark.rules("15.3")
def test_the_player_may_keep_the_water() -> None:
    st = _balancing_board()
    force_tiles(st, ["water", "water", "water", "water"])
    st.apply("red", ("build_town", "2,0"))
    st.apply("red", ("keep_water",))
    assert all(st.terrain(h) == WATER for h in HIDDEN)
    assert st.frame()["state"] == "move"


@pytest.mark.rules("15.3")
def test_one_water_or_the_option_off_offers_nothing() -> None:
    st = _balancing_board()
    force_tiles(st, ["water", "plains", "plains", "forest"])
    st.apply("red", ("build_town", "2,0"))
    assert st.frame()["state"] == "move"
    st = _balancing_board(enabled=False)
    force_tiles(st, ["water"] * 4)
    st.apply("red", ("build_town", "2,0"))
    assert st.frame()["state"] == "move"


@pytest.mark.rules("15.3")
def test_no_swap_when_the_stock_holds_no_land() -> None:
    st = _balancing_board()
    st.data["stock"] = {t: 0 for t in LAND} | {WATER: 10}
    st.apply("red", ("build_town", "2,0"))
    assert st.frame()["state"] == "move"


# ----- 15.5 relocation ------------------------------------------------------------------
def _relocations(st: Viktory2State, src: str) -> set[str]:
    return {a[2] for a in st.legal_actions("red") if a[0] == "relocate" and a[1] == src}


@pytest.mark.rules("15.5")
def test_relocation_is_offered_only_with_the_option() -> None:
    st = board(towns={"3,0": ("red", "town")})
    assert not any(a[0] == "relocate" for a in st.legal_actions("red"))
    st = board(towns={"3,0": ("red", "town")}, options={"relocation": True})
    # Next to the town it leaves is fine; 4,0 4,-1 3,1 would be four hexes from the capital.
    assert _relocations(st, "3,0") == {"3,-1", "2,0", "2,1"}
    # The capital keeps its exemption from the 2-3 hex distance.
    assert _relocations(st, "0,0") == set(st.neighbors("0,0"))


@pytest.mark.rules("15.5", "7.21", "7.22")
def test_a_relocated_town_obeys_the_building_rules() -> None:
    st = board(
        towns={"3,0": ("red", "town"), "1,1": ("yellow", "town")},
        tiles={"3,-1": None},
        units=[("yellow", "infantry", "2,1")],
        options={"relocation": True},
    )
    # 3,-1 face down, 2,1 holds a yellow unit, 2,0 touches yellow's town at 1,1.
    assert _relocations(st, "3,0") == set()


@pytest.mark.rules("15.5")
def test_relocating_a_city_swaps_its_units() -> None:
    ring = {hexgrid.hex_id(n): "plains" for n in hexgrid.neighbors((0, 0))}
    st = board(
        towns={"3,0": ("red", "city")},
        tiles={**ring, "3,0": "mountain", "2,0": "grassland"},
        units=[("red", "infantry", "3,0"), ("red", "artillery", "3,0"), ("red", "infantry", "0,0")],
        options={"relocation": True},
        fill=None,
    )
    st.apply("red", ("relocate", "3,0", "2,0"))
    # Two infantry could go: the player chooses which returns to the stock (10.2).
    assert st.frame()["state"] == "eliminate"
    assert st.legal_actions("red") == [("eliminate", "red-i1"), ("eliminate", "red-i3")]
    st.apply("red", ("eliminate", "red-i1"))
    assert st.frame()["state"] == "move"
    assert "3,0" not in st.data["towns"]
    assert st.data["towns"]["2,0"] == {"owner": "red", "city": True, "built": 1}
    assert st.data["turn"]["new_towns"] == ["2,0"]
    kinds = sorted(st.unit(u)["type"] for u in st.units_of("red"))
    assert kinds == ["cavalry", "infantry", "infantry"]  # the mountain city's artillery is gone
    assert sorted(st.unit(u)["type"] for u in st.reserve_of("red")) == ["cavalry", "infantry"]
    assert all(st.is_revealed(h) for h in st.geo.within("2,0", 2))


@pytest.mark.rules("15.5")
def test_relocating_the_capital_moves_its_marker() -> None:
    st = board(units=[("red", "infantry", "0,0")], options={"relocation": True})
    st.apply("red", ("relocate", "0,0", "0,1"))
    assert st.frame()["state"] == "move"
    assert st.data["capitals"]["red"] == "0,1"
    assert st.data["towns"] == {"0,1": {"owner": "red", "city": False, "built": 1}}
    (uid,) = st.units_of("red")
    assert st.unit(uid)["hex"] is None  # the old infantry went, a new one waits in the Reserve


@pytest.mark.rules("15.5")
def test_a_captured_capital_stays_put() -> None:
    st = board(towns={"3,0": ("red", "town")}, options={"relocation": True})
    st.data["capitals"]["yellow"] = "3,0"
    assert _relocations(st, "3,0") == set()
