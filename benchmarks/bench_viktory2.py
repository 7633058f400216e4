"""Viktory II speed: random games per second, heuristic decision time, check_ruleset time.

    .venv/bin/python benchmarks/bench_viktory2.py [--games 200] [--more-players-games 20]
        [--decisions-games 20] [--check-games 5] [--seed 0] [--out PATH]

The results go to benchmarks/results/viktory2.json (untracked) unless --out names
another file; `--out benchmarks/results.json` rewrites the committed figures.

Everything runs on one core, in this process. Games and decisions are timed with
time.process_time (the CPU time of this process), which other work on the machine
disturbs less than the wall clock. Figures depend on the machine: compare runs on the
same machine only. Tests never assert on time; this script only reports.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# the checkout's own sources, so that no PYTHONPATH is needed
sys.path.insert(0, str(ROOT / "src"))
try:
    from grognard.agents import Agent, make_agent
    from grognard.games import REGISTRY
    from grognard.sim import GameConfig, game_seeds, play
    from grognard.testing import check_ruleset
except ImportError as exc:  # a Python without the project's dependencies
    sys.exit(
        f"bench_viktory2: this Python ({sys.executable}) cannot import grognard's dependencies "
        f"({exc}). Run it with the project's virtualenv: .venv/bin/python benchmarks/bench_viktory2.py"
    )

DEFAULT_OUT = ROOT / "benchmarks" / "results" / "viktory2.json"  # untracked (.gitignore)

RULESET = "viktory2"
MORE_PLAYERS = (4, 6)


def bench_random_games(games: int, seed: int, players: int = 2) -> dict[str, Any]:
    """Random-agent games for `players` players, played back to back, each timed."""
    config = GameConfig(RULESET, seats=("random",) * players, options={"players": players})
    times: list[float] = []
    actions = 0
    for game_seed in game_seeds(seed, games):
        start = time.process_time()
        outcome = play(config, game_seed)
        times.append(time.process_time() - start)
        actions += outcome["actions"]
    total = sum(times)
    return {
        "players": players,
        "games": games,
        "games_per_second": games / total,
        "median_ms_per_game": 1000 * statistics.median(times),
        "actions_per_second": actions / total,
        "mean_actions_per_game": actions / games,
    }


def bench_heuristic_decisions(games: int, seed: int) -> dict[str, Any]:
    """Time each heuristic decision (act only; the view is built before the clock starts)."""
    ruleset = REGISTRY.get(RULESET)
    act_ms: list[float] = []
    view_ms: list[float] = []
    for g, game_seed in enumerate(game_seeds(seed + 1, games)):
        state = ruleset.new_game(None, {}, game_seed)
        state.keep_undo = False
        roles = state.roles
        heuristic_role = roles[g % len(roles)]
        agents: dict[str, Agent] = {
            role: make_agent("heuristic" if role == heuristic_role else "random", RULESET, game_seed + i)
            for i, role in enumerate(roles)
        }
        while not state.is_over():
            role = state.active_roles()[0]
            legal = state.legal_actions(role)
            agent = agents[role]
            if role == heuristic_role:
                t0 = time.process_time()
                view = state.view(role)
                t1 = time.process_time()
                action = agent.act(view, legal)
                t2 = time.process_time()
                view_ms.append(1000 * (t1 - t0))
                act_ms.append(1000 * (t2 - t1))
            else:
                action = agent.act({}, legal)
            state.apply(role, action)
    act_ms.sort()
    return {
        "games": games,
        "decisions": len(act_ms),
        "median_ms_per_decision": statistics.median(act_ms),
        "p95_ms_per_decision": act_ms[int(0.95 * (len(act_ms) - 1))],
        "max_ms_per_decision": act_ms[-1],
        "median_ms_per_view": statistics.median(view_ms),
    }


def bench_check_ruleset(games: int, seed: int) -> dict[str, Any]:
    start = time.perf_counter()
    report = check_ruleset(REGISTRY.get(RULESET), games=games, seed=seed)
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "seconds": seconds,
        "seconds_per_game": seconds / games,
        "actions_checked": getattr(report, "actions", None),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random 2-player games to time")
    parser.add_argument(
        "--more-players-games", type=int, default=20, help="random 4- and 6-player games to time (each)"
    )
    parser.add_argument("--decisions-games", type=int, default=20, help="heuristic vs random games to time")
    parser.add_argument("--check-games", type=int, default=5, help="games for check_ruleset")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT,
        help="where to write the JSON results (default benchmarks/results/viktory2.json, untracked)",
    )
    args = parser.parse_args()
    # check the destination before the minutes of measuring, not after
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        parser.error(f"--out {args.out}: cannot create its folder ({exc.strerror})")
    if args.out.is_dir():
        parser.error(f"--out {args.out} is a folder; name a file")

    results = {
        "ruleset": RULESET,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "platform": platform.platform(),
        "seed": args.seed,
        "random_games": bench_random_games(args.games, args.seed),
        "random_games_more_players": {
            str(n): bench_random_games(args.more_players_games, args.seed, n) for n in MORE_PLAYERS
        },
        "heuristic_decisions": bench_heuristic_decisions(args.decisions_games, args.seed),
        "check_ruleset": bench_check_ruleset(args.check_games, args.seed),
    }
    decisions = results["heuristic_decisions"]
    more = results["random_games_more_players"]
    rows = [
        ("random 2-player games per second (1 core)", f"{results['random_games']['games_per_second']:.1f}"),
        ("median ms per random game", f"{results['random_games']['median_ms_per_game']:.1f}"),
        ("actions per second (random play)", f"{results['random_games']['actions_per_second']:.0f}"),
        *(
            (f"median ms per random {n}-player game", f"{more[str(n)]['median_ms_per_game']:.1f}")
            for n in MORE_PLAYERS
        ),
        ("median ms per heuristic decision", f"{decisions['median_ms_per_decision']:.2f}"),
        ("p95 ms per heuristic decision", f"{decisions['p95_ms_per_decision']:.2f}"),
        ("median ms per view (built for the heuristic)", f"{decisions['median_ms_per_view']:.2f}"),
        (f"check_ruleset, {args.check_games} games (s)", f"{results['check_ruleset']['seconds']:.2f}"),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"{RULESET} benchmarks (Python {results['python']}, {results['machine']})")
    for name, value in rows:
        print(f"  {name:<{width}}  {value:>10}")
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
