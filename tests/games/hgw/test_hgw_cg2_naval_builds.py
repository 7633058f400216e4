"""Ship, U-boat and A.S.W. builds in Campaign Game II's production phase (Fleets 2-5;
U-Boat Attack 2; Anti-Submarine Warfare 1-2): naval_builds.py through production."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.naval_builds import cost
from grognard.games.hgw.research import new_research


def in_production(side: str, money: int) -> HgwState:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    state.data["flow"][-1] = {"state": "production", "role": side, "budget": money}
    return state


@pytest.mark.rules("K16.2")
def test_new_uboats_go_into_a_fleet_in_a_naval_yard_at_the_table_cost() -> None:
    state = in_production("axis", 20)
    legal = state.legal_actions("axis")
    assert ("build_ship", "uboat", "uboats", "1236") in legal
    assert not any(a[:3] == ("build_ship", "capital", "uboats") for a in legal)  # U-boats sail alone
    state.apply("axis", ("build_ship", "uboat", "uboats", "1236"))
    assert state.data["fleets"]["uboats"]["sp"] == 3
    assert state.data["fleets"]["uboats"]["ships"] == {"uboat": 3}
    assert state.data["flow"][-1]["budget"] == 20 - 6  # the U-boat's level-0 cost


@pytest.mark.rules("K9.2", "K9.4", "K9.5")
def test_capital_ships_are_built_in_a_naval_yard_into_a_fleet_there() -> None:
    state = in_production("axis", 20)
    legal = state.legal_actions("axis")
    assert ("build_ship", "capital", "kriegsmarine", "1236") in legal  # a spare counter enters at Kiel
    assert not any(a[0] == "build_ship" and a[3] == "1232" for a in legal)
    assert not any(a[0] == "build_ship" and a[1] == "carrier" for a in legal)  # K9.4: capital ships only
    state.apply("axis", ("build_ship", "capital", "kriegsmarine", "1236"))
    fleet = state.data["fleets"]["kriegsmarine"]
    assert fleet["at"] == "1236" and fleet["sp"] == 1 and fleet["ships"]["capital"] == 1
    assert state.data["flow"][-1]["budget"] == 20 - 11


@pytest.mark.rules("K18.1", "K18.2")
def test_the_asw_box_and_asw_ships_cost_the_asw_level() -> None:
    state = in_production("allied", 30)
    data = state.data
    ship = ("build_ship", "asw", "home", "1131")
    assert cost(data, "allied", ("build_asw_level",)) == cost(data, "allied", ship)
    state.apply("allied", ("build_asw_level",))
    assert data["asw_level"] == {"allied": 1}
    state.apply("allied", ("build_ship", "asw", "home", "1131"))
    assert data["fleets"]["home"]["ships"]["asw"] == 1 and data["fleets"]["home"]["sp"] == 9
    price = -(-int(new_research()["allied"]["items"]["asw"]["cost"] or 0) // 2)
    assert data["flow"][-1]["budget"] == 30 - 2 * price


def test_with_a_research_sheet_the_price_is_the_sheets() -> None:
    state = in_production("axis", 20)
    research = new_research()
    research["axis"]["items"]["uboat"]["cost"] = 4  # two points, in half points
    state.data["research"] = research
    assert cost(state.data, "axis", ("build_ship", "uboat", "uboats", "1236")) == 2


@pytest.mark.rules("K9.1")
def test_the_soviets_start_without_fleets_but_may_build_them_in_their_yards() -> None:
    state = in_production("soviet", 20)
    legal = state.legal_actions("soviet")
    assert ("build_ship", "capital", "red_banner", "0942") in legal  # Leningrad's naval yard
    assert ("build_ship", "uboat", "soviet_ss", "0942") in legal
    assert not any(a[0] == "build_ship" and a[2] not in ("red_banner", "soviet_ss") for a in legal)
