"""grognard.rl on Victory's Quick Start (issue 11): PettingZoo's own API and seed
tests, AEC and Parallel, on the hidden-block game.

Victory needs a larger action index than the default 512: a deployment turn of
Quick Start offers each placement of each block (over 600 legal actions).
"""

from __future__ import annotations

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test
from pzchecks import checked

from grognard.rl import GrognardAEC, GrognardParallel, env, parallel_env

#: Room for Quick Start's widest decision (the deployment's placements).
MAX_ACTIONS = 4096
SETUP = {
    "scenario": "quick-start",
    "options": {"turn_limit": 2},
    "max_steps": 400,
    "max_actions": MAX_ACTIONS,
}


def victory() -> GrognardAEC:
    return env("victory", **SETUP)


def test_victory_quick_start_passes_pettingzoo_api_test() -> None:
    checked(lambda: api_test(victory(), num_cycles=60))


def test_victory_quick_start_passes_pettingzoo_seed_test() -> None:
    checked(lambda: seed_test(victory, num_cycles=60))


def test_victory_roles_are_the_environments_agents() -> None:
    made = victory()
    made.reset(seed=1)
    assert sorted(made.agents) == ["blue", "red"]
    agent = made.agent_selection
    mask = made.observe(agent)["action_mask"]
    size = made.action_space(agent).n
    # the fixed index where Victory declares one, else the legal index of MAX_ACTIONS
    expected = MAX_ACTIONS if made.index == "legal" else made.describe_action_space()["size"]
    assert len(mask) == size == expected
    assert int(mask.sum()) == len(made.actions(agent)) > 0


def victory_parallel() -> GrognardParallel:
    return parallel_env("victory", **SETUP)


def test_victory_quick_start_passes_pettingzoo_parallel_api_test() -> None:
    checked(lambda: parallel_api_test(victory_parallel(), num_cycles=60))


def test_victory_quick_start_passes_pettingzoo_parallel_seed_test() -> None:
    checked(lambda: parallel_seed_test(victory_parallel))


def test_victory_parallel_env_asks_the_roles_the_game_waits_for() -> None:
    made = victory_parallel()
    obs, _ = made.reset(seed=3)
    waiting = set(made.game.active_roles())
    assert waiting and sorted(obs) == ["blue", "red"]
    for agent, seen in obs.items():
        assert (int(seen["action_mask"].sum()) > 0) == (agent in waiting)
    mover = sorted(waiting)[0]
    before = made.game.view(mover)
    made.step({a: 0 for a in made.agents})  # index 0 for all: only the waiting roles' count
    assert made.game.view(mover) != before
