"""The random-play conformance check (DESIGN.md, Quality gates) for Victory's Quick
Start: whole games to their time limit, with and without the optional rules."""

from __future__ import annotations

import pytest

from grognard.core.errors import BadOptions
from grognard.games.victory import RULESET
from grognard.testing import check_ruleset


@pytest.mark.rules("2.0", "10.1", "10.6")
def test_quick_start_games_keep_the_contract() -> None:
    report = check_ruleset(
        RULESET, scenarios=["quick-start"], games=2, seed=1, options_list=[{"turn_limit": 3}]
    )
    assert report.games == 2
    assert report.longest > 100  # deployment alone is 40 actions


@pytest.mark.rules("6.5", "8.2", "O1.1", "O1.2", "O1.3", "O1.4", "O1.5", "O1.6")
def test_optional_rules_keep_the_contract() -> None:
    """The Fog of War deployment sidebar, mandatory first round and building cadres."""
    options = {
        "turn_limit": 2,
        "fog_deploy": True,
        "mandatory_first_round": True,
        "building_cadres": True,
        "pursuit_round": True,
        "regroups": True,
        "air_range": True,
        "map_choice": True,
        "stretch_units": True,
    }
    report = check_ruleset(RULESET, scenarios=["quick-start"], games=1, seed=7, options_list=[options])
    assert report.games == 1


@pytest.mark.rules("9.0", "9.4", "9.6", "9.7", "L1.2", "L1.3")
@pytest.mark.parametrize("logistics_sheet", [False, True])
def test_logistics_options_keep_the_contract(logistics_sheet: bool) -> None:
    """Section 9's storm, airfields and mulberries, with both readings of them."""
    options = {"turn_limit": 3, "storms": True, "logistics": True, "logistics_sheet": logistics_sheet}
    report = check_ruleset(RULESET, scenarios=["quick-start"], games=1, seed=5, options_list=[options])
    assert report.games == 1


@pytest.mark.rules("10.2", "10.3", "10.4", "10.0")
@pytest.mark.parametrize("scenario", ["custom-forces", "sleeping-giant", "two-front"])
def test_other_scenarios_keep_the_contract(scenario: str) -> None:
    report = check_ruleset(RULESET, scenarios=[scenario], games=1, seed=3, options_list=[{"turn_limit": 2}])
    assert report.games == 1


def test_scenarios_and_player_counts_are_checked_with_a_reason() -> None:
    assert [s.id for s in RULESET.scenarios] == [
        "quick-start",
        "custom-forces",
        "sleeping-giant",
        "two-front",
        "commanders",
        "neutral-ground",
    ]
    with pytest.raises(BadOptions, match="no scenario"):
        RULESET.new_game("no-such-war", {}, 0)
    with pytest.raises(BadOptions, match="2 or 4 players, not 3"):
        RULESET.new_game("quick-start", {"players": 3}, 0)
    with pytest.raises(BadOptions, match="4 maps, not 2"):
        RULESET.new_game("quick-start", {"players": 4, "maps": 2}, 0)  # a map each
    with pytest.raises(BadOptions, match="maps"):
        RULESET.new_game("two-front", {"maps": 2}, 0)
