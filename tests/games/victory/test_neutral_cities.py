"""The neutral cities sidebar (N1.1) in our Neutral Ground scenario: three maps in a
row, the players on the outer ones, the centre map's cities and towns neutral at the
start. They are taken by normal movement only (never strategic), held only while
garrisoned (5.4: control changes at once), built in never but mended (8.4), and
their PP count for whoever holds them (10.0); supply and control pass through them
as through any neutral or friendly hex (7.2)."""

from __future__ import annotations

from typing import Any

import pytest
from victory_positions import BLUE, RED, empty_game, hexes, put, start, start_moves

from grognard.games.victory import RULESET, VictoryState
from grognard.games.victory.boards import HexInfo
from grognard.games.victory.city_pp import controlled_pp
from grognard.games.victory.control import (
    began_neutral,
    controller,
    controllers,
    gmap,
    is_land,
    occupancy,
)
from grognard.games.victory.setup import home_sites
from grognard.games.victory.strategic import road_links
from grognard.games.victory.supply import SupplyNetwork, supply_network
from grognard.games.victory.supply_map import supply_map
from grognard.games.victory.victory import check_victory
from grognard.testing import check_ruleset


def _empty(seed: int = 0) -> VictoryState:
    """A Neutral Ground game with no block on the map, in the move phase."""
    return empty_game(seed, "neutral-ground")


def _neutral_cities(state: VictoryState) -> list[str]:
    return hexes(state, lambda i: i.city > 0 and began_neutral(state.data, i))


def _plain(state: VictoryState, info: HexInfo) -> bool:
    return is_land(info) and not info.city and not info.town and not began_neutral(state.data, info)


def _city_by_road(state: VictoryState) -> tuple[str, str]:
    """A neutral city and a plain land hex joined to it by a road hexside."""
    the_map = gmap(state.data)
    links = road_links(state.data["map"])
    return next(
        (city, n)
        for city in _neutral_cities(state)
        for n in sorted(links[city])
        if _plain(state, the_map.hexes[n]) and the_map.hexes[n].land_terrain == "clear"
    )


def _value(state: VictoryState, hex_id: str) -> int:
    return int(gmap(state.data).hexes[hex_id].city)


@pytest.mark.rules("N1.1", "5.4")
def test_n1_1_the_centre_map_begins_neutral_and_nobody_deploys_there() -> None:
    state = RULESET.new_game("neutral-ground", {}, 3)
    assert isinstance(state, VictoryState)
    the_map = gmap(state.data)
    neutral = _neutral_cities(state)
    assert sum(_value(state, h) for h in neutral) == 10  # one whole board: 10 PP (1.2)
    assert {the_map.hexes[h].board for h in neutral} == {"C"}
    assert "C" not in state.data["homes"]
    occ = occupancy(state.data)
    assert all(controller(state.data, occ, h) is None for h in neutral)
    for role in (BLUE, RED):  # 1.4, 10.0: forces start in their own cities only
        assert not any(began_neutral(state.data, the_map.hexes[h]) for h in home_sites(state.data, role))
        deploys = {a[2] for a in state.legal_actions(role) if a[0] == "deploy"}
        assert deploys and not any(began_neutral(state.data, the_map.hexes[h]) for h in deploys)


@pytest.mark.rules("N1.1")
def test_n1_1_the_lobby_offers_the_scenario_with_its_description() -> None:
    described = {s["id"]: s for s in RULESET.describe()["scenarios"]}
    entry = described["neutral-ground"]
    assert entry["description"].startswith("N1.1:")
    assert "neutral" in entry["description"]
    assert RULESET.roles("neutral-ground") == [BLUE, RED]


@pytest.mark.rules("N1.1", "5.9")
def test_n1_1_a_strategic_move_may_not_take_a_neutral_city_a_normal_move_may() -> None:
    state = _empty()
    city, road = _city_by_road(state)
    bid = put(state, BLUE, "IN", road, 4)
    start_moves(state, BLUE)
    legal = state.legal_actions(BLUE)
    assert ("move", bid, city) in legal
    assert ("strategic", bid, city) not in legal
    # nor through it: no strategic end is reached only across the neutral city
    assert all(a[2] != city for a in legal if a[0] == "strategic")
    why = RULESET.explain_illegal(state, BLUE, ("strategic", bid, city))  # "why can't I?"
    assert why is not None and "N1.1" in why and "normal move" in why
    # once the player garrisons it, it is his, and strategic moves may enter it
    put(state, BLUE, "IN", city, 4)
    start_moves(state, BLUE)
    assert ("strategic", bid, city) in state.legal_actions(BLUE)


@pytest.mark.rules("N1.1", "5.9")
def test_n1_1_a_neutral_city_another_player_holds_stays_closed_to_strategic_moves() -> None:
    state = _empty()
    city, road = _city_by_road(state)
    bid = put(state, BLUE, "IN", road, 4)
    put(state, RED, "IN", city, 1)
    start_moves(state, BLUE)
    legal = state.legal_actions(BLUE)
    assert ("strategic", bid, city) not in legal
    assert ("attack", bid, city) in {a[:3] for a in legal if a[0] == "attack"}


@pytest.mark.rules("N1.1", "5.4")
def test_n1_1_a_neutral_city_is_held_while_garrisoned_and_reverts_the_moment_it_is_left() -> None:
    state = _empty()
    city, road = _city_by_road(state)
    bid = put(state, BLUE, "IN", road, 4)
    start_moves(state, BLUE)
    state.apply(BLUE, ("move", bid, city))
    assert controller(state.data, occupancy(state.data), city) == BLUE  # 5.4: at once
    assert controlled_pp(state.data, occupancy(state.data), BLUE) == 10 + _value(state, city)
    # an air unit garrisons an airbase too (5.4: any unit that controls it)
    state.data["blocks"][bid]["at"] = road
    fighter = put(state, BLUE, "FA", city, 2)
    assert controller(state.data, occupancy(state.data), city) == BLUE
    # empty again: neutral again, unlike a player's own city (5.4's exception)
    del state.data["blocks"][fighter]
    assert controller(state.data, occupancy(state.data), city) is None
    assert controlled_pp(state.data, occupancy(state.data), BLUE) == 10


@pytest.mark.rules("N1.1", "5.4", "6.1")
def test_n1_1_a_submarine_alone_does_not_hold_a_neutral_port() -> None:
    state = _empty()
    port = next(h for h in _neutral_cities(state) if gmap(state.data).hexes[h].port)
    put(state, BLUE, "SS", port, 2)
    assert controller(state.data, occupancy(state.data), port) is None  # 4.2: no land control
    put(state, BLUE, "CA", port, 2)
    assert controller(state.data, occupancy(state.data), port) == BLUE


def _production(state: VictoryState) -> dict[str, Any]:
    state.data["phase"] = "production"
    start(state, "production", done=[], left=None)
    return next(f for f in reversed(state.data["flow"]) if f["state"] == "production")


@pytest.mark.rules("N1.1", "8.4")
def test_n1_1_a_held_neutral_city_mends_blocks_but_raises_none() -> None:
    state = _empty()
    city, _ = _city_by_road(state)
    home = next(h for h in home_sites(state.data, BLUE) if gmap(state.data).hexes[h].city)
    damaged = put(state, BLUE, "IN", city, 2)
    put(state, BLUE, "IN", home, 4)
    frame = _production(state)
    assert frame["left"][BLUE][city] == _value(state, city)  # its PP are the holder's (8.1)
    legal = state.legal_actions(BLUE)
    assert ("add_step", damaged) in legal
    assert not [a for a in legal if a[0] == "build" and a[1] == city]
    assert [a for a in legal if a[0] == "build" and a[1] == home]
    state.apply(BLUE, ("add_step", damaged))
    assert state.data["blocks"][damaged]["steps"] == 3


def _blue_network(state: VictoryState) -> SupplyNetwork:
    data = state.data
    occ = occupancy(data)
    owners = controllers(data, occ)
    red = {h for h, here in occ.items() if any(data["blocks"][b]["owner"] == RED for b in here)}
    cities = [h for h, info in gmap(data).hexes.items() if info.city and owners.get(h) == BLUE]
    return supply_network(gmap(data), BLUE, owners, lambda h: h in red, cities)


@pytest.mark.rules("N1.1", "7.2", "7.3")
def test_n1_1_supply_lines_run_through_a_vacant_neutral_city_not_one_the_enemy_holds() -> None:
    state = _empty()
    line = _blue_network(state).line
    city = next(h for h in _neutral_cities(state) if h in line)  # neutral: the road line passes (7.2)
    red = put(state, RED, "IN", city, 1)
    assert city not in _blue_network(state).line  # enemy controlled now (5.4)
    del state.data["blocks"][red]
    put(state, BLUE, "IN", city, 1)
    assert city in _blue_network(state).bases  # held, it is a friendly city: a supply base (7.3)
    assert city in supply_map(state.data)[BLUE]


@pytest.mark.rules("N1.1", "10.0")
def test_n1_1_neutral_cities_count_for_victory_only_while_held() -> None:
    state = _empty()
    neutral = _neutral_cities(state)
    garrison = {h: put(state, BLUE, "IN", h, 1) for h in neutral}
    assert controlled_pp(state.data, occupancy(state.data), BLUE) == 20
    bare = min(neutral, key=lambda h: _value(state, h))
    del state.data["blocks"][garrison[bare]]
    assert not check_victory(state)  # 19 PP of 20
    put(state, BLUE, "AR", bare, 1)
    assert check_victory(state)
    assert state.data["result"] == {BLUE: 1.0, RED: 0.0}


@pytest.mark.rules("N1.1")
def test_n1_1_neutral_ground_keeps_the_contract_with_and_without_options() -> None:
    check_ruleset(
        RULESET,
        scenarios=["neutral-ground"],
        games=2,
        seed=4,
        options_list=[{"turn_limit": 4}, {"turn_limit": 3, "bought_forces": True, "factories": True}],
    )
