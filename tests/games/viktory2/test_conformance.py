"""The random-play conformance check (DESIGN.md, Quality gates) for Viktory II, for
every player count and with every variant switched on."""

from __future__ import annotations

import pytest

from grognard.games.viktory2 import RULESET
from grognard.testing import check_ruleset

ALL_VARIANTS = {
    "terrain_leveling": True,
    "exploration_balancing": True,
    "luck_averaging": True,
    "relocation": True,
    "subjugation": True,
}


@pytest.mark.rules("3.2", "3.3", "6.0")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_the_contract(players: int) -> None:
    options = {"players": players, "turn_limit": 25}
    # three games of two players, two of three or four, one of five or six (three took
    # 50-90 s of CPU): CI's budget; more games in benchmarks/bench_conformance.py
    # (viktory2 --option players=N --games N)
    games = 3 if players == 2 else 2 if players <= 4 else 1
    report = check_ruleset(RULESET, games=games, seed=players, options_list=[options])
    assert report.games == games


@pytest.mark.rules("5.2", "5.3", "5.4", "5.5", "15.1", "15.2", "15.3", "15.4", "15.5", "15.6")
@pytest.mark.parametrize(
    "options",
    [
        {"players": 3, "victory": "subjugation", **ALL_VARIANTS},
        {"players": 2, "victory": "shorter", "no_exploration": True},
        {"players": 3, "victory": "race", "race_points": 8},
        {"players": 4, "victory": "doomsday", **ALL_VARIANTS},
    ],
    ids=["subjugation", "shorter", "race", "doomsday"],
)
def test_random_games_with_variants(options: dict[str, object]) -> None:
    report = check_ruleset(RULESET, games=2, seed=11, options_list=[{"turn_limit": 25, **options}])
    assert report.games == 2


def test_thorough_check_of_one_game() -> None:
    """Every step JSON round trip, undo and replay checks (not only every k-th)."""
    options = {"players": 2, "turn_limit": 12}
    report = check_ruleset(RULESET, games=1, seed=5, options_list=[options], thorough=True)
    assert report.actions > 0
