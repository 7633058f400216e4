"""Land movement and the Movement & Combat Phase (9.0-9.2, 10.6, 10.7, 12.2, 12.3, 15.1, 15.64)."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.games.viktory2 import movement, position, turns
from grognard.games.viktory2.state import Viktory2State
from grognard.games.viktory2.tables import geometry

GEO = geometry(3)
INTERIOR = [h for h in GEO.ids if h not in GEO.perimeter]


def plains(over: dict[str, str] | None = None) -> dict[str, str]:
    """Every interior hex revealed as plains, except those given."""
    return {**dict.fromkeys(INTERIOR, "plains"), **(over or {})}


def first(st: Viktory2State, role: str, kind: str) -> str:
    """The smallest id among role's units of a kind."""
    return min(u for u in st.units_of(role) if st.unit(u)["type"] == kind)


def moves(st: Viktory2State, uid: str) -> set[str]:
    return {a[2] for a in st.legal_actions(st.player) if a[0] == "move" and a[1] == uid}


def go(st: Viktory2State, uid: str, *path: str) -> None:
    for hex_ in path:
        st.apply(st.player, ("move", uid, hex_))


def build(**kw: Any) -> Viktory2State:
    kw.setdefault("tiles", plains())
    return position.build(**kw)


# ----- 9.0 the general rule -------------------------------------------------------------
@pytest.mark.rules("9.0")
def test_moving_is_optional_the_phase_can_end_at_once() -> None:
    st = build(units=[("red", "infantry", "0,0")])
    assert ("end_moves",) in st.legal_actions("red")


@pytest.mark.rules("9.0")
def test_end_moves_goes_to_reserve_placement() -> None:
    st = build(units=[("red", "infantry", "0,0")])
    movement.MovePhase().apply(st, st.frame(), "red", ("end_moves",))
    assert st.flow[-1] == {"state": "reserves", "role": "red"}
    assert st.data["turn"]["phase"] == "reserves"


@pytest.mark.rules("9.0")
def test_one_unit_at_a_time_moving_another_ends_the_first() -> None:
    st = build(units=[("red", "infantry", "0,0"), ("red", "infantry", "0,2")])
    a, b = st.units_of("red")
    go(st, a, "1,0")
    assert st.data["turn"]["moving"] == a
    assert moves(st, a)  # one MP left
    go(st, b, "0,1")
    assert moves(st, a) == set()
    assert a in st.data["turn"]["done"]
    assert st.data["turn"]["moving"] == b


@pytest.mark.rules("9.0", "12.0")
def test_entering_an_enemy_hex_ends_movement_and_a_battle_must_follow() -> None:
    st = build(units=[("red", "cavalry", "-2,0"), ("yellow", "infantry", "-1,0")])
    (cav,) = st.units_of("red")
    go(st, cav, "-1,0")
    assert moves(st, cav) == set()
    legal = st.legal_actions("red")
    assert ("battle", "-1,0") in legal
    assert ("end_moves",) not in legal
    assert st.data["turn"]["entries"] == {"-1,0": ["-2,0"]}


@pytest.mark.rules("9.0", "12.0")
def test_entering_an_empty_enemy_town_ends_movement() -> None:
    st = build(units=[("red", "cavalry", "-2,0")], towns={"-1,0": ("yellow", "town")})
    (cav,) = st.units_of("red")
    go(st, cav, "-1,0")
    assert moves(st, cav) == set()
    assert ("battle", "-1,0") in st.legal_actions("red")


@pytest.mark.rules("9.0", "11.0")
def test_bombarding_ends_the_moving_units_movement() -> None:
    st = build(units=[("red", "artillery", "-2,0"), ("yellow", "infantry", "1,0")])
    (art,) = st.units_of("red")
    go(st, art, "-1,0")
    assert ("bombard", art, "1,0") in st.legal_actions("red")
    st.rng.force([6])
    st.apply("red", ("bombard", art, "1,0"))
    assert moves(st, art) == set()


# ----- 9.1, 9.11 ------------------------------------------------------------------------
@pytest.mark.rules("9.1")
def test_land_units_keep_to_revealed_land() -> None:
    tiles = {"0,0": "plains", "1,0": "water", "-1,0": "plains"}
    st = build(tiles=tiles, units=[("red", "infantry", "0,0")])
    (inf,) = st.units_of("red")
    # 1,0 is water, the other neighbours but -1,0 are face down
    assert moves(st, inf) == {"-1,0"}


@pytest.mark.rules("9.11")
@pytest.mark.parametrize(("kind", "allowance"), [("infantry", 2), ("artillery", 2), ("cavalry", 3)])
def test_land_movement_allowances(kind: str, allowance: int) -> None:
    st = build(units=[("red", kind, "-3,0")])
    (uid,) = st.units_of("red")
    path = ["-2,0", "-1,0", "0,0", "1,0"]
    go(st, uid, *path[:allowance])
    assert moves(st, uid) == set()
    assert st.unit(uid)["hex"] == path[allowance - 1]
    assert uid in st.data["turn"]["done"]


# ----- 9.12 slow terrain ----------------------------------------------------------------
@pytest.mark.rules("9.12")
@pytest.mark.parametrize("terrain", ["forest", "mountain"])
def test_slow_terrain_stops_a_unit_with_mp_left(terrain: str) -> None:
    st = build(tiles=plains({"-1,0": terrain}), units=[("red", "cavalry", "-2,0")])
    (cav,) = st.units_of("red")
    go(st, cav, "-1,0")
    assert moves(st, cav) == set()
    assert st.data["turn"]["mp"][cav] == 0


@pytest.mark.rules("9.12")
def test_slow_terrain_does_not_stop_a_unit_in_an_own_town() -> None:
    st = build(tiles=plains({"-1,0": "forest"}), towns={"-1,0": ("red", "town")},
               units=[("red", "cavalry", "-2,0")])
    (cav,) = st.units_of("red")
    go(st, cav, "-1,0")
    assert "0,0" in moves(st, cav)


@pytest.mark.rules("9.12")
def test_slow_terrain_does_not_stop_where_an_own_land_unit_began_the_turn() -> None:
    st = build(tiles=plains({"-1,0": "mountain"}),
               units=[("red", "cavalry", "-2,0"), ("red", "infantry", "-1,0")])
    cav, inf = first(st, "red", "cavalry"), first(st, "red", "infantry")
    go(st, inf, "-1,1")  # the unit that began the turn there has left: it still counts
    go(st, cav, "-1,0")
    assert "0,0" in moves(st, cav)


@pytest.mark.rules("9.12")
def test_a_unit_that_arrived_this_turn_does_not_open_slow_terrain() -> None:
    st = build(tiles=plains({"-1,0": "forest"}),
               units=[("red", "cavalry", "-2,0"), ("red", "infantry", "-1,1")])
    cav, inf = first(st, "red", "cavalry"), first(st, "red", "infantry")
    go(st, inf, "-1,0")
    assert moves(st, inf) == set()
    go(st, cav, "-1,0")
    assert moves(st, cav) == set()


@pytest.mark.rules("9.12")
def test_an_enemy_or_foreign_town_does_not_open_slow_terrain() -> None:
    st = build(
        tiles=plains({"-1,0": "forest"}), towns={"1,0": ("yellow", "town")},
        units=[("red", "cavalry", "-2,0"), ("yellow", "infantry", "-1,1")],
    )
    (cav,) = st.units_of("red")
    go(st, cav, "-1,0")  # yellow's unit next door does not count
    assert moves(st, cav) == set()


@pytest.mark.rules("15.1", "9.12")
def test_terrain_leveling_lets_units_cross_slow_terrain() -> None:
    st = build(
        tiles=plains({"-1,0": "forest", "0,0": "mountain"}), units=[("red", "cavalry", "-2,0")],
        options={"terrain_leveling": True},
    )
    (cav,) = st.units_of("red")
    go(st, cav, "-1,0", "0,0")
    assert "1,0" in moves(st, cav)


# ----- 9.13 roads -----------------------------------------------------------------------
ROW = {"-3,0": "plains", "-2,0": "plains", "-1,0": "plains", "0,0": "plains",
       "1,0": "plains", "2,0": "plains", "3,0": "plains"}


@pytest.mark.rules("9.13")
def test_road_move_between_own_towns_three_land_hexes_apart_costs_one_mp() -> None:
    st = build(tiles=ROW, towns={"-1,0": ("red", "town"), "2,0": ("red", "city")},
               units=[("red", "infantry", "-1,0")])
    (inf,) = st.units_of("red")
    assert "2,0" in moves(st, inf)
    go(st, inf, "2,0")
    assert st.unit(inf)["hex"] == "2,0"
    assert st.data["turn"]["mp"][inf] == 1
    assert "3,0" in moves(st, inf)


@pytest.mark.rules("9.13")
def test_road_moves_chain_from_town_to_town() -> None:
    # the rulebook's example: city A to city B, then on to city C, in one turn
    st = build(tiles=ROW, towns={"-3,0": ("red", "city"), "0,0": ("red", "city"), "3,0": ("red", "city")},
               units=[("red", "infantry", "-3,0")])
    (inf,) = st.units_of("red")
    assert "3,0" not in moves(st, inf)  # six hexes: no road
    go(st, inf, "0,0", "3,0")
    assert st.unit(inf)["hex"] == "3,0"


@pytest.mark.rules("9.13")
def test_no_road_when_enemy_units_stand_on_every_path() -> None:
    # towns two hexes apart, joined by two paths: through 1,0 and through 0,1
    tiles = {"0,0": "plains", "1,0": "plains", "0,1": "plains", "1,1": "plains"}
    towns = {"0,0": ("red", "town"), "1,1": ("red", "town")}
    st = build(tiles=tiles, towns=towns,
               units=[("red", "infantry", "0,0"), ("yellow", "infantry", "1,0")])
    (inf,) = st.units_of("red")
    assert "1,1" in moves(st, inf)  # the path through 0,1 is clear
    st = build(tiles=tiles, towns=towns, units=[
        ("red", "infantry", "0,0"), ("yellow", "infantry", "1,0"), ("yellow", "infantry", "0,1"),
    ])
    (inf,) = st.units_of("red")
    assert "1,1" not in moves(st, inf)


@pytest.mark.rules("9.13")
def test_no_road_over_water_or_beyond_three_hexes() -> None:
    st = build(tiles={**ROW, "0,0": "water"}, towns={"-1,0": ("red", "town"), "2,0": ("red", "town")},
               units=[("red", "infantry", "-1,0")])
    (inf,) = st.units_of("red")
    assert "2,0" not in moves(st, inf)
    st = build(tiles=ROW, towns={"-2,0": ("red", "town"), "2,0": ("red", "town")},
               units=[("red", "infantry", "-2,0")])
    (inf,) = st.units_of("red")
    assert "2,0" not in moves(st, inf)


@pytest.mark.rules("9.13")
def test_no_road_to_or_from_a_town_built_this_turn_but_a_conquered_one_is_on_the_network() -> None:
    towns = {"-1,0": ("red", "town"), "2,0": ("red", "town")}
    st = build(tiles=ROW, towns=towns, units=[("red", "infantry", "-1,0")])
    st.data["turn"]["new_towns"] = ["2,0"]
    (inf,) = st.units_of("red")
    assert "2,0" not in moves(st, inf)
    st = build(tiles=ROW, towns=towns, units=[("red", "infantry", "-1,0")])
    st.data["turn"]["battles"] = ["2,0"]  # taken from yellow in a battle this turn
    (inf,) = st.units_of("red")
    assert "2,0" in moves(st, inf)


@pytest.mark.rules("9.13")
def test_no_road_into_an_enemy_town() -> None:
    st = build(tiles=ROW, towns={"-1,0": ("red", "town"), "2,0": ("yellow", "town")},
               units=[("red", "infantry", "-1,0")])
    (inf,) = st.units_of("red")
    assert "2,0" not in moves(st, inf)


# ----- 9.2 exploration --------------------------------------------------------------------
@pytest.mark.rules("9.2")
def test_entering_a_hex_reveals_exactly_its_face_down_neighbours() -> None:
    tiles = {"0,0": "plains", "1,0": "plains", "2,-1": "forest"}
    st = build(tiles=tiles, units=[("red", "infantry", "0,0")])
    (inf,) = st.units_of("red")
    before = dict(st.data["tiles"])
    stock = sum(st.data["stock"].values())
    expected = {n for n in GEO.neighbors["1,0"] if before[n] is None}
    go(st, inf, "1,0")
    after = st.data["tiles"]
    changed = {h for h in after if after[h] != before[h]}
    assert changed == expected
    assert all(after[h] is not None for h in expected)
    assert after["2,-1"] == "forest"
    assert sum(st.data["stock"].values()) == stock - len(expected)


@pytest.mark.rules("9.2", "15.3")
def test_exploration_by_movement_offers_exploration_balancing() -> None:
    st = build(tiles={"0,0": "plains", "1,0": "plains"}, units=[("red", "infantry", "0,0")],
               options={"exploration_balancing": True}, stock={"plains": 1, "water": 10})
    (inf,) = st.units_of("red")
    st.rng.force([1, 1, 1, 1])  # the bag is [plains, water x10]: every draw is water
    go(st, inf, "1,0")
    assert st.frame()["state"] == "rebalance"
    assert st.active_roles() == ["red"]


# ----- 10.6, 10.7, 12.2, 12.3 -----------------------------------------------------------
@pytest.mark.rules("10.6", "10.7")
def test_a_unit_that_attacked_cannot_move() -> None:
    st = build(units=[("red", "artillery", "0,0")])
    (art,) = st.units_of("red")
    turns.mark_attacked(st, art, "bombard")
    assert moves(st, art) == set()


@pytest.mark.rules("12.2")
def test_no_entering_a_hex_where_a_battle_was_fought_and_enemies_remain() -> None:
    st = build(units=[("red", "cavalry", "-2,0"), ("yellow", "infantry", "-1,0")])
    st.data["turn"]["battles"] = ["-1,0"]
    (cav,) = st.units_of("red")
    assert "-1,0" not in moves(st, cav)


@pytest.mark.rules("12.2", "12.3")
def test_after_a_won_battle_fresh_units_may_enter_but_the_fighters_may_not_leave() -> None:
    st = build(units=[("red", "infantry", "-1,0"), ("red", "cavalry", "-3,0")],
               towns={"-1,0": ("red", "town")})  # a town red just took
    fighter, cav = first(st, "red", "infantry"), first(st, "red", "cavalry")
    st.data["turn"]["battles"] = ["-1,0"]
    turns.mark_attacked(st, fighter, "battle")
    assert moves(st, fighter) == set()
    go(st, cav, "-2,0", "-1,0")
    assert st.unit(cav)["hex"] == "-1,0"


# ----- 15.64 alliance movement --------------------------------------------------------------
def _alliance(**kw: Any) -> Viktory2State:
    st = build(players=3, options={"subjugation": True}, player="yellow", **kw)
    st.data["ruler"] = {"yellow": "red"}
    st._after_change(None, None)
    return st


@pytest.mark.rules("15.64")
def test_a_vassal_passes_through_alliance_units_but_may_not_stop_there() -> None:
    st = _alliance(units=[("yellow", "infantry", "-2,0"), ("red", "infantry", "-1,0")])
    (inf,) = st.units_of("yellow")
    assert "-1,0" in moves(st, inf)
    go(st, inf, "-1,0")
    legal = st.legal_actions("yellow")
    assert ("end_moves",) not in legal
    assert {a[0] for a in legal} == {"move"}
    assert moves(st, inf) == set(GEO.neighbors["-1,0"])
    # with one MP the vassal could not leave again: it may not enter at all
    st = _alliance(units=[("yellow", "infantry", "-2,0"), ("red", "infantry", "-1,0")])
    (inf,) = st.units_of("yellow")
    st.data["turn"]["mp"][inf] = 1
    assert "-1,0" not in moves(st, inf)


@pytest.mark.rules("15.64", "9.12", "9.13")
def test_the_rulebook_vassal_cavalry_example() -> None:
    # yellow (vassal of red) rides by road from its city to red's city, through a
    # mountain held by a red unit, and into blue's city
    tiles = {**ROW, "1,0": "mountain"}
    st = _alliance(
        tiles=tiles,
        towns={"-3,0": ("yellow", "city"), "0,0": ("red", "city"), "2,0": ("blue", "city")},
        units=[("yellow", "cavalry", "-3,0"), ("red", "infantry", "1,0")],
    )
    (cav,) = st.units_of("yellow")
    go(st, cav, "0,0")
    assert st.data["turn"]["mp"][cav] == 2
    go(st, cav, "1,0")
    assert st.data["turn"]["mp"][cav] == 1
    go(st, cav, "2,0")
    assert st.data["turn"]["mp"][cav] == 0
    assert ("battle", "2,0") in st.legal_actions("yellow")
    assert st.data["turn"]["entries"]["2,0"] == ["1,0"]


@pytest.mark.rules("15.64")
def test_a_ruler_may_cross_his_vassals_hex_but_stopping_there_means_battle() -> None:
    st = build(players=3, options={"subjugation": True},
               units=[("red", "cavalry", "-2,0"), ("yellow", "infantry", "-1,0")])
    st.data["ruler"] = {"yellow": "red"}
    st._after_change(None, None)
    (cav,) = st.units_of("red")
    go(st, cav, "-1,0")
    assert "0,0" in moves(st, cav)  # crossing does not stop him
    legal = st.legal_actions("red")
    assert ("battle", "-1,0") in legal
    assert ("end_moves",) not in legal
    go(st, cav, "0,0")
    assert ("end_moves",) in st.legal_actions("red")


# ----- answers reused between questions (situation.LandMemo, situation.Relations) ----------
def test_answers_reused_from_the_last_question_follow_any_change_of_the_board() -> None:
    # The movement rules keep some answers from one question to the next; they are
    # checked against the board, so a board changed directly is seen at once.
    st = build(units=[("red", "cavalry", "-3,0")], towns={"-3,0": ("red", "town"), "0,0": ("red", "town")})
    cav = first(st, "red", "cavalry")
    assert {"-2,0", "0,0"} <= moves(st, cav)  # 0,0 by road
    st.data["tiles"]["-1,0"] = "water"  # on the only path of 3 hexes
    st._after_change(None, None)
    assert "0,0" not in moves(st, cav)
    st.data["tiles"]["-1,0"] = "plains"
    yellow = st.add_unit("yellow", "infantry")
    st.units[yellow]["hex"] = "-2,0"
    st._after_change(None, None)
    assert "0,0" not in moves(st, cav)
    assert ("move", cav, "-2,0") in st.legal_actions("red")  # to attack
    st.remove_unit(yellow)
    st._after_change(None, None)
    assert "0,0" in moves(st, cav)
