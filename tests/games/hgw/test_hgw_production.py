"""Production: the budget, building, repairing (Production Points 1-4; Building
Strength Points 1-6; Repairing Devastated Production 1-5; Barbarossa special rules 2
and 4)."""

from __future__ import annotations

import pytest
from hgw_positions import act, cleared, new_game, own, pass_turn, place, sp

from grognard.games.hgw import HgwState
from grognard.games.hgw.production import budget, siberia_points


def _to_production(state: HgwState, role: str = "axis") -> None:
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        act(state, role, action)


@pytest.mark.rules("P2.1", "P2.2", "P2.3", "P2.4", "P2.6", "P1.3")
def test_infantry_costs_two_and_mechanized_five_placed_in_home_production_hexes() -> None:
    state = new_game()
    _to_production(state)
    frame = state.flow[-1]
    assert frame["state"] == "production" and frame["budget"] == 17
    legal = state.legal_actions("axis")
    assert ("build", "mechanized", "place", "1237") in legal  # Berlin
    assert ("build", "infantry", "place", "1636") in legal  # Milan: Italy produces too
    assert not any(
        a[0] == "build" and a[3] in ("1434", "1339", "1641") for a in legal
    )  # France, Poland, Rumania
    act(state, "axis", "build", "mechanized", "place", "1237")  # a new army in Berlin
    act(state, "axis", "build", "mechanized", "army", _berlin_army(state))
    act(state, "axis", "build", "mechanized", "army", _berlin_army(state))
    assert state.flow[-1]["budget"] == 2
    act(state, "axis", "build", "infantry", "army", _berlin_army(state))
    assert sp(state, _berlin_army(state)) == {"infantry": 1, "mechanized": 3}
    assert state.flow[-1]["budget"] == 0
    assert state.legal_actions("axis") == [("end_production",)]


def _berlin_army(state: HgwState) -> str:
    data = state.data
    return str(next(a for a, x in data["armies"].items() if x["at"] == "1237"))


@pytest.mark.rules("P2.5", "M2.6")
def test_no_point_may_be_built_into_a_full_hex() -> None:
    state = cleared()
    place(state, "okw", "1237", infantry=10)
    _to_production(state)
    assert not any(a[0] == "build" and (a[3] in ("1237", "okw")) for a in state.legal_actions("axis"))


@pytest.mark.rules("P3.2", "P3.4", "P3.5", "B1.1")
def test_repairs_cost_three_a_point_and_the_french_points_stay_devastated() -> None:
    state = new_game()
    _to_production(state)
    legal = state.legal_actions("axis")
    assert ("repair", "1638") in legal  # Yugoslavia
    assert ("repair", "1435") not in legal  # permanently devastated
    act(state, "axis", "repair", "1638")
    assert "1638" not in state.data["devastated"]
    assert state.flow[-1]["budget"] == 14
    assert budget(state.data, "axis") == 18  # usable from the next turn on


@pytest.mark.rules("P3.1", "P3.3")
def test_an_advance_into_an_enemy_hex_devastates_it_and_the_captor_may_repair_it_if_supplied() -> None:
    state = cleared()
    own(state, "axis", "1241", "1141", "1142")  # a corridor back to Germany
    place(state, "agc", "1142", mechanized=10)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agc", "1143")
    act(state, "axis", "end_announce")
    act(state, "axis", "to_advances")
    state.rng.force([1])
    act(state, "axis", "advance", "agc")
    assert state.data["devastated"]["1143"] == 1
    act(state, "axis", "to_exploitation")
    act(state, "axis", "end_combat")
    assert ("repair", "1143") in state.legal_actions("axis")
    assert state.data["armies"]["agc"]["at"] == "1143"


@pytest.mark.rules("P1.4")
def test_unspent_production_is_lost() -> None:
    state = new_game()
    _to_production(state)
    act(state, "axis", "end_production")
    pass_turn(state, "soviet")
    _to_production(state)
    assert state.flow[-1]["budget"] == 17


@pytest.mark.rules("B2.4", "B2.5")
def test_siberia_adds_eight_points_from_winter_1941_and_twelve_from_spring_1943() -> None:
    state = new_game()
    turns = state.data["turns"]
    assert siberia_points(state.data) == 0
    state.data["turn"] = turns.index("Winter 1941")
    assert siberia_points(state.data) == 8 and budget(state.data, "soviet") == 24
    state.data["turn"] = turns.index("Spring 1943")
    assert siberia_points(state.data) == 12
    state.data["owner"]["siberia"] = "axis"
    assert siberia_points(state.data) == 0
