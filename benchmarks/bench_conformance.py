"""The exhaustive conformance runs: `grognard.testing.check_ruleset` over many random
games of every scenario, with the expensive checks (views, JSON round trip, clones,
illegal actions, samples, the whole undo window) often. The test suite keeps small
counts (one game per scenario, the expensive checks now and then) so that no test
takes a minute; this script is where the long runs live.

    python benchmarks/bench_conformance.py                    # every ruleset, 3 games a scenario
    python benchmarks/bench_conformance.py hgw --games 10     # one ruleset
    python benchmarks/bench_conformance.py hgw --scenario campaign_1 --every 100 --seed 40
    python benchmarks/bench_conformance.py viktory2 --option players=4 --option turn_limit=25

Game `i` of a scenario uses seed `--seed + i`; a failure prints check_ruleset's own
message, which says how to reproduce it (`--scenario S --seed N --games 1`). Prints a
line per game as it ends (actions, seconds) and a summary; exits 1 on a failure
(after the other games, unless --stop). Finds the checkout's `src/` itself.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from grognard.core.game import Ruleset
from grognard.testing import check_ruleset

RULESETS = ("viktory2", "victory", "hgw", "virtuti")
#: The expensive checks every this many actions, per ruleset (the suite's HGW tests use
#: 1000-2000: a random HGW game is 3 000-6 000 actions, and each check of a long undo
#: window replays the window once per action in it).
EVERY = {"viktory2": 7, "victory": 7, "hgw": 150, "virtuti": 11}
#: Long enough for a random game of any scenario to end.
MAX_ACTIONS = 80_000


def _ruleset(ruleset_id: str) -> Ruleset:
    ruleset: Ruleset = importlib.import_module(f"grognard.games.{ruleset_id}").RULESET
    return ruleset


def _option(text: str) -> tuple[str, Any]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"--option wants NAME=VALUE, got {text!r}")
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value  # a plain word: a string option


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help=f"of {', '.join(RULESETS)} (default: all four)")
    parser.add_argument("--scenario", action="append", help="only this scenario (repeatable)")
    parser.add_argument("--games", type=int, default=3, help="random games per scenario (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--every", type=int, help="expensive checks every N actions (default per ruleset)")
    parser.add_argument("--thorough", action="store_true", help="every check at every action")
    parser.add_argument("--option", type=_option, action="append", default=[], help="NAME=VALUE (JSON)")
    parser.add_argument("--stop", action="store_true", help="stop at the first failure")
    args = parser.parse_args(argv)
    if args.games < 1 or (args.every is not None and args.every < 1):
        parser.error("--games and --every must be at least 1")
    options = dict(args.option)
    unknown = [r for r in args.rulesets if r not in RULESETS]
    if unknown:
        parser.error(f"unknown ruleset {unknown[0]!r}; known: {', '.join(RULESETS)}")

    plan: list[tuple[Ruleset, str]] = []
    for ruleset_id in args.rulesets or RULESETS:
        ruleset = _ruleset(ruleset_id)
        known = [s.id for s in ruleset.scenarios]
        for scenario in args.scenario or known:
            if scenario not in known:
                parser.error(f"{ruleset_id} has no scenario {scenario!r}; known: {', '.join(known)}")
            plan.append((ruleset, scenario))

    total = len(plan) * args.games
    done = actions = 0
    failures: list[str] = []
    started = time.perf_counter()
    live = sys.stdout.isatty()
    for ruleset, scenario in plan:
        every = args.every or EVERY.get(ruleset.id, 7)
        for seed in range(args.seed, args.seed + args.games):
            done += 1
            label = f"[{done:>{len(str(total))}}/{total}] {ruleset.id} {scenario} seed {seed}"
            if live:  # the game being checked, overwritten by its result
                print(f"{label} ...", end="\r", flush=True)
            clock = time.perf_counter()
            try:
                report = check_ruleset(
                    ruleset, scenarios=[scenario], games=1, seed=seed, options_list=[options],
                    max_actions=MAX_ACTIONS, thorough=args.thorough, every=every,
                )  # fmt: skip
            except AssertionError as exc:
                print(f"{label}: FAILED after {time.perf_counter() - clock:.1f} s\n    {exc}", flush=True)
                failures.append(label)
                if args.stop:
                    break
                continue
            actions += report.actions
            seconds = time.perf_counter() - clock
            print(f"{label}: {report.actions} actions, {seconds:.1f} s", flush=True)
        if failures and args.stop:
            break

    minutes = (time.perf_counter() - started) / 60
    print(f"{done - len(failures)} of {total} games kept the contract ({actions} actions, {minutes:.1f} min)")
    for label in failures:
        print(f"FAILED {label}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
