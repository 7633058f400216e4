"""Factories (9.1) and the Logistics sheet's factory rules (L1.5-L1.8), with the
`factories` option: set-up, production by arm, factory steps and exchanges, capture
at strength, the 0 PP step, automatic repair and the building options."""

from __future__ import annotations

import json
from typing import Any

import pytest
from victory_positions import BLUE, RED, deployed, empty_game, hexes, home_board, neighbours, put, start

from grognard.core.errors import IllegalAction
from grognard.games.victory import RULESET, VictoryState
from grognard.games.victory.ai import VictoryHeuristic
from grognard.games.victory.battle_hits import candidates
from grognard.games.victory.control import gmap
from grognard.games.victory.factories import allocation, arm_budget, is_factory, paying_arms
from grognard.games.victory.factory_setup import allocate_all_by_default
from grognard.testing import check_ruleset


def _cities(state: VictoryState, role: str, test: Any = lambda info: True) -> list[str]:
    board = home_board(state, role)
    return hexes(state, lambda i: i.city > 0 and i.board == board and test(i))


def _city(state: VictoryState, role: str, test: Any = lambda info: True) -> str:
    return _cities(state, role, test)[0]


def _production(state: VictoryState) -> None:
    state.data["phase"] = "production"
    start(state, "production", done=[], left=None)


def _frame(state: VictoryState) -> dict[str, Any]:
    return next(f for f in reversed(state.data["flow"]) if f["state"] == "production")


@pytest.mark.rules("9.1")
def test_9_1_every_city_starts_with_factories_worth_its_value() -> None:
    state = empty_game(factories=True)
    allocate_all_by_default(state)
    the_map = gmap(state.data)
    blocks = state.data["blocks"]
    for role in (BLUE, RED):
        kinds = set()
        for city in _cities(state, role):
            here = [b for b in blocks.values() if b["at"] == city]
            assert all(b["owner"] == role for b in here)
            assert sum(b["steps"] - 1 for b in here) == the_map.hexes[city].city  # value = steps - 1
            kinds |= {b["type"] for b in here}
            assert "FCN" not in {b["type"] for b in here} or the_map.hexes[city].port
        assert {"FCA", "FCG"} <= kinds


@pytest.mark.rules("9.1")
def test_9_1_a_factory_builds_only_units_of_its_arm() -> None:
    state = empty_game(factories=True)
    city = _city(state, BLUE)
    put(state, BLUE, "FCG", city, 3)  # a 2 PP ground factory
    _production(state)
    legal = state.legal_actions(BLUE)
    assert ("build", city, "IN") in legal and ("build", city, "AR") in legal
    assert not [a for a in legal if a[0] == "build" and a[2] in ("FA", "DB", "CA")]
    assert _frame(state)["left"][BLUE][city] == 2
    state.apply(BLUE, ("build", city, "AR"))  # 2 PP
    assert _frame(state)["arms"][BLUE][city] == {"ground": 0}
    assert not [a for a in state.legal_actions(BLUE) if a[0] == "build"]


@pytest.mark.rules("9.1")
def test_9_1_a_factory_step_costs_one_pp_within_the_city_value() -> None:
    state = empty_game(factories=True)
    city = _city(state, BLUE, lambda i: 2 <= i.city <= 3)  # one block can hold 3 PP
    value = gmap(state.data).hexes[city].city
    ground = put(state, BLUE, "FCG", city, value)  # one PP short of the city's value
    air = put(state, BLUE, "FCA", city, 1)  # 0 PP
    _production(state)
    assert ("add_step", ground) in state.legal_actions(BLUE)
    state.apply(BLUE, ("add_step", air))
    assert state.data["blocks"][air]["steps"] == 2
    assert _frame(state)["left"][BLUE][city] == value - 2
    assert ("add_step", ground) not in state.legal_actions(BLUE)  # the city is full now
    assert arm_budget(state.data, city) == {"ground": value - 1, "air": 1}


@pytest.mark.rules("9.1")
def test_9_1_a_factory_step_may_be_paid_by_another_city() -> None:
    """9.1: a new factory step costs 1 PP "from the same or another city": a city whose
    factories are all 0 PP has nothing of its own to pay with, and another city pays."""
    state = empty_game(factories=True)
    poor, rich = _cities(state, BLUE, lambda i: i.city >= 2)[:2]
    idle = put(state, BLUE, "FCA", poor, 1)  # its city's only factory, at 0 PP
    paying = put(state, BLUE, "FCG", rich, 2)  # 1 PP of ground
    _production(state)
    left = _frame(state)["left"][BLUE]
    assert left.get(poor, 0) == 0 and left[rich] == 1
    legal = state.legal_actions(BLUE)
    assert ("add_step", idle) not in legal  # its own city has no PP
    assert ("add_step", idle, rich) in legal
    state.apply(BLUE, ("add_step", idle, rich))
    assert state.data["blocks"][idle]["steps"] == 2
    assert _frame(state)["left"][BLUE][rich] == 0
    assert _frame(state)["arms"][BLUE][rich] == {"ground": 0}
    assert state.data["blocks"][paying]["steps"] == 2  # the paying factory itself is untouched
    assert not [a for a in state.legal_actions(BLUE) if a[0] == "add_step"]  # no PP left anywhere


@pytest.mark.rules("9.1")
def test_9_1_an_idle_city_may_exchange_a_factory_for_a_0_pp_one_of_another_type() -> None:
    state = empty_game(factories=True)
    city = _city(state, BLUE, lambda i: not i.port)
    factory = put(state, BLUE, "FCG", city, 2)
    _production(state)
    legal = state.legal_actions(BLUE)
    assert ("exchange", factory, "FCA") in legal
    assert ("exchange", factory, "FCN") not in legal  # naval factories only in ports
    state.apply(BLUE, ("exchange", factory, "FCA"))
    block = state.data["blocks"][factory]
    assert (block["type"], block["steps"]) == ("FCA", 1)
    assert _frame(state)["left"][BLUE][city] == 0  # no production there this phase
    spent = empty_game(factories=True)
    other = put(spent, BLUE, "FCG", city, 2)
    _production(spent)
    spent.apply(BLUE, ("build", city, "IN"))
    assert not [a for a in spent.legal_actions(BLUE) if a[0] == "exchange" and a[1] == other]


@pytest.mark.rules("9.1")
def test_9_1_a_factory_alone_is_captured_at_its_strength_without_a_battle() -> None:
    state = empty_game(factories=True)
    city = _city(state, BLUE)
    factory = put(state, BLUE, "FCG", city, 3)
    land = next(n for n in neighbours(state, city) if gmap(state.data).hexes[n].land_terrain)
    raider = put(state, RED, "IN", land, 4)
    start(state, "move", role=RED)
    attack = next(a for a in state.legal_actions(RED) if a[:3] == ("attack", raider, city))
    state.apply(RED, attack)
    block = state.data["blocks"][factory]
    assert (block["owner"], block["steps"]) == (RED, 3)
    assert city not in state.data["battles"]


@pytest.mark.rules("9.1")
def test_9_1_a_factory_beside_its_owners_units_is_fought_for_and_keeps_its_0_pp_step() -> None:
    state = empty_game(factories=True)
    city = _city(state, BLUE)
    low = put(state, BLUE, "FCG", city, 1)
    high = put(state, BLUE, "FCA", city, 2)
    guard = put(state, BLUE, "IN", city, 1)
    land = next(n for n in neighbours(state, city) if gmap(state.data).hexes[n].land_terrain)
    raider = put(state, RED, "IN", land, 4)
    start(state, "move", role=RED)
    attack = next(a for a in state.legal_actions(RED) if a[:3] == ("attack", raider, city))
    state.apply(RED, attack)
    assert city in state.data["battles"]  # its owner's infantry stands with it
    frame = {"hex": city, "role": BLUE, "group": "G", "only": None, "immune": False}
    pool = candidates(state.data, frame)
    assert high in pool and guard in pool and low not in pool


@pytest.mark.rules("L1.5")
@pytest.mark.parametrize("sheet", [False, True])
def test_l1_5_the_sheet_repairs_a_damaged_factory_by_a_step_each_production(sheet: bool) -> None:
    state = empty_game(factories=True, logistics_sheet=sheet)
    city = _city(state, BLUE)
    factory = put(state, BLUE, "FCG", city, 1)  # 0 PP in a city worth more
    _production(state)
    state.apply(BLUE, ("done",))
    state.apply(RED, ("done",))
    assert state.data["blocks"][factory]["steps"] == (2 if sheet else 1)


@pytest.mark.rules("L1.6", "L1.7", "L1.8")
def test_l1_6_to_l1_8_building_options_let_other_factories_build_some_units() -> None:
    assert paying_arms("EN", False, False, False) == ("ground",)
    assert set(paying_arms("EN", True, False, False)) == {"ground", "naval", "air"}  # L1.6
    assert paying_arms("AB", False, True, False) == ("ground", "air")  # L1.7
    assert paying_arms("MA", False, False, True) == ("ground", "naval")  # L1.8
    assert paying_arms("IN", True, True, True) == ("ground",)
    state = empty_game(factories=True, airborne_building=True)
    city = _city(state, BLUE)
    put(state, BLUE, "FCA", city, 3)  # 2 PP of air only
    _production(state)
    legal = state.legal_actions(BLUE)
    assert ("build", city, "AB") in legal and ("build", city, "IN") not in legal


@pytest.mark.rules("9.1", "S1.1")
def test_s1_1_the_atom_bomb_needs_a_3_pp_air_factory() -> None:
    state = empty_game(factories=True, stretch_units=True)
    city = _city(state, BLUE, lambda i: i.city >= 3)
    put(state, BLUE, "FCA", city, 3)  # 2 PP
    put(state, BLUE, "FCG", city, 2)
    _production(state)
    assert ("build", city, "ATB") not in state.legal_actions(BLUE)
    strong = empty_game(factories=True, stretch_units=True)
    put(strong, BLUE, "FCA", city, 4)  # 3 PP
    _production(strong)
    assert ("build", city, "ATB") in strong.legal_actions(BLUE)


@pytest.mark.rules("9.1", "L1.5", "L1.6", "L1.7", "L1.8")
def test_factory_games_keep_the_contract() -> None:
    options = {
        "turn_limit": 3,
        "factories": True,
        "logistics_sheet": True,
        "engineer_building": True,
        "airborne_building": True,
        "marine_building": True,
    }
    report = check_ruleset(RULESET, scenarios=["quick-start"], games=1, seed=4, options_list=[options])
    assert report.games == 1


def _deployed(seed: int, scenario: str = "quick-start", **options: Any) -> VictoryState:
    """A factories game whose blocks are all deployed: the allocation of 9.1 is next."""
    return deployed(seed, scenario, factories=True, **options)


def _factories_of(state: VictoryState, role: str) -> list[tuple[str, str, int]]:
    blocks = state.data["blocks"].values()
    mine = [b for b in blocks if b["owner"] == role and is_factory(b)]
    return sorted((b["at"], b["type"], b["steps"] - 1) for b in mine)


@pytest.mark.rules("9.1")
def test_9_1_each_player_allocates_his_factories_at_set_up_in_secret() -> None:
    state = _deployed(2)
    assert state.data["phase"] == "factories"
    assert sorted(state.active_roles()) == [BLUE, RED]  # simultaneous, as deployment
    the_map = gmap(state.data)
    legal = state.legal_actions(BLUE)
    assert ("default_factories",) in legal
    for _, city, type_id, pp in (a for a in legal if a[0] == "factory"):
        assert 1 <= pp <= min(3, the_map.hexes[city].city)  # a block is worth 0-3 PP
        assert type_id != "FCN" or the_map.hexes[city].port  # naval only in ports
    port = next(h for h in _cities(state, BLUE, lambda i: i.port and i.city >= 2))
    value = the_map.hexes[port].city
    seen_by_red = len(state.view(RED)["board"]["blocks"])
    state.apply(BLUE, ("factory", port, "FCN", value - 1))
    state.apply(BLUE, ("factory", port, "FCA", 1))
    assert ("factory", port, "FCG", 1) not in state.legal_actions(BLUE)  # the city is full
    assert len(state.view(RED)["board"]["blocks"]) == seen_by_red  # not even listed yet
    state.apply(BLUE, ("default_factories",))
    assert BLUE not in state.active_roles() and RED in state.active_roles()
    mine = _factories_of(state, BLUE)
    assert (port, "FCN", value - 1) in mine and (port, "FCA", 1) in mine
    for city in _cities(state, BLUE):  # every city's factories total its value
        assert sum(pp for at, _, pp in mine if at == city) == the_map.hexes[city].city
    state.apply(RED, ("default_factories",))
    assert state.data["phase"] != "factories"
    shown = [e for e in state.view(RED)["board"]["blocks"] if e["side"] == BLUE and e["at"] == port]
    assert len(shown) >= 2 and all(set(e) == {"side", "at", "hidden"} for e in shown)  # blocks, face down


@pytest.mark.rules("9.1")
def test_9_1_the_default_allocation_is_the_standing_one_and_bad_choices_are_refused() -> None:
    state = _deployed(3)
    city = _city(state, RED)
    value = int(gmap(state.data).hexes[city].city)
    before = json.dumps(state.data, sort_keys=True)
    bad_choices = [("factory", city, "FCG", value + 1), ("factory", city, "FCX", 1), ("factory", "x", "FCG")]
    for bad in bad_choices:
        with pytest.raises(IllegalAction):
            state.apply(RED, bad)
    assert json.dumps(state.data, sort_keys=True) == before  # an illegal action changes nothing
    state.apply(RED, ("default_factories",))
    assert _factories_of(state, RED) == sorted(allocation(state.data, RED, _cities(state, RED)))


@pytest.mark.rules("9.1", "10.4", "10.5")
@pytest.mark.parametrize(("scenario", "players"), [("commanders", 8), ("two-front", 3)])
def test_9_1_the_allocation_keeps_the_contract_with_seats_and_allies(scenario: str, players: int) -> None:
    options = {"turn_limit": 2, "factories": True, "players": players}
    report = check_ruleset(RULESET, scenarios=[scenario], games=1, seed=2, options_list=[options])
    assert report.games == 1


@pytest.mark.rules("9.1", "10.5")
def test_9_1_the_production_seat_allocates_a_commanders_sides_factories() -> None:
    state = _deployed(1, "commanders", players=8)
    assert state.data["phase"] == "factories"
    assert sorted(state.active_roles()) == ["blue-politician", "red-politician"]


@pytest.mark.rules("9.1")
def test_9_1_the_heuristic_allocates_ground_factories_it_will_use() -> None:
    state = _deployed(4)
    ai = VictoryHeuristic(4)
    while BLUE in state.active_roles():
        state.apply(BLUE, ai.act(state.view(BLUE), state.legal_actions(BLUE)))
    mine = _factories_of(state, BLUE)
    assert {t for _, t, _ in mine} == {"FCG"}  # it raises ground units (ai.BUILD_PREFERENCE)
    assert sum(pp for _, _, pp in mine) == 10


@pytest.mark.rules("9.1", "4.3")
def test_9_1_a_resource_converts_in_factories_by_their_types_the_rulebooks_example() -> None:
    # 9.1's example: a 3 PP city with a Naval 2 and an Air 1 factory; a Resource 2
    # block there converts to Naval +4 and Air +2, for Naval 6 PP and Air 3 PP
    state = empty_game(factories=True)
    city = _city(state, RED, lambda i: i.port and i.city == 3)
    put(state, RED, "FCN", city, 3)  # 2 PP
    put(state, RED, "FCA", city, 2)  # 1 PP
    resource = put(state, RED, "RE", city, 2)
    put(state, RED, "IN", city, 4)
    _production(state)
    frame = _frame(state)
    assert frame["arms"][RED][city] == {"naval": 2, "air": 1}
    assert ("convert", resource) in state.legal_actions(RED)
    state.apply(RED, ("convert", resource))
    assert frame["arms"][RED][city] == {"naval": 6, "air": 3}
    assert frame["left"][RED][city] == 9
    assert resource not in state.data["blocks"]  # the block is used up
    assert not [a for a in state.legal_actions(RED) if a[0] == "build" and a[2] == "IN"]  # no ground PP


@pytest.mark.rules("4.3")
def test_4_3_without_factories_a_resource_yields_its_steps_times_the_city_value() -> None:
    state = empty_game()
    city = _city(state, RED, lambda i: i.city == 3)
    resource = put(state, RED, "RE", city, 4)
    put(state, RED, "IN", city, 4)
    _production(state)
    assert _frame(state)["left"][RED][city] == 3
    state.apply(RED, ("convert", resource))
    assert _frame(state)["left"][RED][city] == 3 + 12  # 4.3's example: Resource 4 in a 3 city
