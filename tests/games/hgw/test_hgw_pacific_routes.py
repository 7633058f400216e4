"""The Pacific's production routes at sea (pacific_routes.py): Australia's shipping to the
U.S. west coast (G24.0) and Japan's mainland shipping (G21.3) are declared at the naval
movement once the United States is at war, so enemy fleets may attack them (U-Boat
Attack 3-7); what they lose comes off the owner's next production, never more than the
route carries. Campaign Game IV, which plays U-boats and Naval Action."""

from __future__ import annotations

import pytest
from pacific_positions import world_naval_movement

from grognard.games.hgw import HgwState, pacific_routes, sea_war
from grognard.games.hgw.map import hex_distance
from grognard.games.hgw.naval_phase import raid_choices

SYDNEY, TOKYO, PORT_MORESBY = "4580", "2077", "3679"
WEST_COAST = ("15107", "19107")  # Seattle, San Francisco


def at_war() -> HgwState:
    """The first Axis naval movement, the United States at war: both sides' routes
    declared afresh (U-Boat Attack 4)."""
    state = world_naval_movement()
    assert pacific_routes.routes(state.data, "allied") == {}  # no Pacific war yet: nothing declared
    state.data["politics"]["us_since"] = state.data["turn"]
    sea_war.declare_routes(state, "allied")
    sea_war.declare_routes(state, "axis")
    return state


@pytest.mark.rules("G24.0", "G21.0")
def test_the_pacific_production_routes_are_declared_once_the_us_is_at_war() -> None:
    routes = at_war().data["sea_routes"]
    australia, mainland = routes["australia"], routes["japan_mainland"]
    assert (australia["side"], australia["origin"], australia["kind"]) == ("allied", SYDNEY, "supply")
    assert australia["to"] in WEST_COAST and australia["carried"] == 3  # Australia's production
    assert (mainland["side"], mainland["origin"]) == ("axis", TOKYO)
    assert mainland["carried"] == 7  # Korea, Manchukuo and occupied China, Axis-held


@pytest.mark.rules("G24.0")
def test_a_japanese_fleet_attacks_australias_route_and_the_loss_comes_off_allied_production() -> None:
    state = at_war()
    data = state.data
    data["owner"][PORT_MORESBY] = "axis"  # the Kido Butai based within reach of the route
    data["fleets"]["kido_butai"]["at"] = PORT_MORESBY
    choices = raid_choices(data, "kido_butai")
    assert {rid for rid, _ in choices} == {"australia"}
    nearest = min(choices, key=lambda c: hex_distance(PORT_MORESBY, c[1]))  # the best interception odds
    raid = ("raid_route", "kido_butai", *nearest)
    assert raid in state.legal_actions("axis")
    state.apply("axis", raid)
    while state.data["flow"][-1]["state"] != "naval_movement":
        role = state.active_roles()[0]
        state.apply(role, state.legal_actions(role)[0])
    route = data["sea_routes"]["australia"]
    assert route["lost"] == 2 and route["carried"] == 3  # the dice: two of Australia's three
    assert data["route_losses"]["allied"] == route["lost"]  # off the next Allied production
