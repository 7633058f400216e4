"""One server process against two on one PostgreSQL: `load_server.py --processes N`
at a few think times, and the most game changes a second each served with the move
round trip's p99 within the goal (50 ms).

    PYTHONPATH=src python benchmarks/load_scaleout.py \
        --database-url postgresql://postgres@127.0.0.1:5432/postgres \
        --out-json benchmarks/load_scaleout_postgresql.json

Each point is one run of `load_server.py` on a fresh database (created beside the
one named, dropped after: `load_curve.fresh_database`). With two processes every
client posts to one process and holds its websockets on the other, so every view it
is timed on crossed processes through LISTEN/NOTIFY. The report, per process count:
every point (changes/s, p50, p99, server CPU summed over the processes) and the
best changes/s among the points whose p99 <= 50 ms. Clients, servers and
PostgreSQL share the machine: on 2 cores, a second server process competes with
the clients and the database for the same cores, so read the figures with it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_curve import fresh_database, load

ROOT = Path(__file__).resolve().parent.parent
GOAL_MS = 50.0


def run_point(args: argparse.Namespace, processes: int, think: float) -> dict[str, Any]:
    name = f"grognard_scaleout_{processes}_{str(think).replace('.', '_')}"
    with tempfile.TemporaryDirectory() as tmp, fresh_database(args.database_url, name) as url:
        assert url is not None
        out = Path(tmp) / "point.json"
        command = [
            sys.executable, str(ROOT / "benchmarks" / "load_server.py"),
            "--games", str(args.games),
            "--actions", str(args.actions),
            "--seconds", str(args.seconds),
            "--think", str(think),
            "--from-ply", str(args.from_ply),
            "--processes", str(processes),
            "--database-url", url,
            "--json", str(out),
        ]  # fmt: skip
        finished = subprocess.run(command, capture_output=True, text=True, check=False)
        if finished.returncode != 0 or not out.exists():
            raise SystemExit(f"load_server.py failed ({finished.returncode}):\n{finished.stderr[-2000:]}")
        report: dict[str, Any] = json.loads(out.read_text())
        return report


def best_within_goal(points: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The point with the most changes a second among those with p99 <= the goal."""
    within = [p for p in points if p["actions"] > 0 and p["round_trip"]["p99_ms"] <= GOAL_MS]
    return max(within, key=load, default=None)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "--database-url", required=True, help="a PostgreSQL server (new databases are made beside it)"
    )
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--think", type=float, nargs="+", default=[2.0, 1.0, 0.5])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--actions", type=int, default=60, help="actions per game at most (60)")
    parser.add_argument("--seconds", type=float, default=40.0, help="play phase of each point (40)")
    parser.add_argument("--from-ply", type=int, default=300, help="where the games start (300)")
    parser.add_argument("--out-json", default=None, help="write every point and the summary here")
    args = parser.parse_args(argv)
    if not args.database_url.startswith("postgres"):
        parser.error("--database-url must name a PostgreSQL server")

    points: list[dict[str, Any]] = []
    for processes in args.processes:
        for think in args.think:
            print(f"{processes} process(es), think {think:g} s ...", flush=True)
            report = run_point(args, processes, think)
            rt = report["round_trip"]
            print(
                f"  {load(report):.0f} changes/s: p50 {rt['p50_ms']:.1f} ms, p99 {rt['p99_ms']:.1f} ms, "
                f"server CPU {report['server_cpu_pct_of_one_core']:.0f}% of one core, "
                f"errors {report['errors'] or 'none'}",
                flush=True,
            )
            points.append(report)
    summary = {}
    print()
    for processes in args.processes:
        best = best_within_goal([p for p in points if p["settings"]["processes"] == processes])
        summary[str(processes)] = None if best is None else {
            "changes_per_s": load(best),
            "think_s": best["settings"]["think_s"],
            "p99_ms": best["round_trip"]["p99_ms"],
        }  # fmt: skip
        shown = "none of the points" if best is None else (
            f"{load(best):.0f} changes/s (think {best['settings']['think_s']:g} s, "
            f"p99 {best['round_trip']['p99_ms']:.1f} ms)"
        )  # fmt: skip
        print(f"{processes} process(es): most changes/s with p99 <= {GOAL_MS:g} ms: {shown}")
    if args.out_json:
        Path(args.out_json).write_text(json.dumps({"summary": summary, "points": points}, indent=1) + "\n")
        print(f"written to {args.out_json}")


if __name__ == "__main__":
    main()
