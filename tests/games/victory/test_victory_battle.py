"""Battles (6.x): combat turns, fire and firepower, target groups, hit allocation,
immunity, ship-to-shore and flak, double defense, friendly fire, retreats and the
end of a battle. Dice are forced through the game's RNG."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from victory_positions import (
    BLUE,
    RED,
    act,
    actor,
    battle,
    empty_game,
    hexes,
    neighbours,
    put,
    side,
    start_combat,
    start_moves,
)

from grognard.games.victory import VictoryState
from grognard.games.victory.boards import HexInfo
from grognard.games.victory.control import gmap

PLAIN = {"river", "alpine", "road", "canal", "bridge", "shoal"}


def _field(
    state: VictoryState, where: Callable[[HexInfo], bool] = lambda i: i.terrain == "clear"
) -> tuple[str, str]:
    """(attack-from hex, battle hex): a battle hex matching `where` that is no city or
    town, entered from a clear hex across a plain hexside."""
    the_map = gmap(state.data)
    for b in hexes(state, lambda i: where(i) and not i.city and not i.town):
        for a in neighbours(state, b):
            info = the_map.hexes[a]
            if info.terrain == "clear" and not info.city and not info.town and not side(state, a, b) & PLAIN:
                return a, b
    raise AssertionError("no such battlefield on the map")


def _attack(state: VictoryState, type_id: str, origin: str, hex_id: str, steps: int = 4) -> str:
    return put(state, BLUE, type_id, hex_id, steps, moved=True, entered=origin)


def _fight(state: VictoryState, hex_id: str) -> None:
    start_combat(state, hex_id, BLUE, RED)


@pytest.mark.rules("6.31", "6.1")
def test_6_31_defender_takes_a_tied_combat_turn_first() -> None:
    state = empty_game()
    a, b = _field(state)
    defender = put(state, RED, "IN", b, 4)
    _attack(state, "IN", a, b)
    _fight(state, b)
    assert battle(state)["round"] == 1
    assert battle(state)["current"] == defender and actor(state) == RED
    # 6.1: both sides see every block of the battle while it is fought
    assert any(e.get("id") == defender for e in state.view(BLUE)["board"]["blocks"])


@pytest.mark.rules("6.4", "6.41", "6.42")
def test_6_4_a_die_per_step_hits_at_or_under_the_firepower() -> None:
    state = empty_game()
    a, b = _field(state)
    defender = put(state, RED, "IN", b, 4)
    target = _attack(state, "IN", a, b)
    _fight(state, b)
    assert set(state.legal_actions(RED)) >= {("fire", defender, "G"), ("pass", defender)}
    state.rng.force([1, 2, 3, 6])  # G2: the 1 and the 2 hit
    act(state, "fire", defender, "G")
    assert state.data["blocks"][target]["steps"] == 2
    assert battle(state)["fires"][-1]["hits"] == 2


@pytest.mark.rules("6.46")
def test_6_46_hits_go_to_the_strongest_and_the_owner_breaks_ties() -> None:
    state = empty_game()
    a, b = _field(state)
    defender = put(state, RED, "IN", b, 4)
    first = _attack(state, "IN", a, b)
    second = _attack(state, "IN", a, b)
    weak = _attack(state, "IN", a, b, steps=2)
    state.data["blocks"][weak]["entered"] = None  # stacking stand-in: it was already there
    _fight(state, b)
    state.rng.force([1, 6, 6, 6])
    act(state, "fire", defender, "G")
    assert actor(state) == BLUE
    assert sorted(state.legal_actions(BLUE)) == [("take_hit", first), ("take_hit", second)]
    act(state, "take_hit", second)
    assert state.data["blocks"][second]["steps"] == 3
    assert state.data["blocks"][weak]["steps"] == 2


@pytest.mark.rules("6.44", "6.46")
def test_6_44_air_cannot_take_the_last_step_of_a_ground_unit() -> None:
    state = empty_game()
    _, b = _field(state)
    put(state, RED, "IN", b, 1)
    fighter = _attack(state, "FA", "air", b)
    state.data["blocks"][fighter]["entered"] = "air"
    _fight(state, b)
    # the fighter has combat turn A: it is asked first, but has no ground target
    assert not any(x[0] == "fire" for x in state.legal_actions(BLUE))


@pytest.mark.rules("6.43")
def test_6_43_no_shore_bombardment_while_enemy_ships_defend() -> None:
    state = empty_game()
    port = next(h for h in hexes(state, lambda i: i.port and i.board == "B"))
    sea = next(n for n in neighbours(state, port) if gmap(state.data).hexes[n].terrain == "sea")
    put(state, RED, "IN", port, 4)
    enemy_ship = put(state, RED, "CA", port, 2)
    battleship = put(state, BLUE, "BB", port, 4, moved=True, entered=sea)
    _fight(state, port)
    # the cruiser (C, defender) goes first; it fires at the battleship
    state.rng.force([6, 6])
    act(state, "fire", enemy_ship, "N")
    groups = {x[2] for x in state.legal_actions(BLUE) if x[0] == "fire" and x[1] == battleship}
    assert groups == {"A", "N"} - {"A"}  # no air to flak, no shore bombardment


@pytest.mark.rules("6.43", "6.45")
def test_6_43_6_45_ground_replies_to_ships_and_flak_answers_aircraft() -> None:
    state = empty_game()
    port = next(h for h in hexes(state, lambda i: i.port and i.board == "B" and i.city == 0))
    sea = next(n for n in neighbours(state, port) if gmap(state.data).hexes[n].terrain == "sea")
    infantry = put(state, RED, "IN", port, 4)
    battleship = put(state, BLUE, "BB", port, 3, moved=True, entered=sea)
    bomber = put(state, BLUE, "DB", port, 2, moved=True, entered="air")
    _fight(state, port)
    assert battle(state)["current"] == bomber  # B before C before E
    state.rng.force([6, 6])
    act(state, "fire", bomber, "G")
    state.rng.force([6, 6, 6])
    act(state, "fire", battleship, "G")  # shore bombardment (6.43)
    assert battle(state)["current"] == infantry
    groups = {x[2] for x in state.legal_actions(RED) if x[0] == "fire"}
    assert groups == {"A", "N"}  # flak at the bomber, reply to the battleship (no enemy ground)
    state.rng.force([1, 6, 6, 6])
    act(state, "fire", infantry, "A")
    assert state.data["blocks"][bomber]["steps"] == 1


@pytest.mark.rules("6.45")
def test_6_45_no_flak_without_an_air_strike_this_round() -> None:
    state = empty_game()
    a, b = _field(state)
    infantry = put(state, RED, "IN", b, 4)
    fighter = _attack(state, "FA", "air", b)
    _attack(state, "IN", a, b)
    _fight(state, b)
    act(state, "pass", fighter)
    assert battle(state)["current"] == infantry
    groups = {x[2] for x in state.legal_actions(RED) if x[0] == "fire"}
    assert groups == {"G"}  # the fighter did not strike: no flak


@pytest.mark.rules("6.47")
def test_6_47_double_defense_takes_half_hits() -> None:
    state = empty_game()
    a, b = _field(state, lambda i: i.land_terrain in ("marsh", "mountain"))
    defender = put(state, RED, "IN", b, 3)
    attacker = _attack(state, "IN", a, b)
    _fight(state, b)
    act(state, "pass", defender)
    state.rng.force([1, 6, 6, 6])
    act(state, "fire", attacker, "G")
    block = state.data["blocks"][defender]
    assert (block["steps"], block.get("half")) == (3, True)  # a half-hit: no step yet
    state.rng.force([1, 6, 6])  # round 2: the defender fires, then the attacker hits again
    act(state, "fire", defender, "G")
    state.rng.force([1, 6, 6])
    act(state, "fire", attacker, "G")
    block = state.data["blocks"][defender]
    assert (block["steps"], block.get("half")) == (2, None)


@pytest.mark.rules("6.48")
def test_6_48_sixes_are_friendly_hits_when_air_fires_beside_own_ground_units() -> None:
    state = empty_game()
    a, b = _field(state)
    put(state, RED, "IN", b, 4)
    own = _attack(state, "IN", a, b)
    bomber = _attack(state, "DB", "air", b, steps=2)
    _fight(state, b)
    assert battle(state)["current"] == bomber
    state.rng.force([6, 5])
    act(state, "fire", bomber, "G")
    assert state.data["blocks"][own]["steps"] == 3


@pytest.mark.rules("6.3", "6.5", "6.51")
def test_6_3_the_attacker_withdraws_the_way_it_came_after_round_3() -> None:
    state = empty_game()
    a, b = _field(state)
    defender = put(state, RED, "IN", b, 4)
    attacker = _attack(state, "IN", a, b)
    _fight(state, b)
    for _ in range(3):
        act(state, "pass", defender)
        retreats = {x[2] for x in state.legal_actions(BLUE) if x[0] == "retreat"}
        assert retreats == {a}  # 6.51: only across the hexside it entered by
        act(state, "pass", attacker)
    assert state.data["flow"][-1]["state"] == "withdraw"
    act(state, "retreat", attacker, a)
    assert state.data["blocks"][attacker]["at"] == a
    assert b not in state.data["battles"]


@pytest.mark.rules("6.51")
def test_6_51_the_defender_may_not_retreat_across_the_attackers_hexsides() -> None:
    state = empty_game()
    a, b = _field(state)
    put(state, RED, "IN", b, 4)
    _attack(state, "IN", a, b)
    _fight(state, b)
    retreats = {x[2] for x in state.legal_actions(RED) if x[0] == "retreat"}
    assert retreats and a not in retreats


@pytest.mark.rules("3.1")
def test_3_1_attackers_across_a_river_lose_their_first_turn() -> None:
    state = empty_game()
    the_map = gmap(state.data)
    pair = next(
        (x, y)
        for x in hexes(state, lambda i: i.terrain == "clear" and not i.city and not i.town)
        for y in neighbours(state, x)
        if "river" in side(state, x, y)
        and "bridge" not in side(state, x, y)
        and the_map.hexes[y].land_terrain == "clear"
        and not the_map.hexes[y].city
        and not the_map.hexes[y].town
    )
    a, b = pair
    defender = put(state, RED, "MK", b, 4)
    attacker = _attack(state, "IN", a, b)
    engineer = _attack(state, "EN", a, b, steps=3)
    state.data["blocks"][engineer]["entered"] = a
    _fight(state, b)
    act(state, "pass", defender)  # the MK (E) goes first as defender
    # the infantry may only pass or retreat in round 1; the engineer (no penalty) may fire
    assert battle(state)["current"] == attacker
    assert not any(x[0] == "fire" for x in state.legal_actions(BLUE))
    act(state, "pass", attacker)
    assert battle(state)["current"] == engineer
    assert ("fire", engineer, "G") in state.legal_actions(BLUE)


@pytest.mark.rules("5.51", "5.53")
def test_5_51_aircraft_land_after_the_battle() -> None:
    state = empty_game()
    a, b = _field(state)
    put(state, RED, "IN", b, 1)
    fighter = _attack(state, "FA", "air", b)
    state.data["blocks"][fighter]["entered"] = "air"
    _attack(state, "IN", a, b)
    _fight(state, b)
    # blue's infantry eliminates the defender; then the fighter must fly home
    while b in state.data["battles"] and state.data["flow"][-1]["state"] == "battle":
        bid = battle(state)["current"]
        if state.data["blocks"][bid]["owner"] == RED:
            act(state, "pass", bid)
        elif ("fire", bid, "G") in state.legal_actions(BLUE):
            state.rng.force([1] * state.data["blocks"][bid]["steps"])
            act(state, "fire", bid, "G")
        else:
            act(state, "pass", bid)
    top = state.data["flow"][-1]
    if top["state"] == "land_air":
        targets = [x for x in state.legal_actions(BLUE) if x[0] == "land"]
        assert targets
        state.apply(BLUE, targets[0])
    assert fighter not in state.data["blocks"] or state.data["blocks"][fighter]["at"] != b


@pytest.mark.rules("5.52")
def test_5_52_at_most_two_air_units_of_a_player_join_a_battle() -> None:
    state = empty_game()
    _, b = _field(state)
    put(state, RED, "IN", b, 4)
    base = next(h for h in hexes(state, lambda i: (i.city > 0 or i.town) and i.board == "A"))
    bombers = [put(state, BLUE, "MB", base, 1) for _ in range(3)]  # medium bombers fly 6
    state.data["blocks"][bombers[2]]["at"] = next(
        h for h in hexes(state, lambda i: (i.city > 0 or i.town) and i.board == "A") if h != base
    )
    start_moves(state, BLUE)
    reach = [x for x in state.legal_actions(BLUE) if x[0] == "attack" and x[2] == b]
    assert len({x[1] for x in reach}) == 3  # all three could fly there
    state.apply(BLUE, ("attack", bombers[0], b, "air"))
    state.apply(BLUE, ("attack", bombers[1], b, "air"))
    assert not any(x[0] == "attack" and x[1] == bombers[2] and x[2] == b for x in state.legal_actions(BLUE))


@pytest.mark.rules("6.53")
def test_6_53_ships_retreat_to_adjacent_friendly_or_neutral_water() -> None:
    state = empty_game()
    port = next(h for h in hexes(state, lambda i: i.port and i.board == "B" and i.city == 0))
    sea = next(n for n in neighbours(state, port) if gmap(state.data).hexes[n].terrain == "sea")
    defender = put(state, RED, "CA", port, 2)
    put(state, BLUE, "CA", port, 4, moved=True, entered=sea)
    _fight(state, port)
    assert battle(state)["current"] == defender
    targets = {x[2] for x in state.legal_actions(RED) if x[0] == "retreat"}
    assert targets
    assert all(gmap(state.data).hexes[h].terrain in ("sea", "coastal") for h in targets)


@pytest.mark.rules("6.5")
def test_6_5_a_block_that_cannot_retreat_when_it_must_is_eliminated() -> None:
    state = empty_game()
    a, b = _field(state)
    defender = put(state, RED, "IN", b, 4)
    attacker = _attack(state, "IN", a, b)
    put(state, RED, "IN", a, 1)  # red has since taken the hex the attacker came from
    _fight(state, b)
    for _ in range(3):
        act(state, "pass", defender)
        assert not any(x[0] == "retreat" for x in state.legal_actions(BLUE))
        act(state, "pass", attacker)
    assert attacker not in state.data["blocks"]
    assert b not in state.data["battles"]


@pytest.mark.rules("O1.5")
def test_pursuit_round_option_the_attacker_retreats_in_round_4_under_fire() -> None:
    state = empty_game(pursuit_round=True)
    a, b = _field(state)
    defender = put(state, RED, "IN", b, 4)
    attacker = _attack(state, "IN", a, b)
    _fight(state, b)
    for _ in range(3):
        act(state, "pass", defender)
        act(state, "pass", attacker)
    assert battle(state)["round"] == 4
    act(state, "pass", defender)  # the defender may still fire: a pursuit
    assert state.legal_actions(BLUE) == [("retreat", attacker, a)]
    act(state, "retreat", attacker, a)
    assert b not in state.data["battles"]


@pytest.mark.rules("O1.4")
def test_regroups_option_the_victor_may_move_to_adjacent_hexes() -> None:
    state = empty_game(regroups=True)
    a, b = _field(state)
    defender = put(state, RED, "IN", b, 1)
    attacker = _attack(state, "IN", a, b)
    _fight(state, b)
    act(state, "pass", defender)
    state.rng.force([1, 6, 6, 6])
    act(state, "fire", attacker, "G")
    assert state.data["flow"][-1]["state"] == "regroup"
    moves = [x for x in state.legal_actions(BLUE) if x[0] == "regroup"]
    assert ("regroup", attacker, a) in moves and ("end_regroup",) in state.legal_actions(BLUE)
    state.apply(BLUE, ("regroup", attacker, a))
    assert state.data["blocks"][attacker]["at"] == a and b not in state.data["battles"]


@pytest.mark.rules("5.8")
def test_5_8_responders_arriving_alone_make_the_attacker_the_defender() -> None:
    state = empty_game()
    a, b = _field(state)
    side_hex = next(n for n in neighbours(state, b) if n != a and gmap(state.data).hexes[n].land_terrain)
    defender = put(state, RED, "IN", b, 1)
    responder = put(state, RED, "IN", b, 4, reserve=True, entered=side_hex, moved=True)
    attacker = _attack(state, "IN", a, b)
    _fight(state, b)
    act(state, "pass", defender)
    state.rng.force([1, 6, 6, 6])
    act(state, "fire", attacker, "G")  # the only defender in the battle falls
    assert defender not in state.data["blocks"]
    frame = battle(state)
    assert frame["round"] == 2 and (frame["attacker"], frame["defender"]) == (RED, BLUE)
    assert frame["current"] == attacker  # now the defender, blue goes first on the tied letter E
    assert responder in frame["shown"]


@pytest.mark.rules("6.52")
def test_6_52_marines_may_retreat_to_sea_when_no_enemy_ship_is_there() -> None:
    state = empty_game()
    the_map = gmap(state.data)
    coast = next(
        h
        for h in hexes(state, lambda i: i.terrain == "coastal" and not i.city and not i.town)
        if any(the_map.hexes[n].terrain == "sea" for n in neighbours(state, h))
        and any(
            the_map.hexes[n].terrain == "clear" and not side(state, n, h) & PLAIN
            for n in neighbours(state, h)
        )
    )
    a = next(
        n
        for n in neighbours(state, coast)
        if the_map.hexes[n].terrain == "clear" and not side(state, n, coast) & PLAIN
    )
    sea = {n for n in neighbours(state, coast) if the_map.hexes[n].terrain == "sea"}
    defender = put(state, RED, "MA", coast, 3)
    _attack(state, "IN", a, coast)
    _fight(state, coast)
    targets = {x[2] for x in state.legal_actions(RED) if x[0] == "retreat" and x[1] == defender}
    assert sea & targets
    dest = sorted(sea & targets)[0]
    act(state, "retreat", defender, dest)
    assert state.data["blocks"][defender]["landing"] == "sea"  # at sea: a naval unit now
