"""The RL loop on a grognard PettingZoo environment, with a masked random policy.

    PYTHONPATH=src python scripts/rl_example.py viktory2 --games 4 --envs 2 [--index legal]

Trains nothing: it shows the loop an RL library runs (observe, pick a legal index
from the action mask, step, collect rewards at the end), and how to run many
environments at once: one environment per worker process, each a pure function of
its seed, as `grognard simulate` does with games. The action index is the fixed one
where the ruleset declares it (slot k means one action in every position), else the
legal list's (docs/simlab.md, "RL environments"); the policy reads only the mask, so
the loop is the same for both.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from grognard.rl import env


def play_one(ruleset: str, seed: int, index: str | None = None) -> dict[str, float]:
    """One game to the end with a masked random policy; the total reward per role."""
    aec = env(ruleset, index=index)
    aec.reset(seed=seed)
    policy = np.random.default_rng(seed)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _info = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        aec.step(int(policy.choice(legal)))
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("ruleset", nargs="?", default="viktory2")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--envs", type=int, default=2, help="environments run at once (processes)")
    parser.add_argument(
        "--index", choices=("fixed", "legal"), help="the action index (default: fixed where declared)"
    )
    args = parser.parse_args()
    seeds = list(range(args.games))
    described = env(args.ruleset, index=args.index).describe_action_space()
    print(f"{args.ruleset}: the {described['index']} action index, {described['size']} slots")
    rulesets, indexes = [args.ruleset] * len(seeds), [args.index] * len(seeds)
    with ProcessPoolExecutor(max_workers=args.envs) as pool:
        for seed, totals in zip(seeds, pool.map(play_one, rulesets, seeds, indexes), strict=True):
            print(f"game {seed}: " + ", ".join(f"{role} {value:g}" for role, value in totals.items()))


if __name__ == "__main__":
    main()
