"""grognard.rl on the set-ups the other rl tests leave out (issue 11: PettingZoo
environments for every ruleset and scenario): Victory's scenarios besides Quick
Start (Commanders with its six seats), Viktory II with 3 to 6 players, and Hitler's
Global War's two-player variants (`two_player`: one seat for the Soviets and the
Allies). PettingZoo's own AEC and Parallel API and seed tests, kept cheap: short
games (MAX_STEPS actions at most) and few cycles."""

from __future__ import annotations

from typing import Any

import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test
from pzchecks import checked

from grognard.rl import env, parallel_env

MAX_STEPS = 200
CYCLES = 25
#: Commanders has six seats and each step builds views for all of them: fewer cycles
#: keep it to a few seconds (measured: 25 cycles took 39 s of the suite's time).
FEW_CYCLES = 8

#: (ruleset, scenario, options, action cap, roles): Victory's deployments need the
#: wide action index test_rl_victory.py uses.
SETUPS: list[tuple[str, str | None, dict[str, Any], int, int]] = [
    ("victory", "custom-forces", {"turn_limit": 2}, 4096, 2),
    ("victory", "sleeping-giant", {"turn_limit": 2}, 4096, 2),
    ("victory", "two-front", {"turn_limit": 2}, 4096, 2),
    ("victory", "neutral-ground", {"turn_limit": 2}, 4096, 2),  # N1.1
    ("victory", "commanders", {"turn_limit": 2}, 4096, 6),
    *(("viktory2", None, {"players": n}, 512, n) for n in (3, 4, 5, 6)),
    ("hgw", "fall_of_germany", {"two_player": True}, 512, 3),
    ("hgw", "campaign_1", {"two_player": True}, 512, 3),
]
IDS = [f"{r}-{s or 'standard'}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for r, s, o, _, _ in SETUPS]


def _cycles(ruleset: str, scenario: str | None) -> int:
    return FEW_CYCLES if (ruleset, scenario) == ("victory", "commanders") else CYCLES


def _kwargs(scenario: str | None, options: dict[str, Any], cap: int) -> dict[str, Any]:
    return {"scenario": scenario, "options": options, "max_steps": MAX_STEPS, "max_actions": cap}


@pytest.mark.parametrize(("ruleset", "scenario", "options", "cap", "roles"), SETUPS, ids=IDS)
def test_aec_passes_pettingzoo_api_and_seed_tests(
    ruleset: str, scenario: str | None, options: dict[str, Any], cap: int, roles: int
) -> None:
    made = env(ruleset, **_kwargs(scenario, options, cap))
    made.reset(seed=1)
    assert len(made.possible_agents) == roles
    cycles = _cycles(ruleset, scenario)
    checked(lambda: api_test(env(ruleset, **_kwargs(scenario, options, cap)), num_cycles=cycles))
    checked(lambda: seed_test(lambda: env(ruleset, **_kwargs(scenario, options, cap)), num_cycles=cycles))


@pytest.mark.parametrize(("ruleset", "scenario", "options", "cap", "roles"), SETUPS, ids=IDS)
def test_parallel_passes_pettingzoo_parallel_tests(
    ruleset: str, scenario: str | None, options: dict[str, Any], cap: int, roles: int
) -> None:
    kwargs = _kwargs(scenario, options, cap)
    checked(lambda: parallel_api_test(parallel_env(ruleset, **kwargs), num_cycles=_cycles(ruleset, scenario)))
    checked(lambda: parallel_seed_test(lambda: parallel_env(ruleset, **kwargs)))


def test_hgw_three_player_set_ups_are_run_by_the_wargame_tests() -> None:
    """The Fall of Germany and Campaign Game I are three-player by default, so
    test_rl_wargames.py (every scenario open to two players, default options) runs
    PettingZoo's tests on their three-player games; the two-player variants are here."""
    for scenario in ("fall_of_germany", "campaign_1"):
        made = env("hgw", scenario=scenario)
        made.reset(seed=1)
        assert made.possible_agents == ["axis", "soviet", "allied"]
