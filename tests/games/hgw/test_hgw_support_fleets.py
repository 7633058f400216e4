"""Separate support fleets, the off-map boxes' fleets and coastal air along a route (The
Fall of Germany: Fleet Naval Fire 1-2, 4; Coastal Airpower 3-4), and French Africa's
unaligned ports for Axis ships (Campaign Game I, France 3), with forced dice."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hgw_positions import act, put, sp, step
from hgw_positions import fog_game as new_game

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.board import capture
from grognard.games.hgw.campaign import load_campaign
from grognard.games.hgw.fleets import base_hex, expel, may_intercept
from grognard.games.hgw.geography import geography
from grognard.games.hgw.invasion_routes import closed_narrows
from grognard.games.hgw.map import load_map
from grognard.games.hgw.naval import (
    air_at,
    cut_off,
    interceptors,
    passed_hexes,
    reaching,
    support_candidates,
)
from grognard.games.hgw.neutrality import naval_friendly, vichy_places
from grognard.games.hgw.scenario import ScenarioError, _check, load_scenario

KIEL, AMSTERDAM, SEALION = "1236", "1235", "1233"


def legal(state: HgwState, role: str) -> set[tuple[Any, ...]]:
    return set(state.legal_actions(role))


def add_fleet(state: HgwState, fleet_id: str, side: str, at: str, points: int) -> None:
    state.data["fleets"][fleet_id] = {"side": side, "name": fleet_id.title(), "at": at, "sp": points}


def axis_invasion(seed: int = 1) -> HgwState:
    """The Sealion forces (an army of four infantry and four amphibious points in Kiel,
    the Kriegsmarine of two there), a second Axis squadron of two in Amsterdam, and one
    Allied infantry point in 1233, at the Axis announcement."""
    state = new_game(seed)
    act(state, "axis", "end_movement")
    state.data["forts"].pop(KIEL)
    put(state, "agE", KIEL, infantry=4, amphibious=4)
    put(state, "21ag", SEALION, infantry=1)
    add_fleet(state, "squadron", "axis", AMSTERDAM, 2)
    act(state, "axis", "invade", "agE", SEALION)
    act(state, "axis", "end_announce")
    act(state, "axis", "invasion", "agE")
    return state


@pytest.mark.rules("F3.6")
def test_a_fleet_from_another_port_may_support_an_invasion_it_does_not_carry() -> None:
    """Fleet Naval Fire 4: after the escort, the attacker may send any other fleet of
    his that is free this turn and within six sea-route steps of the target; each is
    asked for one at a time, and a fleet sent has no other mission that turn."""
    state = axis_invasion()
    act(state, "axis", "no_escort")
    assert step(state) == "invasion_attack"
    assert legal(state, "axis") == {("no_support",), ("support", "kriegsmarine"), ("support", "squadron")}
    act(state, "axis", "support", "squadron")
    assert state.data["fleet_status"]["squadron"] == "support"
    assert legal(state, "axis") == {("no_support",), ("support", "kriegsmarine")}
    act(state, "axis", "no_support")
    assert step(state) == "interception"  # the army's route first


@pytest.mark.rules("F3.6")
def test_a_fleet_too_far_from_the_target_may_not_support() -> None:
    """Fleet Naval Fire 4 read with Invasion Procedure 3: a support fleet's route is an
    invasion route with no extension, six steps at most. From Narvik (0438) 1233 is five
    steps (the northern rows count half, Sea Route 7) but Bordeaux (1633) nine; from
    Odessa (1542) no route leaves the Black Sea while Istanbul is not Axis."""
    state = axis_invasion()
    data = state.data
    data["fleets"]["squadron"]["at"] = "0438"
    assert support_candidates(data, {"army": "agE", "target": SEALION}) == ["kriegsmarine", "squadron"]
    assert support_candidates(data, {"army": "agE", "target": "1633"}) == ["kriegsmarine"]
    data["fleets"]["squadron"]["at"] = "1542"
    act(state, "axis", "no_escort")
    assert ("support", "squadron") not in legal(state, "axis")


@pytest.mark.rules("F3.6", "F3.7")
def test_a_support_fleet_is_intercepted_on_its_own_and_fires_if_it_gets_through() -> None:
    """Fleet Naval Fire 4: the squadron sails as a separate invasion. The Channel Fleet
    intercepts it, fleet against fleet at twice their points (four column each): the
    Channel Fleet rolls a 5 (nothing), the squadron a 1 (two losses): the Channel Fleet
    is sunk and the squadron sails on. Coastal air of 1233 fires at the army (a 6 on
    the six column: one amphibious point) and at the squadron entering the hex, whose
    two points fire first (a 1: one air point down) before the five left fire (a 3:
    one loss). The squadron's one point left fires in support (a 1: one loss), which
    destroys the defender before it can fire."""
    state = axis_invasion()
    act(state, "axis", "no_escort")
    act(state, "axis", "support", "squadron")
    act(state, "axis", "no_support")
    assert step(state) == "interception" and state.flow[-1].get("fleet") is None
    act(state, "allied", "no_interception")
    assert step(state) == "interception" and state.flow[-1]["fleet"] == "squadron"
    assert {a[1] for a in legal(state, "allied") if a[0] == "intercept"} == {"home", "channel"}
    state.rng.force([5, 1])
    act(state, "allied", "intercept", "channel")
    assert state.data["fleets"]["channel"]["at"] is None
    assert state.data["fleets"]["squadron"]["sp"] == 2
    assert sp(state, "agE") == {"infantry": 4, "amphibious": 4}  # the army was not in it
    assert passed_hexes(state.data, "axis", AMSTERDAM, SEALION) == []
    state.rng.force([6, 1, 3, 1])
    act(state, "allied", "no_interception")
    assert step(state) == "losses" and state.flow[-1]["role"] == "axis"
    act(state, "axis", "lose", "agE", "amphibious")
    assert state.data["fleets"]["squadron"]["sp"] == 1
    assert step(state) == "losses" and state.flow[-1]["role"] == "allied"
    act(state, "allied", "lose", "21ag", "infantry")
    assert state.data["armies"]["21ag"]["at"] is None
    assert any("coastal air of 1233 (5 points) fires at Squadron" in line for line in state.log_for(None))


@pytest.mark.rules("F3.6")
def test_a_beaten_support_fleet_turns_back_and_does_not_fire() -> None:
    """Fleet Naval Fire 2, 4: the Home Fleet (four points, the eight column) meets the
    squadron: its 1 is three losses, more than the squadron's two points, which sink;
    the squadron's 6 on the four column does nothing. The Home Fleet wins and is not
    expended; no support reaches the target."""
    state = axis_invasion()
    act(state, "axis", "no_escort")
    act(state, "axis", "support", "squadron")
    act(state, "axis", "no_support")
    act(state, "allied", "no_interception")
    state.rng.force([1, 6])
    act(state, "allied", "intercept", "home")
    assert state.data["fleets"]["squadron"]["at"] is None
    assert state.data["fleets"]["home"]["sp"] == 4
    assert "home" not in state.data["fleet_status"]  # the winner may intercept again
    assert reaching(state.data, {"supporters": ["squadron"]}) == []


@pytest.mark.rules("F3.6")
def test_fleets_in_the_african_and_indian_boxes_intercept_only_what_the_rules_let_them() -> None:
    """Fleet Naval Fire 1-2: a fleet may be based in its side's off-map box, where it
    lies in the box's hex; one in French or British Africa intercepts a route in the
    Atlantic only through or south of 4639's row (a route round the Cape), never one in
    the North Sea or one by Suez; one in India only invasions of India (Bombay's hex,
    2656, is in the India box)."""
    state = new_game()
    data = state.data
    assert base_hex("british_africa") == "4639"
    data["fleets"]["home"]["at"] = "british_africa"
    assert not may_intercept(data, "home", KIEL, SEALION)
    suez = frozenset({"2243"})  # closed: Gibraltar to Bombay goes round the Cape
    assert may_intercept(data, "home", "2031", "2656", suez)
    assert not may_intercept(data, "home", "2031", "2656")  # by Suez it stays north
    data["fleets"]["home"]["at"] = "india"
    assert not may_intercept(data, "home", KIEL, SEALION)
    assert not may_intercept(data, "home", "2031", "2243")  # Suez is no invasion of India
    assert may_intercept(data, "home", "2031", "2656")
    data["fleets"]["home"]["at"] = "united_states"  # the U.S. box lies on the Atlantic
    assert may_intercept(data, "home", KIEL, SEALION)


@pytest.mark.rules("F3.6")
def test_a_scenario_may_base_a_fleet_in_an_off_map_box() -> None:
    """Fleet Naval Fire 1: the Allies' fleets go to a naval port, a naval yard or an
    off-map box; a box id passes the content check, a land hex with no port does not."""
    content = load_scenario("fall_of_germany")

    def moved(to: str) -> Any:
        fleets = tuple(msgspec.structs.replace(f, at=to) if f.id == "home" else f for f in content.fleets)
        return msgspec.structs.replace(content, fleets=fleets)

    _check(moved("india"))
    with pytest.raises(ScenarioError, match="fleet 'home'"):
        _check(moved("1144"))


@pytest.mark.rules("F3.7")
def test_coastal_air_fires_at_an_invasion_passing_through_its_hex() -> None:
    """Coastal Airpower 3: the First US Army sails from London to Bordeaux (1633) round
    Brittany, whose coastal hex 1532 (an Axis naval yard) lies on the route; its coastal
    air fires six points at the passing invasion (a 1: two losses), though 1633 itself
    has no coastal air."""
    state = new_game()
    for role in ("axis", "soviet"):
        for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
            act(state, role, action)
        act(state, role, "end_production")
    act(state, "allied", "end_movement")
    for army in [a for a, x in state.data["armies"].items() if x["at"] == "1633"]:
        put(state, army, None)
    state.data["fleets"]["kriegsmarine"]["at"] = None  # no interception to answer
    put(state, "1us", "1333", mechanized=4, amphibious=5)
    assert passed_hexes(state.data, "allied", "1333", "1633") == ["1532"]
    assert air_at(state.data, "1532", "allied") == 6
    act(state, "allied", "invade", "1us", "1633")
    act(state, "allied", "end_announce")
    act(state, "allied", "invasion", "1us")
    state.rng.force([1])
    act(state, "allied", "no_escort")
    if ("no_support",) in legal(state, "allied"):
        act(state, "allied", "no_support")
    assert step(state) == "losses" and state.flow[-1]["count"] == 2
    assert any("coastal air of 1532" in line for line in state.log_for(None))


def campaign_after_france(seed: int = 1) -> HgwState:
    """Campaign Game I with France surrendered (France 2-3): French Africa is unaligned."""
    state = RULESET.new_game("campaign_1", {}, seed=seed)
    pol = state.data["politics"]
    pol["surrendered"] = sorted({*pol["surrendered"], "france"})
    for p in _french_africa():
        state.data["owner"].pop(p, None)
    return state


def _french_africa() -> set[str]:
    rules = load_campaign("campaign_1")
    assert rules is not None
    g = geography("campaign_1")
    return {p for p in g.places if g.country.get(p) in rules.france.unaligned_after}


@pytest.mark.rules("G11.3")
def test_unaligned_french_africa_is_friendly_to_axis_ships_and_sea_routes() -> None:
    """France 3: after France's surrender its African hexes left unaligned are friendly
    to Axis naval units and sea routes, not to the Allies': an Axis fleet driven from
    Gibraltar goes to the nearest of them (Algiers' or Oran's port, not a German one),
    and neither is a narrow closed to Axis routes; before the surrender they are
    nobody's."""
    state = campaign_after_france()
    data = state.data
    assert vichy_places(data) == _french_africa()
    algiers = "1934"
    assert naval_friendly(data, "axis", algiers) and not naval_friendly(data, "allied", algiers)
    data["owner"]["2031"] = "allied"
    data["fleets"] = {"marina": {"side": "axis", "name": "Marina", "at": "2031", "sp": 1}}
    assert expel(data, "2031", "allied") == ["marina"]
    assert data["fleets"]["marina"]["at"] in _french_africa()
    assert load_map().is_port(data["fleets"]["marina"]["at"])
    assert not closed_narrows(data, "axis") & _french_africa()
    data["politics"]["surrendered"] = [n for n in data["politics"]["surrendered"] if n != "france"]
    assert not vichy_places(data) and not naval_friendly(data, "axis", algiers)


def cut_off_channel_fleet(state: HgwState) -> None:
    """The Channel Fleet based in 1238 on the Pomeranian coast, an Allied port the
    Allies cannot supply (no land link; the Baltic is not theirs to trace through)."""
    state.data["owner"]["1238"] = "allied"
    state.data["fleets"]["channel"]["at"] = "1238"
    assert cut_off(state.data, "channel") and not cut_off(state.data, "home")


@pytest.mark.rules("L2.3", "F3.6")
def test_a_fleet_in_defence_supply_intercepts_only_in_its_own_hex_and_adds_one() -> None:
    """Unsupplied Hexes 3: a fleet whose port is out of full supply intercepts only an
    invasion whose route enters its own hex, and adds one to its die: the Channel Fleet
    (the four column) meets the invasion of its own 1238 and its 1 counts as a 2 (one
    loss, not two); it has no part in the invasion of 1139 farther east."""
    state = new_game()
    cut_off_channel_fleet(state)
    act(state, "axis", "end_movement")
    state.data["forts"].pop(KIEL)
    put(state, "agE", KIEL, infantry=2, amphibious=2)
    data = state.data
    assert interceptors(data, "allied", {"army": "agE", "origin": KIEL, "target": "1139", "done": []}) == []
    assert interceptors(data, "allied", {"army": "agE", "origin": KIEL, "target": "1238", "done": []}) == [
        "channel"
    ]
    act(state, "axis", "invade", "agE", "1238")
    act(state, "axis", "end_announce")
    act(state, "axis", "invasion", "agE")
    act(state, "axis", "no_escort")
    act(state, "axis", "no_support")
    assert step(state) == "interception"
    state.rng.force([1])
    act(state, "allied", "intercept", "channel")
    assert step(state) == "losses" and state.flow[-1]["count"] == 1


@pytest.mark.rules("L2.4", "F3.6")
def test_a_fleet_cut_off_at_the_start_of_its_turn_makes_no_sortie() -> None:
    """Unsupplied Hexes 4: at the start of the Allied turn the Channel Fleet's port is
    out of full supply, so it may neither escort nor support an invasion that turn."""
    state = new_game()
    cut_off_channel_fleet(state)
    for role in ("axis", "soviet"):
        for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
            act(state, role, action)
        act(state, role, "end_production")
    assert state.data["player"] == "allied"
    assert state.data["fleet_status"] == {"channel": "cut"}
    assert any("Channel Fleet is out of full supply" in line for line in state.log_for(None))
    act(state, "allied", "end_movement")
    put(state, "1us", "1333", mechanized=4, amphibious=5)
    act(state, "allied", "invade", "1us", "1235")
    act(state, "allied", "end_announce")
    act(state, "allied", "invasion", "1us")
    assert step(state) == "invasion_attack"
    assert ("support", "channel") not in legal(state, "allied")
    assert ("support", "home") in legal(state, "allied")


@pytest.mark.rules("F3.6", "L2.2")
def test_a_fleet_expelled_from_a_lost_port_goes_where_there_is_room_for_it() -> None:
    """Unsupplied Hexes 2 (the Optional Rules' Fleet Movement 5) with Fleet Naval Fire 1:
    Kiel taken, the Kriegsmarine's two points pass over the shipping ports nearer
    (1136, 1235...: one point each at most) to the nearest Axis naval base, 1635; a
    one-point fleet takes the nearest port."""
    state = new_game()
    capture(state, KIEL, "allied", by_advance=False)
    assert state.data["fleets"]["kriegsmarine"]["at"] == "1635"
    assert any("Kriegsmarine is expelled from 1236 to 1635" in line for line in state.log_for(None))
    state = new_game()
    state.data["fleets"]["kriegsmarine"]["sp"] = 1
    capture(state, KIEL, "allied", by_advance=False)
    assert state.data["fleets"]["kriegsmarine"]["at"] in ("1136", "1235")


@pytest.mark.rules("F3.6")
def test_a_shipping_port_holds_one_fleet_point_at_set_up() -> None:
    """Fleet Naval Fire 1: only one fleet point may be placed in a shipping port."""
    content = load_scenario("fall_of_germany")
    fleets = tuple(
        msgspec.structs.replace(f, at="1235") if f.id == "kriegsmarine" else f for f in content.fleets
    )
    with pytest.raises(ScenarioError, match="holds one fleet point"):
        _check(msgspec.structs.replace(content, fleets=fleets))
