"""Viktory II's own RL features (`observe` in games/viktory2/viktory2_features.py), the ruleset hook
of grognard.rl's observation vector (issue 11, RL interface)."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.agents import make_agent
from grognard.core.game import State
from grognard.games.viktory2 import features as viktory2_features
from grognard.rl import env
from grognard.sim import get_ruleset


def played(players: int, actions: int, seed: int) -> State:
    state = get_ruleset("viktory2").new_game(None, {"players": players}, seed)
    agents = {r: make_agent("heuristic", "viktory2", i) for i, r in enumerate(state.roles)}
    for _ in range(actions):
        assert not state.is_over()  # the features of a running game are wanted
        role = state.active_roles()[0]
        state.apply(role, agents[role].act(state.view(role), state.legal_actions(role)))
    return state


def seat(features: list[float], i: int) -> dict[str, float]:
    width = len(viktory2_features.SEAT_FEATURES)
    return dict(zip(viktory2_features.SEAT_FEATURES, features[i * width : (i + 1) * width], strict=True))


def test_features_are_named_and_sized_for_six_seats() -> None:
    assert (
        viktory2_features.OBSERVATION_SIZE
        == len(viktory2_features.OBSERVATION_NAMES)
        == 6 * len(viktory2_features.SEAT_FEATURES) + 10 + 2
    )
    state = played(3, 0, 1)
    assert len(viktory2_features.observe(state.view(state.roles[0]))) == viktory2_features.OBSERVATION_SIZE


def test_the_observers_seat_comes_first_and_counts_what_the_board_shows() -> None:
    state = played(2, 120, 4)
    me, other = state.roles[1], state.roles[0]
    view: dict[str, Any] = state.view(me)
    board = view["board"]
    features = viktory2_features.observe(view)
    mine = seat(features, 0)
    assert mine["seated"] == 1.0
    assert mine["score"] == pytest.approx(board["scores"][me] / 20)  # empire points, 5.3
    towns = [t for t in board["towns"].values() if t["owner"] == me]
    assert mine["towns"] == pytest.approx(len(towns) / 10)
    assert mine["cities"] == pytest.approx(sum(t["city"] for t in towns) / 10)
    frigates = [
        u
        for u in board["units"].values()
        if u["owner"] == me and u["type"] == "frigate" and (u["hex"] is not None or u["aboard"] is not None)
    ]
    assert mine["frigates"] == pytest.approx(len(frigates) / 10)
    assert seat(features, 1)["score"] == pytest.approx(board["scores"][other] / 20)
    assert all(v == 0.0 for i in range(2, 6) for v in seat(features, i).values())  # empty seats
    asked = features[6 * len(viktory2_features.SEAT_FEATURES) : 6 * len(viktory2_features.SEAT_FEATURES) + 10]
    assert sum(asked) == 1.0
    question = board["frame"]["state"]
    expected = (
        viktory2_features.QUESTIONS.index(question)
        if question in viktory2_features.QUESTIONS
        else len(viktory2_features.QUESTIONS)
    )
    assert asked[expected] == 1.0


def test_seats_are_counted_from_the_observer() -> None:
    # Viktory II's board is open (unrevealed tiles aside, which no feature reads), so
    # two observers see the same seats, each starting from itself
    state = played(3, 200, 7)
    a, b, _c = state.roles
    from_a, from_b = viktory2_features.observe(state.view(a)), viktory2_features.observe(state.view(b))
    assert seat(from_a, 1) == seat(from_b, 0)  # b, as a sees it and as b sees itself
    assert seat(from_a, 2) == seat(from_b, 1)  # c
    assert seat(from_a, 0) == seat(from_b, 2)  # a, round the table
    assert seat(from_a, 0) != seat(from_a, 1) or seat(from_a, 1) != seat(from_a, 2)


def test_the_environment_appends_the_features_under_their_names() -> None:
    aec = env("viktory2", options={"players": 2})
    aec.reset(seed=2)
    me = aec.agent_selection
    vector = aec.observe(me)["observation"]
    names = aec.features
    assert len(names) == len(vector) == 3 * 2 + 2 + viktory2_features.OBSERVATION_SIZE
    assert names[-1] == "ruleset:rounds" and "ruleset:seat0:score" in names
    own = viktory2_features.observe(aec.game.view(me))
    assert vector[names.index("ruleset:seat0:seated")] == 1.0
    assert vector[3 * 2 + 2 :].tolist() == pytest.approx(own)
