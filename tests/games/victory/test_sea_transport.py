"""Sea transport (5.91) and port capacity (5.92): ground blocks moving strategically
by water between friendly ports, beachheads and the open sea."""

from __future__ import annotations

import pytest
from victory_positions import (
    BLUE,
    RED,
    act,
    battle,
    empty_game,
    hexes,
    home_board,
    put,
    start_combat,
    start_moves,
)

from grognard.games.victory import VictoryState
from grognard.games.victory.battle import turn_actions
from grognard.games.victory.control import arm, gmap, hex_distance


def _targets(state: VictoryState, bid: str, verb: str) -> set[str]:
    role = state.data["blocks"][bid]["owner"]
    return {a[2] for a in state.legal_actions(role) if a[0] == verb and a[1] == bid}


def _own_ports(state: VictoryState, role: str) -> list[str]:
    board = home_board(state, role)
    return hexes(state, lambda i: bool(i.port) and i.board == board)


def _linked_ports(state: VictoryState) -> tuple[str, str]:
    """Two of blue's ports within six hexes of each other by the map's measure."""
    ports = _own_ports(state, BLUE)
    for a in ports:
        for b in ports:
            if a < b and hex_distance(a, b) <= 4:
                return a, b
    raise AssertionError("no two blue ports near each other")


@pytest.mark.rules("5.91")
def test_5_91_a_ground_block_in_a_friendly_port_sails_to_sea_or_another_friendly_port() -> None:
    state = empty_game()
    a, b = _linked_ports(state)
    bid = put(state, BLUE, "IN", a, 4)
    start_moves(state, BLUE)
    reach = _targets(state, bid, "sea_move")
    the_map = gmap(state.data)
    assert b in reach
    assert any(the_map.hexes[h].terrain == "sea" for h in reach)
    for h in reach:  # never on a coastal hex except a friendly port
        info = the_map.hexes[h]
        assert info.terrain == "sea" or (info.port and the_map.hexes[h].board == home_board(state, BLUE)), h
        assert hex_distance(a, h) <= 6  # 5.9: six hexes at most
    state.apply(BLUE, ("sea_move", bid, b))
    block = state.data["blocks"][bid]
    assert block["at"] == b and block["moved"] and "landing" not in block  # ashore in the port
    assert not _targets(state, bid, "move")  # 5.91: never combined with another move


@pytest.mark.rules("5.91")
def test_5_91_a_block_ending_at_sea_is_a_naval_unit_that_moves_on_only_by_sea() -> None:
    state = empty_game()
    a, _ = _linked_ports(state)
    bid = put(state, BLUE, "IN", a, 4)
    start_moves(state, BLUE)
    sea = sorted(h for h in _targets(state, bid, "sea_move") if gmap(state.data).hexes[h].terrain == "sea")
    state.apply(BLUE, ("sea_move", bid, sea[0]))
    block = state.data["blocks"][bid]
    assert block["landing"] == "sea" and arm(block) == "naval"  # counts as naval (5.91)
    block["moved"] = False  # the next turn
    start_moves(state, BLUE)
    assert not _targets(state, bid, "move") and not _targets(state, bid, "strategic")
    home = _targets(state, bid, "sea_move")
    assert a in home  # it may sail back into a friendly port
    state.apply(BLUE, ("sea_move", bid, a))
    assert "landing" not in state.data["blocks"][bid] and arm(state.data["blocks"][bid]) == "ground"


@pytest.mark.rules("5.91")
def test_5_91_no_sea_move_from_an_inland_hex_or_after_an_ordinary_move() -> None:
    state = empty_game()
    a, _ = _linked_ports(state)
    inland = hexes(
        state,
        lambda i: i.terrain == "clear" and not i.city and not i.town and i.board == home_board(state, BLUE),
    )[0]
    walker = put(state, BLUE, "IN", inland, 4)
    sailor = put(state, BLUE, "IN", a, 4)
    start_moves(state, BLUE)
    assert not _targets(state, walker, "sea_move")
    assert _targets(state, sailor, "sea_move")
    step = sorted(_targets(state, sailor, "move"))[0]
    state.apply(BLUE, ("move", sailor, step))
    assert not _targets(state, sailor, "sea_move")


@pytest.mark.rules("5.91")
def test_5_91_no_sea_move_out_of_an_enemy_port() -> None:
    state = empty_game()
    red_port = _own_ports(state, RED)[0]
    bid = put(state, BLUE, "IN", red_port, 4)  # blue holds a red port it took
    start_moves(state, BLUE)
    assert _targets(state, bid, "sea_move")  # taken, it is friendly at once (5.4)
    state.data["blocks"][bid]["at"] = _own_ports(state, BLUE)[0]
    put(state, RED, "IN", red_port, 4)
    state.data["blocks"][bid]["moved"] = False
    start_moves(state, BLUE)
    assert red_port not in _targets(state, bid, "sea_move")  # no landing in an enemy port


@pytest.mark.rules("5.92")
def test_5_92_two_ground_blocks_per_port_per_player_turn() -> None:
    state = empty_game()
    a, b = _linked_ports(state)
    ones = [put(state, BLUE, "IN", a, 4) for _ in range(3)]
    start_moves(state, BLUE)
    state.apply(BLUE, ("sea_move", ones[0], b))
    assert _targets(state, ones[1], "sea_move")  # one out: one more may use the port
    state.apply(BLUE, ("sea_move", ones[1], b))
    assert not _targets(state, ones[2], "sea_move")  # the port's two are used up
    assert state.data["port_use"] == {a: 2, b: 2}
    # a block now in port b could not leave by sea either: b has had its two landings
    assert not _targets(state, ones[0], "sea_move")
    state.apply(BLUE, ("end_moves",))
    assert state.data["port_use"] == {}  # counted again in the next player turn


@pytest.mark.rules("5.92")
def test_5_92_one_in_and_one_out_share_the_port_capacity() -> None:
    state = empty_game()
    a, b = _linked_ports(state)
    out_one = put(state, BLUE, "IN", a, 4)
    leaving = put(state, BLUE, "IN", b, 4)
    third = put(state, BLUE, "IN", b, 4)
    start_moves(state, BLUE)
    state.apply(BLUE, ("sea_move", out_one, b))  # lands at b: one use
    state.apply(BLUE, ("sea_move", leaving, a))  # leaves b: two uses
    assert b not in _targets(state, out_one, "sea_move")
    assert not _targets(state, third, "sea_move")


@pytest.mark.rules("5.92", "6.71")
def test_5_92_a_beachhead_lets_one_ground_block_in_or_out() -> None:
    state = empty_game()
    a, _ = _linked_ports(state)
    the_map = gmap(state.data)
    board = home_board(state, BLUE)
    shore = [
        h
        for h in hexes(state, lambda i: i.terrain == "coastal" and not i.port and i.board == board)
        if hex_distance(a, h) <= 4
    ]
    head = None
    for h in shore:
        put(state, BLUE, "MA", h, 4, beachhead=True)
        probe = put(state, BLUE, "IN", a, 4)
        start_moves(state, BLUE)
        if h in _targets(state, probe, "sea_move"):
            head = h
            break
        state.data["blocks"] = {k: v for k, v in state.data["blocks"].items() if v["at"] != h}
        del state.data["blocks"][probe]
    assert head is not None, "no beachhead reachable by sea"
    other = put(state, BLUE, "IN", a, 4)
    state.apply(BLUE, ("sea_move", probe, head))
    assert state.data["blocks"][probe]["at"] == head
    assert the_map.hexes[head].terrain == "coastal"
    assert head not in _targets(state, other, "sea_move")  # its one use is spent
    assert not _targets(state, probe, "sea_move")


@pytest.mark.rules("5.91")
def test_5_91_ground_blocks_at_sea_have_no_firepower_and_take_naval_hits() -> None:
    state = empty_game()
    sea = hexes(state, lambda i: i.terrain == "sea")[0]
    carried = put(state, BLUE, "IN", sea, 4, landing="sea")
    marine = put(state, BLUE, "MA", sea, 4, landing="sea")
    put(state, RED, "CA", sea, 4, entered=None)
    fighter = put(state, RED, "FA", sea, 4, entered="air")
    start_combat(state, sea, RED, BLUE)
    frame = battle(state)
    frame["round"] = 1
    frame["air_strikes"] = {"N": [fighter]}  # the fighter struck the blue ships this round
    infantry_turn = turn_actions(state, frame, carried)
    assert not [a for a in infantry_turn if a[0] in ("fire", "land")]  # no fire, no landing at sea
    marine_turn = turn_actions(state, frame, marine)
    assert ("fire", marine, "A") in marine_turn  # 5.91 exception: marines keep their air fire
    assert not [a for a in marine_turn if a[0] == "fire" and a[2] != "A"]
    assert arm(state.data["blocks"][carried]) == "naval"  # hit as a naval unit (N group)


@pytest.mark.rules("5.91")
def test_5_91_a_sea_move_is_shown_to_others_as_a_block_moving() -> None:
    state = empty_game()
    a, b = _linked_ports(state)
    bid = put(state, BLUE, "IN", a, 4)
    start_moves(state, BLUE)
    act(state, "sea_move", bid, b)
    red_view = state.view(RED)
    seen = [e for e in red_view["board"]["blocks"] if e["side"] == BLUE]
    assert seen == [{"side": BLUE, "at": b, "hidden": True}]
