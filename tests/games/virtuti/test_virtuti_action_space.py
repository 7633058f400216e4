"""Virtuti's fixed action index (issue 11): every legal action of random and heuristic
games, in both scenarios, has a key in exactly one slot of the declared space, and the
space is the same list whenever it is asked for (grognard.rl's ActionSpace; the games:
tests/games/conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.games.virtuti import RULESET
from grognard.games.virtuti.action_space import MAX_UNITS, action_keys, action_space
from grognard.rl.action_space import ActionSpace

SCENARIOS = ("full_campaign", "barbarossa")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_space_is_fixed_data(scenario: str) -> None:
    first, second = action_space(scenario, {}), action_space(scenario, {"turns": 3})
    assert first == second == action_space(scenario, {})
    slots = ActionSpace(first)
    assert slots.size == 158_844  # the same map, decks and rosters in both scenarios
    assert slots.encode(("done",)) == 0


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_stay_inside_the_space(scenario: str, seed: int, index_check: Any) -> None:
    kinds = index_check.play(
        RULESET, scenario, {}, action_space(scenario, {}), action_keys, seed=seed, steps=600
    )
    assert {"order", "card", "buy", "execute", "send"} <= kinds


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_heuristic_games_stay_inside_the_space(scenario: str, index_check: Any) -> None:
    kinds = index_check.play(
        RULESET, scenario, {}, action_space(scenario, {}), action_keys, seed=5, steps=500, agent="heuristic"
    )
    assert {"order", "execute", "send", "go"} <= kinds


def test_units_are_keyed_by_faction_and_rank() -> None:
    state = RULESET.new_game("full_campaign", {}, 1)
    ids = sorted((u for u in state.data["units"] if u.startswith("a")), key=lambda u: int(u[1:]))
    keys = action_keys(state, "axis", [("send", ids[1], "berlin"), ("hit", "fort"), ("hit", ids[0])])
    assert keys == [("send", "axis", 1, "berlin"), ("hit", "fort", 0), ("hit", "axis", 0)]
    assert len(ids) < MAX_UNITS
