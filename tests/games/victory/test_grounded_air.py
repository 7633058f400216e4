"""Grounded air (5.52 and the sidebar "Grounded Air Units"): at most two air units of a
player fight; the owner grounds the rest; grounded land air takes G hits and never
retreats; grounded carrier air takes no hits, is adjusted after the battle and may
fly off to another airbase. Dice are forced through the game's RNG."""

from __future__ import annotations

from typing import Any

import pytest
from victory_positions import (
    BLUE,
    RED,
    act,
    actor,
    battle,
    empty_game,
    home_board,
    neighbours,
    put,
    start_combat,
)

from grognard.games.victory import VictoryState
from grognard.games.victory.control import gmap, hex_distance
from grognard.games.victory.retreats import retreat_targets


def _port(state: VictoryState) -> tuple[str, str, str]:
    """(red's port city, a land hex next to it, a sea hex next to it)."""
    the_map = gmap(state.data)
    board = home_board(state, RED)
    for city, info in sorted(the_map.hexes.items()):
        if info.board != board or not info.city or not info.port:
            continue
        land = [
            n for n in neighbours(state, city) if the_map.hexes[n].land_terrain and not the_map.hexes[n].city
        ]
        sea = [n for n in neighbours(state, city) if the_map.hexes[n].terrain == "sea"]
        bases = [h for h, i in the_map.hexes.items() if (i.city or i.town) and h != city and i.board == board]
        if land and sea and any(hex_distance(city, h) <= 3 for h in bases):
            return city, land[0], sea[0]
    raise AssertionError("no port city with land and sea beside it")


def _carrier_port(state: VictoryState) -> dict[str, Any]:
    """Red's port city holding two fighters of its own and a carrier with two more."""
    city, land, sea = _port(state)
    carrier = put(state, RED, "CV", city, 4)
    based = [put(state, RED, "FA", city, 4), put(state, RED, "FA", city, 3)]
    aboard = [put(state, RED, "FA", city, 2, aboard=carrier), put(state, RED, "FA", city, 2, aboard=carrier)]
    return {"city": city, "land": land, "sea": sea, "carrier": carrier, "based": based, "aboard": aboard}


@pytest.mark.rules("5.52")
def test_5_52_only_two_air_units_of_a_player_fight_and_the_owner_grounds_the_rest() -> None:
    state = empty_game()
    pos = _carrier_port(state)
    put(state, BLUE, "IN", pos["city"], 4, moved=True, entered=pos["land"])
    start_combat(state, pos["city"], BLUE, RED)
    assert actor(state) == RED  # before any combat turn: the grounding
    planes = pos["based"] + pos["aboard"]
    assert sorted(state.legal_actions(RED)) == sorted(("ground", p) for p in planes)
    act(state, "ground", pos["based"][0])
    assert sorted(state.legal_actions(RED)) == sorted(("ground", p) for p in planes[1:])
    act(state, "ground", pos["aboard"][0])
    data = state.data
    assert data["blocks"][pos["based"][0]]["grounded"] == "land"
    assert data["blocks"][pos["aboard"][0]]["grounded"] == "carrier"
    frame = battle(state)
    assert pos["based"][0] not in frame["queue"] and pos["aboard"][0] not in frame["queue"]
    assert frame["current"] in (pos["based"][1], pos["aboard"][1])  # the two that fight (A turn)


def _grounded_battle(state: VictoryState, pos: dict[str, Any], *attackers: tuple[str, str]) -> list[str]:
    ids = [put(state, BLUE, t, pos["city"], 4, moved=True, entered=via) for t, via in attackers]
    start_combat(state, pos["city"], BLUE, RED)
    act(state, "ground", pos["based"][0])  # the 4-step fighter in the city
    act(state, "ground", pos["aboard"][0])  # a fighter aboard the carrier
    return ids


def _pass_until(state: VictoryState, bid: str) -> None:
    while battle(state)["current"] != bid:
        act(state, "pass", battle(state)["current"])


@pytest.mark.rules("5.52", "6.46")
def test_5_52_grounded_land_air_takes_hits_from_g_fire() -> None:
    state = empty_game()
    pos = _carrier_port(state)
    (infantry,) = _grounded_battle(state, pos, ("IN", pos["land"]))
    _pass_until(state, infantry)
    assert ("fire", infantry, "G") in state.legal_actions(BLUE)  # no red ground unit: only the grounded plane
    state.rng.force([1, 6, 6, 6])
    act(state, "fire", infantry, "G")
    data = state.data
    assert data["blocks"][pos["based"][0]]["steps"] == 3  # the grounded land fighter
    assert data["blocks"][pos["aboard"][0]]["steps"] == 2  # grounded aboard: no hits
    assert data["blocks"][pos["based"][1]]["steps"] == 3  # flying: not in the ground group


@pytest.mark.rules("5.52")
def test_5_52_grounded_land_air_never_retreats_but_grounded_carrier_air_may_fly_off() -> None:
    state = empty_game()
    pos = _carrier_port(state)
    _grounded_battle(state, pos, ("IN", pos["land"]))
    frame = battle(state)
    assert retreat_targets(state.data, frame, pos["based"][0]) == []
    # a grounded aircraft aboard retreats as the flying one beside it: to an airbase in reach
    flying = retreat_targets(state.data, frame, pos["aboard"][1])
    assert flying and retreat_targets(state.data, frame, pos["aboard"][0]) == flying


@pytest.mark.rules("5.52", "5.51", "4.2")
def test_5_52_grounded_carrier_air_takes_no_hits_and_is_adjusted_after_the_battle() -> None:
    state = empty_game()
    pos = _carrier_port(state)
    (ship,) = _grounded_battle(state, pos, ("BB", pos["sea"]))
    _pass_until(state, ship)
    state.rng.force([1, 1, 1, 6])  # N3: three hits on the naval group, all on the carrier
    act(state, "fire", ship, "N")
    data = state.data
    assert data["blocks"][pos["carrier"]]["steps"] == 1
    # the flying fighter aboard (2 steps) loses its excess at once (5.51), the grounded one not yet
    assert pos["aboard"][1] not in data["blocks"] or data["blocks"][pos["aboard"][1]]["steps"] < 2
    assert data["blocks"][pos["aboard"][0]]["steps"] == 2
    assert pos["carrier"] in battle(state)["adjust"]
    # the battle runs out: blue, the attacker, must leave after round 3
    while any(f["state"] == "battle" for f in data["flow"]):
        who = actor(state)
        legal = state.legal_actions(who)
        passes = [a for a in legal if a[0] == "pass"]
        state.apply(who, passes[0] if passes else legal[0])
    assert ship not in data["blocks"] or data["blocks"][ship]["at"] != pos["city"]
    # after the battle the carrier (1 step) keeps one air step aboard: the rest is lost
    left = [b for b, x in data["blocks"].items() if x.get("aboard") == pos["carrier"]]
    assert sum(data["blocks"][b]["steps"] for b in left) <= 1
    assert not any(x.get("grounded") for x in data["blocks"].values())


@pytest.mark.rules("5.52", "5.51")
def test_5_52_a_sunk_carriers_grounded_aircraft_fly_to_another_airbase() -> None:
    state = empty_game()
    the_map = gmap(state.data)
    city, _, _ = _port(state)
    sea = next(
        h
        for h, i in sorted(the_map.hexes.items())
        if i.terrain == "sea"
        and 2 <= hex_distance(h, city) <= 3
        and any(the_map.hexes[n].terrain == "sea" for n in neighbours(state, h))
    )
    first = put(state, RED, "CV", sea, 2)
    second = put(state, RED, "CV", sea, 4)
    planes = [
        put(state, RED, "FA", sea, 2, aboard=first),
        put(state, RED, "FA", sea, 2, aboard=second),
        put(state, RED, "FA", sea, 2, aboard=second),
    ]
    via = next(n for n in neighbours(state, sea) if the_map.hexes[n].terrain == "sea")
    ship = put(state, BLUE, "BB", sea, 4, moved=True, entered=via)
    start_combat(state, sea, BLUE, RED)
    assert actor(state) == RED
    act(state, "ground", planes[0])  # the fighter aboard the weaker carrier
    _pass_until(state, ship)
    state.rng.force([1, 1, 6, 6])  # two hits: the strongest ship first, the 4-step carrier
    act(state, "fire", ship, "N")
    data = state.data
    assert data["blocks"][second]["steps"] == 2
    while any(f["state"] == "battle" for f in data["flow"]):
        who = actor(state)
        if ("fire", ship, "N") in state.legal_actions(who):
            state.rng.force([1, 1, 1, 1])
            act(state, "fire", ship, "N")
            continue
        legal = state.legal_actions(who)
        passes = [a for a in legal if a[0] == "pass"]
        state.apply(who, passes[0] if passes else legal[0])
    assert first not in data["blocks"] and planes[0] in data["blocks"]  # not lost with its carrier
    # after the battle it flew to a red airbase within its move
    landed = data["blocks"][planes[0]]["at"]
    assert landed != sea and (the_map.hexes[landed].city or the_map.hexes[landed].town)
    assert hex_distance(sea, landed) <= 3
