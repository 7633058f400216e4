"""Mass play speed: games per second on 1 and 2 local workers and on Ray (run once).

    PYTHONPATH=src python benchmarks/bench_massplay.py --games 120 --repeat 3

Plays the same batch of Viktory II games (random against random by default, so
the games are short and the backends' own costs show) through `simulate`:

- local, 1 worker (this process);
- local, 2 worker processes (spawned; their start-up is inside the time);
- Ray on a local instance with 1 CPU and with 2 CPUs, started before the clock
  (its start-up is reported apart) — the same code runs on a cluster with
  `--address`. Ray's overhead per game is Ray with 1 CPU against 1 local worker
  (the same amount of parallelism, so only Ray's own costs differ), and Ray with 2
  CPUs against 2 local workers.

All of them must give the same summary (they are checked), so the only difference is
speed. Times are wall-clock seconds: parallel speed-up is about wall time. On a
machine that other work shares, each measurement is repeated `--repeat` times,
the backends interleaved, and the fastest run of each is kept (the one the other
work disturbed least); the medians and the load averages are written too.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from grognard.sim import GameConfig, simulate

HERE = Path(__file__).resolve().parent


def timed(config: GameConfig, games: int, **kwargs: Any) -> tuple[float, dict[str, Any]]:
    start = time.perf_counter()
    summary = simulate(config, games, master_seed=5, rotate=True, **kwargs)
    return time.perf_counter() - start, summary


def best_of(times: list[float], games: int) -> dict[str, float]:
    return {"games_per_s": games / min(times), "median_games_per_s": games / statistics.median(times)}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seats", default="random,random")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-ray", action="store_true")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "massplay.json")  # untracked
    args = parser.parse_args()
    config = GameConfig("viktory2", seats=tuple(args.seats.split(",")))
    load_before = os.getloadavg()
    runs: dict[str, list[float]] = {"local_1": [], "local_2": []}
    base: dict[str, Any] | None = None
    for _ in range(args.repeat):
        for workers in (1, 2):
            wall, summary = timed(config, args.games, workers=workers)
            base = base or summary
            assert summary == base, f"{workers} workers must give the same results"
            runs[f"local_{workers}"].append(wall)
    out: dict[str, Any] = {
        "games": args.games,
        "seats": args.seats,
        "repeat": args.repeat,
        "cpus": os.cpu_count(),
        "load_average_before": load_before,
        "local_1_worker": best_of(runs["local_1"], args.games),
        "local_2_workers": best_of(runs["local_2"], args.games),
        "speedup_2_workers": min(runs["local_1"]) / min(runs["local_2"]),
        "median_speedup_2_workers": statistics.median(runs["local_1"]) / statistics.median(runs["local_2"]),
    }
    if not args.no_ray:
        import ray

        for cpus in (1, 2):
            start = time.perf_counter()
            ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
            out[f"ray_{cpus}_start_s"] = time.perf_counter() - start
            key = f"ray_{cpus}"
            runs[key] = []
            try:
                for _ in range(args.repeat):
                    wall, summary = timed(config, args.games, workers=cpus, backend="ray")
                    assert summary == base, "Ray must give the same results"
                    runs[key].append(wall)
            finally:
                ray.shutdown()
            out[f"ray_{cpus}_cpus"] = best_of(runs[key], args.games)
            local = min(runs[f"local_{cpus}"])
            out[f"ray_{cpus}_overhead_ms_per_game"] = (min(runs[key]) - local) / args.games * 1000
    out["load_average_after"] = os.getloadavg()
    out["wall_s"] = runs
    print(json.dumps(out, indent=1))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
