"""Naval movement's battles through play (Naval Action: N1.5 new ships in naval yards; N3.2
a patrol meets what passes it without a roll; N4.2 the loser of a fleet battle goes back
to port): the naval phase (naval_phase.py) and production steps, with forced dice."""

from __future__ import annotations

from typing import Any

import pytest
from hgw_positions import let_go

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import make_heuristic
from grognard.games.hgw.map import hex_distance

SHIPS = {"capital": 4, "carrier": 0, "asw": 0, "uboat": 0}


def new_game(scenario: str = "campaign_2", **options: bool) -> HgwState:
    state = RULESET.new_game(scenario, dict(options), seed=1)
    assert isinstance(state, HgwState)
    return state


def kriegsmarine_sails_past_a_patrol(home_points: int) -> HgwState:
    """Four Axis capital ships leave Kiel for Saint-Nazaire while the Home Fleet patrols
    1135, the sea hex just outside Kiel, which every way out of Kiel to the west enters."""
    state = new_game()
    data = state.data
    data["owner"]["1532"] = "axis"
    data["fleets"]["kriegsmarine"].update(at="1236", sp=4, ships=dict(SHIPS))
    data["fleets"]["uboats"]["at"] = "1239"  # out of the way
    data["fleets"]["home"].update(sp=home_points, ships={"capital": home_points}, patrol="1135")
    state.apply("axis", ("change_base", "kriegsmarine", "1532"))
    return state


@pytest.mark.rules("N3.2", "N4.1")
def test_a_patrol_meets_a_fleet_entering_its_hex_without_a_roll_but_cannot_bar_it() -> None:
    state = kriegsmarine_sails_past_a_patrol(4)
    data = state.data
    top = data["flow"][-1]
    assert top["state"] == "naval_intercept" and "1135" in top["path"]  # the move enters the patrol's hex
    assert state.legal_actions("allied") == [("intercept", "home"), ("no_interception",)]
    # no interception roll: the two dice forced are the battle's own (allied 6, axis 6)
    state.rng.force([6, 6])
    state.apply("allied", ("intercept", "home"))
    log = state.log_for(None)
    met = "Home Fleet, on patrol 0 hexes away, meets Kriegsmarine"
    assert met in log
    assert not any("tries to intercept" in line for line in log)
    assert sum("rolls" in line for line in log[log.index(met):]) == 2
    # had the Allies let it go, it would have sailed through: a patrol bars no hex
    other = kriegsmarine_sails_past_a_patrol(4)
    other.apply("allied", ("no_interception",))
    assert other.data["fleets"]["kriegsmarine"]["at"] == "1532"


@pytest.mark.rules("N4.2", "N4.1")
def test_the_beaten_fleet_goes_back_to_port_a_patrol_too() -> None:
    # both fleets fire eight points at once (capital ships doubled); the Home Fleet's 6
    # sinks one ship point, the Kriegsmarine's 1 sinks three: the Home Fleet is left with
    # fewer and, though it was on patrol, returns to its port, the Clyde, expended
    state = kriegsmarine_sails_past_a_patrol(4)
    data = state.data
    state.rng.force([6, 1])
    state.apply("allied", ("intercept", "home"))
    home, kriegsmarine = data["fleets"]["home"], data["fleets"]["kriegsmarine"]
    assert home["sp"] == 1 and kriegsmarine["sp"] == 3
    assert "patrol" not in home and home["at"] == "1131"
    assert data["fleet_status"]["home"] == "expended"
    assert "Home Fleet is beaten and returns to port" in state.log_for(None)
    assert kriegsmarine["at"] == "1532"  # the winner goes on to its new base
    # the other way round: the mover beaten goes back to the port it left
    state = kriegsmarine_sails_past_a_patrol(8)
    state.rng.force([6, 6, 1])  # the Home Fleet's sixteen points fire in two volleys (K2)
    state.apply("allied", ("intercept", "home"))
    assert state.data["fleets"]["kriegsmarine"]["at"] == "1236"
    assert state.data["fleets"]["home"]["patrol"] == "1135"  # the winner stays at sea (N4.3)


@pytest.mark.rules("N1.5")
def test_new_ship_points_join_fleets_in_naval_yards_only() -> None:
    state = new_game("campaign_3")
    data = state.data
    data["flow"][-1] = {"state": "production", "role": "allied", "budget": 30}
    state.apply("allied", ("lay_ship", "capital"))
    data["ship_track"]["allied"][0]["left"] = 1  # paid but for the last point (N7.2)
    launches = {(a[2], a[3]) for a in state.legal_actions("allied") if a[0] == "finish_ship"}
    assert launches
    yards = {"1131", "1333", "1532", "1635"}  # the Allies' naval yards at the start
    assert {yard for _, yard in launches} <= yards
    assert ("force_raid", "1532") in launches  # a fleet already in a yard takes it there
    # Force H lies at Gibraltar and the Home Fleet at Scapa Flow: anchors, not yards
    assert not any(f in ("force_h", "home") for f, _ in launches)
    refusal = str(state.why_illegal("allied", ("finish_ship", 0, "force_h", "2031")))
    assert "naval yards" in refusal


def allied_naval_movement(state: HgwState) -> None:
    state.apply("axis", ("end_naval_movement",))
    state.data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()


@pytest.mark.rules("K9.6")
def test_campaign_game_ii_forms_fleets_from_points_in_one_anchor_or_naval_yard() -> None:
    state = new_game()
    allied_naval_movement(state)
    data = state.data
    fleets = data["fleets"]
    legal = state.legal_actions("allied")
    # the Home Fleet's eight capital ships in the Clyde (a naval yard) may form a second fleet
    assert ("detach_ship", "home", "atlantic", "capital") in legal
    assert ("detach_ship", "home", "allied_ss", "capital") not in legal  # surface ships only
    state.apply("allied", ("detach_ship", "home", "atlantic", "capital"))
    state.apply("allied", ("detach_ship", "home", "atlantic", "capital"))
    assert fleets["atlantic"]["at"] == "1131" and fleets["atlantic"]["ships"]["capital"] == 2
    assert fleets["home"]["sp"] == 6 and fleets["home"]["ships"]["capital"] == 6
    assert "1 ship point(s) pass from Home Fleet to Atlantic Fleet in 1131" in state.log_for(None)
    # each fleet then moves on its own: the new one changes base, the old one stays
    state.apply("allied", ("change_base", "atlantic", "1333"))
    while data["flow"][-1]["state"] != "naval_movement":
        state.apply(state.active_roles()[0], ("no_interception",))
    assert fleets["atlantic"]["at"] == "1333" and fleets["home"]["at"] == "1131"
    # the points that moved join no fleet again this phase (they start it elsewhere)
    refusal = str(state.why_illegal("allied", ("merge_fleet", "atlantic", "home")))
    assert "already moved" in refusal


@pytest.mark.rules("K9.6")
def test_no_fleet_is_formed_in_a_plain_port_and_none_after_a_patrol_sails() -> None:
    # the U-boat Arm in Kiel, a naval yard, may split in two
    assert ("detach_ship", "uboats", "uboats_2", "uboat") in new_game().legal_actions("axis")
    state = new_game()
    data = state.data
    data["fleets"]["uboats"]["at"] = "1239"  # a plain port on the Baltic
    assert not any(a[0] in ("detach_ship", "merge_fleet") for a in state.legal_actions("axis"))
    before = state.to_json()
    refusal = str(state.why_illegal("axis", ("detach_ship", "uboats", "uboats_2", "uboat")))
    assert "a plain port: fleets are formed in an anchor or naval yard (K9.6)" in refusal
    with pytest.raises(IllegalAction):
        state.apply("axis", ("detach_ship", "uboats", "uboats_2", "uboat"))
    assert state.to_json() == before
    # in Kiel: once a patrol has sailed, fleets are no longer formed
    state = new_game()
    data = state.data
    data["fleets"]["kriegsmarine"].update(at="1236", sp=1, ships=dict(SHIPS, capital=1))
    patrol = next(a for a in state.legal_actions("axis") if a[:2] == ("patrol", "kriegsmarine"))
    state.apply("axis", patrol)
    while data["flow"][-1]["state"] != "naval_movement":
        state.apply(state.active_roles()[0], ("no_interception",))
    assert not any(a[0] == "detach_ship" for a in state.legal_actions("axis"))
    refusal = str(state.why_illegal("axis", ("detach_ship", "uboats", "uboats_2", "uboat")))
    assert "fleets are formed before any patrol sails" in refusal


def axis_naval_action(home: dict[str, Any]) -> HgwState:
    """Campaign Game III at the Axis naval movement (the raider home, let go), the
    Kriegsmarine with three capital ships in Kiel, the Home Fleet as `home` says."""
    state = new_game("campaign_3")
    let_go(state)
    data = state.data
    data["fleets"]["kriegsmarine"].update(sp=3, ships={"capital": 3})
    data["fleets"]["home"].update(home)
    state._after_change(None, None)  # the position changed under the state: its caches go
    return state


def sail(state: HgwState, action: tuple[str, ...], dice: list[int]) -> list[str]:
    """Apply a naval move with forced dice, letting every interception go: the log."""
    before = len(state.log_for(None))
    state.rng.force(dice)
    state.apply("axis", action)
    while state.data["flow"][-1]["state"] != "naval_movement":
        state.apply(state.active_roles()[0], ("no_interception",))
    return state.log_for(None)[before:]


@pytest.mark.rules("N4.1", "N4.3", "N3.1")
def test_a_patrol_sent_next_to_an_enemy_fleet_at_sea_attacks_it() -> None:
    state = axis_naval_action({"patrol": "0934", "sp": 2, "ships": {"capital": 2}})
    data = state.data
    # 0935, next to the Home Fleet at sea in 0934, is offered: no route passes it
    assert ("patrol", "kriegsmarine", "0935") in state.legal_actions("axis")
    # four searches of the move miss (6s); then the battle: the Kriegsmarine's 6 sinks one
    # point, the Home Fleet's 6 none; the Home Fleet, beaten, goes back to Scapa Flow
    log = sail(state, ("patrol", "kriegsmarine", "0935"), [6, 6, 6, 6, 6, 6])
    assert "Kriegsmarine, on patrol in 0935, attacks Home Fleet" in log
    assert "Home Fleet is beaten and returns to port" in log
    home = data["fleets"]["home"]
    assert "patrol" not in home and home["at"] == "0932" and home["sp"] == 1
    assert data["fleets"]["kriegsmarine"]["patrol"] == "0935"  # the winner stays at sea


@pytest.mark.rules("N4.1")
def test_a_patrol_on_an_escorted_route_fights_its_escort() -> None:
    # the Home Fleet in London escorts Britain's route to the United States, which ends there
    state = axis_naval_action({"at": "1333", "sp": 2, "ships": {"capital": 2}})
    data = state.data
    data["route_escorts"] = {"britain_us": "home"}
    data["fleet_status"]["home"] = "escort"
    log = sail(state, ("patrol", "kriegsmarine", "1234"), [6] * 8 + [1, 6])
    assert "Kriegsmarine, on patrol in 1234, attacks Home Fleet" in log
    # the Kriegsmarine's 1 sinks the Home Fleet's two points (six points of fire, doubled)
    assert data["fleets"]["home"]["sp"] < 2


def test_without_naval_action_a_patrol_fights_only_who_intercepts_it() -> None:
    state = new_game()
    data = state.data
    data["fleets"]["kriegsmarine"].update(at="1236", sp=3, ships=dict(SHIPS, capital=3))
    data["fleets"]["home"].update(patrol="0934")
    log = sail(state, ("patrol", "kriegsmarine", "0935"), [6] * 6)  # the Allies let it pass
    assert not any("attacks" in line for line in log)
    assert data["fleets"]["home"]["patrol"] == "0934"


@pytest.mark.rules("N4.1", "K9.6")
def test_the_heuristic_forms_one_fleet_and_sends_it_to_attack_an_enemy_fleet_at_sea() -> None:
    state = axis_naval_action({"patrol": "0934", "sp": 2, "ships": {"capital": 2}})
    data = state.data
    data["fleets"]["uboats"].update(at=None, sp=0, ships={"uboat": 0})  # U-boats patrol first
    data["raiders"] = []  # not declared a raider here: a declared raider sails alone
    state._after_change(None, None)
    heuristic = make_heuristic(1)
    # the Raider Group's point joins the Kriegsmarine's three in Kiel: the smaller the larger
    action = heuristic.act(state.view("axis"), state.legal_actions("axis"))
    assert action == ("merge_fleet", "raiders", "kriegsmarine")
    state.apply("axis", action)
    assert data["fleets"]["kriegsmarine"]["sp"] == 4 and data["fleets"]["raiders"]["at"] is None
    # four points outgun every Allied fleet within twelve hexes (three at most, in port)
    action = heuristic.act(state.view("axis"), state.legal_actions("axis"))
    assert action[:2] == ("patrol", "kriegsmarine")
    assert hex_distance(str(action[2]), "0934") <= 1
    # an enemy fleet at sea that outguns it is left alone
    state = axis_naval_action({"patrol": "0934", "sp": 5, "ships": {"capital": 5}})
    state.data["fleets"]["uboats"].update(at=None, sp=0, ships={"uboat": 0})
    state.data["raiders"] = []
    state._after_change(None, None)
    state.apply("axis", ("merge_fleet", "raiders", "kriegsmarine"))
    action = heuristic.act(state.view("axis"), state.legal_actions("axis"))
    assert action[0] != "patrol" or hex_distance(str(action[2]), "0934") > 1
