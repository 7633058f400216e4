"""Golden traces of Viktory II games: prove that a speed-up changed no behaviour.

    PYTHONPATH=src python benchmarks/golden_traces.py            # compare with the JSON
    PYTHONPATH=src python benchmarks/golden_traces.py --write    # record it anew

For every configuration below and every seed, a game is played to its end with a
`random.Random(seed)` choosing, like `grognard.testing.random_playout`, one active
role that has a legal action and then one of its legal actions. A SHA-256 per game
covers, at every step, the role, its whole sorted legal list and the game data after
the action (log excepted, for speed), and at the end the whole `state.data` (log
included). The legal lists, the RNG draws and every state must match exactly: any
difference, even the order of the keys of a dict in the data, changes the hash.

A few heuristic-vs-random games cover the Viktory II heuristic too, since it reads
the same helpers the rules do. This is a tool for optimisers, not a test: run it
before (`--write`, on unchanged code) and after each change. The JSON it writes,
`benchmarks/golden_traces.json`, is committed; rewrite it only when the rules are
meant to change. It records the RNG version its games were played with and replays
them with that version, so traces recorded before a new generator still compare.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import msgspec

from grognard.agents import make_agent
from grognard.core.rng import RNG_VERSION
from grognard.games import REGISTRY

RULESET = "viktory2"
SEEDS = range(30)
HEURISTIC_SEEDS = range(5)
VARIANTS = {
    "luck_averaging": True,
    "subjugation": True,
    "exploration_balancing": True,
    "relocation": True,
}
#: name -> (options, seats: "random" everywhere, or "heuristic" for the first seat)
CONFIGS: dict[str, tuple[dict[str, Any], str]] = {
    "2p": ({"players": 2}, "random"),
    "3p": ({"players": 3}, "random"),
    "4p": ({"players": 4}, "random"),
    "6p": ({"players": 6}, "random"),
    "4p-variants": ({"players": 4, **VARIANTS}, "random"),
    "2p-heuristic": ({"players": 2}, "heuristic"),
}
MAX_ACTIONS = 50_000

_encode = msgspec.json.Encoder().encode


def trace(options: dict[str, Any], seats: str, seed: int, rng_version: int) -> tuple[str, int]:
    """(hex digest, number of actions) of one game played to its end."""
    state = REGISTRY.get(RULESET).new_game(None, options, seed, rng_version)
    state.keep_undo = False
    chooser = random.Random(seed)
    heuristic = make_agent("heuristic", RULESET, seed) if seats == "heuristic" else None
    first = state.roles[0]
    digest = hashlib.sha256()
    actions = 0
    while not state.is_over():
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"game {options} seed {seed} is not over after {MAX_ACTIONS} actions")
        movers = [role for role in state.active_roles() if state.legal_actions(role)]
        if not movers:
            raise RuntimeError(f"dead end in game {options} seed {seed}")
        role = chooser.choice(movers)
        legal = state.legal_actions(role)
        if heuristic is not None and role == first:
            action = heuristic.act(state.view(role), legal)
        else:
            action = chooser.choice(legal)
        digest.update(_encode([role, legal, action]))
        state.apply(role, action)
        digest.update(_encode({k: v for k, v in state.data.items() if k != "log"}))
        actions += 1
    digest.update(_encode(state.data))
    return digest.hexdigest(), actions


def run(names: list[str], seeds: range, rng_version: int) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        options, seats = CONFIGS[name]
        start = time.process_time()
        games = {}
        for seed in HEURISTIC_SEEDS if seats == "heuristic" else seeds:
            h, n = trace(options, seats, seed, rng_version)
            games[str(seed)] = {"sha256": h, "actions": n}
        seconds = time.process_time() - start
        print(f"  {name:<14} {len(games)} games, {seconds:6.1f} s cpu", file=sys.stderr)
        out[name] = {"options": options, "seats": seats, "games": games}
    return out


def compare(recorded: dict[str, Any], now: dict[str, Any]) -> list[str]:
    problems = []
    for name, config in now.items():
        if name not in recorded:
            problems.append(f"{name}: not recorded")
            continue
        for seed, game in config["games"].items():
            old = recorded[name]["games"].get(seed)
            if old != game:
                problems.append(f"{name} seed {seed}: recorded {old}, now {game}")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the traces (on unchanged rules!)")
    parser.add_argument("--only", nargs="*", choices=sorted(CONFIGS), help="some configurations only")
    parser.add_argument("--seeds", type=int, default=len(SEEDS), help="seeds 0..N-1 (compare only)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("golden_traces.json"))
    args = parser.parse_args()
    names = args.only or list(CONFIGS)
    if args.write:
        if args.only or args.seeds != len(SEEDS):
            parser.error("--write records every configuration and every seed")
        traces = run(names, SEEDS, RNG_VERSION)
        record = {"ruleset": RULESET, "rng_version": RNG_VERSION, "configs": traces}
        args.out.write_text(json.dumps(record, indent=1) + "\n")
        print(f"written to {args.out}")
        return
    recorded = json.loads(args.out.read_text())
    # traces from before the version was recorded were played with version 1
    problems = compare(recorded["configs"], run(names, range(args.seeds), recorded.get("rng_version", 1)))
    if problems:
        print("DIFFERENT:\n  " + "\n  ".join(problems))
        sys.exit(1)
    print("identical to the recorded traces")


if __name__ == "__main__":
    main()
