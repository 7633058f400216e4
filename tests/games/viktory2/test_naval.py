"""Frigates: naval movement, port transit and transport of land units (9.3-9.47)."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.games.viktory2 import boarding, movement, position, situation, turns
from grognard.games.viktory2.state import Viktory2State

# A channel of water along r = 0 between two shores of plains.
SEA = {f"{q},0": "water" for q in range(-3, 4)}
NORTH = {f"{q},-1": "plains" for q in range(-2, 4)}
SOUTH = {f"{q},1": "plains" for q in range(-3, 3)}
CHANNEL = {**SEA, **NORTH, **SOUTH}
SHORE = ("0,-1", "1,-1", "0,1", "-1,1")  # the land hexes next to 0,0


def build(**kw: Any) -> Viktory2State:
    kw.setdefault("tiles", CHANNEL)
    return position.build(**kw)


def of(st: Viktory2State, role: str, kind: str) -> list[str]:
    return sorted(u for u in st.units_of(role) if st.unit(u)["type"] == kind)


def moves(st: Viktory2State, uid: str) -> set[str]:
    return {a[2] for a in st.legal_actions(st.player) if a[0] == "move" and a[1] == uid}


def verbs(st: Viktory2State, verb: str) -> list[tuple[Any, ...]]:
    return [a for a in st.legal_actions(st.player) if a[0] == verb]


def go(st: Viktory2State, uid: str, *path: str) -> None:
    for hex_ in path:
        st.apply(st.player, ("move", uid, hex_))


# ----- 9.3, 9.31 -------------------------------------------------------------------------
@pytest.mark.rules("9.3")
def test_frigates_keep_to_water() -> None:
    st = build(units=[("red", "frigate", "0,0")])
    (f,) = of(st, "red", "frigate")
    assert moves(st, f) == {"-1,0", "1,0"}  # the four land neighbours are not offered


@pytest.mark.rules("9.31")
def test_frigate_movement_allowance_is_five() -> None:
    st = build(units=[("red", "frigate", "-3,0")])
    (f,) = of(st, "red", "frigate")
    go(st, f, "-2,0", "-1,0", "0,0", "1,0", "2,0")
    assert moves(st, f) == set()
    assert f in st.data["turn"]["done"]


@pytest.mark.rules("9.0", "9.3")
def test_a_frigate_entering_an_enemy_frigates_hex_stops_there() -> None:
    st = build(units=[("red", "frigate", "-2,0"), ("yellow", "frigate", "0,0")])
    (f,) = of(st, "red", "frigate")
    go(st, f, "-1,0", "0,0")
    assert moves(st, f) == set()
    assert st.data["turn"]["entries"] == {"0,0": ["-1,0"]}
    assert ("battle", "0,0") in st.legal_actions("red")
    assert ("end_moves",) not in st.legal_actions("red")


# ----- 9.32 port transit ------------------------------------------------------------------
ISTHMUS = {"-1,0": "water", "0,0": "plains", "1,0": "water", "0,1": "plains", "1,-1": "plains"}


@pytest.mark.rules("9.32")
def test_a_frigate_crosses_an_own_port_spending_one_mp_in_and_one_out() -> None:
    st = build(tiles=ISTHMUS, towns={"0,0": ("red", "town")}, units=[("red", "frigate", "-1,0")])
    (f,) = of(st, "red", "frigate")
    assert moves(st, f) == {"0,0"}
    go(st, f, "0,0", "1,0")
    assert st.unit(f)["hex"] == "1,0"
    assert st.data["turn"]["mp"][f] == 3


@pytest.mark.rules("9.32")
def test_in_a_port_a_frigate_may_only_leave() -> None:
    st = build(
        tiles=ISTHMUS, towns={"0,0": ("red", "town")},
        units=[("red", "frigate", "-1,0"), ("red", "infantry", "0,1"), ("yellow", "infantry", "1,-1")],
        stock={"plains": 30},  # what the frigate reveals is land
    )
    (f,) = of(st, "red", "frigate")
    go(st, f, "0,0")
    # no end of its movement there, no pick-up, no bombardment, no other unit
    assert set(st.legal_actions("red")) == {("move", f, "-1,0"), ("move", f, "1,0")}
    go(st, f, "1,0")
    legal = st.legal_actions("red")
    assert ("end_moves",) in legal
    assert ("embark", f, of(st, "red", "infantry")[0]) in legal
    assert ("bombard", f, "1,-1") in legal


@pytest.mark.rules("9.32")
def test_no_port_entry_without_the_mp_to_leave_again() -> None:
    st = build(tiles=ISTHMUS, towns={"0,0": ("red", "town")}, units=[("red", "frigate", "-1,0")])
    (f,) = of(st, "red", "frigate")
    st.data["turn"]["mp"][f] = 2
    assert moves(st, f) == {"0,0"}
    st.data["turn"]["mp"][f] = 1
    st._after_change(None, None)
    assert moves(st, f) == set()


@pytest.mark.rules("9.32")
def test_no_port_in_a_town_built_this_turn_nor_in_an_enemy_town() -> None:
    st = build(tiles=ISTHMUS, towns={"0,0": ("red", "town")}, units=[("red", "frigate", "-1,0")])
    st.data["turn"]["new_towns"] = ["0,0"]
    (f,) = of(st, "red", "frigate")
    assert moves(st, f) == set()
    st = build(tiles=ISTHMUS, towns={"0,0": ("yellow", "town")}, units=[("red", "frigate", "-1,0")])
    (f,) = of(st, "red", "frigate")
    assert moves(st, f) == set()


@pytest.mark.rules("9.32")
def test_a_town_conquered_this_turn_is_a_port_at_once() -> None:
    st = build(tiles=ISTHMUS, towns={"0,0": ("red", "town")}, units=[("red", "frigate", "-1,0")])
    st.data["turn"]["battles"] = ["0,0"]
    (f,) = of(st, "red", "frigate")
    assert moves(st, f) == {"0,0"}


# ----- 9.4 transport ------------------------------------------------------------------------
@pytest.mark.rules("9.4", "9.42")
def test_a_frigate_carries_land_units_over_water_and_loads_at_several_places() -> None:
    st = build(units=[("red", "frigate", "-3,0"), ("red", "infantry", "-3,1"), ("red", "cavalry", "1,-1")])
    (f,) = of(st, "red", "frigate")
    (inf,), (cav,) = of(st, "red", "infantry"), of(st, "red", "cavalry")
    st.apply("red", ("embark", f, inf))
    assert situation.mp_left(st, f) == 5  # loading costs the frigate nothing
    assert st.unit(inf)["aboard"] == f and st.unit(inf)["hex"] is None
    go(st, f, "-2,0", "-1,0", "0,0")
    st.apply("red", ("embark", f, cav))
    assert situation.mp_left(st, f) == 2
    assert st.cargo_of(f) == sorted([inf, cav])
    go(st, f, "1,0", "2,0")
    st.apply("red", ("disembark", f, inf, "2,1"))
    assert st.unit(inf)["hex"] == "2,1"


@pytest.mark.rules("9.41")
def test_three_units_aboard_at_a_time() -> None:
    st = build(units=[("red", "frigate", "0,0"), *(("red", "infantry", h) for h in SHORE)])
    (f,) = of(st, "red", "frigate")
    infs = of(st, "red", "infantry")
    for inf in infs[:3]:
        st.apply("red", ("embark", f, inf))
    assert verbs(st, "embark") == []


@pytest.mark.rules("9.41")
def test_a_fourth_land_unit_cannot_be_carried_in_one_turn() -> None:
    st = build(units=[("red", "frigate", "0,0"), *(("red", "infantry", h) for h in SHORE)])
    (f,) = of(st, "red", "frigate")
    infs = of(st, "red", "infantry")
    for inf in infs[:3]:
        st.apply("red", ("embark", f, inf))
    for inf in infs[:3]:
        st.apply("red", ("disembark", f, inf, "0,-1"))
    assert st.cargo_of(f) == []
    assert verbs(st, "embark") == []


@pytest.mark.rules("9.41")
def test_cargo_aboard_at_the_start_of_the_turn_counts_toward_the_three() -> None:
    st = build(units=[
        ("red", "frigate", "0,0"), ("red", "infantry", ("aboard", "0,0")),
        ("red", "infantry", ("aboard", "0,0")),
        ("red", "cavalry", "0,-1"), ("red", "cavalry", "1,-1"),
    ])
    (f,) = of(st, "red", "frigate")
    for inf in of(st, "red", "infantry"):
        st.apply("red", ("disembark", f, inf, "0,1"))
    first, second = of(st, "red", "cavalry")
    st.apply("red", ("embark", f, first))
    assert ("embark", f, second) not in st.legal_actions("red")


@pytest.mark.rules("9.43")
def test_a_land_unit_that_moved_cannot_embark() -> None:
    st = build(units=[("red", "frigate", "0,0"), ("red", "infantry", "0,-1")])
    (f,), (inf,) = of(st, "red", "frigate"), of(st, "red", "infantry")
    assert ("embark", f, inf) in st.legal_actions("red")
    go(st, inf, "1,-1")  # still next to the frigate
    assert ("embark", f, inf) not in st.legal_actions("red")


@pytest.mark.rules("9.43", "9.0")
def test_a_carried_land_unit_cannot_move_after_landing() -> None:
    st = build(units=[("red", "frigate", "0,0"), ("red", "cavalry", "0,-1")])
    (f,), (cav,) = of(st, "red", "frigate"), of(st, "red", "cavalry")
    st.apply("red", ("embark", f, cav))
    go(st, f, "1,0")
    st.apply("red", ("disembark", f, cav, "1,1"))
    assert moves(st, cav) == set()
    assert cav in st.data["turn"]["transported"]


@pytest.mark.rules("9.44")
def test_transported_artillery_may_not_bombard_that_turn() -> None:
    st = build(units=[
        ("red", "frigate", "0,0"), ("red", "artillery", "0,-1"), ("red", "artillery", "-1,1"),
        ("yellow", "infantry", "1,1"),
    ])
    (f,) = of(st, "red", "frigate")
    carried, stayed = of(st, "red", "artillery")
    st.apply("red", ("embark", f, carried))
    st.apply("red", ("disembark", f, carried, "0,1"))
    bombards = {a[1] for a in verbs(st, "bombard")}
    assert carried not in bombards
    assert stayed in bombards  # the same target, two hexes away along the shore


@pytest.mark.rules("9.45")
def test_cargo_may_stay_at_sea_and_is_lost_with_its_frigate() -> None:
    st = build(units=[("red", "frigate", "0,0"), ("red", "infantry", "0,-1")])
    (f,), (inf,) = of(st, "red", "frigate"), of(st, "red", "infantry")
    st.apply("red", ("embark", f, inf))
    movement.MovePhase().apply(st, st.frame(), "red", ("end_moves",))
    assert st.unit(inf)["aboard"] == f
    st.to_reserve(f)
    assert st.unit(inf)["aboard"] is None and st.unit(inf)["hex"] is None


@pytest.mark.rules("9.46", "9.0")
def test_a_frigate_unloads_into_one_hex_a_turn_and_unloading_ends_its_move() -> None:
    st = build(units=[("red", "frigate", "0,0"), ("red", "infantry", ("aboard", "0,0")),
                      ("red", "infantry", ("aboard", "0,0"))])
    (f,) = of(st, "red", "frigate")
    a, b = of(st, "red", "infantry")
    assert {x[3] for x in verbs(st, "disembark")} == set(SHORE)
    st.apply("red", ("disembark", f, a, "0,1"))
    assert moves(st, f) == set()
    assert f in st.data["turn"]["done"]
    assert {x[3] for x in verbs(st, "disembark")} == {"0,1"}
    st.apply("red", ("disembark", f, b, "0,1"))
    assert st.unit(b)["hex"] == "0,1"


@pytest.mark.rules("9.47")
def test_amphibious_landing_into_an_enemy_hex() -> None:
    st = build(units=[("red", "frigate", "0,0"), ("red", "infantry", ("aboard", "0,0")),
                      ("yellow", "infantry", "0,1")])
    (f,), (inf,) = of(st, "red", "frigate"), of(st, "red", "infantry")
    st.apply("red", ("disembark", f, inf, "0,1"))
    assert st.data["turn"]["entries"] == {"0,1": ["0,0"]}
    legal = st.legal_actions("red")
    assert ("battle", "0,1") in legal
    assert ("end_moves",) not in legal


@pytest.mark.rules("9.47", "11.3")
def test_a_frigate_ferries_units_after_it_has_attacked() -> None:
    st = build(units=[("red", "frigate", "0,0"), ("red", "infantry", "0,-1")])
    (f,), (inf,) = of(st, "red", "frigate"), of(st, "red", "infantry")
    turns.mark_attacked(st, f, "battle")
    assert moves(st, f) == set()
    st.apply("red", ("embark", f, inf))
    st.apply("red", ("disembark", f, inf, "0,1"))
    assert st.unit(inf)["hex"] == "0,1"


@pytest.mark.rules("12.2", "9.47")
def test_no_landing_where_a_battle_was_fought_and_enemies_remain() -> None:
    st = build(units=[("red", "frigate", "0,0"), ("red", "infantry", ("aboard", "0,0")),
                      ("yellow", "infantry", "0,1")])
    st.data["turn"]["battles"] = ["0,1"]
    assert "0,1" not in {a[3] for a in verbs(st, "disembark")}


# ----- boarding for retreats (12.3 step 3) -------------------------------------------------
@pytest.mark.rules("12.3", "9.41")
def test_can_board_checks_position_owner_and_room() -> None:
    st = build(units=[
        ("red", "frigate", "0,0"), ("red", "infantry", "0,1"), ("red", "infantry", "2,1"),
        ("yellow", "infantry", "0,-1"),
    ])
    (f,) = of(st, "red", "frigate")
    near, far = of(st, "red", "infantry")
    (enemy,) = of(st, "yellow", "infantry")
    assert boarding.can_board(st, f, near)
    assert not boarding.can_board(st, f, far)
    assert not boarding.can_board(st, f, enemy)
    boarding.board_unit(st, f, near)
    assert st.unit(near)["aboard"] == f
    assert st.data["turn"]["carried"] == {f: [near]}
    assert near in st.data["turn"]["transported"]
