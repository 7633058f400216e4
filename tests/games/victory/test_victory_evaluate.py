"""Victory's `evaluate(view)` for the search agent's cut-off rollouts (issue 11): it
ranks a won-looking position above a lost one, reads only the view (6.1: equal for
positions that differ only in what the viewer cannot see), and the registry hands it
to the search agent."""

from __future__ import annotations

from importlib import resources

import msgspec
import pytest
from victory_positions import BLUE, RED, empty_game, hexes, home_board, put

from grognard.agents import make_agent
from grognard.agents.mcts import SHORT_ROLLOUT, MctsAgent
from grognard.core.hexgrid import distance, parse_hex_id
from grognard.games.victory import VictoryState
from grognard.games.victory import ai as victory_ai
from grognard.games.victory import evaluate as victory_evaluate
from grognard.games.victory.evaluate import SUPPLY_REACH, block_worth, evaluate, hidden_worth, strengths
from grognard.games.victory.units import unit_table


def _home_land(state: VictoryState, role: str) -> list[str]:
    board = home_board(state, role)
    return hexes(state, lambda i: i.board == board and bool(i.land_terrain) and not i.city and not i.town)


def _position(strong: str, weak: str, weak_type: str = "IN", weak_steps: int = 1) -> VictoryState:
    """`strong` has eight full armor blocks at home, `weak` one block at home."""
    state = empty_game()
    for at in _home_land(state, strong)[:8]:
        put(state, strong, "AR", at, 4)
    put(state, weak, weak_type, _home_land(state, weak)[0], weak_steps)
    return state


@pytest.mark.rules("8.3")
def test_it_ranks_a_winning_position_above_a_losing_one() -> None:
    ahead = evaluate(_position(BLUE, RED).view(BLUE))
    behind = evaluate(_position(RED, BLUE).view(BLUE))
    assert ahead[BLUE] > 0.6 > 0.4 > behind[BLUE]
    assert ahead[BLUE] + ahead[RED] == pytest.approx(1.0)
    # the hand-set weights, far surer of material, rank it the same way
    hand = tuple(victory_evaluate.HAND_WEIGHTS.weights)
    sure = victory_evaluate.chances(strengths(_position(BLUE, RED).view(BLUE), using=hand))
    assert sure[BLUE] > 0.8


def test_a_strength_is_the_weighted_sum_of_the_sides_numbers() -> None:
    view = _position(BLUE, RED).view(BLUE)
    numbers = victory_evaluate.features(view)
    w = victory_evaluate.weights()
    for role, power in strengths(view).items():
        assert power == pytest.approx(sum(a * b for a, b in zip(w, numbers[role], strict=True)))
    # eight full armor blocks: 32 steps at the armor's cost a step, all near blue's cities
    armor = 32 * unit_table()["AR"].cost
    assert numbers[BLUE][victory_evaluate.FEATURES.index("material")] == armor
    assert numbers[BLUE][victory_evaluate.FEATURES.index("unsupplied")] == 0


@pytest.mark.rules("10.0", "10.6", "8.3")
def test_the_shipped_weights_point_the_way_the_rules_do() -> None:
    # fitted on heuristic games (scripts/fit_victory_evaluation.py): whatever the fit,
    # PP held, cities and material count for a side, and a PP held counts no less as
    # the time limit nears (10.6: the most PP wins then)
    w = dict(zip(victory_evaluate.FEATURES, victory_evaluate.weights(), strict=True))
    assert w["pp"] > 0 and w["cities"] > 0 and w["material"] > 0
    assert w["pp_late"] >= 0
    assert w["material"] + w["material_late"] >= 0  # an army is worth something to the end


@pytest.mark.rules("10.0")
def test_reaching_the_target_pp_all_but_wins() -> None:
    view = _position(RED, BLUE).view(BLUE)  # behind in blocks...
    board = view["board"]
    board["pp"] = {BLUE: board["target_pp"][BLUE], RED: 0}  # ...but holding its target PP
    assert evaluate(view)[BLUE] > 0.99


@pytest.mark.rules("6.1")
def test_it_reads_nothing_hidden() -> None:
    # the same position but for what red's block really is: blue cannot tell them apart
    infantry = _position(BLUE, RED, "IN", 1)
    armor = _position(BLUE, RED, "AR", 4)
    assert evaluate(infantry.view(BLUE)) == evaluate(armor.view(BLUE))
    assert evaluate(infantry.view(None)) == evaluate(armor.view(None))
    # red sees its own block, so for red they differ (the test above is not vacuous)
    assert evaluate(infantry.view(RED))[RED] < evaluate(armor.view(RED))[RED]
    # a hidden block counts at the Quick Start mean (10.1), not at its real worth
    hidden = [b for b in infantry.view(BLUE)["board"]["blocks"] if b["side"] == RED]
    assert len(hidden) == 1 and block_worth(hidden[0]) == hidden_worth() > 1.0


def test_a_block_far_from_its_cities_counts_less() -> None:
    # a proxy for supply (7.0), not the rule itself: no rules marker
    state = empty_game()
    tank = put(state, BLUE, "AR", _home_land(state, BLUE)[0], 4)
    put(state, RED, "IN", _home_land(state, RED)[0], 4)
    unsupplied = victory_evaluate.FEATURES.index("unsupplied")
    assert victory_evaluate.features(state.view(BLUE))[BLUE][unsupplied] == 0
    hand = tuple(victory_evaluate.HAND_WEIGHTS.weights)
    near = strengths(state.view(BLUE), using=hand)[BLUE]
    cities = [h["id"] for h in state.view(BLUE)["board"]["hexes"] if h["city"] and h["control"] == BLUE]
    far_hexes = [
        h
        for h in hexes(state, lambda i: bool(i.land_terrain) and not i.city and not i.town)
        if min(distance(parse_hex_id(h), parse_hex_id(c)) for c in cities) > SUPPLY_REACH
    ]
    state.data["blocks"][tank]["at"] = far_hexes[0]  # out of reach of every blue city
    far = victory_evaluate.features(state.view(BLUE))[BLUE]
    assert far[unsupplied] == block_worth(state.view(BLUE)["board"]["blocks"][0]) > 0
    # the hand-set weights count such a block at half its worth (a softmax at 4 PP of a
    # quarter of its worth: 1/32 a PP of it, where a supplied one gives 1/16)
    assert strengths(state.view(BLUE), using=hand)[BLUE] == pytest.approx(near - far[unsupplied] / 32)


def test_the_search_agent_gets_it_with_short_rollouts() -> None:
    agent = make_agent("search-fast", "victory", 3)
    assert isinstance(agent, MctsAgent)
    assert agent.evaluate is victory_ai.evaluate
    assert agent.rollout_depth == SHORT_ROLLOUT


def test_the_weights_file_names_every_feature_and_is_checked_at_load() -> None:
    schema = victory_evaluate.Weights  # the struct the package's file is decoded into
    assert len(victory_evaluate.weights()) == len(victory_evaluate.FEATURES)
    with pytest.raises(ValueError, match="features must be"):
        schema(["pp", "cities"], [1.0, 1.0])
    with pytest.raises(ValueError, match="one finite weight per feature"):
        schema(list(victory_evaluate.FEATURES), [float("nan")] * len(victory_evaluate.FEATURES))
    # the file the fitting script writes reads back as written, byte for byte
    text = resources.files("grognard.games.victory").joinpath("data", "evaluation.json").read_text()
    assert victory_evaluate.weights_json(msgspec.json.decode(text, type=schema)) == text


@pytest.mark.rules("10.6")
def test_the_games_progress_runs_from_the_first_turn_to_the_time_limit() -> None:
    board = _position(BLUE, RED).view(BLUE)["board"]
    board["turn"] = 1
    assert victory_evaluate.progress(board) == 0.0
    board["turn"] = board["turn_limit"]
    assert victory_evaluate.progress(board) == 1.0
    numbers = victory_evaluate.features({"board": board, "roles": [BLUE, RED]})
    late = victory_evaluate.FEATURES.index("material_late")
    assert numbers[BLUE][late] == numbers[BLUE][victory_evaluate.FEATURES.index("material")] > 0
    board["turn_limit"] = None  # a game without a time limit never nears it
    assert victory_evaluate.progress(board) == 0.0
