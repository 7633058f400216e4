"""The cost of the fixed RL action index per step (issue 11, grognard.rl.action_space).

    PYTHONPATH=src python benchmarks/bench_rl_index.py [--steps 400] [--rounds 3]

For each set-up it plays one random game (`--steps` actions at most) and records the
positions; then it times, over those positions, what an environment step adds:
  - legal     the core's legal list (paid by either index);
  - fixed     the fixed index's slots of that list (Viktory II: its unit keys too) and
              the action mask (np.zeros(size) and a fancy index);
  - legal-ix  the legal index's mask (the first len(legal) slots of max_actions);
  - obs       a whole observation of the environment with the fixed index (the view
              and the ruleset's features included), for scale;
and the OpenSpiel adapter's legal ids per step under both indexes, and a step of a
random rollout through the adapter (what OpenSpiel's MCTSBot evaluates with: legal
ids, an action, its chance nodes) from the game's last recorded position, 10
rollouts of 150 steps, under both indexes. Reports the median
over rounds of the CPU time (time.process_time) per position, in microseconds, with
the size of each space; `--out FILE` writes them as JSON. Tests never assert on time.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests" / "core"))

from grognard.core.game import State  # noqa: E402
from grognard.rl import ActionSpace, env  # noqa: E402
from grognard.sim import get_ruleset  # noqa: E402

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("viktory2", {"players": 2}),
    ("viktory2", {"players": 6}),
    ("blockgame:BLOCKSKIRMISH", {"turns": 6}),
]


def positions(ruleset: str, options: dict[str, Any], steps: int) -> list[tuple[State, str]]:
    rules = get_ruleset(ruleset)
    state = rules.new_game(None, options, 1)
    state.keep_undo = False
    rng = random.Random(1)
    seen: list[tuple[State, str]] = []
    for _ in range(steps):
        if state.is_over():
            break
        role = state.active_roles()[0]
        seen.append((state.clone(), role))
        state.apply(role, rng.choice(state.legal_actions(role)))
    return seen


def per_position_us(run: Callable[[State, str], object], seen: list[tuple[State, str]]) -> float:
    start = time.process_time()
    for state, role in seen:
        run(state, role)
    return (time.process_time() - start) / len(seen) * 1e6


def rollout_step_us(game: Any, start: State, rollouts: int = 10, length: int = 150) -> float:
    """CPU time per step of random rollouts through the OpenSpiel adapter."""
    rng = np.random.RandomState(0)
    steps = 0
    begin = time.process_time()
    for _ in range(rollouts):
        state = game.wrap(start.clone())
        for _ in range(length):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(int(rng.randint(len(state.chance_outcomes()))))
            else:
                legal = state.legal_actions()
                state.apply_action(int(legal[rng.randint(len(legal))]))
            steps += 1
    return (time.process_time() - begin) / max(1, steps) * 1e6


def measure(ruleset: str, options: dict[str, Any], steps: int, rounds: int) -> dict[str, Any]:
    seen = positions(ruleset, options, steps)
    space = ActionSpace.for_ruleset(get_ruleset(ruleset), None, options)
    assert space is not None
    legal_of = {id(s): s.legal_actions(r) for s, r in seen}
    from grognard.agents.openspiel_bots import GrognardGame

    games = {ix: GrognardGame(seen[0][0], seed=1, index=ix) for ix in ("fixed", "legal")}
    aec = env(ruleset, options=options)
    aec.reset(seed=1)

    def fixed(state: State, role: str) -> object:
        return space.legal_slots(state, role, legal_of[id(state)]).mask(space.size)

    def legal_ix(state: State, role: str) -> object:
        out = np.zeros(512, dtype=np.int8)
        out[: len(legal_of[id(state)])] = 1
        return out

    def spiel(index: str) -> Callable[[State, str], object]:
        return lambda state, role: games[index].wrap(state.clone()).legal_actions()

    def observe(state: State, role: str) -> object:
        aec._g.state, aec._g._slots = state, {}
        return aec.observe(role)

    runs: dict[str, Callable[[State, str], object]] = {
        "legal": lambda state, role: state.clone().legal_actions(role),  # a clone: no memo
        "fixed": fixed,
        "legal-ix": legal_ix,
        "obs": observe,
        "openspiel-fixed": spiel("fixed"),
        "openspiel-legal": spiel("legal"),
    }
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            times[name].append(per_position_us(run, seen))
    rollouts: dict[str, list[float]] = {"fixed": [], "legal": []}
    for _ in range(rounds):
        for index, game in games.items():
            rollouts[index].append(rollout_step_us(game, seen[-1][0]))
    clone = statistics.median(per_position_us(lambda s, r: s.clone(), seen) for _ in range(rounds))
    result = {name: round(statistics.median(values), 1) for name, values in times.items()}
    # the legal list and the OpenSpiel ids were timed on a clone: the clone is taken off
    for name in ("legal", "openspiel-fixed", "openspiel-legal"):
        result[name] = round(result[name] - clone, 1)
    for index, values in rollouts.items():
        result[f"rollout-{index}"] = round(statistics.median(values), 1)
    return {
        "ruleset": ruleset, "options": options, "positions": len(seen), "size": space.size,
        "mean_legal": round(sum(len(v) for v in legal_of.values()) / len(seen), 1), "us": result,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=400, help="positions per set-up (one random game)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of timing (median)")
    parser.add_argument("--out", type=Path, help="write the results as JSON")
    args = parser.parse_args()
    if args.steps < 1 or args.rounds < 1:
        parser.error("--steps and --rounds must be at least 1")
    results = []
    for ruleset, options in SETUPS:
        row = measure(ruleset, options, args.steps, args.rounds)
        results.append(row)
        us = row["us"]
        print(
            f"{ruleset} {options}: {row['size']} slots, {row['positions']} positions, "
            f"{row['mean_legal']} legal on average; per position: legal list {us['legal']} µs, "
            f"fixed slots+mask {us['fixed']} µs, legal-index mask {us['legal-ix']} µs, "
            f"observation {us['obs']} µs; OpenSpiel legal ids fixed {us['openspiel-fixed']} µs, "
            f"legal {us['openspiel-legal']} µs; OpenSpiel rollout step fixed {us['rollout-fixed']} µs, "
            f"legal {us['rollout-legal']} µs"
        )
    if args.out:
        args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
