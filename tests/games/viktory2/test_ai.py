"""The Viktory II heuristic agent: battle odds, its choices, and its strength vs random."""

from __future__ import annotations

import random

import pytest

from grognard.agents import make_agent
from grognard.games.viktory2 import RULESET, ai_policy, position
from grognard.games.viktory2.ai import Viktory2Heuristic, battle_odds, make_heuristic
from grognard.games.viktory2.ai_board import Board
from grognard.games.viktory2.battle import naval_support, terrain_dice
from grognard.games.viktory2.engagement import fighting_units
from grognard.sim import GameConfig, simulate


def test_battle_odds_of_empty_towns_follow_the_fixed_dice() -> None:
    # 12.3, 2: an empty town fires its defensive dice once; one survivor captures it
    assert battle_odds(["infantry"], [], fixed=1, town=True) == pytest.approx(0.5)
    assert battle_odds(["infantry", "infantry"], [], fixed=1, town=True) == pytest.approx(1.0)
    assert battle_odds(["infantry", "infantry"], [], fixed=2, town=True) == pytest.approx(0.75)


def test_battle_odds_grow_with_the_attacking_force() -> None:
    one = battle_odds(["infantry"], ["infantry"], fixed=0, town=False)
    three = battle_odds(["infantry", "cavalry", "artillery"], ["infantry"], fixed=0, town=False)
    assert 0.0 < one < three < 1.0
    assert battle_odds(["infantry"], ["infantry"], fixed=2, town=False) < one
    assert battle_odds([], ["infantry"], fixed=0, town=False) == 0.0


def _act(st: position.Viktory2State, seed: int = 1) -> tuple[object, ...]:
    role = st.active_roles()[0]
    return make_heuristic(seed).act(st.view(role), st.legal_actions(role))


def test_the_heuristic_captures_an_undefended_adjacent_town() -> None:
    st = position.build(
        tiles={"0,0": "plains", "1,0": "plains", "2,0": "plains", "-2,0": "plains"},
        towns={"0,0": ("yellow", "town"), "-2,0": ("red", "town"), "2,0": ("yellow", "town")},
        capitals={"red": "-2,0", "yellow": "2,0"},
        units=[("red", "infantry", "1,0"), ("red", "infantry", "1,0"), ("yellow", "infantry", "2,0")],
    )
    assert _act(st)[0] == "move"
    assert _act(st)[2] == "0,0"


@pytest.mark.rules("9.12", "15.1")
@pytest.mark.parametrize("leveling", [False, True])
def test_the_heuristic_knows_slow_terrain_stops_a_march_unless_terrain_is_levelled(leveling: bool) -> None:
    """A cavalry unit (3 MP) stepping into forest on its way to a goal two hexes past
    it: forest ends its move (9.12), except under terrain levelling (15.1)."""
    st = position.build(
        tiles={"-2,0": "plains", "-1,0": "forest", "0,0": "plains", "1,0": "plains"},
        units=[("red", "cavalry", "-2,0")], options={"terrain_leveling": leveling},
    )
    (cav,) = st.units_of("red")
    board = Board(st.view("red"))
    assert ai_policy._reach_after(board, cav, "-1,0", "1,0") is leveling
    assert ai_policy._reach_after(board, cav, "0,0", "1,0")  # plains: one step and on


def test_the_heuristic_gives_up_its_cheapest_unit() -> None:
    st = position.build(
        tiles={"0,0": "plains", "1,0": "plains"},
        units=[("red", "infantry", "0,0"), ("red", "cavalry", "0,0"), ("yellow", "infantry", "1,0")],
    )
    agent = Viktory2Heuristic(3)
    view = st.view("red")
    view["board"]["frame"] = {"state": "casualties", "role": "red", "pool": st.units_at("0,0"), "count": 1}
    legal = [("hit", uid) for uid in st.units_at("0,0")]
    chosen = agent.act(view, legal)
    assert st.units[chosen[1]]["type"] == "infantry"


def test_the_heuristic_is_reproducible_per_seed() -> None:
    config = GameConfig("viktory2", seats=("heuristic", "heuristic"))
    first = simulate(config, 3, master_seed=5)
    assert first == simulate(config, 3, master_seed=5)


def test_the_registry_builds_the_heuristic() -> None:
    agent = make_agent("heuristic", "viktory2", 0)
    assert isinstance(agent, Viktory2Heuristic)


def test_the_heuristic_beats_random_in_at_least_17_of_20_games() -> None:
    config = GameConfig("viktory2", seats=("heuristic", "random"))
    summary = simulate(config, 20, master_seed=2024, workers=1, rotate=True)
    assert summary["per_seat"][0]["wins"] >= 17, summary["per_seat"]


@pytest.mark.rules("12.3", "12.32", "14.0")
@pytest.mark.parametrize("seed", [3, 4])
def test_the_heuristic_counts_a_defended_town_s_dice_as_the_engine_does(seed: int) -> None:
    # One source per rule (issue 21): over positions of a seeded random 3-player game,
    # each seat's board (read from its view) gives every enemy town the terrain,
    # settlement (12.3 step 2, 14.0) and naval support (12.32) dice the engine gives.
    st = RULESET.new_game("standard", {"players": 3}, seed)
    pick = random.Random(seed)
    compared = 0
    for ply in range(600):
        if st.result() is not None:
            break
        if ply % 20 == 0:
            for role in st.roles:
                board = Board(st.view(role))
                for hex_ in board.enemy_towns:
                    owner = board.defender_of(hex_)
                    assert owner is not None
                    land = fighting_units(st, hex_, owner)
                    engine = terrain_dice(st, hex_, owner) + naval_support(st, hex_, owner, land)
                    assert board.fixed_dice(hex_, owner) == engine, (ply, role, hex_)
                    compared += 1
        role = st.active_roles()[0]
        st.apply(role, pick.choice(st.legal_actions(role)))
    assert compared > 20


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_board_s_neighbours_are_the_tiles_next_to_a_hex(players: int) -> None:
    """Board.neighbors answers a game's disc from a table made once a board size; it is
    the same as the tiles next to the hex (on a board of other tiles too)."""
    from grognard.games.viktory2.ai_board import _neighbors

    state = RULESET.new_game(None, {"players": players}, 3)
    view = state.view(state.roles[0])
    board = Board(view)
    assert board._whole_disc
    for hex_ in board.tiles:
        q, r = (int(x) for x in hex_.split(","))
        around = {f"{q + dq},{r + dr}" for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))}
        assert set(board.neighbors(hex_)) == around & set(board.tiles)
    # a board whose tiles are not the whole disc: filtered as before
    view["board"]["tiles"] = {h: t for h, t in view["board"]["tiles"].items() if h != "0,1"}
    partial = Board(view)
    assert not partial._whole_disc
    assert "0,1" not in partial.neighbors("0,0")
    assert "0,1" in _neighbors("0,0", partial.radius)
