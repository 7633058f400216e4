"""Victory's `evaluate(view)` for the search agent's cut-off rollouts (issue 11): it
ranks a won-looking position above a lost one, reads only the view (6.1: equal for
positions that differ only in what the viewer cannot see), and the registry hands it
to the search agent."""

from __future__ import annotations

import pytest
from victory_positions import BLUE, RED, empty_game, hexes, home_board, put

from grognard.agents import make_agent
from grognard.agents.mcts import SHORT_ROLLOUT, MctsAgent
from grognard.core.hexgrid import distance, parse_hex_id
from grognard.games.victory import VictoryState
from grognard.games.victory import ai as victory_ai
from grognard.games.victory.evaluate import SUPPLY_REACH, block_worth, evaluate, hidden_worth, strengths


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
    assert ahead[BLUE] > 0.8 > 0.2 > behind[BLUE]
    assert ahead[BLUE] + ahead[RED] == pytest.approx(1.0)


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
    near = strengths(state.view(BLUE))[BLUE]
    cities = [h["id"] for h in state.view(BLUE)["board"]["hexes"] if h["city"] and h["control"] == BLUE]
    far_hexes = [
        h
        for h in hexes(state, lambda i: bool(i.land_terrain) and not i.city and not i.town)
        if min(distance(parse_hex_id(h), parse_hex_id(c)) for c in cities) > SUPPLY_REACH
    ]
    state.data["blocks"][tank]["at"] = far_hexes[0]  # out of reach of every blue city
    assert strengths(state.view(BLUE))[BLUE] < near


def test_the_search_agent_gets_it_with_short_rollouts() -> None:
    agent = make_agent("search-fast", "victory", 3)
    assert isinstance(agent, MctsAgent)
    assert agent.evaluate is victory_ai.evaluate
    assert agent.rollout_depth == SHORT_ROLLOUT
