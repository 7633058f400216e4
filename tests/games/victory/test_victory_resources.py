"""Resources (4.3, 9.1, 6.51) in play: every player's starting resource block at his
mine, mined a step a turn in a resource hex he controls, moved by strategic movement
only, never retreating, converted to PP in a city; the heuristic walks it home."""

from __future__ import annotations

from typing import Any

import pytest
from victory_positions import BLUE, RED, deployed, empty_game, hexes, put, start, start_moves

from grognard.games.victory import RULESET, VictoryState
from grognard.games.victory.ai import VictoryHeuristic
from grognard.games.victory.control import controller, gmap, occupancy
from grognard.games.victory.endturn import mine
from grognard.games.victory.retreats import retreat_targets
from grognard.games.victory.setup import place_resources, resource_site
from grognard.games.victory.strategic import road_links
from grognard.games.victory.supply_map import supply_map


def _resources(state: VictoryState, role: str) -> list[dict[str, Any]]:
    return [b for b in state.data["blocks"].values() if b["owner"] == role and b["type"] == "RE"]


def _at_mine(role: str, steps: int) -> tuple[VictoryState, str, str]:
    """A game with no block but `role`'s resource block of `steps` steps at his mine."""
    state = empty_game()
    site = resource_site(state.data, role)
    assert site is not None
    return state, site, put(state, role, "RE", site, steps)


def _frame(state: VictoryState) -> dict[str, Any]:
    return next(f for f in reversed(state.data["flow"]) if f["state"] == "production")


@pytest.mark.rules("4.3", "1.4")
@pytest.mark.parametrize("seed", [0, 1])
def test_4_3_each_player_starts_with_one_1_step_resource_block_at_a_mine_of_his_map(seed: int) -> None:
    state = deployed(seed)
    the_map = gmap(state.data)
    roads = road_links(state.data["map"])
    for role in (BLUE, RED):
        (block,) = _resources(state, role)
        at = block["at"]
        assert block["steps"] == 1  # mined from one step, never bought
        assert at == resource_site(state.data, role)
        info = the_map.hexes[at]
        assert info.resource and not info.city and roads.get(at)  # on a road: it can leave (5.9)
        assert state.data["homes"][info.board] == role  # his own map
    assert not _resources(deployed(seed, resources=False), BLUE)  # the option turns it off


@pytest.mark.rules("4.3")
def test_4_3_every_player_of_three_gets_a_mine_on_a_road_and_a_block_without_one_is_set_aside() -> None:
    state = RULESET.new_game("two-front", {"players": 3}, 2)
    assert isinstance(state, VictoryState)
    roles = state.data["roles"]
    sites = {role: resource_site(state.data, role) for role in roles}
    assert all(sites.values())  # board D's mine has its road too
    state.data["homes"] = {board: BLUE for board in state.data["homes"]}  # red's maps are gone
    stray = put(state, RED, "RE", "", 1)
    state.data["blocks"][stray]["at"] = None
    assert resource_site(state.data, RED) is None
    place_resources(state)
    assert stray not in state.data["blocks"]  # nowhere to mine: set aside


@pytest.mark.rules("4.3")
def test_4_3_a_resource_block_gains_a_step_a_turn_at_its_mine_up_to_four() -> None:
    state, _, bid = _at_mine(BLUE, 1)
    grown = []
    for _ in range(4):
        mine(state)
        grown.append(state.data["blocks"][bid]["steps"])
    assert grown == [2, 3, 4, 4]  # max steps 4: the fourth turn adds nothing


@pytest.mark.rules("4.3")
def test_4_3_a_resource_block_off_a_resource_hex_does_not_grow() -> None:
    state = empty_game()
    the_map = gmap(state.data)
    away = hexes(state, lambda i: i.board == "A" and i.land_terrain == "clear" and not i.resource)[0]
    city = hexes(state, lambda i: i.board == "A" and i.city > 0)[0]
    off = put(state, BLUE, "RE", away, 2)
    in_city = put(state, BLUE, "RE", city, 2)
    assert not the_map.hexes[away].resource and not the_map.hexes[city].resource
    assert mine(state) == []
    assert state.data["blocks"][off]["steps"] == 2 and state.data["blocks"][in_city]["steps"] == 2


@pytest.mark.rules("4.3", "5.4")
def test_4_3_a_mine_its_owner_does_not_control_yields_nothing() -> None:
    state, site, bid = _at_mine(BLUE, 2)
    put(state, RED, "IN", site, 2)  # a battle hex is nobody's (5.4)
    assert controller(state.data, occupancy(state.data), site) is None
    mine(state)
    assert state.data["blocks"][bid]["steps"] == 2


@pytest.mark.rules("4.3", "7.1", "2.0")
def test_4_3_the_supply_step_mines_and_an_unsupplied_resource_block_loses_no_step() -> None:
    state = empty_game()
    for city in hexes(state, lambda i: i.board == "B" and i.city > 0):
        put(state, RED, "IN", city, 4)
    site = resource_site(state.data, BLUE)
    assert site is not None
    mined = put(state, BLUE, "RE", site, 2)
    supplied = supply_map(state.data)[BLUE]
    cut_off = hexes(state, lambda i: i.board == "A" and i.land_terrain == "clear" and not i.resource)
    cut_off = [h for h in cut_off if h not in supplied and h not in occupancy(state.data)]
    assert len(cut_off) >= 2
    stranded = put(state, BLUE, "RE", cut_off[0], 2)
    troops = put(state, BLUE, "IN", cut_off[1], 2)
    state.data["phase"] = "supply"
    start(state, "supply")  # 2.0 [4]: attrition, then mining
    blocks = state.data["blocks"]
    assert blocks[mined]["steps"] == 3  # mined at its mine
    assert blocks[troops]["steps"] == 1  # 7.1: unsupplied troops lose a step
    assert blocks[stranded]["steps"] == 2  # a resource needs no supply (our reading), nor grows there
    assert state.data["phase"] == "production"


@pytest.mark.rules("4.3", "5.9")
def test_4_3_a_resource_block_moves_by_strategic_movement_only() -> None:
    state, _, bid = _at_mine(BLUE, 4)
    start_moves(state, BLUE)
    mine_moves = [a for a in state.legal_actions(BLUE) if len(a) > 1 and a[1] == bid]
    assert mine_moves and {a[0] for a in mine_moves} == {"strategic"}


@pytest.mark.rules("6.51", "4.3")
def test_6_51_a_resource_block_cannot_retreat() -> None:
    state, _, bid = _at_mine(BLUE, 3)
    assert retreat_targets(state.data, {}, bid) == []


@pytest.mark.rules("4.3", "8.1")
def test_4_3_a_block_mined_to_four_converts_to_12_pp_in_a_3_value_city() -> None:
    # 4.3's example, played through: mined from 1 to 4 steps at the mine, carried to
    # a 3-value city and converted there: 4 x 3 = 12 PP, and the block is used up
    state, _, bid = _at_mine(RED, 1)
    for _ in range(3):
        mine(state)
    assert state.data["blocks"][bid]["steps"] == 4
    city = hexes(state, lambda i: i.board == state_board(state, RED) and i.city == 3)[0]
    state.data["blocks"][bid]["at"] = city
    put(state, RED, "IN", city, 4)
    state.data["phase"] = "production"
    start(state, "production", done=[], left=None)
    assert _frame(state)["left"][RED][city] == 3
    state.apply(RED, ("convert", bid))
    assert _frame(state)["left"][RED][city] == 3 + 12
    assert bid not in state.data["blocks"]


def state_board(state: VictoryState, role: str) -> str:
    return str(next(board for board, owner in state.data["homes"].items() if owner == role))


@pytest.mark.rules("4.3")
def test_the_heuristic_leaves_a_growing_block_at_its_mine_and_walks_a_full_one_home() -> None:
    state, _, bid = _at_mine(BLUE, 2)
    start_moves(state, BLUE)
    ai = VictoryHeuristic(0)
    assert ai.act(state.view(BLUE), state.legal_actions(BLUE))[0] != "strategic"
    state.data["blocks"][bid]["steps"] = 4
    start_moves(state, BLUE)
    chosen = ai.act(state.view(BLUE), state.legal_actions(BLUE))
    assert chosen[:2] == ("strategic", bid) and gmap(state.data).hexes[chosen[2]].city > 0


@pytest.mark.rules("4.3")
def test_heuristic_players_mine_carry_and_convert_their_resources_in_a_whole_game() -> None:
    state = RULESET.new_game("quick-start", {"turn_limit": 8}, 0)
    assert isinstance(state, VictoryState)
    state.keep_undo = False
    ais = {r: VictoryHeuristic(0) for r in state.roles}
    for _ in range(20000):
        if state.is_over():
            break
        role = state.active_roles()[0]
        state.apply(role, ais[role].act(state.view(role), state.legal_actions(role)))
    assert state.is_over()
    for role in (BLUE, RED):
        lines = [line for line in state.log_for(role) if "(Resource)" in line]
        assert any("is mined" in line for line in lines), role
        assert any(line.startswith("you convert") for line in lines), role
