"""Victory's fixed action index (issue 11): every legal action of random and heuristic
games, in every scenario and with the optional rules, has a key in exactly one slot of
the declared space (grognard.rl's ActionSpace; the games: tests/games/conftest.py); the
space is fixed data."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from test_destruction import _bridge
from test_grounded_air import _carrier_port
from test_stretch_units import _bomb_battle
from victory_positions import BLUE, RED, empty_game, put, start, start_combat

from grognard.games.victory import RULESET, VictoryState
from grognard.games.victory.action_space import _geography, action_keys, action_space, block_ranks
from grognard.games.victory.boards import board_ids, game_map, layouts, map_key
from grognard.games.victory.control import side_key
from grognard.games.victory.demolition import TARGETS
from grognard.rl.action_space import ActionSpace

ALL_OPTIONS = {
    "turn_limit": 3,
    "factories": True,
    "storms": True,
    "logistics": True,
    "logistics_sheet": True,
    "map_choice": True,
    "stretch_units": True,
    "regroups": True,
    "air_range": True,
    "building_cadres": True,
    "fog_deploy": True,
    "pursuit_round": True,
    "engineer_building": True,
    "airborne_building": True,
    "marine_building": True,
}
GAMES = [
    ("quick-start", {"turn_limit": 3}),
    ("quick-start", ALL_OPTIONS),
    ("quick-start", {"players": 4, "turn_limit": 2}),  # 2.0 [3] alliances
    ("quick-start", {"maps": 4, "map_choice": True, "turn_limit": 2}),
    ("custom-forces", {"turn_limit": 2, "mandatory_first_round": True}),
    ("sleeping-giant", {"turn_limit": 2, "bought_forces": True, "factories": True}),
    ("two-front", {"players": 3, "turn_limit": 2}),
    ("commanders", {"players": 8, "turn_limit": 2}),  # 10.5 the war council
    ("neutral-ground", {"turn_limit": 2, "factories": True}),  # N1.1, 9.1 the owners' allocation
]
SIZES = {  # slots per scenario (in docs/victory-design.md, "Action index")
    ("quick-start", ()): 440_702,
    ("quick-start", (("map_choice", True),)): 542_192,
    ("quick-start", (("maps", 4),)): 1_223_174,
    ("two-front", (("players", 3),)): 658_820,
    ("commanders", (("players", 8),)): 1_223_198,
    ("quick-start", (("map_choice", True), ("players", 4))): 1_511_160,
    ("neutral-ground", ()): 657_636,  # N1.1: three maps
}


@pytest.mark.parametrize(("scenario", "options"), list(SIZES))
def test_the_space_is_fixed_data(
    scenario: str, options: tuple[tuple[str, Any], ...]
) -> None:
    first = action_space(scenario, dict(options))
    assert first == action_space(scenario, dict(options))
    assert ActionSpace(first).size == SIZES[scenario, options] < 2**22


def test_the_map_choice_terrain_covers_every_arrangement_of_two_maps() -> None:
    """Each board once in each slot and rotation gives every terrain and bridge any
    arrangement of the 1.1 sidebar can bring (checked here on all 48 two-map maps)."""
    terrain, works = _geography("2map", "2map:A0,B3", True)
    for boards in itertools.permutations(board_ids(), 2):
        for turns in itertools.product(layouts()["2map"].rotations, repeat=2):
            the_map = game_map(map_key("2map", list(zip(boards, turns, strict=True))))
            for h, info in the_map.hexes.items():
                assert info.terrain in terrain[h]
                for n in the_map.neighbors(h):
                    assert not the_map.side_features(h, n) & TARGETS or side_key(h, n) in works


@pytest.mark.parametrize(("scenario", "options"), GAMES)
def test_random_games_stay_inside_the_space(scenario: str, options: dict[str, Any], index_check: Any) -> None:
    space = action_space(scenario, RULESET.resolve(scenario, options)[1])
    kinds = index_check.play(RULESET, scenario, options, space, action_keys, seed=3, steps=500)
    assert {"deploy", "move", "end_moves"} <= kinds


@pytest.mark.parametrize("seed", [1, 2])
def test_heuristic_games_stay_inside_the_space(seed: int, index_check: Any) -> None:
    options = {"turn_limit": 3}
    space = action_space("quick-start", RULESET.resolve("quick-start", options)[1])
    kinds = index_check.play(
        RULESET, "quick-start", options, space, action_keys, seed=seed, steps=900, agent="heuristic"
    )
    assert {"attack", "fire", "build"} <= kinds


def test_blocks_are_keyed_by_their_rank_among_the_owners_blocks() -> None:
    blocks = {b: {"owner": b.split("-")[0]} for b in ("blue-100", "blue-02", "blue-11", "red-01")}
    assert block_ranks(blocks) == {"blue-02": 0, "blue-11": 1, "blue-100": 2, "red-01": 0}
    # blue-01 .. blue-21 (20 units and the resource block, 4.3): ranks 0 .. 20
    state = RULESET.new_game("quick-start", {}, 1)
    base = state.data["blocks"]["blue-01"]
    state.data["blocks"]["blue-100"] = dict(base)
    legal = [("land", "blue-100"), ("land", "blue-02", "0,0"), ("merge", "blue-11", "blue-02"), ("done",)]
    keys = action_keys(state, "blue", legal)
    assert keys == [("land", 21, ""), ("land", 1, "0,0"), ("merge", 10, 1), ("done",)]


def _rare_positions() -> list[tuple[VictoryState, str, str]]:
    """Positions with actions random play seldom meets: (state, role, kind)."""
    bomb_battle = _bomb_battle()[0]  # S1.1 the atom bomb's strike
    grounding = empty_game()  # 5.52 the owner grounds air units beyond two
    port = _carrier_port(grounding)
    put(grounding, BLUE, "IN", port["city"], 4, moved=True, entered=port["land"])
    start_combat(grounding, port["city"], BLUE, RED)
    bridge = empty_game(logistics=True)  # 9.5 an engineer rebuilds a bridge
    side, a, b = _bridge(bridge)
    bridge.data.update(destroyed=[side], side_hits={side: 2}, phase="production")
    put(bridge, BLUE, "EN", a, 3)
    put(bridge, BLUE, "IN", b, 4)
    start(bridge, "production", done=[], left=None)
    return [(bomb_battle, BLUE, "drop"), (grounding, RED, "ground"), (bridge, BLUE, "rebuild")]


def test_the_seldom_met_actions_have_slots_too() -> None:
    for state, role, kind in _rare_positions():
        space = ActionSpace(action_space("quick-start", state.meta["options"]), action_keys)
        legal = state.legal_actions(role)
        assert kind in {a[0] for a in legal}
        assert len(set(space.legal_slots(state, role, legal).ids)) == len(legal)  # raises on a clash
