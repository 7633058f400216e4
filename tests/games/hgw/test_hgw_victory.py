"""Barbarossa's victory conditions and the Siberia off-map box (Victory Conditions 1-2;
Off-Map Combat 1-3)."""

from __future__ import annotations

import pytest
from hgw_positions import act, cleared, own, pass_turn, place

from grognard.games.hgw.production import siberia_points


@pytest.mark.rules("B1.2")
def test_the_axis_wins_at_once_on_holding_leningrad_moscow_and_stalingrad() -> None:
    state = cleared()
    own(state, "axis", "0942", "1446", "1143")
    place(state, "agc", "1143", mechanized=10)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agc", "1144")
    act(state, "axis", "end_announce")
    act(state, "axis", "to_advances")
    state.rng.force([1])
    act(state, "axis", "advance", "agc")
    assert state.result() == {"axis": 1.0, "soviet": 0.0}
    assert state.active_roles() == []


@pytest.mark.rules("B1.3")
def test_the_soviet_side_wins_at_once_on_taking_berlin() -> None:
    state = cleared()
    pass_turn(state, "axis")
    own(state, "soviet", "1238")
    place(state, "wrf", "1238", mechanized=10)
    act(state, "soviet", "end_movement")
    act(state, "soviet", "attack", "wrf", "1237")
    act(state, "soviet", "end_announce")
    act(state, "soviet", "to_advances")
    state.rng.force([2])
    act(state, "soviet", "advance", "wrf")
    assert state.result() == {"axis": 0.0, "soviet": 1.0}


@pytest.mark.rules("C13.1", "C13.2", "C13.3")
def test_an_advance_into_siberia_takes_the_whole_box_and_its_armies_may_retreat() -> None:
    state = cleared()
    own(state, "axis", "1157")
    place(state, "agc", "1157", mechanized=10)
    place(state, "sib", "siberia", infantry=1)
    act(state, "axis", "end_movement")
    assert ("attack", "agc", "siberia") in state.legal_actions("axis")  # the box is one big hex
    act(state, "axis", "attack", "agc", "siberia")
    act(state, "axis", "end_announce")
    act(state, "soviet", "no_defensive_assault")
    act(state, "axis", "to_advances")
    state.rng.force([1])
    act(state, "axis", "advance", "agc")
    assert state.data["owner"]["siberia"] == "axis" and state.data["armies"]["agc"]["at"] == "siberia"
    assert state.active_roles() == ["soviet"]
    retreats = state.legal_actions("soviet")
    assert retreats and all(a[0] == "retreat" and a[1].endswith("57") for a in retreats)
    act(state, "soviet", *retreats[0])
    state.data["owner"]["siberia"] = "soviet"
    state.data["turn"] = state.data["turns"].index("Spring 1943")
    assert siberia_points(state.data) == 0  # all of its production was devastated


@pytest.mark.rules("C5.5")
def test_an_army_with_nowhere_to_retreat_is_eliminated() -> None:
    state = cleared()
    own(state, "axis", "1142", "1144", "1043", "1243", "1044", "1244")
    place(state, "agc", "1142", mechanized=10)
    place(state, "wf", "1143", infantry=1)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agc", "1143")
    act(state, "axis", "end_announce")
    act(state, "soviet", "no_defensive_assault")
    act(state, "axis", "to_advances")
    state.rng.force([1])
    act(state, "axis", "advance", "agc")
    assert state.data["armies"]["wf"]["at"] is None
    assert state.active_roles() == ["axis"]
