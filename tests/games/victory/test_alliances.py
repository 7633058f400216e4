"""Three and four players (2.0 [3], 5.2 note, 5.4, 5.41, 5.8, 10.4): the side relation
of sides.py and what an alliance changes in movement, control, battles, retreats,
supply, victory and the views. Dice are forced through the game's RNG."""

from __future__ import annotations

import random
from typing import Any

import pytest
from victory_positions import act, actor, battle, hexes, neighbours, put, side, start

from grognard.core.errors import BadOptions
from grognard.games.victory import RULESET, VictoryState
from grognard.games.victory.ai import VictoryHeuristic
from grognard.games.victory.city_pp import controlled_pp
from grognard.games.victory.control import controller, gmap, occupancy
from grognard.games.victory.retreats import retreat_targets
from grognard.games.victory.sides import allied, is_enemy, may_offer, offer, teams_of
from grognard.games.victory.supply_map import supply_map
from grognard.games.victory.victory import check_victory
from grognard.testing import check_ruleset

BLUE, RED, GREEN, YELLOW = "blue", "red", "green", "yellow"
PLAIN = {"river", "alpine", "road", "canal", "bridge", "shoal"}


def _game(scenario: str, players: int, order: list[str], **options: Any) -> VictoryState:
    state = RULESET.new_game(scenario, {"players": players, **options}, 0)
    assert isinstance(state, VictoryState)
    state.data["blocks"].clear()
    state.data["phase"] = "move"
    state.data["order"] = order
    return state


def two_front(order: tuple[str, ...] = (RED, GREEN, BLUE)) -> VictoryState:
    """10.4 for three: blue on the centre map, red and green (allies) on the outer ones."""
    return _game("two-front", 3, list(order))


def four_players() -> VictoryState:
    """10.1 on four maps, four players each for himself."""
    return _game("quick-start", 4, [BLUE, RED, GREEN, YELLOW])


def _field(state: VictoryState) -> tuple[str, str, str]:
    """(from, from, battle hex): a clear hex without city or town, entered from two
    clear hexes across plain hexsides."""
    the_map = gmap(state.data)
    for b in hexes(state, lambda i: i.terrain == "clear" and not i.city and not i.town):
        ways = [
            a
            for a in neighbours(state, b)
            if the_map.hexes[a].terrain == "clear"
            and not the_map.hexes[a].city
            and not the_map.hexes[a].town
            and not side(state, a, b) & PLAIN
        ]
        if len(ways) >= 2:
            return ways[0], ways[1], b
    raise AssertionError("no battlefield")


def _moves(state: VictoryState, role: str) -> None:
    start(state, "move", role=role)


# ----- set-up --------------------------------------------------------------------------


def _units(data: dict[str, Any], role: str) -> int:
    """A player's units, his starting resource block (4.3) aside."""
    return sum(1 for b in data["blocks"].values() if b["owner"] == role and b["type"] != "RE")


@pytest.mark.rules("10.4", "2.0")
def test_10_4_three_players_two_allies_hold_the_outer_maps_with_ten_units_each() -> None:
    state = RULESET.new_game("two-front", {"players": 3}, 1)
    data = state.data
    assert data["roles"] == [BLUE, RED, GREEN]
    assert data["teams"] == {BLUE: "A", RED: "B", GREEN: "B"}
    assert sorted(data["homes"].items()) == [("A", BLUE), ("B", RED), ("D", GREEN)]
    counts = {r: _units(data, r) for r in data["roles"]}
    assert counts == {BLUE: 20, RED: 10, GREEN: 10}
    assert data["target_pp"] == {BLUE: 20, RED: 25, GREEN: 25}
    assert allied(data, RED, GREEN) and is_enemy(data, RED, BLUE) and is_enemy(data, BLUE, GREEN)


@pytest.mark.rules("10.1", "10.0", "2.0")
def test_10_1_four_players_on_four_maps_each_hold_a_map_and_twenty_units() -> None:
    state = RULESET.new_game("quick-start", {"players": 4}, 2)
    data = state.data
    assert data["roles"] == [BLUE, RED, GREEN, YELLOW]
    assert data["map"].startswith("4map:")
    # one board each, seated clockwise round the square (2.0 [2]): A top left, B top
    # right, D bottom right, C bottom left
    assert data["map"] == "4map:A0,B3,C0,D3"
    assert data["homes"] == {"A": BLUE, "B": RED, "D": GREEN, "C": YELLOW}
    assert all(data["target_pp"][r] == 30 for r in data["roles"])  # 10.0: 30 PP on four maps
    counts = {r: _units(data, r) for r in data["roles"]}
    assert set(counts.values()) == {20}  # and each his resource block (4.3)
    assert "teams" not in data  # free for all until a pact
    with pytest.raises(BadOptions, match="map_choice"):
        RULESET.new_game("quick-start", {"players": 4, "map_choice": True}, 0)


def test_the_lobby_offers_the_new_player_counts() -> None:
    counts = {s.id: s.players for s in RULESET.scenarios}
    assert counts["quick-start"] == (2, 4) and counts["two-front"] == (2, 3)


# ----- the side relation ----------------------------------------------------------------


@pytest.mark.rules("2.0")
def test_2_0_alliances_are_offered_in_the_move_phase_and_hold_when_both_offered() -> None:
    state = four_players()
    data = state.data
    _moves(state, BLUE)
    offers = {a for a in state.legal_actions(BLUE) if a[0] == "ally"}
    assert offers == {("ally", RED), ("ally", GREEN), ("ally", YELLOW)}
    act(state, "ally", GREEN)
    assert is_enemy(data, BLUE, GREEN)  # one offer is no alliance
    assert ("ally", GREEN) not in state.legal_actions(BLUE)  # an offer is made once
    assert offer(data, GREEN, BLUE)  # green answers
    assert allied(data, BLUE, GREEN) and allied(data, GREEN, BLUE)
    # alliances are pairs: neither may now offer anyone else, nor be offered
    assert may_offer(data, BLUE, data["roles"]) == []
    assert may_offer(data, RED, data["roles"]) == [YELLOW]
    assert teams_of(data, {BLUE, GREEN, RED}) == 2


def test_scenario_teams_have_no_alliance_actions() -> None:
    state = two_front()
    _moves(state, RED)
    assert not [a for a in state.legal_actions(RED) if a[0] == "ally"]


# ----- movement and control ---------------------------------------------------------------


@pytest.mark.rules("5.4", "5.0", "5.2")
def test_5_4_an_allys_hex_is_entered_peacefully_and_keeps_its_controller() -> None:
    state = two_front()
    a, _, b = _field(state)
    mover = put(state, RED, "IN", a, 4)
    host = put(state, GREEN, "IN", b, 4)
    _moves(state, RED)
    legal = state.legal_actions(RED)
    assert ("move", mover, b) in legal  # not an attack: no battle with an ally
    assert not [x for x in legal if x[0] == "attack" and x[2] == b]
    act(state, "move", mover, b)
    assert b not in state.data["battles"]
    data = state.data
    occ = occupancy(data)
    assert occ[b] == sorted([mover, host])
    assert controller(data, occ, b) in (RED, GREEN)  # a shared hex is no battle hex
    # 5.2: stacking stays per player
    for _ in range(3):
        put(state, GREEN, "IN", b, 1)
    extra = put(state, RED, "IN", a, 4)
    _moves(state, RED)
    assert ("move", extra, b) in state.legal_actions(RED)


@pytest.mark.rules("5.4")
def test_5_4_an_allys_city_stays_his_when_his_partner_stands_in_it() -> None:
    state = two_front()
    data = state.data
    the_map = gmap(data)
    city = next(h for h, i in the_map.hexes.items() if i.city and data["homes"].get(i.board) == GREEN)
    put(state, RED, "IN", city, 4)
    assert controller(data, occupancy(data), city) == GREEN  # red stands in it, green keeps it
    put(state, GREEN, "IN", city, 2)
    assert controller(data, occupancy(data), city) == GREEN  # our reading: the home player first
    put(state, BLUE, "IN", city, 1)
    assert controller(data, occupancy(data), city) is None  # 5.4: a battle hex is nobody's


@pytest.mark.rules("5.4", "10.4", "8.1")
@pytest.mark.parametrize("players", [3, 4])
def test_5_4_a_partner_walking_into_an_allys_vacant_city_takes_nothing(players: int) -> None:
    state = two_front() if players == 3 else four_players()
    data = state.data
    if players == 4:
        offer(data, GREEN, RED)
        offer(data, RED, GREEN)
    the_map = gmap(data)
    city = max(
        (h for h, i in the_map.hexes.items() if i.city and data["homes"].get(i.board) == RED),
        key=lambda h: the_map.hexes[h].city,
    )
    before = {r: controlled_pp(data, occupancy(data), r) for r in (RED, GREEN)}
    near = next(n for n in neighbours(state, city) if the_map.hexes[n].land_terrain)
    walker = put(state, GREEN, "IN", near, 4)
    data["order"] = [GREEN, RED, BLUE] + ([YELLOW] if players == 4 else [])
    _moves(state, GREEN)
    act(state, "move", walker, city)
    occ = occupancy(data)
    assert controller(data, occ, city) == RED  # allies never take a city from each other
    assert {r: controlled_pp(data, occ, r) for r in (RED, GREEN)} == before


@pytest.mark.rules("2.0", "5.2")
def test_2_0_a_third_player_may_not_enter_a_battle_of_two_others_unless_allied() -> None:
    state = four_players()
    data = state.data
    a, c, b = _field(state)
    put(state, RED, "IN", b, 4)
    put(state, BLUE, "IN", b, 4, moved=True, entered=a)
    data["battles"][b] = {"attacker": BLUE, "defender": RED}
    joiner = put(state, GREEN, "IN", c, 4)
    _moves(state, GREEN)
    assert not [x for x in state.legal_actions(GREEN) if x[0] == "attack" and x[2] == b]
    assert ("move", joiner, b) not in state.legal_actions(GREEN)
    offer(data, GREEN, BLUE)
    offer(data, BLUE, GREEN)  # green declares for the attacker
    _moves(state, GREEN)
    assert ("attack", joiner, b, c) in state.legal_actions(GREEN)
    act(state, "attack", joiner, b, c)
    assert data["blocks"][joiner]["reserve"]  # 5.8: joining a battle begun earlier
    assert data["battles"][b]["attacker"] == BLUE  # he takes the attacker's priority


# ----- battles with allies ------------------------------------------------------------------


def _allied_attack(state: VictoryState, one_hexside: bool = False) -> tuple[str, str, str, str]:
    """Red attacks blue across a|b, then green, red's ally, across c|b (or a|b too);
    the move phase stops before blue's turn."""
    a, c, b = _field(state)
    if one_hexside:
        c = a
    defender = put(state, BLUE, "IN", b, 4)
    red = put(state, RED, "IN", a, 4)
    green = put(state, GREEN, "IN", c, 3 if c != a else 4)
    _moves(state, RED)
    act(state, "attack", red, b, a)
    act(state, "end_moves")
    act(state, "attack", green, b, c)
    act(state, "end_moves")
    return b, defender, red, green


@pytest.mark.rules("2.0", "5.8", "6.1", "6.46")
def test_2_0_an_ally_fights_on_his_partners_side_and_arrives_in_round_2() -> None:
    state = two_front()
    _, defender, red, green = _allied_attack(state)
    act(state, "end_moves")  # blue: the combat phase begins with the one battle
    frame = battle(state)
    assert (frame["attacker"], frame["defender"]) == (RED, BLUE)
    assert set(frame["players"]) == {RED, GREEN, BLUE}
    assert state.data["blocks"][green]["reserve"]
    # round 1: blue (defender first on E) fires; only red's block is there to hit
    assert frame["current"] == defender
    state.rng.force([1, 1, 6, 6])
    act(state, "fire", defender, "G")
    assert state.data["blocks"][red]["steps"] == 2
    state.rng.force([6, 6])
    act(state, "fire", red, "G")
    # round 2: green's block arrives, face up to all three players of the battle
    assert battle(state)["round"] == 2
    assert not state.data["blocks"][green].get("reserve")
    for role in (RED, GREEN, BLUE):
        shown = {e.get("id") for e in state.view(role)["board"]["blocks"]}
        assert {defender, red, green} <= shown
    # 6.46: blue's hit goes on the strongest block of the side, the ally's 3 steps
    state.rng.force([1, 6, 6, 6])
    act(state, "fire", defender, "G")
    assert state.data["blocks"][green]["steps"] == 2 and state.data["blocks"][red]["steps"] == 2
    # green fires in his own turn, at blue
    assert actor(state) in (RED, GREEN)
    sides = state.view(BLUE)["board"]["battle"]["sides"]
    assert {e.get("id") for e in sides[RED]} == {red, green}  # listed on red's side


@pytest.mark.rules("2.0", "6.3")
def test_2_0_the_allies_win_the_battle_together() -> None:
    state = two_front()
    b, defender, red, green = _allied_attack(state)
    act(state, "end_moves")
    state.rng.force([6, 6, 6, 6])
    act(state, "fire", defender, "G")
    state.rng.force([1, 1, 6, 6])
    act(state, "fire", red, "G")
    state.rng.force([6, 6])
    act(state, "fire", defender, "G")
    state.rng.force([1, 1, 1, 1])
    while "battle" in [f["state"] for f in state.data["flow"]] and defender in state.data["blocks"]:
        who = actor(state)
        legal = state.legal_actions(who)
        fire = [x for x in legal if x[0] == "fire"]
        state.rng.force([1] * 4 if who != BLUE else [6] * 4)
        state.apply(who, fire[0] if fire else legal[0])
    assert defender not in state.data["blocks"]
    data = state.data
    assert b not in data["battles"]
    assert {data["blocks"][red]["at"], data["blocks"][green]["at"]} == {b}
    assert controller(data, occupancy(data), b) in (RED, GREEN)


@pytest.mark.rules("5.41", "6.51")
def test_5_41_the_last_player_to_enter_across_a_hexside_controls_it_for_retreats() -> None:
    state = two_front()
    b, defender, red, green = _allied_attack(state, one_hexside=True)  # green enters later
    a = state.data["blocks"][red]["entered"]
    assert state.data["battles"][b]["hexsides"] == {a: GREEN}
    act(state, "end_moves")
    frame = battle(state)
    assert frame["hexsides"] == {a: GREEN}
    state.rng.force([6, 6, 6, 6])
    act(state, "fire", defender, "G")
    assert frame["current"] == red
    retreats = {x[2] for x in state.legal_actions(RED) if x[0] == "retreat"}
    assert a not in retreats  # 5.41: red no longer holds that hexside
    # the defender may not cross a hexside an enemy holds either
    assert a not in retreat_targets(state.data, frame, defender)
    green_may = retreat_targets(state.data, frame, green)
    assert a in green_may  # green, the last to enter, may retreat across it


@pytest.mark.rules("5.41")
def test_5_41_a_defenders_response_across_an_attackers_hexside_takes_it() -> None:
    state = two_front(order=(BLUE, RED, GREEN))
    a, c, b = _field(state)
    defender = put(state, RED, "IN", b, 4)
    attacker = put(state, BLUE, "IN", a, 4)
    responder = put(state, RED, "IN", c, 4)
    _moves(state, BLUE)
    act(state, "attack", attacker, b, a)
    act(state, "end_moves")
    # red's response comes across c|b; blue entered across a|b only
    act(state, "attack", responder, b, c)
    record = state.data["battles"][b]
    assert record["hexsides"] == {a: BLUE, c: RED}
    assert defender in state.data["blocks"]


# ----- supply and victory --------------------------------------------------------------------


@pytest.mark.rules("7.0", "7.2", "7.3", "2.0")
def test_7_0_allied_cities_are_supply_bases_and_allied_hexes_carry_lines() -> None:
    state = two_front()
    data = state.data
    the_map = gmap(data)
    green_cities = [h for h, i in the_map.hexes.items() if i.city and data["homes"].get(i.board) == GREEN]
    supplied = supply_map(data)
    # green's cities are bases for red too, and the roads through green's map carry his lines
    for city in green_cities:
        assert city in supplied[GREEN]
        assert city in supplied[RED]
    data["teams"] = {}  # the same board without the alliance: green's map is enemy land to red
    alone = supply_map(data)
    assert any(city not in alone[RED] for city in green_cities)


@pytest.mark.rules("10.4", "10.0")
def test_10_4_the_allies_add_their_cities_and_win_together() -> None:
    state = two_front()
    data = state.data
    the_map = gmap(data)
    blue_cities = sorted(
        (h for h, i in the_map.hexes.items() if i.city and data["homes"].get(i.board) == BLUE),
        key=lambda h: -the_map.hexes[h].city,
    )
    data["turn_limit"] = 0
    assert not check_victory(state)  # 10 + 10 PP: below 25
    put(state, RED, "IN", blue_cities[0], 4)  # the centre map's biggest city
    assert not check_victory(state)
    assert data["pp"][RED] == 10 + the_map.hexes[blue_cities[0]].city and data["pp"][GREEN] == 10
    for city in blue_cities[1:]:
        put(state, GREEN, "IN", city, 4)
    assert check_victory(state)  # neither alone has 25 PP; together they have 30
    assert data["pp"][RED] < 25 and data["pp"][GREEN] < 25
    assert data["result"] == {BLUE: 0.0, RED: 1.0, GREEN: 1.0}


@pytest.mark.rules("10.0", "2.0")
def test_10_0_allies_by_pact_still_win_alone() -> None:
    state = four_players()
    data = state.data
    offer(data, BLUE, GREEN)
    offer(data, GREEN, BLUE)
    data["turn_limit"] = 0
    the_map = gmap(data)
    red_cities = [h for h, i in the_map.hexes.items() if i.city and data["homes"].get(i.board) == RED]
    for city in red_cities:
        put(state, BLUE, "IN", city, 4)
    yellow = [h for h, i in the_map.hexes.items() if i.city and data["homes"].get(i.board) == YELLOW]
    for city in yellow:
        put(state, BLUE, "IN", city, 4)
    assert check_victory(state)
    assert data["result"] == {BLUE: 1.0, RED: 0.0, GREEN: 0.0, YELLOW: 0.0}


# ----- hidden information and whole games ------------------------------------------------


@pytest.mark.rules("6.1")
def test_6_1_allies_do_not_see_each_others_blocks() -> None:
    state = RULESET.new_game("two-front", {"players": 3}, 3)
    agents = random.Random(3)
    while state.data["phase"] in ("deploy", "purchase"):
        role = agents.choice(state.active_roles())
        state.apply(role, agents.choice(state.legal_actions(role)))
    view = state.view(RED)["board"]
    greens = [e for e in view["blocks"] if e["side"] == GREEN]
    assert greens and all(e.get("hidden") for e in greens)
    assert view["allies"][RED] == [GREEN]
    assert {b for b, x in state.data["blocks"].items() if x["owner"] == GREEN} <= state.hidden_tokens(RED)


@pytest.mark.parametrize(("scenario", "players"), [("two-front", 3), ("quick-start", 4)])
def test_the_heuristic_plays_every_seat_and_never_attacks_an_ally(scenario: str, players: int) -> None:
    state = RULESET.new_game(scenario, {"players": players, "turn_limit": 2}, 5)
    agents = {r: VictoryHeuristic(i) for i, r in enumerate(state.data["roles"])}
    steps = attacks = 0
    while not state.is_over() and steps < 4000:
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        action = agents[role].act(state.view(role), legal)
        if action[0] == "attack":  # 2.0 [3]: an attack is always on an enemy
            owners = {x["owner"] for x in state.data["blocks"].values() if x["at"] == action[2]}
            assert any(is_enemy(state.data, role, o) for o in owners)
            attacks += 1
        state.apply(role, action)
        steps += 1
    assert state.is_over() and attacks > 0


def test_check_ruleset_on_the_three_and_four_player_setups() -> None:
    for scenario, players in (("two-front", 3), ("quick-start", 4)):
        report = check_ruleset(
            RULESET,
            scenarios=[scenario],
            games=1,
            seed=11,
            options_list=[{"players": players, "turn_limit": 2}],
        )
        assert report.games == 1 and report.actions > 0


def test_samples_keep_the_faces_of_aircraft_landing_after_a_battle() -> None:
    """A game in which red's aircraft, unseen by blue, land after a battle: a sample for
    blue once dealt them (or red's carriers) other types, and with them other landing
    places, so that the sample had another player to act (found by check_ruleset)."""
    options = {
        "players": 3,
        "turn_limit": 3,
        "bought_forces": True,
        "stretch_units": True,
        "fog_deploy": True,
    }
    report = check_ruleset(RULESET, scenarios=["two-front"], games=1, seed=21, options_list=[options])
    assert report.games == 1 and report.actions > 400
