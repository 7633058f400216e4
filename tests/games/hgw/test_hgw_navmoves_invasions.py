"""Naval Action's invasion support fleets (N3.4, N4.1): an interceptor must beat every
support fleet, one fleet battle at a time, before it fires at the invading army
(naval.support_battles, through the invasion and interception steps, forced dice)."""

from __future__ import annotations

from typing import Any

import pytest
from hgw_positions import let_go, put

from grognard.games.hgw import RULESET, HgwState

SEALION = "1233"


def invasion_from_kiel(scenario: str = "campaign_3", home: int = 4, **options: bool) -> HgwState:
    """The Axis's combat phase: an army of four infantry and four amphibious points in
    Kiel invades 1233, the Home Fleet (capital ships only, `home` of them) at Scapa Flow."""
    state = RULESET.new_game(scenario, dict(options), seed=1)
    assert isinstance(state, HgwState)
    data = state.data
    let_go(state)  # Campaign Game III's raider sails home
    state.apply("axis", ("end_naval_movement",))
    data["fleets"]["home"].update(at="0932", sp=home, ships={"capital": home})
    if not data["fleets"]["kriegsmarine"]["sp"]:  # Campaign Game II's spare counter
        data["fleets"]["kriegsmarine"].update(at="1236", sp=1, ships={"capital": 1})
    put(state, "agE", "1236", infantry=4, amphibious=4)
    put(state, "8a", SEALION, infantry=1)
    state.apply("axis", ("end_movement",))
    state.apply("axis", ("invade", "agE", SEALION))
    state.apply("axis", ("end_announce",))
    state.apply("axis", ("invasion", "agE"))
    return state


def intercept(state: HgwState, dice: list[int]) -> list[str]:
    """The Allies intercept the invasion with the Home Fleet: the log lines it makes."""
    before = len(state.log_for(None))
    state.rng.force(dice)
    state.apply("allied", ("intercept", "home"))
    return state.log_for(None)[before:]


def army(state: HgwState) -> dict[str, Any]:
    return dict(state.data["armies"]["agE"]["sp"])


@pytest.mark.rules("N3.4", "N4.1", "N4.3")
def test_the_interceptor_beats_each_support_fleet_before_it_fires_at_the_army() -> None:
    state = invasion_from_kiel()
    data = state.data
    state.apply("axis", ("escort", "kriegsmarine", "raiders"))  # the two German points in Kiel
    assert data["flow"][-1]["state"] == "interception"
    # eight points of fire (four capital ships, doubled) against two, each battle on its
    # own: the Home Fleet's 1s sink each German point, their 6s miss; then it fires at
    # the army, which answers with nothing: a 1 sinks three points of the invasion
    log = intercept(state, [1, 6, 1, 6, 1])
    assert log.index("Home Fleet meets Kriegsmarine, supporting the invasion of 1233") < log.index(
        "Home Fleet meets Raider Group, supporting the invasion of 1233"
    ) < log.index("Home Fleet (4 points) intercepts the invasion fleet bound for 1233")
    assert "the invasion fleet loses 3 points, Home Fleet 0 points" in log
    assert data["fleets"]["kriegsmarine"]["sp"] == 0 and data["fleets"]["raiders"]["sp"] == 0
    assert data["fleets"]["home"]["sp"] == 4
    assert data["flow"][-1] == {
        "state": "losses", "role": "axis", "armies": ["agE"], "count": 3, "amphibious_due": 2
    }


@pytest.mark.rules("N3.4", "N4.2")
def test_an_interceptor_beaten_by_a_support_fleet_never_reaches_the_army() -> None:
    state = invasion_from_kiel(home=1)
    data = state.data
    state.apply("axis", ("escort", "kriegsmarine", "raiders"))
    before = army(state)
    log = intercept(state, [6, 1])  # two points each: the Kriegsmarine's 1 sinks the Home Fleet
    assert "Home Fleet is beaten: expended" in log
    assert not any("intercepts the invasion fleet" in line for line in log)
    assert not any("Raider Group" in line for line in log)
    assert army(state) == before
    assert data["fleet_status"]["kriegsmarine"] == "escort"  # the winner sails on with the army
    assert data["flow"][-1]["state"] == "interception"  # another Allied fleet may try next (N4.3)
    assert ("intercept", "home") not in state.legal_actions("allied")


@pytest.mark.rules("N3.4", "N4.1")
def test_a_separate_support_fleet_is_met_in_a_fleet_battle() -> None:
    state = invasion_from_kiel("campaign_2", naval_action=True)
    data = state.data
    state.apply("axis", ("escort", "raiders"))
    state.apply("axis", ("support", "kriegsmarine"))  # sails its own route (Fleet Naval Fire 4)
    state.apply("allied", ("no_interception",))  # the army's route goes by
    assert data["flow"][-1]["fleet"] == "kriegsmarine"
    log = intercept(state, [1, 6])
    assert log[:2] == [
        "Home Fleet meets Kriegsmarine, supporting the invasion of 1233",
        "allied rolls 1 (naval battle: the attacking fleet fires)",
    ]
    assert data["fleet_status"]["kriegsmarine"] == "expended" and data["fleets"]["kriegsmarine"]["sp"] == 0


def test_without_naval_action_the_interceptor_fires_at_the_army_at_once() -> None:
    state = invasion_from_kiel("campaign_2")
    state.apply("axis", ("escort", "kriegsmarine"))
    log = intercept(state, [1, 6])
    assert log[0] == "Home Fleet (4 points) intercepts the invasion fleet bound for 1233"
    assert not any("meets" in line for line in log)


def kriegsmarine_comes_to_kiel(scenario: str, **options: bool) -> HgwState:
    """The Kriegsmarine changes base from Eastern Pomerania (1238) to Kiel in the Axis naval
    movement, then the army in Kiel invades 1233."""
    state = RULESET.new_game(scenario, dict(options), seed=1)
    assert isinstance(state, HgwState)
    data = state.data
    let_go(state)
    data["fleets"]["kriegsmarine"].update(at="1238", sp=1, ships={"capital": 1})
    state._after_change(None, None)
    state.apply("axis", ("change_base", "kriegsmarine", "1236"))
    while data["flow"][-1]["state"] != "naval_movement":
        state.apply(state.active_roles()[0], ("no_interception",))
    state.apply("axis", ("end_naval_movement",))
    put(state, "agE", "1236", infantry=4, amphibious=4)
    put(state, "8a", SEALION, infantry=1)
    state.apply("axis", ("end_movement",))
    state.apply("axis", ("invade", "agE", SEALION))
    state.apply("axis", ("end_announce",))
    state.apply("axis", ("invasion", "agE"))
    return state


@pytest.mark.rules("N2.2", "N3.4")
def test_a_fleet_that_just_changed_base_may_support_an_invasion_from_its_new_port() -> None:
    state = kriegsmarine_comes_to_kiel("campaign_3")
    assert state.data["fleet_status"]["kriegsmarine"] == "moved"
    assert ("escort", "kriegsmarine") in state.legal_actions("axis")
    state.apply("axis", ("escort", "kriegsmarine"))
    assert state.data["fleet_status"]["kriegsmarine"] == "escort"  # its one mission (N2.2)


def test_without_naval_action_a_fleet_that_moved_stays_out_of_the_invasion() -> None:
    state = kriegsmarine_comes_to_kiel("campaign_2")
    roles = state.active_roles()
    assert not any(a[:2] == ("escort", "kriegsmarine") for r in roles for a in state.legal_actions(r))
    assert state.data["fleet_status"]["kriegsmarine"] == "moved"
