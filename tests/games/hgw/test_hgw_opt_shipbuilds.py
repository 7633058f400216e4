"""Naval Action's ship builds (Ship Builds 1-4: N7; Aircraft Carriers 2: N8.2): ship points
paid in instalments on each side's Development Track (ship_builds.py) through production."""

from __future__ import annotations

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import make_heuristic
from grognard.games.hgw.naval_builds import price


def in_production(side: str, money: int, scenario: str = "campaign_2", naval: bool = True) -> HgwState:
    options = {"naval_action": True} if naval and scenario == "campaign_2" else {}
    state = RULESET.new_game(scenario, options, seed=1)
    assert isinstance(state, HgwState)
    state.data["flow"][-1] = {"state": "production", "role": side, "budget": money}
    return state


@pytest.mark.rules("N7.1", "N7.2")
def test_a_ship_point_is_paid_a_point_at_a_time_and_joins_a_fleet_in_a_yard_when_paid() -> None:
    state = in_production("axis", 20)
    data = state.data
    total = price(data, "axis", "capital")
    assert total == 11
    before = dict(data["fleets"]["kriegsmarine"]["ships"])  # Naval Action's set-up: one point (N1.6)
    state.apply("axis", ("lay_ship", "capital"))
    assert data["ship_track"]["axis"] == [{"kind": "capital", "left": 10}]
    assert data["flow"][-1]["budget"] == 19  # one production point paid
    for _ in range(9):
        state.apply("axis", ("pay_ship", 0))
    assert data["ship_track"]["axis"] == [{"kind": "capital", "left": 1}]
    legal = state.legal_actions("axis")
    assert ("pay_ship", 0) not in legal  # the last point is the one that launches it
    assert ("finish_ship", 0, "kriegsmarine", "1236") in legal
    state.apply("axis", ("finish_ship", 0, "kriegsmarine", "1236"))
    assert data["ship_track"]["axis"] == []
    fleet = data["fleets"]["kriegsmarine"]
    launched = before.get("capital", 0) + 1
    assert fleet["at"] == "1236" and fleet["ships"]["capital"] == launched and fleet["sp"] == launched
    assert data["flow"][-1]["budget"] == 20 - 11


@pytest.mark.rules("N7.2")
def test_the_partly_built_point_waits_on_the_track_from_one_phase_to_the_next() -> None:
    state = in_production("axis", 3)
    state.apply("axis", ("lay_ship", "asw"))
    state.apply("axis", ("pay_ship", 0))
    state.apply("axis", ("end_production",))
    track = state.data["ship_track"]["axis"]
    assert len(track) == 1 and track[0]["kind"] == "asw"
    state.data["flow"][-1] = {"state": "production", "role": "axis", "budget": 1}
    assert ("pay_ship", 0) in state.legal_actions("axis") or any(
        a[:2] == ("finish_ship", 0) for a in state.legal_actions("axis")
    )
    # the Development Track is open to every seat (our reading)
    assert state.view("soviet")["board"]["ship_track"]["axis"] == track


@pytest.mark.rules("N7.3")
def test_uboats_and_everything_else_are_still_paid_at_once() -> None:
    state = in_production("axis", 20)
    legal = state.legal_actions("axis")
    laid = {a[1] for a in legal if a[0] == "lay_ship"}
    assert laid == {"capital", "carrier", "asw"}  # ship strength points only: no U-boats
    with pytest.raises(IllegalAction):
        state.apply("axis", ("lay_ship", "uboat"))
    assert state.data["ship_track"]["axis"] == []
    with pytest.raises(IllegalAction):
        state.apply("axis", ("pay_ship", 0))  # nothing on the track
    assert state.data["flow"][-1]["budget"] == 20


def test_without_naval_action_nothing_is_paid_in_instalments() -> None:
    state = in_production("axis", 20, naval=False)
    legal = state.legal_actions("axis")
    assert not any(a[0] in ("lay_ship", "pay_ship", "finish_ship") for a in legal)
    assert not any(a[0] == "build_ship" and a[1] == "carrier" for a in legal)
    assert "ship_track" not in state.data


@pytest.mark.rules("N7.4", "K27.1")
def test_campaign_game_iii_starts_with_points_six_from_done() -> None:
    state = in_production("allied", 20, scenario="campaign_3")
    track = state.data["ship_track"]
    assert track["axis"] == [{"kind": "capital", "left": 6}]
    assert track["allied"] == [{"kind": "capital", "left": 6}] * 2
    assert track["soviet"] == []
    for _ in range(5):
        state.apply("allied", ("pay_ship", 1))
    # Naval Action's set-up keeps the Home Fleet at Scapa Flow (0932), no yard: the paid-off
    # point launches into a spare British counter in a yard, the Clyde's among them (N7.2, N1.5)
    assert ("finish_ship", 1, "atlantic", "1131") in state.legal_actions("allied")


@pytest.mark.rules("N8.1", "N8.2")
def test_every_side_builds_carriers_at_the_tables_carrier_cost() -> None:
    state = in_production("soviet", 20)
    legal = state.legal_actions("soviet")
    assert ("lay_ship", "carrier") in legal
    carriers = [a for a in legal if a[:2] == ("build_ship", "carrier")]
    assert carriers  # in one payment too
    state.apply("soviet", carriers[0])
    fleet = state.data["fleets"][carriers[0][2]]
    assert fleet["ships"]["carrier"] == 1
    assert state.data["flow"][-1]["budget"] == 20 - price(state.data, "soviet", "carrier") == 5


def test_the_heuristic_pays_instalments_then_launches_into_its_biggest_fleet() -> None:
    state = in_production("allied", 30, scenario="campaign_3")
    ai = make_heuristic(1)
    action = ai.act(state.view("allied"), state.legal_actions("allied"))
    assert action[0] == "pay_ship"  # Campaign Game III's partly built points first
    state = in_production("allied", 30, scenario="campaign_3")
    state.data["ship_track"]["allied"][0]["left"] = 1
    legal = state.legal_actions("allied")
    action = ai.act(state.view("allied"), legal)
    assert action[:2] == ("finish_ship", 0)
    fleets = state.data["fleets"]
    assert all(fleets[action[2]]["sp"] >= fleets[a[2]]["sp"] for a in legal if a[0] == "finish_ship")


def test_the_heuristic_keeps_most_of_a_phase_for_the_land_war() -> None:
    state = in_production("allied", 14, scenario="campaign_3")
    ai = make_heuristic(1)
    actions = []
    while state.active_roles() == ["allied"] and state.data["flow"][-1]["state"] == "production":
        action = ai.act(state.view("allied"), state.legal_actions("allied"))
        actions.append(action)
        state.apply("allied", action)
    paid = [a for a in actions if a[0] in ("pay_ship", "lay_ship", "finish_ship")]
    assert len(paid) <= 2  # RESERVE: twelve of fourteen points kept for land builds


@pytest.mark.rules("N7.2", "N7.3")
def test_a_refused_instalment_says_why() -> None:
    state = in_production("axis", 20)
    assert "U-boats are paid at once (N7.3)" in str(state.why_illegal("axis", ("lay_ship", "uboat")))
    assert "no ship point 0" in str(state.why_illegal("axis", ("pay_ship", 0)))
    state.apply("axis", ("lay_ship", "capital"))
    why = str(state.why_illegal("axis", ("finish_ship", 0, "kriegsmarine", "1236")))
    assert "10 production points are still unpaid" in why
