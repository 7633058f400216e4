"""The four wargames' content hooks (games/<id>/content_report.py): facts read from states."""

from __future__ import annotations

from typing import Any

from grognard.core.game import State
from grognard.games.hgw.content_report import production_by_turn
from grognard.games.victory.content_report import forces_mix, home_boards
from grognard.games.viktory2 import content_report as viktory2_content
from grognard.games.virtuti.content_report import milestones
from grognard.sim import GameConfig, get_ruleset, play


def test_viktory2_counts_the_terrain_around_a_capital() -> None:
    state = get_ruleset("viktory2").new_game(None, {"players": 2}, 1)
    tiles = state.data["tiles"]
    # 0,0's six neighbours, face down at the start: two mountains, a forest, a water
    for hex_, terrain in zip(
        ("-1,0", "-1,1", "0,-1", "0,1"), ("mountain", "mountain", "forest", "water"), strict=True
    ):
        tiles[hex_] = terrain
    counts = viktory2_content.terrain_around(state, "0,0")
    assert counts == {"plains": 0, "grassland": 0, "forest": 1, "mountain": 2, "water": 1}


def test_viktory2_counts_the_land_around_a_start_group() -> None:
    state = get_ruleset("viktory2").new_game(None, {"players": 2}, 1)
    start = state.data["starts"]["red"]  # 2,-1  3,-1  3,-2 (3.3)
    ring = sorted({h for s in start for h in state.neighbors(s)} - set(start))  # type: ignore[attr-defined]
    assert len(ring) == 9  # three mutually adjacent hexes have nine neighbours between them
    assert viktory2_content.land_around_start(state, "red") == 0  # all face down at the start
    for hex_, terrain in zip(ring, ("plains", "water", "forest", "water", "mountain"), strict=False):
        state.data["tiles"][hex_] = terrain
    assert viktory2_content.land_around_start(state, "red") == 3  # water is no land


def test_viktory2_facts_of_a_whole_game() -> None:
    states: list[State] = []

    def watch(state: State) -> None:
        if not states:
            states.append(state.clone())
        states[1:] = [state]

    play(GameConfig("viktory2", seats=("random", "random"), options={"players": 2}), 3, on_action=watch)
    initial, final = states[0], states[-1]
    facts = viktory2_content.content_facts(initial, final)
    capitals = final.data["capitals"]
    assert facts["capital_terrain"] == {role: final.data["tiles"][h] for role, h in capitals.items()}
    # every tile that left the stock during the game now lies face up on the board
    revealed = sum(1 for t in final.data["tiles"].values() if t) - sum(
        1 for t in initial.data["tiles"].values() if t
    )
    assert sum(facts["tiles_drawn"].values()) == revealed > 0
    for role, hex_ in capitals.items():  # land: face-up neighbours that are not water
        land = sum(1 for h in final.neighbors(hex_) if final.data["tiles"][h] not in (None, "water"))  # type: ignore[attr-defined]
        assert facts["land_near_capital"][role] == land
    near = facts["terrain_near_capital"]
    assert set(near) == set(capitals) and all(set(v) == set(viktory2_content.TERRAINS) for v in near.values())


def test_victory_home_boards_and_forces() -> None:
    assert home_boards({"homes": {"A": "blue", "C": "blue", "B": "red"}}) == {"blue": "A+C", "red": "B"}
    state = get_ruleset("victory").new_game(None, {}, 2)
    mix = forces_mix(state.data)
    for side in state.roles:
        dealt = sum(1 for b in state.data["blocks"].values() if b["owner"] == side)
        assert sum(mix[side].values()) == dealt > 0
    assert all(mix[side]["ground"] > 0 for side in state.roles)


def test_hgw_production_turn_by_turn_from_the_public_log() -> None:
    log: list[Any] = [
        ["axis has 17 production points this turn (Summer 1941)", None],
        ["soviet has 16 production points this turn (Summer 1941)", None],
        ["axis repairs one production point in 1638", None],
        ["axis has 18 production points this turn (Winter 1941)", None],
        ["soviet has 1 production point this turn (Winter 1941)", None],
        ["soviet has 99 production points this turn (secret)", ["soviet"]],  # not public
    ]
    assert production_by_turn(log) == {"axis": [17, 18], "soviet": [16, 1]}


def test_virtuti_milestones_take_the_year_of_their_turn() -> None:
    log = [
        ["--- Late Summer 1939 (turn 1) ---", None],
        ["axis captures warsaw", None],
        ["--- Spring 1940 (turn 4) ---", None],
        ["France surrenders to the axis (10 PP plunder)", None],
        ["--- Summer 1941 (turn 9) ---", None],
        ["The USSR and the Axis are at war", None],
        ["axis captures berlin", None],  # the Axis taking it back is no fall
        ["--- Spring 1944 (turn 20) ---", None],
        ["ussr captures berlin", None],
        ["western_allies captures berlin", None],  # only the first fall counts
    ]
    end = {
        "countries": {"france": {"status": "surrendered"}},
        "ussr_at_war": True,
        "control": {"berlin": "ussr"},
    }
    assert milestones({"log": log, "year": 1945, **end}) == {
        "france_surrendered": 1940, "ussr_at_war": 1941, "berlin_fell": 1944,
    }  # fmt: skip
    quiet = [["--- Late Summer 1939 (turn 1) ---", None], ["The USSR and the Axis are at war", ["axis"]]]
    before = {
        "countries": {"france": {"status": "active"}},
        "ussr_at_war": False,
        "control": {"berlin": "axis"},
    }
    assert milestones({"log": quiet, "year": 1939, **before}) == dict.fromkeys(
        ("france_surrendered", "ussr_at_war", "berlin_fell")
    )
    fallen = [
        ["--- Winter 1943 (turn 15) ---", None],
        ["Germany surrenders to the ussr (8 PP plunder)", None],
    ]
    assert milestones({"log": fallen, "year": 1943, **before})["berlin_fell"] == 1943


def test_virtuti_milestones_a_scenario_begins_with() -> None:
    # Barbarossa opens in 1941 with France fallen and the USSR at war, and no line says so
    state = get_ruleset("virtuti").new_game("barbarossa", {}, 1)
    years = milestones(state.data)
    assert years == {"france_surrendered": 1941, "ussr_at_war": 1941, "berlin_fell": None}
    # Berlin held by the Allies at the end with no capture line: the final year
    state.data["control"]["berlin"] = "ussr"
    state.data["year"] = 1943
    assert milestones(state.data)["berlin_fell"] == 1943
