"""The server's move round trip against the load: `load_server.py` run at several
think times, drawn as one plot.

    PYTHONPATH=src python benchmarks/load_curve.py                     # SQLite, hot-seat and vs AI
    PYTHONPATH=src python benchmarks/load_curve.py \
        --database-url postgresql://postgres@127.0.0.1:5432/postgres \
        --out-json benchmarks/load_curve_postgresql.json \
        --out-png docs/benchmarks/server-load-postgresql.png

Each point is one run of `load_server.py` (a fresh server and database: with a
PostgreSQL URL, a new database beside the one named, dropped after; `--games`
clients, games starting at `--from-ply`), at think times from 10 s down to 0.5 s:
the lower the think time, the more moves per second the clients offer. The plot
shows the 50th and 99th percentile of the round trip against the moves per second
achieved, one pair of lines per series (who holds the other seats), with the goal.
Results go to `benchmarks/load_curve.json` and the plot to
`docs/benchmarks/server-load.png` (or `--out-json`, `--out-png`). About 90 s a point.

Needs matplotlib (`pip install -e '.[bench]'`).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
THINK_TIMES = (10.0, 5.0, 2.0, 1.0, 0.5)
SERIES = ("hotseat", "ai:heuristic")
GOAL_MS = 50


@contextmanager
def fresh_database(url: str | None, name: str) -> Iterator[str | None]:
    """An empty database for one point (a server resumes the AI games it finds at
    start-up, so a point must not inherit the last one's): a new PostgreSQL database
    beside the one `url` names, dropped afterwards; None (a temporary SQLite file,
    load_server's default) without a URL."""
    if url is None:
        yield None
        return
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from grognard.server.db import resolve_database_url

    base = make_url(resolve_database_url(url))
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def run_point(args: argparse.Namespace, opponent: str, think: float) -> dict[str, Any]:
    name = f"grognard_curve_{opponent.replace(':', '_')}_{str(think).replace('.', '_')}"
    with tempfile.TemporaryDirectory() as tmp, fresh_database(args.database_url, name) as url:
        out = Path(tmp) / "point.json"
        command = [
            sys.executable,
            str(ROOT / "benchmarks" / "load_server.py"),
            "--games", str(args.games),
            "--actions", str(args.actions),
            "--seconds", str(args.seconds),
            "--think", str(think),
            "--from-ply", str(args.from_ply),
            "--opponent", opponent,
            "--json", str(out),
        ]  # fmt: skip
        if url:
            command += ["--database-url", url]
        finished = subprocess.run(command, capture_output=True, text=True, check=False)
        if finished.returncode != 0 or not out.exists():
            raise SystemExit(f"load_server.py failed ({finished.returncode}):\n{finished.stderr[-2000:]}")
        report: dict[str, Any] = json.loads(out.read_text())
        return report


def load(point: dict[str, Any]) -> float:
    """What the server did per second: every game change, the AI's moves included."""
    return float(point.get("changes_per_s", point["actions_per_s"]))


def plot(points: list[dict[str, Any]], title: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.8), dpi=120)
    colours = {"hotseat": "#1f5f99", "ai:heuristic": "#b5452b"}
    labels = {"hotseat": "hot-seat (both seats scripted)", "ai:heuristic": "against the heuristic AI"}
    for series in SERIES:
        mine = [p for p in points if p["settings"]["opponent"] == series]
        mine.sort(key=load)
        if not mine:
            continue
        x = [load(p) for p in mine]
        colour = colours.get(series, "#444444")
        name = labels.get(series, series)
        ax.plot(x, [p["round_trip"]["p99_ms"] for p in mine], "o-", color=colour, label=f"{name}: p99")
        p50 = [p["round_trip"]["p50_ms"] for p in mine]
        ax.plot(x, p50, "s--", color=colour, alpha=0.7, label=f"{name}: p50")
        for p in mine:
            think = p["settings"]["think_s"]
            ax.annotate(f"{think:g} s", (load(p), p["round_trip"]["p99_ms"]),
                        textcoords="offset points", xytext=(4, 6), fontsize=7, color=colour)  # fmt: skip
    ax.axhline(GOAL_MS, color="#2e7d32", linestyle=":", label=f"goal: p99 ≤ {GOAL_MS} ms")
    ax.set_yscale("log")
    ax.set_xlabel("game changes per second, the AI's moves included (labels: the clients' mean think time)")
    ax.set_ylabel("round trip, ms (POST to the pushed view)")
    ax.set_title(title, fontsize=10)
    ax.grid(True, which="both", alpha=0.25)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--actions", type=int, default=60, help="actions per game at most (60)")
    parser.add_argument("--seconds", type=float, default=60.0, help="play phase of each point (60)")
    parser.add_argument("--from-ply", type=int, default=600, help="where the games start (600)")
    parser.add_argument("--think", type=float, nargs="+", default=list(THINK_TIMES))
    parser.add_argument("--series", nargs="+", default=list(SERIES), help="opponents to measure")
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--out-json", default=str(ROOT / "benchmarks" / "results" / "load_curve.json"))
    parser.add_argument("--out-png", default=str(ROOT / "benchmarks" / "results" / "server-load.png"))
    parser.add_argument("--replot", action="store_true", help="only draw the plot again from --out-json")
    args = parser.parse_args(argv)

    if args.replot:
        points = json.loads(Path(args.out_json).read_text())["points"]
    else:
        points = []
        for series in args.series:
            for think in args.think:
                print(f"{series}, think {think:g} s ...", flush=True)
                report = run_point(args, series, think)
                rt = report["round_trip"]
                print(
                    f"  {report['actions_per_s']:.0f} moves/s: p50 {rt['p50_ms']:.1f} ms, "
                    f"p99 {rt['p99_ms']:.1f} ms, server CPU {report['server_cpu_pct_of_one_core']:.0f}%",
                    flush=True,
                )
                points.append(report)
        Path(args.out_json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out_json).write_text(json.dumps({"points": points}, indent=1) + "\n")
    first = points[0]
    database = first["settings"]["database"]
    title = (
        f"grognard server: {first['settings']['games']} concurrent Viktory II games from ply "
        f"{first['settings']['from_ply']}, {database}\n{first['machine']['cores']} cores shared with "
        f"the clients, websockets compressed, commit {first['machine']['commit']}"
    )
    plot(points, title, Path(args.out_png))
    print(f"plot written to {args.out_png}")


if __name__ == "__main__":
    main()
