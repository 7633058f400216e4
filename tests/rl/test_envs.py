"""grognard.rl: PettingZoo's own API, seed and parallel API tests on several rulesets."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test
from pzchecks import checked

from grognard.rl import ActionIndexError, GrognardAEC, env, feature_names, parallel_env

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "core"))
sys.path.insert(0, str(HERE / "sim"))

#: Small set-ups of every ruleset kind at hand: Viktory II (open, dice), the block
#: game (hidden blocks), tiny (secret simultaneous picks), the pile game.
SETUPS = [
    ("viktory2", {}),
    ("blockgame:BLOCKSKIRMISH", {"turns": 2}),
    ("tinygame:TINY", {}),
    ("tinyrules:RULESET", {"players": 3}),
]


#: Both action indexes: every set-up above declares its action space (Viktory II in
#: games/viktory2/action_space.py, the test games in their own modules).
INDEXES = ["fixed", "legal"]


@pytest.mark.parametrize("index", INDEXES)
@pytest.mark.parametrize(("ruleset", "options"), SETUPS)
def test_aec_passes_pettingzoo_api_test(ruleset: str, options: dict[str, int], index: str) -> None:
    made = env(ruleset, options=options, max_steps=400, index=index)
    assert made.index == index
    checked(lambda: api_test(made, num_cycles=60))


@pytest.mark.parametrize("index", INDEXES)
@pytest.mark.parametrize(("ruleset", "options"), SETUPS)
def test_aec_passes_pettingzoo_seed_test(ruleset: str, options: dict[str, int], index: str) -> None:
    kwargs = {"options": options, "max_steps": 400, "index": index}
    checked(lambda: seed_test(lambda: env(ruleset, **kwargs), num_cycles=60))


@pytest.mark.parametrize("index", INDEXES)
@pytest.mark.parametrize(("ruleset", "options"), SETUPS)
def test_parallel_passes_pettingzoo_parallel_tests(ruleset: str, options: dict[str, int], index: str) -> None:
    kwargs = {"options": options, "max_steps": 400, "index": index}
    checked(lambda: parallel_api_test(parallel_env(ruleset, **kwargs), num_cycles=60))
    checked(lambda: parallel_seed_test(lambda: parallel_env(ruleset, **kwargs)))


def test_action_index_names_the_legal_list_in_order() -> None:
    aec = env("tinyrules:RULESET", index="legal")
    aec.reset(seed=3)
    agent = aec.agent_selection
    obs = aec.observe(agent)
    legal = aec.actions(agent)
    assert legal == [("roll",), ("take", 1), ("take", 2)]
    assert obs["action_mask"][:4].tolist() == [1, 1, 1, 0]
    pile = aec.game.view(None)["board"]["pile"]
    aec.step(2)  # ("take", 2)
    assert aec.game.view(None)["board"]["pile"] == pile - 2
    with pytest.raises(ActionIndexError, match="not legal"):
        aec.step(7)


def test_observation_vector_follows_its_documented_layout() -> None:
    aec = env("viktory2")
    aec.reset(seed=1)
    names = aec.features
    assert names[: 3 * 2 + 2] == feature_names(aec.possible_agents, 0)  # the core's part first
    me = aec.agent_selection
    vector = aec.observe(me)["observation"]
    assert vector.shape == (len(names),)
    assert vector[names.index(f"me:{me}")] == 1.0
    assert vector[names.index(f"active:{me}")] == 1.0
    legal = len(aec.actions(me))
    assert vector[names.index("legal_fraction")] == pytest.approx(legal / 512)
    assert aec.infos[me]["view"]["role"] == me  # the JSON view rides in infos


def test_rewards_are_win_shares_at_the_end() -> None:
    aec = env("tinyrules:RULESET", options={"pile": 2})
    aec.reset(seed=0)
    first = aec.agent_selection
    aec.step(aec.actions(first).index(("take", 2)))
    assert all(aec.terminations.values())
    assert aec.rewards[first] == 1.0
    assert sum(aec.rewards.values()) == 1.0


def test_a_too_small_action_index_is_a_clear_error() -> None:
    aec = GrognardAEC("tinyrules:RULESET", max_actions=2, index="legal")
    with pytest.raises(ActionIndexError, match="more than the index"):
        aec.reset(seed=0)
        aec.observe(aec.agent_selection)


def test_parallel_env_decides_secret_picks_together() -> None:
    par = parallel_env("tinygame:TINY")
    obs, _ = par.reset(seed=4)
    assert all(o["action_mask"].sum() == 3 for o in obs.values())  # all three pick at once
    obs, rewards, terms, truncs, infos = par.step({a: 0 for a in par.agents})
    assert "round 1 picks" in " ".join(infos["north"]["view"]["log"])
    assert not any(terms.values()) and not any(truncs.values())
    assert set(rewards.values()) == {0.0}  # rewards come at the end only
    assert np.array_equal(obs["east"]["action_mask"], np.zeros_like(obs["east"]["action_mask"]))
