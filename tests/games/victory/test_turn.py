"""The game turn around the battles: deployment (1.4), initiative (4.1), supply
attrition (7.1), the victory check (10.0, 10.6) and production (8.x)."""

from __future__ import annotations

import pytest
from victory_positions import BLUE, RED, deployed, empty_game, hexes, put, start

from grognard.core.errors import BadOptions
from grognard.games.victory import RULESET, VictoryState
from grognard.games.victory.control import gmap, occupancy
from grognard.games.victory.initiative import roll_initiative
from grognard.games.victory.setup import home_sites
from grognard.games.victory.supply_map import supply_map
from grognard.games.victory.units import unit_table


@pytest.mark.rules("1.4", "1.2", "10.1")
@pytest.mark.parametrize("seed", [0, 1])
def test_1_4_twenty_blocks_deploy_in_own_cities_and_towns_two_per_city(seed: int) -> None:
    state = deployed(seed)
    data = state.data
    occ = occupancy(data)
    the_map = gmap(data)
    for role in data["roles"]:
        everything = [b for b in data["blocks"].values() if b["owner"] == role]
        mine = [b for b in everything if b["type"] != "RE"]  # 4.3: the resource stands at its mine
        assert len(mine) == 20 and len(everything) == 21 and all(b["at"] for b in mine)
        assert all(b["steps"] == unit_table()[b["type"]].max_steps for b in mine)  # 10.1 full strength
        sites = set(home_sites(data, role))
        assert {b["at"] for b in mine} <= sites
        for hex_id in sites:
            if the_map.hexes[hex_id].city:
                assert sum(1 for b in occ.get(hex_id, ()) if data["blocks"][b]["owner"] == role) >= 2
    assert data["phase"] == "move"  # deployment over, initiative rolled


@pytest.mark.rules("4.1", "2.0")
def test_4_1_ties_for_the_highest_roll_are_rolled_again() -> None:
    state = empty_game()
    state.rng.force([3, 4, 5, 2, 6, 6, 1, 2])  # blue 7, red 7: tie; then blue 12, red 3
    assert roll_initiative(state) == [BLUE, RED]
    state.rng.force([1, 1, 6, 5])
    assert roll_initiative(state) == [RED, BLUE]  # Player 1 first, then clockwise


@pytest.mark.rules("7.1", "7.0", "7.3", "7.5")
def test_7_1_unsupplied_ground_and_air_lose_a_step_ships_do_not() -> None:
    state = empty_game()
    blue_cities = hexes(state, lambda i: i.city > 0 and i.board == "A")
    for city in blue_cities:  # red has taken every blue city: blue has no supply base (7.3)
        put(state, RED, "IN", city, 4)
    plain = hexes(state, lambda i: i.terrain == "clear" and not i.city and not i.town and i.board == "A")
    infantry = put(state, BLUE, "IN", plain[0], 4)
    airborne = put(state, BLUE, "AB", plain[1], 3)
    ship = put(state, BLUE, "CA", hexes(state, lambda i: i.terrain == "sea" and i.board == "A")[0], 4)
    state.data["phase"] = "supply"
    start(state, "supply")
    blocks = state.data["blocks"]
    assert blocks[infantry]["steps"] == 3
    assert airborne not in blocks  # 6.6: an unsupplied airborne unit is eliminated
    assert blocks[ship]["steps"] == 4  # 7.5: ships need no supply


@pytest.mark.rules("7.0", "7.2")
def test_7_0_a_block_in_a_linked_home_city_is_supplied() -> None:
    state = empty_game()
    blue_cities = hexes(state, lambda i: i.city > 0 and i.board == "A")
    held = [put(state, BLUE, "IN", city, 4) for city in blue_cities]
    state.data["phase"] = "supply"
    start(state, "supply")
    assert all(state.data["blocks"][b]["steps"] == 4 for b in held)


@pytest.mark.rules("10.0", "10.1")
def test_10_0_fifteen_pp_of_cities_wins_a_two_map_game() -> None:
    state = empty_game()
    the_map = gmap(state.data)
    red_cities = sorted(
        hexes(state, lambda i: i.city > 0 and i.board == "B"), key=lambda h: -the_map.hexes[h].city
    )
    taken = 0
    for city in red_cities:  # blue's 10 PP plus 5 or more of red's
        put(state, BLUE, "IN", city, 4)
        taken += the_map.hexes[city].city
        if taken >= 5:
            break
    for city in hexes(state, lambda i: i.city > 0 and i.board == "A"):
        put(state, BLUE, "IN", city, 4)
    state.data["phase"] = "supply"
    start(state, "supply")
    assert state.result() == {BLUE: 1.0, RED: 0.0}


@pytest.mark.rules("10.6")
def test_10_6_at_the_time_limit_the_most_pp_wins_or_it_is_a_draw() -> None:
    state = empty_game(turn_limit=4)
    state.data["turn"] = 4
    for city in hexes(state, lambda i: i.city > 0):
        put(state, BLUE if gmap(state.data).hexes[city].board == "A" else RED, "IN", city, 4)
    state.data["phase"] = "supply"
    start(state, "supply")
    assert state.result() == {BLUE: 0.5, RED: 0.5}  # 10 PP each


def _production(state: VictoryState) -> dict[str, object]:
    state.data["phase"] = "production"
    start(state, "production", done=[], left=None)
    frame: dict[str, object] = state.data["flow"][-1]
    return frame


@pytest.mark.rules("8.1", "8.2", "8.3", "8.4")
def test_8_2_each_city_spends_its_own_pp_on_blocks_there() -> None:
    state = empty_game()
    the_map = gmap(state.data)
    cities = hexes(state, lambda i: i.city > 0 and i.board == "A")
    for city in cities:
        put(state, BLUE, "IN", city, 1)
    enemy_cities = hexes(state, lambda i: i.city > 0 and i.board == "B")
    for city in enemy_cities:  # blue holds all of red's cities: they link up by road (7.3)
        put(state, BLUE, "IN", city, 1)
    captured = max(enemy_cities, key=lambda h: the_map.hexes[h].city)
    frame = _production(state)
    left = frame["left"][BLUE]  # type: ignore[index]
    assert {c: left[c] for c in [*cities, captured]} == {
        c: the_map.hexes[c].city for c in [*cities, captured]
    }
    legal = state.legal_actions(BLUE)
    builds_at = {a[1] for a in legal if a[0] == "build"}
    assert captured not in builds_at and set(cities) <= builds_at  # 8.4: new blocks only at home
    one_pp = next(c for c in cities if the_map.hexes[c].city == 1)
    assert ("build", one_pp, "AR") not in legal  # armor costs 2 PP a step (8.3)
    state.apply(BLUE, ("build", one_pp, "IN"))
    assert not any(a[0] == "build" and a[1] == one_pp for a in state.legal_actions(BLUE))
    # the new block is unseen by red until production ends
    shown = len(cities) + len(enemy_cities)
    assert len(state.view(RED)["board"]["blocks"]) == shown
    state.apply(BLUE, ("done",))
    state.apply(RED, ("done",))
    assert state.data["turn"] == 2
    assert len(state.view(RED)["board"]["blocks"]) == shown + 1


@pytest.mark.rules("8.22")
def test_8_22_a_block_may_be_disbanded() -> None:
    state = empty_game()
    city = hexes(state, lambda i: i.city > 0 and i.board == "A")[0]
    bid = put(state, BLUE, "IN", city, 2)
    _production(state)
    state.apply(BLUE, ("disband", bid))
    assert bid not in state.data["blocks"]


@pytest.mark.rules("8.2", "O1.6")
def test_building_cadres_option_keeps_new_blocks_at_one_step() -> None:
    state = empty_game(building_cadres=True)
    state.data["options"]["building_cadres"] = True
    city = max(
        hexes(state, lambda i: i.city > 0 and i.board == "A"), key=lambda h: gmap(state.data).hexes[h].city
    )
    _production(state)
    state.apply(BLUE, ("build", city, "IN"))
    new = max(b for b in state.data["blocks"] if state.data["blocks"][b]["owner"] == BLUE)
    assert ("add_step", new) not in state.legal_actions(BLUE)


@pytest.mark.rules("8.21")
def test_8_21_blocks_of_the_same_type_merge_and_divide() -> None:
    state = empty_game()
    city = hexes(state, lambda i: i.city > 0 and i.board == "A")[0]
    one = put(state, BLUE, "IN", city, 1)
    two = put(state, BLUE, "IN", city, 2)
    armor = put(state, BLUE, "AR", city, 1)
    _production(state)
    legal = state.legal_actions(BLUE)
    assert ("merge", one, two) in legal and ("merge", armor, two) not in legal  # the exact same type
    state.apply(BLUE, ("merge", one, two))
    assert one not in state.data["blocks"] and state.data["blocks"][two]["steps"] == 3
    state.apply(BLUE, ("divide", two))
    assert state.data["blocks"][two]["steps"] == 2
    assert sum(1 for b in state.data["blocks"].values() if b["type"] == "IN" and b["at"] == city) == 2


@pytest.mark.rules("7.1")
def test_7_1_a_unit_out_of_supply_cuts_no_enemy_supply() -> None:
    state = empty_game()
    for city in hexes(state, lambda i: i.city > 0 and i.board == "A"):
        put(state, BLUE, "IN", city, 4)
    for city in hexes(state, lambda i: i.city > 0 and i.board == "B"):
        put(state, BLUE, "IN", city, 4)  # red holds no city: every red unit is out of supply
    before = supply_map(state.data)[BLUE]
    road = [
        h for h in hexes(state, lambda i: i.terrain == "clear" and not i.city and not i.town) if h in before
    ]
    intruders = [put(state, RED, "IN", h, 4) for h in road[:6]]
    after = supply_map(state.data)
    assert not any(state.data["blocks"][b]["at"] in after[RED] for b in intruders)
    assert after[BLUE] == before


@pytest.mark.rules("1.1")
def test_1_1_players_pick_the_maps_and_the_second_makes_the_final_adjustment() -> None:
    state = RULESET.new_game("quick-start", {"map_choice": True}, 4)
    frame = state.data["flow"][-1]
    assert frame["state"] == "choose_maps"
    first, second = frame["pickers"]
    assert {first, second} == {BLUE, RED} and frame["adjuster"] == second  # 1.1 sidebar
    assert state.active_roles() == [first]
    state.apply(first, ("pick_map", "C"))
    assert ("pick_map", "C") not in state.legal_actions(second)
    state.apply(second, ("pick_map", "D"))
    assert state.active_roles() == [second]
    state.apply(second, ("rotate_map", "C"))
    state.apply(second, ("maps_done",))
    assert state.data["map"] == "2map:C3,D0"
    assert state.data["homes"] == {"C": first, "D": second}
    assert state.data["phase"] == "deploy"
    deploys = {a[2] for a in state.legal_actions(first) if a[0] == "deploy"}
    assert deploys and all(gmap(state.data).hexes[h].board == "C" for h in deploys)


def test_map_choice_is_refused_for_the_three_map_layout() -> None:
    with pytest.raises(BadOptions, match="map_choice"):
        RULESET.new_game("two-front", {"map_choice": True}, 0)


@pytest.mark.rules("10.2", "8.3")
def test_10_2_custom_forces_are_bought_in_secret_with_80_pp() -> None:
    state = RULESET.new_game("custom-forces", {}, 1)
    frame = state.data["flow"][-1]
    assert frame["state"] == "purchase" and frame["budget"] == {BLUE: 80, RED: 80}
    assert sorted(state.active_roles()) == [BLUE, RED]  # at once
    state.apply(BLUE, ("buy", "AR"))  # 2 PP a step
    bought = next(b for b, x in state.data["blocks"].items() if x["owner"] == BLUE and x["type"] == "AR")
    state.apply(BLUE, ("buy_step", bought))
    assert frame["budget"][BLUE] == 76 and state.data["blocks"][bought]["steps"] == 2
    assert all(e["side"] == RED for e in state.view(RED)["board"]["blocks"])  # unseen by red
    state.apply(BLUE, ("done",))
    state.apply(RED, ("buy", "IN"))
    state.apply(RED, ("done",))
    assert state.data["phase"] == "deploy"
    assert any(a[0] == "deploy" and a[1] == bought for a in state.legal_actions(BLUE))


@pytest.mark.rules("10.2")
def test_10_2_a_player_takes_back_his_own_purchase_after_the_other_bought() -> None:
    """The purchase is a window of secret choices (core/secret_choices.py): blue may
    undo his last buy though red has bought since; red's buy stays and red's view does
    not change."""
    state = RULESET.new_game("custom-forces", {}, 1)
    state.apply(BLUE, ("buy", "AR"))
    state.apply(BLUE, ("buy", "IN"))
    state.apply(RED, ("buy", "IN"))
    red_sees = state.view(RED)
    assert state.can_undo(BLUE) and state.can_undo(RED)
    state.undo(BLUE)
    owned = sorted((b["owner"], b["type"]) for b in state.data["blocks"].values() if b["type"] != "RE")
    assert owned == [(BLUE, "AR"), (RED, "IN")]
    assert state.data["flow"][-1]["budget"] == {BLUE: 78, RED: 79}
    assert state.view(RED) == red_sees
    state.apply(BLUE, ("done",))  # a player who finishes ends the undo window
    assert not state.can_undo(RED)


def test_bought_forces_replace_the_random_units_where_the_scenario_allows() -> None:
    state = RULESET.new_game("sleeping-giant", {"bought_forces": True}, 1)
    assert state.data["flow"][-1]["budget"] == {BLUE: 80, RED: 48}  # 10.3
    # nothing random: only each player's starting resource block (4.3)
    assert sorted(b["type"] for b in state.data["blocks"].values()) == ["RE", "RE"]


@pytest.mark.rules("6.71")
def test_6_71_a_marine_ashore_on_a_friendly_coast_becomes_a_face_up_beachhead() -> None:
    state = empty_game()
    for city in hexes(state, lambda i: i.city > 0 and i.board == "A"):
        put(state, BLUE, "IN", city, 4)
    coast = hexes(state, lambda i: i.terrain == "coastal" and not i.port and i.board == "B")[0]
    marine = put(state, BLUE, "MA", coast, 3)
    state.data["phase"] = "supply"
    start(state, "supply")
    assert state.data["blocks"][marine]["beachhead"] is True
    assert marine in state.data["seen"][RED]
    shown = [e for e in state.view(RED)["board"]["blocks"] if e.get("id") == marine]
    assert shown and shown[0]["beachhead"] is True  # face up to the enemy
    assert all(e.get("id") != marine for e in state.view(None)["board"]["blocks"])  # observers: blank


@pytest.mark.rules("8.2", "4.3")
def test_8_2_amphibious_infantry_and_marines_are_built_only_in_ports() -> None:
    state = empty_game(stretch_units=True)
    the_map = gmap(state.data)
    cities = hexes(state, lambda i: i.city > 0 and i.board == "A")
    for city in cities:
        put(state, BLUE, "IN", city, 1)
    _production(state)
    builds = {(a[1], a[2]) for a in state.legal_actions(BLUE) if a[0] == "build"}
    inland = [c for c in cities if not the_map.hexes[c].port]
    ports = [c for c in cities if the_map.hexes[c].port]
    assert inland and ports
    for city in inland:
        assert (city, "IN") in builds
        for amphibious in ("AM", "MA", "CO"):  # 8.2: built as naval units
            assert (city, amphibious) not in builds, (city, amphibious)
    big_port = max(ports, key=lambda h: the_map.hexes[h].city)
    assert (big_port, "AM") in builds and (big_port, "MA") in builds
