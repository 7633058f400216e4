"""Blockades (6.8): attacking ships that stay in an enemy port instead of retreating,
what a blockade stops (sea movement, sea supply, production), and blockade battles."""

from __future__ import annotations

from typing import Any

import pytest
from victory_positions import BLUE, RED, act, actor, empty_game, hexes, home_board, put, start, start_combat

from grognard.games.victory import VictoryState
from grognard.games.victory.control import blockaded_ports, controller, gmap, occupancy
from grognard.games.victory.production import city_budgets
from grognard.games.victory.seatransport import sea_targets
from grognard.games.victory.supply_map import supplied


def _red_port(state: VictoryState) -> tuple[str, str]:
    """A red port city and a sea hex beside it."""
    the_map = gmap(state.data)
    board = home_board(state, RED)
    for port in hexes(state, lambda i: bool(i.port) and i.city > 0 and i.board == board):
        seas = [n for n in the_map.neighbors(port) if the_map.hexes[n].terrain == "sea"]
        if seas:
            return port, seas[0]
    raise AssertionError("no red port city on the sea")


def _top(state: VictoryState) -> dict[str, Any]:
    frame: dict[str, Any] = state.data["flow"][-1]
    return frame


def _pass_until_withdraw(state: VictoryState) -> None:
    """Every block passes its combat turns until the battle's last round is over."""
    for _ in range(50):
        if _top(state)["state"] != "battle":
            return
        bid = _top(state)["current"]
        act(state, "pass", bid)
    raise AssertionError("the battle did not end")


def _attack_port(state: VictoryState, *extra_red: str) -> tuple[str, str, str]:
    port, sea = _red_port(state)
    put(state, RED, "IN", port, 4)
    for type_id in extra_red:
        put(state, RED, type_id, port, 4)
    ship = put(state, BLUE, "CA", port, 4, entered=sea)
    start_combat(state, port, BLUE, RED)
    return port, sea, ship


def _blockade(state: VictoryState) -> tuple[str, str]:
    port, _, ship = _attack_port(state)
    _pass_until_withdraw(state)
    act(state, "blockade", ship)
    return port, ship


@pytest.mark.rules("6.8")
def test_6_8_an_attacking_ship_may_blockade_the_port_instead_of_retreating() -> None:
    state = empty_game()
    port, sea, ship = _attack_port(state)
    _pass_until_withdraw(state)
    assert _top(state)["state"] == "withdraw" and actor(state) == BLUE
    legal = state.legal_actions(BLUE)
    assert ("blockade", ship) in legal
    assert ("retreat", ship, sea) in legal  # retreating stays possible
    act(state, "blockade", ship)
    block = state.data["blocks"][ship]
    assert block["at"] == port and block["blockade"]
    occ = occupancy(state.data)
    assert controller(state.data, occ, port) == RED  # the land keeps its holder
    assert blockaded_ports(state.data, occ) == {port}
    assert port not in state.data["battles"]
    # the battle is over, and was the port's battle of this combat phase
    assert state.data["phase"] == "production"


@pytest.mark.rules("6.8")
def test_6_8_blockaders_stand_face_up_for_every_player() -> None:
    state = empty_game()
    _, ship = _blockade(state)
    red = [e for e in state.view(RED)["board"]["blocks"] if e.get("id") == ship]
    assert red and red[0]["blockade"] and red[0]["short"] == "CA"
    observer = state.view(None)["board"]["blocks"]
    assert not [e for e in observer if e.get("id") == ship]  # observers see no identities
    assert ship not in state.hidden_tokens(RED)


@pytest.mark.rules("6.8")
def test_6_8_no_blockade_while_enemy_aircraft_are_in_the_port() -> None:
    state = empty_game()
    _, _, ship = _attack_port(state, "FA")
    _pass_until_withdraw(state)
    assert ("blockade", ship) not in state.legal_actions(BLUE)


@pytest.mark.rules("6.8", "5.91")
def test_6_8_no_sea_movement_in_or_out_of_a_blockaded_port() -> None:
    state = empty_game()
    port, _ = _blockade(state)
    held = next(b for b, x in state.data["blocks"].items() if x["owner"] == RED and x["at"] == port)
    occ = occupancy(state.data)
    assert not sea_targets(state.data, occ, held)
    others = [h for h in hexes(state, lambda i: bool(i.port)) if h != port]
    traveller = put(state, RED, "IN", next(h for h in others if gmap(state.data).hexes[h].board != "A"), 4)
    assert port not in sea_targets(state.data, occupancy(state.data), traveller)


@pytest.mark.rules("6.8", "8.2")
def test_6_8_a_blockaded_port_produces_nothing() -> None:
    state = empty_game()
    port, sea = _red_port(state)
    put(state, RED, "IN", port, 4)
    supply = supplied(state.data, RED)
    assert port in city_budgets(state.data, RED, supply)
    ship = put(state, BLUE, "CA", port, 4, blockade=True)
    assert port not in city_budgets(state.data, RED, supplied(state.data, RED))
    state.data["blocks"][ship]["at"] = sea  # the ship sails off: the port produces again
    state.data["blocks"][ship].pop("blockade")
    assert port in city_budgets(state.data, RED, supplied(state.data, RED))


@pytest.mark.rules("6.8", "7.4")
def test_6_8_a_blockaded_port_is_supplied_by_road_only() -> None:
    state = empty_game()
    the_map = gmap(state.data)
    board = home_board(state, RED)
    ports = hexes(state, lambda i: bool(i.port) and i.board == board)
    cities = hexes(state, lambda i: i.city > 0 and i.board == board)

    def road_linked(h: str) -> bool:
        return any("road" in the_map.side_features(h, n) for n in the_map.neighbors(h))

    island = next(h for h in ports if not road_linked(h))  # reached by sea only
    mainland = next(h for h in ports if h in cities and road_linked(h))
    for h in (island, mainland):
        put(state, RED, "IN", h, 4)
    assert {island, mainland} <= supplied(state.data, RED)
    for h in (island, mainland):
        put(state, BLUE, "CA", h, 4, blockade=True)
    now = supplied(state.data, RED)
    assert island not in now  # its sea supply is cut
    assert mainland in now  # a road to another city keeps it supplied


@pytest.mark.rules("6.8", "5.1")
def test_6_8_a_blockade_pins_nobody_and_ends_when_the_ships_sail() -> None:
    state = empty_game()
    port, ship = _blockade(state)
    for block in state.data["blocks"].values():
        block["moved"] = False
    start(state, "move", role=BLUE)
    ship_moves = {a[2] for a in state.legal_actions(BLUE) if a[0] == "move" and a[1] == ship}
    assert ship_moves
    act(state, "move", ship, sorted(ship_moves)[0])
    assert "blockade" not in state.data["blocks"][ship]
    assert not blockaded_ports(state.data, occupancy(state.data))
    act(state, "end_moves")
    held = next(b for b, x in state.data["blocks"].items() if x["owner"] == RED and x["at"] == port)
    assert [a for a in state.legal_actions(RED) if a[0] == "move" and a[1] == held]


@pytest.mark.rules("6.8")
def test_6_8_each_player_may_start_a_battle_in_a_blockade_once_per_combat_phase() -> None:
    state = empty_game()
    port, ship = _blockade(state)
    state.data["phase"] = "combat"
    start(state, "combat", attacker_index=0)
    assert actor(state) == BLUE  # Player 1 first
    assert set(state.legal_actions(BLUE)) == {("blockade_battle", port), ("end_battles",)}
    act(state, "end_battles")
    assert actor(state) == RED  # then Player 2 may
    act(state, "blockade_battle", port)
    frame = _top(state)
    assert frame["state"] == "battle" and frame["attacker"] == RED and frame["defender"] == BLUE
    assert "blockade" not in state.data["blocks"][ship]  # the blockaders fight
    _pass_until_withdraw(state)
    # undecided after round 3: our reading keeps the blockade standing, nobody leaves
    assert state.data["blocks"][ship]["blockade"] and state.data["blocks"][ship]["at"] == port
    # once per combat phase: no second offer, the turn goes on to production
    assert state.data["phase"] == "production"
    assert blockaded_ports(state.data, occupancy(state.data)) == {port}
