"""Hitler's Global War's fixed action index (issue 11): every legal action of random and
heuristic games, in every scenario with and without two_player and own_setup, has a key
in exactly one slot of the declared space (the check: tests/games/conftest.py); the
space is fixed data."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.games.hgw import RULESET
from grognard.games.hgw.action_space import action_keys, action_space

SIZES = {"barbarossa": 75_806, "fall_of_germany": 125_311, "campaign_1": 150_412}
GAMES = [
    ("barbarossa", {}),
    ("fall_of_germany", {}),
    ("fall_of_germany", {"two_player": True, "own_setup": True}),  # special rule 5
    ("campaign_1", {}),
    ("campaign_1", {"two_player": True}),
]


@pytest.mark.parametrize("scenario", sorted(SIZES))
def test_the_space_is_fixed_data(scenario: str, index_check: Any) -> None:
    first = action_space(scenario, {})
    assert first == action_space(scenario, {"two_player": True, "own_setup": True})
    assert index_check.Slots(first).size == SIZES[scenario]


@pytest.mark.parametrize(("scenario", "options"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_stay_inside_the_space(
    scenario: str, options: dict[str, Any], seed: int, index_check: Any
) -> None:
    space = action_space(scenario, options)
    kinds = index_check.play(RULESET, scenario, options, space, action_keys, seed=seed, steps=400)
    assert {"move", "end_movement"} <= kinds


@pytest.mark.parametrize("scenario", sorted(SIZES))
def test_heuristic_games_stay_inside_the_space(scenario: str, index_check: Any) -> None:
    kinds = index_check.play(
        RULESET, scenario, {}, action_space(scenario, {}), action_keys, seed=4, steps=400, agent="heuristic"
    )
    assert {"attack", "assault"} <= kinds


def test_army_sets_are_keyed_by_a_mask_of_their_sides_roster() -> None:
    state = RULESET.new_game("barbarossa", {}, 1)
    legal = [("assault",), ("assault", "1240", "1241", "4a", "agn"), ("defensive_assault", "len")]
    legal.append(("cancel",))
    # agn and 4a are the axis's first two armies, len the soviets' second
    assert action_keys(state, "axis", legal) == [
        ("assault", "", 0),
        ("assault", "axis", 0b11),
        ("defensive_assault", "soviet", 0b10),
        ("cancel",),
    ]
