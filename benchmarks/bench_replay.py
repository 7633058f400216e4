"""What `/replay/{step}` costs: re-played from the start (as before) against the
server's checkpoints (`grognard.server.replays.ReplayCheckpoints`).

    PYTHONPATH=src python benchmarks/bench_replay.py [--actions 600] [--seed 3]

Plays one random Viktory II game headless for up to `--actions` actions, then times
(CPU time, median of `--repeats`) the state at the last step re-played from the
start, from cold checkpoints (which stores them on the way) and warm ones, and a warm
step chosen at random. Prints a table; writes nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from grognard.core.game import State
from grognard.games import REGISTRY
from grognard.server.replays import ReplayCheckpoints


def timed(work: Callable[[], object], repeats: int) -> float:
    """Median CPU milliseconds of `work`."""
    samples = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        samples.append((time.process_time() - start) * 1000)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=600)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    ruleset = REGISTRY.get("viktory2")
    state = ruleset.new_game("standard", {}, args.seed)
    state.keep_undo = False
    pick = random.Random(args.seed)
    while not state.is_over() and len(state.history) < args.actions:
        role = pick.choice(state.active_roles())
        state.apply(role, pick.choice(state.legal_actions(role)))
    meta, history, last = state.meta, list(state.history), len(state.history)

    def from_start() -> State:
        replayed = ruleset.new_game(meta["scenario"], meta["options"], meta["seed"])
        replayed.keep_undo = False
        for role, action in history:
            replayed.apply(role, action)
        return replayed

    def cold() -> State:
        return ReplayCheckpoints().state_at("g", ruleset, meta, history, last)

    warm_store = ReplayCheckpoints()
    warm_store.state_at("g", ruleset, meta, history, last)
    steps = random.Random(1)

    rows = [
        ("from the start (before)", timed(from_start, args.repeats)),
        ("checkpoints, cold", timed(cold, args.repeats)),
        (
            "checkpoints, warm, last step",
            timed(lambda: warm_store.state_at("g", ruleset, meta, history, last), args.repeats),
        ),
        (
            "checkpoints, warm, a random step",
            timed(
                lambda: warm_store.state_at("g", ruleset, meta, history, steps.randint(0, last)),
                args.repeats * 4,
            ),
        ),
    ]
    print(f"Viktory II, {last} actions (seed {args.seed}); CPU ms, median")
    for name, ms in rows:
        print(f"  {name:34} {ms:8.1f}")


if __name__ == "__main__":
    main()
