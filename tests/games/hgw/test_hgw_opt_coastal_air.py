"""Naval Action's coastal air strength points (Coastal Air Strength Points 1-2: N9.1-N9.2):
bought in production into armies on the coast (coastal_air.py), meeting invasions with
the hex's own coastal air (naval.air_at)."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import make_heuristic
from grognard.games.hgw.board import eliminate
from grognard.games.hgw.coastal_air import bought_at, tech_level
from grognard.games.hgw.naval import air_at
from grognard.games.hgw.naval_builds import item_price
from grognard.games.hgw.research import new_research


def in_production(side: str, money: int, naval: bool = True) -> HgwState:
    state = RULESET.new_game("campaign_2", {"naval_action": True} if naval else {}, seed=1)
    assert isinstance(state, HgwState)
    state.data["flow"][-1] = {"state": "production", "role": side, "budget": money}
    return state


def french_first_army(state: HgwState) -> str:
    """The French First Army in the port 1434, its infantry gone: no coastal air of its own."""
    data = state.data
    army = next(a for a, x in data["armies"].items() if x["name"] == "French First Army")
    assert data["armies"][army]["at"] == "1434"
    data["armies"][army]["sp"]["infantry"] = 0
    return army


@pytest.mark.rules("N9.1")
def test_coastal_air_is_bought_six_points_at_a_time_into_an_army_on_the_coast() -> None:
    state = in_production("allied", 20)
    army = french_first_army(state)
    data = state.data
    assert air_at(data, "1434", "axis") == 0  # Coastal Airpower 2: no infantry, no air base
    assert ("build_coastal_air", army) in state.legal_actions("allied")
    state.apply("allied", ("build_coastal_air", army))
    assert data["coastal_air"] == {army: 6}
    assert data["flow"][-1]["budget"] == 20 - 4  # the table's level-0 price for six
    assert bought_at(data, "1434", "allied") == 6
    assert air_at(data, "1434", "axis") == 6  # it meets an Axis invasion of 1434
    data["armies"][army]["sp"]["infantry"] = 1
    assert air_at(data, "1434", "axis") == 6 + 6  # added to the hex's own coastal air


@pytest.mark.rules("N9.1")
def test_coastal_air_lives_in_its_army_and_goes_with_it() -> None:
    state = in_production("allied", 20)
    army = french_first_army(state)
    state.apply("allied", ("build_coastal_air", army))
    eliminate(state, army, "test")
    assert state.data["coastal_air"] == {}
    inland = [a for a in state.legal_actions("allied") if a[0] == "build_coastal_air"]
    assert all(state.data["armies"][a[1]]["at"] for a in inland)
    why = state.why_illegal("allied", ("build_coastal_air", army))
    assert why is not None and "not one of allied's armies on the board" in why


@pytest.mark.rules("N9.2")
def test_coastal_air_has_the_tac_air_tech_level_and_its_cost() -> None:
    state = in_production("allied", 20)
    research = new_research()
    research["allied"]["items"]["tac_air"]["level"] = 3
    state.data["research"] = research
    assert tech_level(state.data, "allied") == 3
    assert item_price(state.data, "allied", "coastal_air") == 1


def test_without_naval_action_no_coastal_air_is_bought() -> None:
    state = in_production("allied", 20, naval=False)
    assert not any(a[0] == "build_coastal_air" for a in state.legal_actions("allied"))


def test_the_heuristic_covers_a_fleets_port_with_coastal_air_once() -> None:
    state = RULESET.new_game("campaign_3", {}, seed=1)
    assert isinstance(state, HgwState)
    state.data["flow"][-1] = {"state": "production", "role": "allied", "budget": 30}
    state.data["ship_track"]["allied"] = []  # no instalment to pay first
    state.data["fleets"]["home"]["at"] = "1333"  # the Home Fleet over the British Army
    ai = make_heuristic(1)
    action = ai.act(state.view("allied"), state.legal_actions("allied"))
    assert action == ("build_coastal_air", "brit")
    at = state.data["armies"][action[1]]["at"]
    assert any(x["side"] == "allied" and x["at"] == at for x in state.data["fleets"].values())
    state.apply("allied", action)
    again = ai.act(state.view("allied"), state.legal_actions("allied"))
    assert again[0] != "build_coastal_air" or state.data["armies"][again[1]]["at"] != at
