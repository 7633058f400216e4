"""Campaign Game II's shipping counters (Shipping 1, 3, 9, 10): shipping built in
production and kept in ports, moved between counters in the naval movement phase, the
U.S.'s seasonal transport, and strength points crossing the seas met by enemy patrols
(shipping_counters.py, shipping_builds.py, shipping_moves.py, sea_transport.py)."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import make_heuristic
from grognard.games.hgw.geography import geography
from grognard.games.hgw.movement import routes, sea_room
from grognard.games.hgw.shipping_counters import room

ZERO = {"infantry": 0, "mechanized": 0, "tac_air": 0, "paratroop": 0, "amphibious": 0}


def new_game(scenario: str = "campaign_2") -> HgwState:
    state = RULESET.new_game(scenario, {}, seed=1)
    assert isinstance(state, HgwState)
    return state


def at_step(state: HgwState, frame: dict[str, Any]) -> HgwState:
    state.data["flow"][-1] = frame
    state.data["player"] = frame["role"]
    return state


def put(state: HgwState, army: str, place: str, **sp: int) -> None:
    state.data["armies"][army].update(at=place, sp={**ZERO, **sp})


def naval_movement(side: str) -> HgwState:
    return at_step(new_game(), {"state": "naval_movement", "role": side, "open": True, "stage": "bases"})


def us_at_war(state: HgwState) -> None:
    pol = state.data["politics"]
    pol["us_since"] = state.data["turn"]
    pol["joined"]["united_states"] = "allied"
    state.data["owner"]["1909"] = "allied"


@pytest.mark.rules("K19.1")
def test_shipping_points_cost_a_production_point_each_and_stand_in_port_counters() -> None:
    state = at_step(new_game(), {"state": "production", "role": "allied", "budget": 5})
    data = state.data
    legal = state.legal_actions("allied")
    assert ("build_shipping", "1333") in legal and ("build_shipping", "1131") in legal  # British ports
    assert ("build_shipping", "1236") not in legal  # never in an enemy port
    assert not any(a[0] == "build_shipping" and a[1] == "1144" for a in legal)  # Moscow: no port, not allied
    state.apply("allied", ("build_shipping", "1131"))
    assert data["shipping"]["allied"]["1131"] == 1
    assert data["flow"][-1]["budget"] == 4  # Shipping 1: one production point
    assert any("builds a shipping point in 1131" in line for line in state.log_for(None))


@pytest.mark.rules("K19.1")
def test_strength_points_cross_the_seas_within_their_counters_capacity() -> None:
    state = at_step(new_game(), {"state": "movement", "role": "allied"})
    data = state.data
    # the set-up's counters stand for Campaign Game I's limits (docs/hgw-design.md)
    assert room(data, "allied", "Pacific-Indian") == 2 and room(data, "axis", "Baltic") == 1
    assert room(data, "soviet", "Black Sea") == 1 and room(data, "soviet", "Caspian") == 1
    data["shipping"]["allied"] = {"1333": 2}  # London's counter alone, two points
    assert sea_room(data, "allied", "Atlantic") == 2
    assert "2031" not in routes(data, "1333", "allied", 3)  # three cannot sail for Gibraltar
    assert routes(data, "1333", "allied", 2)["2031"] == ("Atlantic",)
    state.apply("allied", ("move", "brit", "infantry", 2))
    state.apply("allied", ("to_place", "2031"))
    assert data["shipping_used"]["allied"] == {"1333": 2}
    assert sea_room(data, "allied", "Atlantic") == 0  # the counter has carried its two this turn
    assert "2031" not in routes(data, "1333", "allied", 1)
    # Campaign Game I keeps its fixed limit: the Atlantic is unlimited for the Allies
    old = new_game("campaign_1").data
    assert sea_room(old, "allied", "Atlantic") is None and "shipping" not in old


@pytest.mark.rules("K19.3")
def test_shipping_points_move_between_counters_in_naval_movement_along_a_friendly_route() -> None:
    state = naval_movement("allied")
    data = state.data
    legal = state.legal_actions("allied")
    assert ("move_shipping", "1333") in legal and ("move_shipping", "1635") in legal
    state.apply("allied", ("move_shipping", "1333"))
    legal = state.legal_actions("allied")
    assert ("ship_to", "2031") in legal  # London to Gibraltar over the Atlantic
    assert not any(a[0] == "ship_to" and a[1] in ("1236", "1543") for a in legal)  # no foreign port
    state.apply("allied", ("ship_to", "2031"))
    assert data["shipping"]["allied"]["1333"] == 11 and data["shipping"]["allied"]["2031"] == 1
    assert data["flow"][-1]["state"] == "naval_movement"
    assert ("move_shipping", "2031") not in state.legal_actions("allied")  # the point stays this phase
    why = RULESET.explain_illegal(state, "allied", ("move_shipping", "2031"))
    assert why is not None and "arrived this phase" in why
    # the Soviets' Black Sea counter has no friendly route to the Caspian
    soviet = naval_movement("soviet")
    assert ("move_shipping", "1543") in soviet.legal_actions("soviet")  # to its other Black Sea ports
    soviet.apply("soviet", ("move_shipping", "1543"))
    assert ("ship_to", "1548") not in soviet.legal_actions("soviet")
    why = RULESET.explain_illegal(soviet, "soviet", ("ship_to", "1548"))
    assert why is not None and "no friendly shipping route" in why
    with pytest.raises(IllegalAction):
        soviet.apply("soviet", ("ship_to", "1548"))


@pytest.mark.rules("K19.3")
def test_moving_shipping_between_counters_is_never_intercepted() -> None:
    state = naval_movement("allied")
    state.data["fleets"]["uboats"]["patrol"] = "1729"  # on the route from London to Gibraltar
    state.apply("allied", ("move_shipping", "1333"))
    state.apply("allied", ("ship_to", "2031"))
    assert state.data["flow"][-1]["state"] == "naval_movement"  # no interception asked
    assert state.data["fleets"]["uboats"]["sp"] == 2
    assert not any("meets" in line for line in state.log_for(None))


@pytest.mark.rules("K19.9")
def test_the_us_seasonal_transport_is_three_and_more_at_a_production_point_each() -> None:
    before = at_step(new_game(), {"state": "production", "role": "allied", "budget": 5})
    assert ("buy_transport",) not in before.legal_actions("allied")  # not before the U.S. joins
    why = RULESET.explain_illegal(before, "allied", ("buy_transport",))
    assert why is not None and "United States has joined" in why
    state = at_step(new_game(), {"state": "production", "role": "allied", "budget": 5})
    data = state.data
    us_at_war(state)
    assert room(data, "allied", "U.S. and Canada") == 3  # the seasonal three
    state.apply("allied", ("buy_transport",))
    assert data["us_transport"] == 1 and data["flow"][-1]["budget"] == 4
    assert room(data, "allied", "U.S. and Canada") == 4
    assert "1333" in routes(data, "1909", "allied", 4) and "1333" not in routes(data, "1909", "allied", 5)


def _crossing(state: HgwState, start: str, count: int) -> None:
    put(state, "brit", start, infantry=count)
    state.data["fleets"]["uboats"]["patrol"] = "1729"  # beside both routes to Gibraltar
    state.apply("allied", ("move", "brit", "infantry", count))
    state.apply("allied", ("to_place", "2031"))


@pytest.mark.rules("K19.10")
def test_a_uboat_patrol_sinks_transported_points_and_excess_losses_are_ignored() -> None:
    state = at_step(new_game(), {"state": "movement", "role": "allied"})
    data = state.data
    data["fleets"]["uboats"].update(sp=10, ships={"uboat": 10})
    state.rng.force([1])  # ten U-boats roll 1: four hits on three points
    _crossing(state, "1333", 3)
    assert data["armies"]["brit"]["at"] is None  # all three sunk, the fourth hit ignored
    assert not any(a["at"] == "2031" for a in data["armies"].values())
    lines = state.log_for(None)
    assert any("meets 3 points crossing the Atlantic from 1333 to 2031" in x for x in lines)
    assert any("sink 3 points of the 3 points transported" in x for x in lines)


@pytest.mark.rules("K19.10")
def test_an_unescorted_crossing_loses_only_what_the_patrol_hits() -> None:
    state = at_step(new_game(), {"state": "movement", "role": "allied"})
    data = state.data
    state.rng.force([1])  # two U-boats roll 1: one hit
    _crossing(state, "1333", 3)
    landed = [a for a in data["armies"].values() if a["at"] == "2031"]
    assert [a["sp"]["infantry"] for a in landed] == [2]


@pytest.mark.rules("K19.10")
def test_the_escort_from_the_embarking_port_takes_the_hits_first() -> None:
    state = at_step(new_game(), {"state": "movement", "role": "allied"})
    data = state.data
    state.rng.force([1])  # the U-boats' roll at the escort (it has no A.S.W. strength)
    _crossing(state, "1131", 3)  # the Home Fleet lies in 1131
    assert data["fleets"]["home"]["sp"] == 7  # the escort took the hit
    landed = [a for a in data["armies"].values() if a["at"] == "2031"]
    assert [a["sp"]["infantry"] for a in landed] == [3]  # the points crossed unhurt
    assert any("shields the transported points" in x for x in state.log_for(None))


@pytest.mark.rules("K19.1")
def test_the_heuristic_adds_shipping_where_its_counter_carried_all_it_had() -> None:
    state = at_step(new_game(), {"state": "production", "role": "axis", "budget": 16})
    state.data["shipping_used"] = {"axis": {"1238": 1}}  # the Baltic counter carried its point
    chosen = make_heuristic(1).act(state.view("axis"), state.legal_actions("axis"))
    assert chosen == ("build_shipping", "1238")
    idle = at_step(new_game(), {"state": "production", "role": "axis", "budget": 16})
    assert make_heuristic(1).act(idle.view("axis"), idle.legal_actions("axis"))[0] != "build_shipping"


@pytest.mark.rules("K19.3")
def test_the_heuristic_sends_shipping_to_a_sea_where_its_armies_stand_without_any() -> None:
    state = naval_movement("allied")
    put(state, "ffa", "2243", infantry=3)  # Alexandria: the Mediterranean and the Red Sea
    state.data["shipping"]["allied"] = {"1333": 12}  # nothing on the Mediterranean
    action = make_heuristic(1).act(state.view("allied"), state.legal_actions("allied"))
    assert action == ("move_shipping", "1333")
    state.apply("allied", action)
    action = make_heuristic(1).act(state.view("allied"), state.legal_actions("allied"))
    assert action[0] == "ship_to" and "Mediterranean" in geography("campaign_2").coast_seas[action[1]]


def test_each_sides_shipping_counters_are_in_every_view() -> None:
    state = new_game()
    for role in ("axis", "allied", "soviet"):
        board = state.view(role)["board"]
        assert board["shipping"]["allied"] == {"1333": 12, "1635": 6, "3948": 2}
        assert board["shipping"]["axis"] == {"1238": 1} and board["us_transport"] == 0


@pytest.mark.rules("K19.9")
def test_the_heuristic_buys_us_transport_when_the_lane_was_full() -> None:
    state = at_step(new_game(), {"state": "production", "role": "allied", "budget": 20})
    us_at_war(state)
    state.data["shipping_used"] = {"allied": {"U.S. and Canada": 3}}
    assert make_heuristic(1).act(state.view("allied"), state.legal_actions("allied")) == ("buy_transport",)
