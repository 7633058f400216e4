"""Campaign Game II's fleets (K9, K26.3): the set-up fleets with typed points, the naval
movement phase (step 3a: base changes, patrols, interceptions and combat, one fleet at a
time), and what the earlier scenarios' fleets keep."""

from __future__ import annotations

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.fleets import fire_based_on, is_uboat_fleet, may_intercept, set_points, squadron
from grognard.games.hgw.naval_battle import Squadron
from grognard.games.hgw.naval_phase import sailing_path


def new_game(scenario: str = "campaign_2") -> HgwState:
    state = RULESET.new_game(scenario, {}, seed=1)
    assert isinstance(state, HgwState)
    return state


@pytest.mark.rules("K26.3", "K9.1")
def test_the_set_up_fleets_are_in_port_with_typed_points() -> None:
    fleets = new_game().data["fleets"]
    assert fleets["home"] == {"side": "allied", "name": "Home Fleet", "at": "1131", "sp": 8,
                              "ships": {"capital": 8}}
    assert fleets["uboats"] == {"side": "axis", "name": "U-boat Arm", "at": "1236", "sp": 2,
                                "ships": {"uboat": 2}}
    # the spare counters are out of play until ships are built into them
    assert {f for f, x in fleets.items() if x["at"] is None} == {
        "atlantic", "allied_ss", "kriegsmarine", "uboats_2", "red_banner", "soviet_ss"
    }
    assert not any(x["side"] == "soviet" and x["sp"] for x in fleets.values())  # K9.1: none to start


def test_the_earlier_scenarios_fleets_stay_untyped_naval_fire() -> None:
    fleets = new_game("fall_of_germany").data["fleets"]
    assert all("ships" not in x for x in fleets.values())
    assert squadron(fleets["home"]) == Squadron(capital=4)


@pytest.mark.rules("K16.1", "K9.3")
def test_uboats_are_not_naval_fire_they_neither_carry_nor_intercept_invasions() -> None:
    data = new_game().data
    assert is_uboat_fleet(data["fleets"]["uboats"])
    assert fire_based_on(data, "axis", "Atlantic") == 0  # Kiel's U-boats carry no Axis transport
    assert not may_intercept(data, "uboats", "1333", "1434")
    fleet = {"sp": 5, "ships": {"capital": 2, "carrier": 0, "asw": 3, "uboat": 0}}
    set_points(fleet, 3)  # losses off ASW first, then capital ships
    assert fleet["ships"]["asw"] == 1 and fleet["ships"]["capital"] == 2


@pytest.mark.rules("K1.1", "K9.8")
def test_each_player_turn_opens_with_naval_movement_then_land_movement() -> None:
    state = new_game()
    assert state.data["flow"][-1]["state"] == "naval_movement"
    assert ("end_naval_movement",) in state.legal_actions("axis")
    state.apply("axis", ("end_naval_movement",))
    assert state.data["flow"][-1]["state"] == "movement"


@pytest.mark.rules("K9.8", "K9.2")
def test_a_fleet_changes_base_one_at_a_time_to_a_friendly_port() -> None:
    state = new_game()
    legal = state.legal_actions("allied") if "allied" in state.active_roles() else []
    assert legal == []  # only the moving player acts
    state.apply("axis", ("end_naval_movement",))
    data = state.data
    # hand the turn to the Allies' naval movement
    data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()
    moves = [a for a in state.legal_actions("allied") if a[0] == "change_base" and a[1] == "home"]
    assert ("change_base", "home", "1333") in moves
    assert all(data["owner"][a[2]] == "allied" for a in moves)
    state.apply("allied", ("change_base", "home", "1333"))
    assert data["fleets"]["home"]["at"] == "1333"
    assert not any(a[1:2] == ("home",) for a in state.legal_actions("allied") if a[0] != "end_naval_movement")


def test_an_illegal_naval_move_changes_nothing() -> None:
    state = new_game()
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply("axis", ("change_base", "uboats", "1131"))  # an enemy port
    with pytest.raises(IllegalAction):
        state.apply("allied", ("end_naval_movement",))  # not the Allies' phase
    assert state.to_json() == before


@pytest.mark.rules("K9.7", "K9.9", "K9.8")
def test_a_fleet_changing_base_is_intercepted_and_beaten_back_to_port() -> None:
    state = new_game()
    data = state.data
    # an Axis surface fleet of four capital ships in Kiel sails for Saint Nazaire
    data["owner"]["1532"] = "axis"
    ships = {"capital": 4, "carrier": 0, "asw": 0, "uboat": 0}
    data["fleets"]["kriegsmarine"].update(at="1236", sp=4, ships=ships)
    data["fleets"]["uboats"]["at"] = "1239"  # out of the way
    state.apply("axis", ("change_base", "kriegsmarine", "1532"))
    assert state.active_roles() == ["allied"]
    assert state.legal_actions("allied") == [("intercept", "home"), ("no_interception",)]
    # the Home Fleet, four hexes from the path, intercepts on a 1 (5 or less); its 16
    # points (8 capital ships, doubled) fire in volleys of ten and six (K2): 6, 6 sink 3;
    # the Kriegsmarine's 8 roll 1: 3. Five points left beat one: it goes back to Kiel.
    state.rng.force([1, 6, 6, 1])
    state.apply("allied", ("intercept", "home"))
    assert data["fleets"]["kriegsmarine"]["at"] == "1236"
    assert data["fleets"]["kriegsmarine"]["ships"]["capital"] == 1
    assert data["fleets"]["home"]["sp"] == 5
    assert data["fleet_status"]["kriegsmarine"] == "expended"
    assert data["flow"][-1]["state"] == "naval_movement"  # the Axis's phase goes on
    assert not any(a[1:2] == ("kriegsmarine",) for a in state.legal_actions("axis"))


@pytest.mark.rules("K9.7")
def test_a_fleet_declares_a_path_that_keeps_away_from_enemy_fleets() -> None:
    data = new_game().data
    data["owner"]["1532"] = "axis"
    data["fleets"]["uboats"]["at"] = "1532"
    data["fleets"]["home"]["at"] = "0932"  # Scapa Flow
    path = sailing_path(data, "uboats", "1124", 30)
    assert path[0] == "1532" and path[-1] == "1124"
    assert "1630" in path  # out west of France, as the U-boat warfare example sails
    assert "1130" not in path  # not past the Home Fleet's doorstep


@pytest.mark.rules("K9.8")
def test_why_a_naval_move_is_refused() -> None:
    state = new_game()
    assert "friendly port" in str(state.why_illegal("axis", ("change_base", "uboats", "1131")))
    assert "waiting for axis" in str(state.why_illegal("allied", ("change_base", "home", "1333")))
    raid = ("raid_route", "kriegsmarine", "britain_us", "1424")
    assert "not in play" in str(RULESET.explain_illegal(state, "axis", raid))
    ships = {"capital": 1, "carrier": 0, "asw": 0}
    state.data["fleets"]["kriegsmarine"].update(at="1236", sp=1, ships=ships)
    assert "only U-boat" in str(RULESET.explain_illegal(state, "axis", raid))


@pytest.mark.rules("K9.8", "K18.2")
def test_a_fleet_that_just_moved_into_a_routes_port_may_escort_it() -> None:
    state = new_game()
    data = state.data
    state.apply("axis", ("end_naval_movement",))
    data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()
    assert not any(a[0] == "escort_route" for a in state.legal_actions("allied"))  # the Clyde is no end
    state.apply("allied", ("change_base", "home", "1333"))  # London: Britain's route ends there
    assert state.legal_actions("axis") == [("intercept", "uboats"), ("no_interception",)]
    state.apply("axis", ("no_interception",))
    assert ("escort_route", "home", "britain_us") in state.legal_actions("allied")
    state.apply("allied", ("escort_route", "home", "britain_us"))
    assert data["route_escorts"] == {"britain_us": "home"}
    assert data["fleet_status"]["home"] == "escort"
    assert not any(a[0] == "escort_route" for a in state.legal_actions("allied"))  # one route a fleet



@pytest.mark.rules("K18.3")
def test_asw_ship_points_give_an_invasion_no_supporting_fire() -> None:
    from grognard.games.hgw.naval import support_fire

    state = new_game()
    data = state.data
    data["fleets"]["home"].update(sp=5, ships={"capital": 2, "carrier": 0, "asw": 3, "uboat": 0})
    army = next(a for a, x in data["armies"].items() if x["side"] == "allied" and x["at"] == "1333")
    state.rng.force([6])
    support_fire(state, {"army": army, "target": "1334", "escorts": ["home"], "supporters": []})
    assert any("supporting naval fire (2 points)" in str(line) for line in state.view(None)["log"])
