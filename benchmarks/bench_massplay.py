"""Mass play speed: games per second on 1 and 2 local workers and on Ray (run once).

    PYTHONPATH=src python benchmarks/bench_massplay.py --games 120

Plays the same batch of Viktory II games (random against random by default, so
the games are short and the backends' own costs show) through `simulate`:

- local, 1 worker (this process);
- local, 2 worker processes (spawned; their start-up is inside the time);
- Ray on a local instance with 2 CPUs, started before the clock (its start-up is
  reported apart) — the same code runs on a cluster with `--address`.

All three must give the same summary (they are checked), so the only difference is
speed. Times are wall-clock seconds: parallel speed-up is about wall time; on a
machine that other work shares, run it when it is quiet and repeat.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from grognard.sim import GameConfig, simulate

HERE = Path(__file__).resolve().parent


def timed(config: GameConfig, games: int, **kwargs: Any) -> tuple[float, dict[str, Any]]:
    start = time.perf_counter()
    summary = simulate(config, games, master_seed=5, rotate=True, **kwargs)
    return time.perf_counter() - start, summary


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seats", default="random,random")
    parser.add_argument("--no-ray", action="store_true")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "massplay.json")  # untracked
    args = parser.parse_args()
    config = GameConfig("viktory2", seats=tuple(args.seats.split(",")))
    one, base = timed(config, args.games, workers=1)
    two, summary = timed(config, args.games, workers=2)
    assert summary == base, "2 workers must give the same results"
    out: dict[str, Any] = {
        "games": args.games,
        "seats": args.seats,
        "local_1_worker_games_per_s": args.games / one,
        "local_2_workers_games_per_s": args.games / two,
        "speedup_2_workers": one / two,
    }
    if not args.no_ray:
        import ray

        start = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        out["ray_start_s"] = time.perf_counter() - start
        try:
            on_ray, summary = timed(config, args.games, workers=2, backend="ray")
        finally:
            ray.shutdown()
        assert summary == base, "Ray must give the same results"
        out["ray_2_cpus_games_per_s"] = args.games / on_ray
        out["ray_overhead_ms_per_game_vs_local_2"] = (on_ray - two) / args.games * 1000
    print(json.dumps(out, indent=1))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
