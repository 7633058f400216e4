"""Airfields (9.6, L1.1) and mulberries (9.7, L1.2) built by engineers (or marines)
in the production phase, with the `logistics` option; their capture and the storm."""

from __future__ import annotations

import pytest
from victory_positions import BLUE, RED, empty_game, hexes, home_board, neighbours, put, start

from grognard.games.victory import VictoryState
from grognard.games.victory.control import friendly_airbases, gmap, hex_distance, occupancy
from grognard.games.victory.seatransport import capacity
from grognard.games.victory.storms import batter_mulberries
from grognard.games.victory.supply_map import supplied


def _production(state: VictoryState) -> None:
    state.data["phase"] = "production"
    start(state, "production", done=[], left=None)


def _next_turn(state: VictoryState) -> None:
    state.data["turn"] += 1


def _field_site(state: VictoryState) -> str:
    board = home_board(state, BLUE)
    return hexes(state, lambda i: i.terrain == "clear" and not i.city and not i.town and i.board == board)[0]


@pytest.mark.rules("9.6", "L1.1")
def test_9_6_an_engineer_step_makes_a_minor_airfield_holding_one_air_unit() -> None:
    state = empty_game(logistics=True)
    site = _field_site(state)
    engineer = put(state, BLUE, "EN", site, 3)
    city = next(h for h in hexes(state, lambda i: i.city > 0) if hex_distance(h, site) <= 3)
    _production(state)
    assert ("airfield", engineer) in state.legal_actions(BLUE)
    state.apply(BLUE, ("airfield", engineer))
    assert state.data["airfields"][site] == {"owner": BLUE, "major": False, "since": state.data["turn"]}
    assert state.data["blocks"][engineer]["steps"] == 2
    occ = occupancy(state.data)
    assert site not in friendly_airbases(state.data, occ, BLUE, city, 3)  # from the next turn
    _next_turn(state)
    assert site in friendly_airbases(state.data, occ, BLUE, city, 3)
    put(state, BLUE, "FA", site, 4)
    assert site not in friendly_airbases(state.data, occupancy(state.data), BLUE, city, 3)  # full
    assert site not in friendly_airbases(state.data, occupancy(state.data), RED, city, 3)
    view = state.view(RED)["board"]
    assert view["airfields"] == [{"at": site, "owner": BLUE, "major": False, "since": 1}]


@pytest.mark.rules("9.6")
def test_9_6_a_second_step_makes_it_major_for_two_air_units_never_in_a_city() -> None:
    state = empty_game(logistics=True)
    site = _field_site(state)
    engineer = put(state, BLUE, "EN", site, 3)
    city = hexes(state, lambda i: i.city > 0 and i.board == home_board(state, BLUE))[0]
    in_city = put(state, BLUE, "EN", city, 3)
    state.data["airfields"] = {site: {"owner": BLUE, "major": False, "since": 0}}
    put(state, BLUE, "FA", site, 4)
    _production(state)
    legal = state.legal_actions(BLUE)
    assert ("airfield", in_city) not in legal  # 9.6: not in cities or towns
    state.apply(BLUE, ("airfield", engineer))
    assert state.data["airfields"][site]["major"]
    origin = next(h for h in hexes(state, lambda i: i.city > 0) if hex_distance(h, site) <= 3)
    assert site in friendly_airbases(state.data, occupancy(state.data), BLUE, origin, 3)  # room for a second
    assert ("airfield", engineer) not in state.legal_actions(BLUE)  # major is as big as it gets


@pytest.mark.rules("9.6")
def test_9_6_no_airfields_without_the_logistics_option() -> None:
    state = empty_game()
    engineer = put(state, BLUE, "EN", _field_site(state), 3)
    _production(state)
    assert ("airfield", engineer) not in state.legal_actions(BLUE)


@pytest.mark.rules("9.6")
def test_9_6_an_airfield_is_captured_by_enemy_ground_units_and_serves_them_next_turn() -> None:
    state = empty_game(logistics=True)
    site = _field_site(state)
    state.data["airfields"] = {site: {"owner": BLUE, "major": True, "since": 0}}
    start_hex = next(n for n in neighbours(state, site) if gmap(state.data).hexes[n].land_terrain)
    raider = put(state, RED, "IN", start_hex, 4)
    start(state, "move", role=RED)
    state.apply(RED, ("move", raider, site))
    field = state.data["airfields"][site]
    assert field["owner"] == RED and field["since"] == state.data["turn"]
    far = next(h for h in hexes(state, lambda i: i.city > 0) if hex_distance(h, site) <= 3)
    assert site not in friendly_airbases(state.data, occupancy(state.data), RED, far, 3)
    _next_turn(state)
    assert site in friendly_airbases(state.data, occupancy(state.data), RED, far, 3)


def _beach(state: VictoryState, role: str) -> list[str]:
    board = home_board(state, role)
    return hexes(state, lambda i: i.terrain == "coastal" and not i.port and i.board == board)


@pytest.mark.rules("9.7", "5.92")
def test_9_7_an_engineer_makes_a_mulberry_a_port_of_capacity_two() -> None:
    state = empty_game(logistics=True)
    beach = _beach(state, BLUE)[0]
    engineer = put(state, BLUE, "EN", beach, 3)
    _production(state)
    state.apply(BLUE, ("mulberry", engineer))
    assert state.data["mulberries"] == {beach: {"owner": BLUE, "since": state.data["turn"]}}
    assert ("mulberry", engineer) not in state.legal_actions(BLUE)  # one per hex
    assert capacity(state.data, occupancy(state.data), beach, BLUE) == 0  # from the next turn
    _next_turn(state)
    assert capacity(state.data, occupancy(state.data), beach, BLUE) == 2
    assert capacity(state.data, occupancy(state.data), beach, RED) == 0


@pytest.mark.rules("9.7", "7.4")
def test_9_7_a_mulberry_takes_sea_supply_to_a_far_shore() -> None:
    state = empty_game(logistics=True)
    shores = _beach(state, RED)
    blue_ports = hexes(state, lambda i: bool(i.port) and i.board == home_board(state, BLUE))
    for h in blue_ports:
        put(state, BLUE, "IN", h, 4)  # hold every blue port
    linked = []
    for beach in shores:
        builder = put(state, BLUE, "EN", beach, 3)
        if beach not in supplied(state.data, BLUE):  # a shore out of blue's supply...
            state.data["mulberries"] = {beach: {"owner": BLUE, "since": 0}}
            linked.append(beach in supplied(state.data, BLUE))
            state.data["mulberries"] = {beach: {"owner": BLUE, "since": 0, "down": state.data["turn"]}}
            assert beach not in supplied(state.data, BLUE)  # a mulberry out of action supplies nothing
            state.data["mulberries"] = {}
        del state.data["blocks"][builder]
    assert linked and any(linked)  # ...that a mulberry links by sea to blue's ports


@pytest.mark.rules("L1.2")
def test_l1_2_with_the_logistics_sheet_marines_build_mulberries_not_engineers() -> None:
    state = empty_game(logistics=True, logistics_sheet=True)
    first, second = _beach(state, BLUE)[:2]
    engineer = put(state, BLUE, "EN", first, 3)
    marine = put(state, BLUE, "MA", second, 4)
    _production(state)
    legal = state.legal_actions(BLUE)
    assert ("mulberry", marine) in legal and ("mulberry", engineer) not in legal
    assert ("airfield", engineer) in legal


@pytest.mark.rules("9.7", "9.4")
def test_9_7_a_storm_on_a_mulberry_destroys_it_and_beside_it_stops_it_for_the_turn() -> None:
    state = empty_game(logistics=True, storms=True)
    on, beside = _beach(state, BLUE)[:2]
    state.data["mulberries"] = {
        on: {"owner": BLUE, "since": 0},
        beside: {"owner": BLUE, "since": 0},
    }
    # first a storm next to `beside` but away from `on`, then one right on `on`
    state.data["storm"] = next(n for n in neighbours(state, beside) if hex_distance(n, on) > 1)
    batter_mulberries(state, logistics=False)
    assert state.data["mulberries"][beside]["down"] == state.data["turn"]
    assert capacity(state.data, occupancy(state.data), beside, BLUE) == 0
    state.data["storm"] = on
    batter_mulberries(state, logistics=False)
    assert on not in state.data["mulberries"]


@pytest.mark.rules("L1.2")
@pytest.mark.parametrize(("die", "survives"), [(3, True), (4, False)])
def test_l1_2_a_storm_beside_a_mulberry_wrecks_it_on_a_half_chance(die: int, survives: bool) -> None:
    state = empty_game(logistics=True, storms=True, logistics_sheet=True)
    beach = _beach(state, BLUE)[0]
    state.data["mulberries"] = {beach: {"owner": BLUE, "since": 0}}
    state.data["storm"] = neighbours(state, beach)[0]
    state.rng.force([die])
    batter_mulberries(state, logistics=True)
    assert (beach in state.data["mulberries"]) is survives


@pytest.mark.rules("9.7")
def test_9_7_a_mulberry_is_captured_by_enemy_naval_units() -> None:
    state = empty_game(logistics=True)
    beach = _beach(state, BLUE)[0]
    state.data["mulberries"] = {beach: {"owner": BLUE, "since": 0}}
    sea = next(n for n in neighbours(state, beach) if gmap(state.data).hexes[n].terrain == "sea")
    ship = put(state, RED, "CA", sea, 4)
    start(state, "move", role=RED)
    assert ("move", ship, beach) in state.legal_actions(RED)
    state.apply(RED, ("move", ship, beach))
    assert state.data["mulberries"][beach]["owner"] == RED


@pytest.mark.rules("9.7", "4.2")
def test_9_7_a_submarine_alone_does_not_capture_a_mulberry() -> None:
    state = empty_game(logistics=True)
    beach = _beach(state, BLUE)[0]
    state.data["mulberries"] = {beach: {"owner": BLUE, "since": 0}}
    sea = next(n for n in neighbours(state, beach) if gmap(state.data).hexes[n].terrain == "sea")
    sub = put(state, RED, "SS", sea, 4)
    start(state, "move", role=RED)
    assert ("move", sub, beach) in state.legal_actions(RED)
    state.apply(RED, ("move", sub, beach))
    assert state.data["mulberries"][beach]["owner"] == BLUE  # 4.2: a submarine holds no land
