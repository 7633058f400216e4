"""Steps per second of the PettingZoo environments, for every game (issue 25).

    PYTHONPATH=src python benchmarks/bench_rl_envs.py [--steps 300] [--rounds 3]
    python benchmarks/bench_rl_envs.py --code /path/to/old/checkout   # the old code

For each game's default scenario (Viktory II with 2 players) a random agent plays
`--steps` steps, starting again on a new seed when a game ends, in three loops:
  - observe   AEC: `observe(agent)` then `step(action)`, infos never read (what a
              training loop that uses observations and masks does);
  - last      AEC: `env.last()` (observation, reward, flags and info), the info held
              across the step, as PettingZoo's own loop does (an info still held
              when the game moves on makes the environment keep a copy of the game);
  - parallel  the Parallel environment, every agent's observation each step.
The agent picks uniformly among `env.slots(agent)` (the mask's marked entries):
scanning a mask of Victory's 440 702 slots with np.flatnonzero costs about 0.8 ms,
as much as the rest of a step now, and is the policy's cost, not the environment's.
After an untimed warm-up of 20 steps, reports the median over rounds of environment
steps per second of CPU time (time.process_time); `--out FILE` writes them as JSON.
Tests never assert on time.
`--code DIR` imports grognard from DIR/src instead of this checkout, so an old
commit's environments can be timed by this same script.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

#: (label, ruleset, environment keyword arguments)
GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("viktory2", "viktory2", {"options": {"players": 2}}),
    ("victory", "victory", {}),
    ("hgw", "hgw", {}),
    ("virtuti", "virtuti", {}),
]
LOOPS = ("observe", "last", "parallel")


def aec_loop(rl: Any, ruleset: str, kwargs: dict[str, Any], steps: int, held: bool) -> float:
    made = rl.env(ruleset, **kwargs)
    seed = 1
    made.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = 0
    start = time.process_time()
    while done < steps:
        agent = made.agent_selection
        if held:
            _obs, _reward, term, trunc, _info = made.last()
        else:
            _obs = made.observe(agent)
            term, trunc = made.terminations[agent], made.truncations[agent]
        if term or trunc:
            seed += 1
            made.reset(seed=seed)
            continue
        slots = made.slots(agent)
        made.step(int(slots[rng.integers(len(slots))]))
        done += 1
    return done / (time.process_time() - start)


def parallel_loop(rl: Any, ruleset: str, kwargs: dict[str, Any], steps: int) -> float:
    made = rl.parallel_env(ruleset, **kwargs)
    seed = 1
    made.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = 0
    start = time.process_time()
    while done < steps:
        if not made.agents:
            seed += 1
            made.reset(seed=seed)
            continue
        actions = {}
        for agent in made.agents:
            slots = made.slots(agent)
            actions[agent] = int(slots[rng.integers(len(slots))]) if slots else 0
        made.step(actions)
        done += 1
    return done / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300, help="steps per loop and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of timing (median)")
    parser.add_argument("--games", nargs="*", default=[g[0] for g in GAMES], help="games to time")
    parser.add_argument("--loops", nargs="*", default=list(LOOPS), choices=LOOPS, help="loops to time")
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose src/ is timed")
    parser.add_argument("--out", type=Path, help="write the results as JSON")
    args = parser.parse_args()
    if args.steps < 1 or args.rounds < 1:
        parser.error("--steps and --rounds must be at least 1")
    unknown = set(args.games) - {g[0] for g in GAMES}
    if unknown:
        parser.error(f"unknown games {sorted(unknown)}; known: {[g[0] for g in GAMES]}")
    sys.path.insert(0, str(args.code.resolve() / "src"))
    import grognard.rl as rl

    results = []
    for label, ruleset, kwargs in GAMES:
        if label not in args.games:
            continue
        row: dict[str, Any] = {"game": label, "ruleset": ruleset, "kwargs": kwargs, "steps_per_s": {}}
        aec_loop(rl, ruleset, kwargs, 20, held=True)  # warm-up: the game's modules load on first use
        for loop in args.loops:
            rates = []
            for _ in range(args.rounds):
                if loop == "parallel":
                    rates.append(parallel_loop(rl, ruleset, kwargs, args.steps))
                else:
                    rates.append(aec_loop(rl, ruleset, kwargs, args.steps, held=loop == "last"))
            row["steps_per_s"][loop] = round(statistics.median(rates), 1)
        results.append(row)
        figures = ", ".join(f"{loop} {rate} steps/s" for loop, rate in row["steps_per_s"].items())
        print(f"{label}: {figures}", flush=True)
    if args.out:
        args.out.write_text(json.dumps({"code": str(args.code), "results": results}, indent=1) + "\n",
                            encoding="utf-8")


if __name__ == "__main__":
    main()
