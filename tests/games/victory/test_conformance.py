"""The random-play conformance check (DESIGN.md, Quality gates) for Victory's Quick
Start: whole games to their time limit, with and without the optional rules."""

from __future__ import annotations

import pytest

from grognard.games.victory import RULESET
from grognard.testing import check_ruleset


@pytest.mark.rules("2.0", "10.1", "10.6")
def test_quick_start_games_keep_the_contract() -> None:
    report = check_ruleset(RULESET, games=2, seed=1, options_list=[{"turn_limit": 3}])
    assert report.games == 2
    assert report.longest > 100  # deployment alone is 40 actions


@pytest.mark.rules("6.5", "8.2")
def test_optional_rules_keep_the_contract() -> None:
    """The Fog of War deployment sidebar, mandatory first round and building cadres."""
    options = {"turn_limit": 2, "fog_deploy": True, "mandatory_first_round": True, "building_cadres": True}
    report = check_ruleset(RULESET, games=1, seed=7, options_list=[options])
    assert report.games == 1


def test_other_scenarios_are_refused_until_done() -> None:
    assert [s.id for s in RULESET.scenarios] == ["quick-start"]
