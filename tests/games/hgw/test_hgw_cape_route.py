"""The Persian Gulf-Red Sea complex reached round the Cape (Strength Point Movement
Across Seas 1; Supply Route 1): one Allied point a turn between the Atlantic (or India)
and the Red Sea and Persian Gulf coasts, and supply routes the same way."""

from __future__ import annotations

import pytest
from hgw_positions import act, pass_turn, put, step

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.movement import sea_room
from grognard.games.hgw.supply import supplied_places

RED_SEA = "Persian Gulf-Red Sea"


def mediterranean_closed() -> HgwState:
    """Campaign Game I at the Allied movement phase with Italy in the war, France
    fallen and Gibraltar Axis: the Allies may carry nothing over the Mediterranean
    (Italy 4-5), so the Middle East is reached only round the Cape."""
    state = RULESET.new_game("campaign_1", {}, seed=1)
    assert isinstance(state, HgwState)
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    assert step(state) == "movement" and state.active_roles() == ["allied"]
    politics = state.data["politics"]
    politics["unaligned"].remove("italy")
    politics["joined"]["italy"] = "axis"
    politics["surrendered"].append("france")
    state.data["owner"]["2031"] = "axis"
    assert sea_room(state.data, "allied", "Mediterranean") == 0
    return state


@pytest.mark.rules("F2.2")
def test_one_allied_point_a_turn_goes_round_the_cape_from_britain_to_suez() -> None:
    state = mediterranean_closed()
    put(state, "brit", "1333", infantry=3)
    put(state, "mef", "2243", infantry=1)
    act(state, "allied", "move", "brit", "infantry", 1)
    assert ("to_army", "mef") in state.legal_actions("allied")
    act(state, "allied", "to_army", "mef")
    assert state.data["sea_moves"] == {RED_SEA: 1}
    assert state.data["armies"]["mef"]["sp"]["infantry"] == 2
    # the complex carries one point a turn: a second point has no way to Suez
    act(state, "allied", "move", "brit", "infantry", 1)
    assert ("to_army", "mef") not in state.legal_actions("allied")


@pytest.mark.rules("F2.2")
def test_india_reaches_the_atlantic_through_the_complex() -> None:
    """India, on the Pacific-Indian oceans, is one end of the complex: a point from the
    India box (2656) reaches Britain, charged to the complex alone."""
    state = mediterranean_closed()
    put(state, "brit", "1333", infantry=1)
    put(state, "mef", "2656", infantry=2)
    act(state, "allied", "move", "mef", "infantry", 1)
    assert ("to_army", "brit") in state.legal_actions("allied")
    act(state, "allied", "to_army", "brit")
    assert state.data["sea_moves"] == {RED_SEA: 1}


@pytest.mark.rules("F2.2")
def test_an_open_mediterranean_is_preferred_to_the_cape() -> None:
    """With the Mediterranean free to the Allies (Italy unaligned), a move to Suez uses
    it and leaves the complex's one point for later."""
    state = RULESET.new_game("campaign_1", {}, seed=1)
    assert isinstance(state, HgwState)
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    put(state, "brit", "1333", infantry=3)
    put(state, "mef", "2243", infantry=1)
    act(state, "allied", "move", "brit", "infantry", 2)
    act(state, "allied", "to_army", "mef")
    assert RED_SEA not in state.data["sea_moves"]
    assert sea_room(state.data, "allied", RED_SEA) == 1


@pytest.mark.rules("F2.3")
def test_red_sea_coasts_trace_full_supply_round_the_cape() -> None:
    """Supply Route 1: the complex is an Allied sea, so with the Mediterranean lost
    (Suez Axis, Gibraltar Axis) an Allied Red Sea hex of Egypt (2444) still traces to
    the British home production round the Cape; the Axis, for whom the complex is not
    a friendly sea, does not trace through it."""
    state = mediterranean_closed()
    state.data["owner"]["2243"] = "axis"
    assert "2444" in supplied_places(state.data, "allied", home_only=True)
    assert sea_room(state.data, "axis", RED_SEA) == 0
    state.data["owner"]["2444"] = "axis"
    assert "2444" not in supplied_places(state.data, "axis", home_only=True)


@pytest.mark.rules("F2.1", "F2.2", "F2.3")
def test_the_cape_is_shut_while_the_axis_holds_its_control_hex_4639() -> None:
    """Sea Route 4: British South Africa (4639) controls the passage between the
    Atlantic and the complex. With it and Gibraltar Axis, no Allied point goes from
    London to Suez or to India round the Cape, and the Red Sea hex 2444 no longer
    traces supply to Britain that way."""
    state = mediterranean_closed()
    state.data["owner"]["4639"] = "axis"
    state.data["owner"]["2243"] = "allied"
    put(state, "brit", "1333", infantry=3)
    put(state, "mef", "2243", infantry=1)
    put(state, "paic", "2656", infantry=1)
    act(state, "allied", "move", "brit", "infantry", 1)
    legal = state.legal_actions("allied")
    assert ("to_army", "mef") not in legal and ("to_army", "paic") not in legal
    state.data["owner"]["2243"] = "axis"  # the Suez too: the Cape was the Red Sea's last way
    assert "2444" not in supplied_places(state.data, "allied", home_only=True)
    state.data["owner"]["4639"] = "allied"
    assert "2444" in supplied_places(state.data, "allied", home_only=True)
