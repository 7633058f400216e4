"""The move phase (5.x, 3.x): ground, naval and air movement, stops, stacking,
hexside limits, pinning, hex control and responses."""

from __future__ import annotations

import pytest
from victory_positions import BLUE, RED, empty_game, hexes, neighbours, put, side, start_moves

from grognard.games.victory import VictoryState
from grognard.games.victory.control import controller, gmap, hex_distance, landing_reach, occupancy, side_key

PLAIN = ("river", "alpine", "road", "canal", "bridge", "shoal")


def _clear_pair(state: VictoryState, avoid_features: tuple[str, ...] = PLAIN) -> tuple[str, str]:
    """Two adjacent clear inland hexes with a plain hexside between them."""
    the_map = gmap(state.data)
    for a in hexes(state, lambda i: i.terrain == "clear" and not i.city and not i.town):
        for b in neighbours(state, a):
            info = the_map.hexes[b]
            if (
                info.terrain == "clear"
                and not info.city
                and not info.town
                and not (side(state, a, b) & set(avoid_features))
            ):
                return a, b
    raise AssertionError("no plain clear pair on the map")


def _targets(state: VictoryState, bid: str, verb: str = "move") -> set[str]:
    role = state.data["blocks"][bid]["owner"]
    return {a[2] for a in state.legal_actions(role) if a[0] == verb and a[1] == bid}


@pytest.mark.rules("5.7", "5.0")
def test_5_7_infantry_moves_up_to_two_hexes_once() -> None:
    state = empty_game()
    a, _ = _clear_pair(state)
    bid = put(state, BLUE, "IN", a, 4)
    start_moves(state, BLUE)
    reach = _targets(state, bid)
    assert reach
    assert max(hex_distance(a, h) for h in reach) == 2
    dest = sorted(reach)[0]
    state.apply(BLUE, ("move", bid, dest))
    assert state.data["blocks"][bid]["at"] == dest
    assert not _targets(state, bid)  # 5.0: a block moves once per turn


@pytest.mark.rules("3.1")
def test_3_1_ground_units_stop_on_entering_forest_without_a_road() -> None:
    state = empty_game()
    the_map = gmap(state.data)
    for f in hexes(state, lambda i: i.terrain == "forest" and not i.city and not i.town):
        opens = [
            n
            for n in neighbours(state, f)
            if the_map.hexes[n].terrain == "clear" and not side(state, n, f) & {"road", "river", "alpine"}
        ]
        if opens:
            break
    else:
        raise AssertionError("no forest hex with a clear neighbour")
    bid = put(state, BLUE, "MK", opens[0], 4)  # mechanized: move 3
    start_moves(state, BLUE)
    reach = _targets(state, bid)
    assert f in reach
    beyond = [n for n in neighbours(state, f) if n != opens[0] and n not in neighbours(state, opens[0])]
    # nothing that can only be reached through the forest is reachable
    for n in beyond:
        other_ways = [m for m in neighbours(state, n) if m != f and m in reach]
        if not other_ways and n not in neighbours(state, opens[0]):
            assert n not in reach


@pytest.mark.rules("5.0", "5.3")
def test_5_0_entering_an_enemy_hex_is_an_attack_within_the_hexside_limit() -> None:
    state = empty_game()
    a, b = _clear_pair(state)
    put(state, RED, "IN", b, 4)
    movers = [put(state, BLUE, "IN", a, 4) for _ in range(3)]
    start_moves(state, BLUE)
    attacks = [x for x in state.legal_actions(BLUE) if x[0] == "attack" and x[2] == b and x[3] == a]
    assert len(attacks) == 3
    state.apply(BLUE, ("attack", movers[0], b, a))
    state.apply(BLUE, ("attack", movers[1], b, a))
    # 5.3: a clear hexside lets two blocks into a battle; the third must find another side
    assert ("attack", movers[2], b, a) not in state.legal_actions(BLUE)
    record = state.data["battles"][b]
    assert (record["attacker"], record["defender"]) == (BLUE, RED)
    assert record["hexsides"] == {a: BLUE}  # 5.41: the hexside blue entered by


@pytest.mark.rules("5.1")
def test_5_1_defenders_equal_to_the_attackers_are_pinned() -> None:
    state = empty_game()
    a, b = _clear_pair(state)
    defenders = [put(state, RED, "IN", b, 4) for _ in range(2)]
    attacker = put(state, BLUE, "IN", a, 4)
    start_moves(state, BLUE)
    state.apply(BLUE, ("attack", attacker, b, a))
    state.apply(BLUE, ("end_moves",))
    assert state.active_roles() == [RED]
    movable = {x[1] for x in state.legal_actions(RED) if x[0] == "move"}
    assert movable == set(defenders)  # either may go (defender's choice)
    state.apply(RED, ("move", defenders[0], next(iter(_targets(state, defenders[0])))))
    assert not _targets(state, defenders[1])  # the last one is pinned


@pytest.mark.rules("5.2")
def test_5_2_stacking_limits_the_blocks_that_end_in_a_hex() -> None:
    state = empty_game()
    a, b = _clear_pair(state)
    for _ in range(4):
        put(state, BLUE, "IN", b, 1)
    mover = put(state, BLUE, "IN", a, 4)
    start_moves(state, BLUE)
    assert b not in _targets(state, mover)  # clear: four ground blocks


@pytest.mark.rules("5.4")
def test_5_4_control_changes_at_once_and_reverts_when_vacated() -> None:
    state = empty_game()
    city = next(h for h in hexes(state, lambda i: i.city > 0 and i.board == "B"))
    data = state.data
    assert controller(data, occupancy(data), city) == RED  # vacant, on red's map
    bid = put(state, BLUE, "IN", city, 2)
    assert controller(data, occupancy(data), city) == BLUE
    data["blocks"][bid]["at"] = neighbours(state, city)[0]
    assert controller(data, occupancy(data), city) == RED


@pytest.mark.rules("5.5", "5.51")
def test_5_5_air_flies_over_enemies_and_ends_at_a_friendly_airbase() -> None:
    state = empty_game()
    bases = hexes(state, lambda i: (i.city > 0 or i.town) and i.board == "A")
    home = next(b for b in bases if any(0 < hex_distance(b, c) <= 3 for c in bases))
    fighter = put(state, BLUE, "FA", home, 4)
    near = [b for b in bases if 0 < hex_distance(home, b) <= 3]
    for n in neighbours(state, home):
        if gmap(state.data).hexes[n].land_terrain and n not in bases:
            put(state, RED, "IN", n, 1)
    start_moves(state, BLUE)
    reach = _targets(state, fighter)
    assert set(near) <= reach  # over the ring of enemies
    assert all(h in bases for h in reach)  # never a plain hex
    # 5.51: an airbase holds two air units
    put(state, BLUE, "FA", near[0], 1)
    put(state, BLUE, "DB", near[0], 1)
    state._after_change(None, None)
    assert near[0] not in _targets(state, fighter)


@pytest.mark.rules("5.6", "4.2")
def test_5_6_ships_stay_on_water() -> None:
    state = empty_game()
    port = next(h for h in hexes(state, lambda i: i.port and i.board == "A"))
    ship = put(state, BLUE, "CA", port, 4)
    start_moves(state, BLUE)
    reach = _targets(state, ship)
    assert reach
    assert all(gmap(state.data).hexes[h].terrain in ("sea", "coastal") for h in reach)


@pytest.mark.rules("5.8")
def test_5_8_a_block_joining_an_earlier_battle_is_a_response() -> None:
    state = empty_game()
    a, b = _clear_pair(state)
    put(state, RED, "IN", b, 4)
    attacker = put(state, BLUE, "IN", a, 4)
    helper_hex = next(n for n in neighbours(state, b) if n != a and gmap(state.data).hexes[n].land_terrain)
    responder = put(state, RED, "IN", helper_hex, 4)
    start_moves(state, BLUE)
    state.apply(BLUE, ("attack", attacker, b, a))
    state.apply(BLUE, ("end_moves",))
    joins = [x for x in state.legal_actions(RED) if x[0] == "attack" and x[1] == responder and x[2] == b]
    assert joins
    state.apply(RED, joins[0])
    assert state.data["blocks"][responder]["reserve"] is True


def _road_line(state: VictoryState, length: int) -> list[str]:
    """A path of `length` hexes joined by road hexsides, none a city or town."""
    the_map = gmap(state.data)
    plain = set(hexes(state, lambda i: bool(i.land_terrain) and not i.city and not i.town))

    def extend(path: list[str]) -> list[str] | None:
        if len(path) == length:
            return path
        for n in neighbours(state, path[-1]):
            if n in plain and n not in path and "road" in the_map.side_features(path[-1], n):
                found = extend([*path, n])
                if found:
                    return found
        return None

    for h in sorted(plain):
        found = extend([h])
        if found:
            return found
    raise AssertionError("no road long enough")


@pytest.mark.rules("5.9", "3.3")
def test_5_9_strategic_moves_follow_roads_for_six_hexes_and_never_attack() -> None:
    state = empty_game()
    road = _road_line(state, 5)
    bid = put(state, BLUE, "IN", road[0], 4)
    start_moves(state, BLUE)
    far = _targets(state, bid, "strategic")
    assert road[4] in far  # four road hexes away: beyond the infantry's move of 2
    assert road[4] not in _targets(state, bid)
    put(state, RED, "IN", road[2], 1)
    state._after_change(None, None)
    blocked = _targets(state, bid, "strategic")
    assert road[2] not in blocked  # no attack by strategic movement (5.9)
    state.apply(BLUE, ("move", bid, road[1]))
    assert not _targets(state, bid, "strategic")  # never combined with a normal move


@pytest.mark.rules("5.9")
def test_5_9_air_units_move_strategically_between_friendly_airbases() -> None:
    state = empty_game()
    bases = hexes(state, lambda i: (i.city > 0 or i.town) and i.board == "A")
    home = bases[0]
    bomber = put(state, BLUE, "DB", home, 2)
    start_moves(state, BLUE)
    far = _targets(state, bomber, "strategic")
    assert far == {b for b in bases if b != home and hex_distance(home, b) <= 6}


@pytest.mark.rules("O1.2", "5.53")
@pytest.mark.parametrize("air_range", [False, True])
def test_air_range_option_trades_the_flight_out_against_the_way_home(air_range: bool) -> None:
    state = empty_game(air_range=air_range)
    base = hexes(state, lambda i: (i.city > 0 or i.town) and i.board == "A")[0]
    fighter = put(state, BLUE, "FA", base, 4)  # move 3
    target = next(h for h in hexes(state, lambda i: bool(i.land_terrain)) if hex_distance(base, h) == 5)
    put(state, RED, "IN", target, 1)
    start_moves(state, BLUE)
    attacks = {x[2] for x in state.legal_actions(BLUE) if x[0] == "attack" and x[1] == fighter}
    assert (target in attacks) is air_range  # 5 hexes out: only with the option (3 + 3 - 1 home)
    if air_range:
        state.apply(BLUE, ("attack", fighter, target, "air"))
        assert landing_reach(state.data, state.data["blocks"][fighter]) == 1


def _estuaries(state: VictoryState) -> list[tuple[str, str]]:
    """Every estuary hexside (3.1) between two land hexes, both ways."""
    the_map = gmap(state.data)
    return [
        (a, b)
        for a in hexes(state, lambda i: bool(i.land_terrain))
        for b in neighbours(state, a)
        if the_map.hexes[b].land_terrain and "estuary" in side(state, a, b)
    ]


@pytest.mark.rules("3.1", "5.7")
def test_3_1_no_ground_move_crosses_a_river_estuary() -> None:
    state = empty_game()
    crossings = _estuaries(state)
    assert len(crossings) >= 8  # the default map has estuaries on both boards
    for a, b in crossings:
        for bid in list(state.data["blocks"]):
            del state.data["blocks"][bid]
        bid = put(state, BLUE, "ART", a, 4)  # artillery: move 1, its only neighbours
        start_moves(state, BLUE)
        assert b not in _targets(state, bid), (a, b)
        put(state, RED, "IN", b, 1)  # nor does it attack across (5.3: impassable)
        start_moves(state, BLUE)
        assert b not in _targets(state, bid, "attack"), (a, b)


def _canal(state: VictoryState) -> tuple[str, str]:
    """The sea hexes at the two ends of the map's canal (3.1), the first next to its
    first hex, the second next to its last."""
    the_map = gmap(state.data)
    cells = hexes(state, lambda i: i.canal)
    ends = [h for h in cells if any(the_map.hexes[n].terrain == "sea" for n in neighbours(state, h))]
    assert len(ends) == 2
    seas = [next(n for n in neighbours(state, h) if the_map.hexes[n].terrain == "sea") for h in ends]
    return seas[0], seas[1]


@pytest.mark.rules("3.1", "5.9")
def test_3_1_ships_pass_along_a_canal_by_strategic_movement_only() -> None:
    state = empty_game(maps=4)  # board D carries the Daal canal, on red's side
    west, east = _canal(state)
    state.data["order"] = [RED, BLUE]
    ship = put(state, RED, "CA", west, 4)
    start_moves(state, RED)
    inland = hexes(state, lambda i: i.canal and i.terrain != "coastal")
    assert inland
    assert east in _targets(state, ship, "strategic")  # through the canal
    assert not set(inland) & (_targets(state, ship, "strategic") | _targets(state, ship))  # never ends there
    assert east not in _targets(state, ship)  # an ordinary move does not use the canal
    state.data["options"]["logistics"] = True
    the_map = gmap(state.data)
    side = next(
        side_key(a, b) for a in inland for b in neighbours(state, a) if "canal" in the_map.side_features(a, b)
    )
    state.data["destroyed"] = [side]  # 9.5: a destroyed canal carries no ship
    start_moves(state, RED)
    assert east not in _targets(state, ship, "strategic")


@pytest.mark.rules("4.2", "3.1")
def test_4_2_a_carrier_in_a_canal_hex_neither_launches_nor_recovers() -> None:
    state = empty_game(maps=4)
    state.data["order"] = [RED, BLUE]
    the_map = gmap(state.data)
    ends = hexes(state, lambda i: i.canal and i.terrain == "coastal" and not i.city)
    end = ends[0]
    carrier = put(state, RED, "CV", end, 4)
    fighter = put(state, RED, "FA", end, 1, aboard=carrier)
    start_moves(state, RED)
    assert not _targets(state, fighter) and not _targets(state, fighter, "attack")
    sea = next(n for n in neighbours(state, end) if the_map.hexes[n].terrain == "sea")
    state.data["blocks"][fighter]["at"] = sea
    del state.data["blocks"][fighter]["aboard"]
    start_moves(state, RED)
    assert end not in _targets(state, fighter)  # no landing on it there either


def _road_through_stop_terrain(state: VictoryState) -> tuple[str, str, str]:
    """(road hex, stop-terrain hex entered from it along the road, a land hex beyond
    it off the road, in a straight line: reachable in two steps only through it)."""
    the_map = gmap(state.data)
    stops = hexes(state, lambda i: i.land_terrain in ("forest", "marsh", "mountain"))
    for f in stops:
        for r in neighbours(state, f):
            if not the_map.hexes[r].land_terrain or "road" not in side(state, r, f):
                continue
            for n in neighbours(state, f):
                features = side(state, f, n)
                common = [m for m in neighbours(state, n) if m in neighbours(state, r)]
                if (
                    hex_distance(r, n) == 2
                    and common == [f]
                    and the_map.hexes[n].land_terrain
                    and not features & {"road", "alpine", "estuary", "canal"}
                ):
                    return r, f, n
    raise AssertionError("no road through stopping terrain")


@pytest.mark.rules("3.3", "3.1")
def test_3_3_a_block_that_passed_stopping_terrain_by_road_may_not_leave_the_road() -> None:
    state = empty_game()
    road, forest, beyond = _road_through_stop_terrain(state)
    bid = put(state, BLUE, "IN", road, 4)  # move 2: road, then off it
    start_moves(state, BLUE)
    reach = _targets(state, bid)
    assert forest in reach
    assert beyond not in reach  # it went on only thanks to the road
    put(state, RED, "IN", beyond, 1)
    start_moves(state, BLUE)
    assert beyond not in _targets(state, bid, "attack")  # nor attacks off the road
