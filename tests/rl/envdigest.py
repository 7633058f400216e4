"""Digests of what the PettingZoo environments return over seeded random games
(issue 25: the environments were made faster without changing what they give).

`digest(case)` plays one seeded random game through an environment and hashes, step
by step, every observation vector (values, dtype, shape), action mask, reward,
termination, truncation and info (the JSON view), so two versions of the code that
return the same things give the same digest. Infos are hashed twice: the acting
agent's as `last()` gives it, before the step, and the whole `infos` dict of the
step before, read only after the next step (an info kept by the caller must still
describe the position it was given at).

    PYTHONPATH=src python tests/rl/envdigest.py > tests/rl/env_digests.json

writes the digests test_rl_env_digests.py compares against; they were written by the
code before the speed-up (commit a3b8b61) and must never be regenerated to make a
change pass unless that change is meant to alter what the environments return.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import numpy as np

from grognard.rl import env, parallel_env

#: (name, ruleset, environment keyword arguments, "aec" or "parallel", steps)
CASES: list[tuple[str, str, dict[str, Any], str, int]] = [
    ("victory-aec", "victory", {"options": {"turn_limit": 2}}, "aec", 420),
    ("victory-game-aec", "victory", {}, "aec", 700),
    ("victory-commanders-aec", "victory", {"scenario": "commanders", "options": {"turn_limit": 1}}, "aec",
     160),
    ("victory-parallel", "victory", {"scenario": "two-front", "options": {"turn_limit": 1}}, "parallel", 160),
    ("viktory2-aec", "viktory2", {"options": {"players": 3}}, "aec", 200),
    ("viktory2-parallel", "viktory2", {"options": {"players": 2}}, "parallel", 120),
    ("hgw-aec", "hgw", {"scenario": "barbarossa"}, "aec", 120),
    ("virtuti-aec", "virtuti", {"scenario": "barbarossa"}, "aec", 120),
]
SEED = 7


def _feed(h: Any, value: Any) -> None:
    if isinstance(value, np.ndarray):
        h.update(f"{value.dtype}{value.shape}".encode())
        h.update(np.ascontiguousarray(value).tobytes())
    else:
        h.update(json.dumps(value, sort_keys=True, separators=(",", ":")).encode())
    h.update(b"|")


def _feed_obs(h: Any, obs: dict[str, np.ndarray]) -> None:
    _feed(h, sorted(obs))
    _feed(h, obs["observation"])
    mask = obs["action_mask"]
    _feed(h, f"{mask.dtype}{mask.shape}")
    _feed(h, np.flatnonzero(mask).astype(np.int64))


def _aec(ruleset: str, kwargs: dict[str, Any], steps: int) -> str:
    h = hashlib.sha256()
    made = env(ruleset, **kwargs)
    made.reset(seed=SEED)
    rng = np.random.default_rng(SEED)
    for _ in range(steps):
        if not made.agents:
            break
        agent = made.agent_selection
        obs, reward, term, trunc, info = made.last()
        _feed(h, [agent, reward, term, trunc, info])
        _feed_obs(h, obs)
        before = made.infos
        if term or trunc:
            made.step(None)
        else:
            made.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        _feed(h, before)
        _feed(h, [made.rewards, made._cumulative_rewards, made.terminations, made.truncations])
    return h.hexdigest()


def _parallel(ruleset: str, kwargs: dict[str, Any], steps: int) -> str:
    h = hashlib.sha256()
    made = parallel_env(ruleset, **kwargs)
    observations, infos = made.reset(seed=SEED)
    rng = np.random.default_rng(SEED)
    for _ in range(steps):
        if not made.agents:
            break
        for agent in sorted(observations):
            _feed_obs(h, observations[agent])
        before = infos
        actions = {}
        for agent in made.agents:
            legal = np.flatnonzero(observations[agent]["action_mask"])
            actions[agent] = int(rng.choice(legal)) if len(legal) else 0
        observations, rewards, terms, truncs, infos = made.step(actions)
        _feed(h, before)
        _feed(h, [rewards, terms, truncs])
    _feed(h, infos)
    return h.hexdigest()


def digest(name: str) -> str:
    _, ruleset, kwargs, mode, steps = next(c for c in CASES if c[0] == name)
    return (_aec if mode == "aec" else _parallel)(ruleset, kwargs, steps)


if __name__ == "__main__":
    json.dump({name: digest(name) for name, *_ in CASES}, sys.stdout, indent=1)
    sys.stdout.write("\n")
