"""grognard.rl on Hitler's Global War and Virtuti Militari (issue 11: PettingZoo
environments for every ruleset): PettingZoo's own AEC and Parallel API and seed
tests on each scenario, short games (400 actions at most)."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test
from pzchecks import checked

from grognard.rl import env, parallel_env
from grognard.sim import get_ruleset

#: Every two-player scenario of both rulesets.
SETUPS = [
    (ruleset, scenario.id)
    for ruleset in ("hgw", "virtuti")
    for scenario in get_ruleset(ruleset).scenarios
    if 2 in scenario.players
]


def test_every_two_player_scenario_is_covered() -> None:
    assert ("hgw", "barbarossa") in SETUPS and ("virtuti", "full_campaign") in SETUPS
    assert len(SETUPS) >= 4


@pytest.mark.parametrize(("ruleset", "scenario"), SETUPS)
def test_aec_passes_pettingzoo_api_and_seed_tests(ruleset: str, scenario: str) -> None:
    checked(lambda: api_test(env(ruleset, scenario=scenario, max_steps=400), num_cycles=60))
    checked(lambda: seed_test(lambda: env(ruleset, scenario=scenario, max_steps=400), num_cycles=60))


@pytest.mark.parametrize(("ruleset", "scenario"), SETUPS)
def test_parallel_passes_pettingzoo_parallel_tests(ruleset: str, scenario: str) -> None:
    checked(lambda: parallel_api_test(parallel_env(ruleset, scenario=scenario, max_steps=400), num_cycles=60))
    checked(lambda: parallel_seed_test(lambda: parallel_env(ruleset, scenario=scenario, max_steps=400)))


def test_a_scenario_left_to_the_legal_index_takes_its_ruleset_s_cap() -> None:
    """Campaign Game IV has no fixed index: the legal-action index serves it with HGW's
    declared cap (its production lists reach 640 actions; the default is 512)."""
    game = env("hgw", scenario="campaign_4", max_steps=10)
    assert game.action_space(game.possible_agents[0]).n == 4096
    assert env("hgw", scenario="campaign_4", max_steps=10, max_actions=900).action_space("axis").n == 900
