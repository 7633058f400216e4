"""Why a move or a battle start is refused (games/viktory2/why.py, issue 9 section 5):
each reason names the rule in the way, and only ever for an action that is not legal."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.games.viktory2 import RULESET, position
from grognard.games.viktory2.state import Viktory2State
from grognard.games.viktory2.tables import geometry

GEO = geometry(3)
INTERIOR = [h for h in GEO.ids if h not in GEO.perimeter]


def build(**kw: Any) -> Viktory2State:
    tiles = {**dict.fromkeys(INTERIOR, "plains"), **kw.pop("tiles", {})}
    return position.build(tiles=tiles, **kw)


def why(st: Viktory2State, *action: Any) -> str:
    assert not st.is_legal("red", tuple(action)), f"{action} is legal"
    reason = st.why_illegal("red", action)
    assert reason is not None
    return reason


def unit(st: Viktory2State, owner: str, kind: str) -> str:
    return next(u for u in st.units_of(owner) if st.unit(u)["type"] == kind)


@pytest.mark.rules("9.1", "9.4")
def test_land_units_do_not_enter_water() -> None:
    st = build(tiles={"1,0": "water"}, units=[("red", "infantry", "0,0")])
    assert "cannot enter water" in why(st, "move", unit(st, "red", "infantry"), "1,0")


@pytest.mark.rules("9.3", "9.32")
def test_frigates_stay_on_water_but_for_their_own_ports() -> None:
    st = build(tiles={"0,0": "water", "1,0": "plains"}, units=[("red", "frigate", "0,0")])
    assert "(9.3, 9.32)" in why(st, "move", unit(st, "red", "frigate"), "1,0")


@pytest.mark.rules("9.2")
def test_a_face_down_tile_is_explored_not_entered() -> None:
    st = position.build(tiles={"0,0": "plains"}, units=[("red", "infantry", "0,0")])
    reason = why(st, "move", unit(st, "red", "infantry"), "1,0")
    assert "1,0 is face down" in reason and "(9.2)" in reason


@pytest.mark.rules("9.0", "9.11")
def test_too_far_names_the_points_left_and_one_hex_at_a_time() -> None:
    st = build(units=[("red", "infantry", "0,0")])
    inf = unit(st, "red", "infantry")
    assert "3 hexes from" in why(st, "move", inf, "3,-3" if "3,-3" in INTERIOR else "2,1")
    two_away = next(h for h in INTERIOR if GEO.distance("0,0", h) == 2)
    reason = why(st, "move", inf, two_away)
    assert "one hex at a time" in reason and "(9.0)" in reason
    assert "already stands in 0,0" in why(st, "move", inf, "0,0")


@pytest.mark.rules("9.1", "9.12")
def test_within_its_points_but_no_way_there() -> None:
    # 0,0 to 2,0 is two hexes, and 1,0, the only hex next to both, is water
    st = build(tiles={"1,0": "water"}, units=[("red", "infantry", "0,0")])
    assert GEO.distance("0,0", "2,0") == 2
    reason = why(st, "move", unit(st, "red", "infantry"), "2,0")
    assert reason.startswith("no way of 2 hexes takes your infantry at 0,0 to 2,0") and "(9.12)" in reason


@pytest.mark.rules("9.0")
def test_a_unit_whose_movement_ended_may_not_move_again() -> None:
    st = build(units=[("red", "infantry", "0,0"), ("red", "infantry", "0,1")])
    first, second = st.units_of("red")
    st.apply("red", ("move", first, "1,0"))
    st.apply("red", ("move", second, "1,1"))  # moving another ends the first (9.0)
    assert "movement is over this turn" in why(st, "move", first, "2,0")


@pytest.mark.rules("9.11")
def test_no_movement_points_left() -> None:
    st = build(units=[("red", "infantry", "0,0")])
    inf = unit(st, "red", "infantry")
    st.apply("red", ("move", inf, "1,0"))
    st.apply("red", ("move", inf, "2,0"))
    assert "used its 2 movement points" in why(st, "move", inf, "3,0" if "3,0" in INTERIOR else "2,1")


@pytest.mark.rules("12.2")
def test_one_battle_per_hex_per_turn() -> None:
    st = build(units=[("red", "infantry", "0,0"), ("yellow", "infantry", "1,0")])
    st.data["turn"]["battles"].append("1,0")
    st._after_change(None, None)  # the legal cache: the turn record changed under it
    assert "one battle per hex per turn (12.2)" in why(st, "move", unit(st, "red", "infantry"), "1,0")
    assert "(12.2)" in why(st, "battle", "1,0")


@pytest.mark.rules("12.0")
def test_no_battle_where_none_of_yours_stands() -> None:
    st = build(units=[("red", "infantry", "0,0"), ("yellow", "infantry", "2,0")])
    assert "none of your units is at 2,0" in why(st, "battle", "2,0")


def test_other_players_units_and_other_steps() -> None:
    st = build(units=[("red", "infantry", "0,0"), ("yellow", "infantry", "2,0")])
    assert "yellow's infantry" in why(st, "move", unit(st, "yellow", "infantry"), "1,0")
    building = build(
        units=[("red", "infantry", "0,0")],
        towns={"0,0": ("red", "city")},
        capitals={"red": "0,0"},
        step="build",
    )
    reason = building.why_illegal("red", ("move", unit(building, "red", "infantry"), "1,0"))
    assert reason is not None and "Movement & Combat phase" in reason


def test_a_legal_action_gets_no_reason_and_the_core_answers_for_the_waiting_seat() -> None:
    st = build(units=[("red", "infantry", "0,0")])
    assert st.why_illegal("red", ("move", unit(st, "red", "infantry"), "1,0")) is None
    assert st.why_illegal("yellow", ("end_moves",)) == "yellow is not to act now (waiting for red)"
    assert RULESET.explain_illegal(st, "red", ("pass",)) is None  # a verb it has no words for
