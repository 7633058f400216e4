"""Naval Action's ports, major naval ports and supply roads (Ports 1-3: N10; Major Naval
Ports 1-3: N11; Supply Roads: N12): port_builds.py through production, ports.py read by
the rules that ask for a port."""

from __future__ import annotations

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.board import geo
from grognard.games.hgw.fleets import room_for
from grognard.games.hgw.invasion_routes import may_invade
from grognard.games.hgw.naval_builds import item_price
from grognard.games.hgw.ports import harbour, has_port, is_naval_base
from grognard.games.hgw.supply import supplied_places


def in_production(side: str, money: int, options: dict[str, bool] | None = None) -> HgwState:
    state = RULESET.new_game("campaign_2", {"naval_action": True} if options is None else options, seed=1)
    assert isinstance(state, HgwState)
    state.data["flow"][-1] = {"state": "production", "role": side, "budget": money}
    return state


def budget(state: HgwState) -> int:
    return int(state.data["flow"][-1]["budget"])


@pytest.mark.rules("N10.2", "N10.3")
def test_a_port_bought_on_a_friendly_coast_acts_like_a_printed_one() -> None:
    state = in_production("allied", 30)
    data = state.data
    assert not has_port(data, "1233")
    army = next(a for a, x in data["armies"].items() if x["side"] == "allied" and x["at"] == "1333")
    data["armies"][army]["at"] = "1233"
    data["armies"][army]["sp"].update(infantry=1, mechanized=0, tac_air=0, amphibious=2)
    assert not may_invade(data, army)  # Invasion Procedure 2: from a port only
    state.apply("allied", ("build_port", "1233"))
    assert harbour(data, "1233") == "port" and may_invade(data, army)
    assert budget(state) == 30 - item_price(data, "allied", "amphibious") == 30 - 6  # N10.2: amphibious cost
    assert ("build_port", "1233") not in state.legal_actions("allied")  # there for good
    assert ("build_port", "1333") not in state.legal_actions("allied")  # a printed port already


@pytest.mark.rules("N10.2")
def test_ports_go_only_on_friendly_supplied_coasts() -> None:
    state = in_production("allied", 30)
    legal = state.legal_actions("allied")
    places = {a[1] for a in legal if a[0] == "build_port"}
    assert places and all(state.data["owner"][p] == "allied" for p in places)
    assert "1052" not in places  # the Soviets' hex
    with pytest.raises(IllegalAction):
        state.apply("allied", ("build_port", "1052"))
    assert "ports" not in state.data


@pytest.mark.rules("N12.0")
def test_supply_roads_are_offered_where_terrain_stops_supply() -> None:
    state = in_production("allied", 30)
    terrain = geo(state.data).terrain
    roads = {a[1] for a in state.legal_actions("allied") if a[0] == "build_supply_road"}
    assert roads and {terrain[p] for p in roads} <= {"mountain", "desert", "jungle"}


@pytest.mark.rules("N11.1", "N11.2")
def test_a_major_naval_port_takes_a_game_turn_and_pays_for_its_port() -> None:
    state = in_production("allied", 30)
    data = state.data
    anchor, port = item_price(data, "allied", "naval_port"), item_price(data, "allied", "port")
    assert (anchor, port) == (9, 6)
    state.apply("allied", ("build_naval_port", "1233"))  # no port there: paid with it
    assert budget(state) == 30 - 15
    assert has_port(data, "1233") and not is_naval_base(data, "1233")  # under construction
    assert not room_for(data, "1233", 2)  # a port holds one fleet point
    data["turn"] += 1  # a full game turn later
    assert is_naval_base(data, "1233") and room_for(data, "1233", 5)
    state2 = in_production("allied", 30)
    state2.apply("allied", ("build_naval_port", "1434"))  # a printed port: the anchor alone
    assert budget(state2) == 30 - 9


@pytest.mark.rules("N12.0")
def test_a_supply_road_lets_supply_out_of_a_mountain_hex() -> None:
    state = in_production("soviet", 10)
    data = state.data
    for p in data["owner"]:
        data["owner"][p] = "axis"
    for p in ("1052", "1151", "1150"):  # a production hex, a mountain, the hex beyond it
        data["owner"][p] = "soviet"
    data["armies"] = {}
    before = supplied_places(data, "soviet", home_only=False)
    assert "1151" in before and "1150" not in before  # Line of Supply 5: no road out of 1151
    assert ("build_supply_road", "1150") not in state.legal_actions("soviet")  # not supplied
    state.apply("soviet", ("build_supply_road", "1151"))
    assert budget(state) == 9
    assert "1150" in supplied_places(data, "soviet", home_only=False)


def test_without_naval_action_nothing_of_this_is_built() -> None:
    state = in_production("allied", 30, options={})
    verbs = {a[0] for a in state.legal_actions("allied")}
    assert not verbs & {"build_port", "build_naval_port", "build_supply_road"}


def _landing(naval: bool) -> HgwState:
    """The Avalanche example's landing (test_hgw_invasion.py's `salerno`): the Fifth Army
    gets ashore in 1737, a coastal hex without a port; Naval Action turned on by hand, as
    The Fall of Germany refuses optional rules as game options."""
    from test_hgw_invasion import salerno

    state = salerno()
    if naval:
        state.data["optional"] = ["naval_action"]
    for verb, *args in (("invade", "5a", "1737"), ("end_announce",), ("invasion", "5a")):
        state.apply("allied", (verb, *args))
    state.apply("axis", ("no_defensive_assault",))
    state.rng.force([1])  # the advance lands
    state.apply("allied", ("no_assault",))
    return state


@pytest.mark.rules("N10.1")
def test_after_a_landing_an_amphibious_point_may_become_a_port() -> None:
    state = _landing(naval=True)
    data = state.data
    assert data["armies"]["5a"]["at"] == "1737" and not has_port(data, "1737")
    assert state.flow[-1]["state"] == "port_conversion"
    assert state.legal_actions("allied") == [("make_port",), ("no_port",)]
    amphibious = data["armies"]["5a"]["sp"]["amphibious"]
    state.apply("allied", ("make_port",))
    assert harbour(data, "1737") == "port"
    assert data["armies"]["5a"]["sp"]["amphibious"] == amphibious - 1
    assert state.flow[-1]["state"] == "retreat"  # then the defender retreats, as before


@pytest.mark.rules("N10.1")
def test_the_invader_may_keep_its_amphibious_points_and_without_the_rule_is_not_asked() -> None:
    state = _landing(naval=True)
    amphibious = state.data["armies"]["5a"]["sp"]["amphibious"]
    state.apply("allied", ("no_port",))
    assert not has_port(state.data, "1737") and state.data["armies"]["5a"]["sp"]["amphibious"] == amphibious
    plain = _landing(naval=False)
    assert plain.flow[-1]["state"] == "retreat"


@pytest.mark.rules("N10.2", "N12.0")
def test_a_refused_port_or_road_says_why() -> None:
    state = in_production("allied", 30)
    assert "not allied's" in str(state.why_illegal("allied", ("build_port", "1052")))
    assert "has a port already" in str(state.why_illegal("allied", ("build_port", "1333")))
    assert "would change nothing" in str(state.why_illegal("allied", ("build_supply_road", "1233")))
