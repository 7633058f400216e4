"""Virtuti Militari's `evaluate(view)` for the search agent's cut-off rollouts
(issue 11): it ranks a winning-looking position above a losing one, follows the
summary phase's victory checks and the clock, never reads a secret (cards, orders,
air tokens, the secret window), and the registry hands it to the search agent."""

from __future__ import annotations

import copy

import pytest
from virtuti_positions import at_operations, bare_game, hands, place

from grognard.agents import make_agent
from grognard.agents.mcts import SHORT_ROLLOUT, MctsAgent
from grognard.games.virtuti import RULESET, VirtutiState
from grognard.games.virtuti import ai as virtuti_ai
from grognard.games.virtuti.board import ALLIED_DECISIVE
from grognard.games.virtuti.evaluate import evaluate, material, vp


def _bare() -> VirtutiState:
    state = bare_game()
    at_operations(state)
    return state


def _armies(state: VirtutiState, faction: str, area: str, count: int) -> None:
    for _ in range(count):
        place(state, faction, "army", area, level=2)


def test_it_ranks_a_winning_position_above_a_losing_one() -> None:
    strong = _bare()
    _armies(strong, "axis", "berlin", 12)
    for city in ("paris", "london", "warsaw"):  # the Axis holds the western cities too
        strong.data["control"][city] = "axis"
    weak = _bare()
    _armies(weak, "western_allies", "paris", 12)
    ahead, behind = evaluate(strong.view("axis")), evaluate(weak.view("axis"))
    assert vp(strong.view("axis"))["axis"] > vp(weak.view("axis"))["axis"]
    assert ahead["axis"] > 0.6 > 0.4 > behind["axis"]
    assert ahead["axis"] + ahead["allies"] == pytest.approx(1.0)


def test_a_decisive_victory_on_the_board_all_but_wins() -> None:
    state = _bare()
    _armies(state, "axis", "berlin", 12)  # the Axis has the armies...
    for city in ALLIED_DECISIVE:  # ...but the Allies hold the seven cities
        state.data["control"][city] = "western_allies"
    assert evaluate(state.view(None))["allies"] > 0.98
    state = _bare()
    for city in ("paris", "london", "moscow", "leningrad", "stalingrad", "warsaw"):
        state.data["control"][city] = "axis"  # 18 VP or more
    assert vp(state.view(None))["axis"] >= 18
    assert evaluate(state.view(None))["axis"] > 0.98


def test_the_clock_sharpens_a_lead() -> None:
    state = _bare()
    state.data["control"]["paris"] = "axis"  # France fallen: 6-18, a lead that is not yet decisive
    points = vp(state.view(None))
    assert points["allies"] >= 15 > points["axis"]  # the Allies hold a Minor Victory's VP
    early = evaluate(state.view(None))["allies"]
    state.data["turn_no"] = 30  # near the end of the Full Campaign: the lead counts more
    late = evaluate(state.view(None))["allies"]
    assert 0.5 < early < late - 0.2 and late > 0.8


def test_it_reads_no_secret() -> None:
    state = RULESET.new_game("full_campaign", {}, 0)
    assert state.data["secret"] is not None  # the Strategic Phase's card window is open
    view = state.view("allies")
    before = evaluate(view)
    # strip every field a secret lives in: the evaluation must not change
    stripped = copy.deepcopy(view)
    for key in ("factions", "orders", "secret", "my_secret", "battle"):
        stripped["board"].pop(key)
    assert evaluate(stripped) == before
    # the Axis's secret choice does not move the Allies' evaluation, nor do other hands
    state.apply("axis", state.legal_actions("axis")[0])
    assert evaluate(state.view("allies")) == before
    hands(state, axis=["axis_blitzkrieg"] * 5)
    assert evaluate(state.view("allies")) == before


def test_material_counts_the_units_on_the_map_by_side() -> None:
    state = _bare()
    _armies(state, "ussr", "moscow", 3)
    _armies(state, "western_allies", "london", 2)
    counted = material(state.view(None))
    assert counted["axis"] == 0 and counted["allies"] > 0
    _armies(state, "axis", "berlin", 5)
    assert material(state.view(None))["axis"] == counted["allies"]


def test_the_search_agent_gets_it_with_short_rollouts() -> None:
    agent = make_agent("search-fast", "virtuti", 3)
    assert isinstance(agent, MctsAgent)
    assert agent.evaluate is virtuti_ai.evaluate
    assert agent.rollout_depth == SHORT_ROLLOUT
