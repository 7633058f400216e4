"""The random-play conformance check (DESIGN.md, Quality gates) on both Virtuti
scenarios: whole turns of random play through all ten phases, with the contract
(legal lists, JSON round trips, views without the other player's secrets, samples,
undo, replays) checked along the way."""

from __future__ import annotations

import pytest

from grognard.games.virtuti import RULESET
from grognard.testing import check_ruleset


@pytest.mark.rules("G1.1", "S1.1")
@pytest.mark.parametrize("scenario", ["full_campaign", "barbarossa"])
def test_random_games_keep_the_contract(scenario: str) -> None:
    report = check_ruleset(
        RULESET, scenarios=[scenario], games=1, seed=3, options_list=[{"turns": 3}], every=11
    )
    assert report.games == 1
    assert report.longest > 100  # three turns of cards, production, orders and operations
