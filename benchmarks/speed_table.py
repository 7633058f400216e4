"""Every speed figure of the README, measured in one run, back to back, so that the rows
compare with each other (issue 24 item 9: rows measured on different days and loads
did not).

    .venv/bin/python benchmarks/speed_table.py                # all rows (~10 min quiet)
    .venv/bin/python benchmarks/speed_table.py --only rng --only startup
    .venv/bin/python benchmarks/speed_table.py --readme       # also rewrite the README's tables

Each row calls the function of the benchmark script that owns it (bench_viktory2.py,
bench_hgw.py, ...) with a count small enough for one sitting; the scripts themselves
still run the long versions. The load average is recorded before and after each row:
run it on a quiet machine (load below 1) for figures worth quoting. Results go to
benchmarks/results/speed_table.json (raw figures, the load, the commit); --readme
also writes them to the tracked benchmarks/speed_table.json and the tables between
the README's `speed-table` markers (tests/test_speed_table.py checks the two agree).
The strength and balance tables are not here: they count games won, which do not
depend on the load, and take hours.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(HERE))

README = ROOT / "README.md"
OUT = HERE / "results" / "speed_table.json"  # .gitignore: a run changes no tracked file
RECORD = HERE / "speed_table.json"  # the run the README quotes (written with --readme)
BEGIN, END = "<!-- speed-table:begin -->", "<!-- speed-table:end -->"

Raw = dict[str, Any]


@dataclass(frozen=True)
class Row:
    key: str
    what: str  # the README's first column: what is measured, and by which script
    clock: str  # "CPU" (time.process_time of one process) or "wall"
    goal: str
    measure: Callable[[], Raw] | None  # None: the row reads the run of the row `source`
    figure: Callable[[Raw], str]  # the README's figure, from the raw results
    source: str = ""


def _ms(seconds: float) -> str:
    return f"{1000 * seconds:,.0f} ms" if seconds < 10 else f"{seconds:.1f} s"


# ---- Viktory II -------------------------------------------------------------------------


def _v2_random() -> Raw:
    import bench_viktory2

    return bench_viktory2.bench_random_games(100, 0)


def _v2_more() -> Raw:
    import bench_viktory2

    return {str(n): bench_viktory2.bench_random_games(10, 0, n) for n in (4, 6)}


def _v2_heuristic() -> Raw:
    import bench_viktory2

    return bench_viktory2.bench_heuristic_decisions(10, 0)


def _cold_and_warm(odds: Callable[[dict[str, Any]], Any], battles: Any, caches: Any) -> Raw:
    """Each battle of an odds benchmark asked five times cold and five warm (odds_timing)."""
    from odds_timing import cold_and_warm_ms

    out = {}
    for name, battle in battles:
        cold, warm = cold_and_warm_ms(odds, caches, battle, 5)
        out[name] = {"cold_ms": cold, "warm_ms": warm}
    return out


def _v2_odds() -> Raw:
    import bench_odds

    from grognard.games.viktory2 import odds as v2odds

    return _cold_and_warm(v2odds.odds, bench_odds.BATTLES, bench_odds.CACHES)


def _v2_check() -> Raw:
    import bench_viktory2

    return bench_viktory2.bench_check_ruleset(5, 0)


# ---- the core ---------------------------------------------------------------------------


def _rng() -> Raw:
    import bench_rng

    from grognard.core.rng import RNG_VERSIONS

    times: dict[int, list[float]] = {v: [] for v in RNG_VERSIONS}
    for _ in range(5):
        for version in RNG_VERSIONS:
            times[version].append(bench_rng.per_die_us(version, 200_000))
    return {str(v): statistics.median(t) for v, t in times.items()}


def _startup() -> Raw:
    import bench_startup

    out = {}
    for label in ("grognard --help", "grognard nonsense (usage error)"):
        command = bench_startup.COMMANDS[label]
        bench_startup.cpu_seconds(command, bench_startup.SRC)  # warm the file cache
        out[label] = statistics.median(
            bench_startup.cpu_seconds(command, bench_startup.SRC) for _ in range(7)
        )
    return out


def _rl_index() -> Raw:
    import bench_rl_index

    return {f"{r} {o}": bench_rl_index.measure(r, o, 400, 3) for r, o in bench_rl_index.SETUPS}


def _rl_figure(raw: Raw) -> str:
    parts = []
    for name, row in raw.items():
        us = row["us"]
        # (the legal list alone is timed on a clone and the clone taken off: for a small
        # game that difference is below the clone's noise, so it is not shown)
        parts.append(f"{name}: {us['fixed']} µs for {row['size']:,} slots, observation {us['obs']} µs")
    return "; ".join(parts)


# ---- Victory ----------------------------------------------------------------------------


def _victory_random() -> Raw:
    import bench_victory

    return {
        "quick_start": bench_victory.bench_random_games(20, 0),
        "two_front_3": bench_victory.bench_random_games(10, 0, "two-front", 3),
        "quick_start_4": bench_victory.bench_random_games(10, 0, "quick-start", 4),
    }


def _victory_heuristic() -> Raw:
    import bench_victory

    return bench_victory.bench_ai(20, 1)


def _victory_odds() -> Raw:
    import bench_victory

    return {
        "fixed_40000": bench_victory.bench_odds(40_000),
        "half_percent": bench_victory.bench_odds(60_000, 0.005),
    }


def _victory_browser_odds() -> Raw:
    import bench_victory_odds

    from grognard.games.victory import odds as victory_odds

    out = {}
    for name, battle in bench_victory_odds.BATTLES:
        times = []
        for _ in range(3):
            start = time.process_time()
            victory_odds.odds(battle)
            times.append(time.process_time() - start)
        out[name] = 1000 * statistics.median(times)
    return out


# ---- Hitler's Global War ----------------------------------------------------------------


def _hgw_random(scenario: str, games: int) -> Callable[[], Raw]:
    def run() -> Raw:
        import bench_hgw

        return bench_hgw.bench_random_games(scenario, games, 0)

    return run


def _hgw_cg1_heuristic() -> Raw:
    import bench_hgw

    return bench_hgw.bench_ai("campaign_1", 3, 0)


def _hgw_campaign(scenario: str) -> Callable[[], Raw]:
    def run() -> Raw:
        import bench_hgw_campaign

        return bench_hgw_campaign.bench_speed(scenario, 3, 0, 1)

    return run


def _campaign_random(raw: Raw) -> str:
    r = raw["random"]
    return (
        f"{r['game_median_s']:.2f} s median of {r['games']} games "
        f"({r['actions_per_game']:,} actions a game); "
        f"the naval phase {r['naval_phase_median_ms']} ms a player turn, "
        f"{100 * r['naval_share_of_game']:.0f} % of a game"
    )


def _campaign_turn(raw: Raw) -> str:
    h = raw["heuristic_turn"]
    sides = ", ".join(f"{side} {ms} ms" for side, ms in h["by_side_median_ms"].items())
    return (
        f"{h['turn_median_ms']} ms median player turn ({sides}; max {h['turn_max_ms']} ms), "
        f"{h['decision_median_ms']} ms a decision; one game a side against random"
    )


def _hgw_paint() -> Raw:
    import bench_hgw_paint

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "paint.json"
        if bench_hgw_paint.main(["--loads", "7", "--out", str(out)]) != 0:
            return {"error": "no Chromium or Playwright here"}
        result: Raw = json.loads(out.read_text(encoding="utf-8"))
        return result


def _paint_figure(raw: Raw) -> str:
    if "error" in raw:
        return f"not measured: {raw['error']}"
    median = raw["median"]
    first = {k.removesuffix("_first_paint_ms"): v for k, v in median.items() if k.endswith("_first_paint_ms")}
    painters = ", ".join(f"{painter} {ms:,.0f} ms" for painter, ms in first.items())
    if "page_frame_ms" in median:  # the game page a player opens: the map, then its panels
        scenario = raw.get("page_scenario", "campaign_4")
        page = (
            f"a {scenario} game's page: map on screen {median['page_frame_ms']:,.0f} ms, "
            f"its panels {median['page_shown_ms']:,.0f} ms"
        )
        return f"{page}; the map alone: {painters} ({raw['loads']} loads)"
    return f"{painters} ({raw['loads']} loads)"


# ---- Virtuti Militari -------------------------------------------------------------------


def _virtuti_random() -> Raw:
    import bench_virtuti

    return bench_virtuti.bench_random_games(3, 0, ["full_campaign", "barbarossa"])


def _virtuti_heuristic() -> Raw:
    import bench_virtuti

    return bench_virtuti.bench_ai(6, 1, ["full_campaign"])


def _virtuti_odds() -> Raw:
    import bench_virtuti_odds

    from grognard.games.virtuti import odds as vodds

    return _cold_and_warm(vodds.odds, bench_virtuti_odds.BATTLES, bench_virtuti_odds.CACHES)


def _largest(raw: Raw) -> str:
    small = min(v["warm_ms"] for v in raw.values())
    name, big = max(raw.items(), key=lambda item: item[1]["cold_ms"])
    return (
        f"{small:.2f} ms for the smallest battle; {big['cold_ms']:.0f} ms cold, {big['warm_ms']:.0f} ms warm "
        f"for the costliest ({name})"
    )


ROWS: tuple[Row, ...] = (
    Row(
        "viktory2_random",
        "Viktory II, random against random, 2 players, a whole game (`bench_viktory2.py`, 100 games)",
        "CPU",
        "≤ 100 ms",
        _v2_random,
        lambda r: (
            f"{r['median_ms_per_game']:.0f} ms a game ({r['games_per_second']:.0f} games/s, "
            f"{r['actions_per_second']:,.0f} actions/s; {r['mean_actions_per_game']:,.0f} actions a game)"
        ),
    ),
    Row(
        "viktory2_players",
        "Viktory II, random, 4 / 6 players, a whole game (10 games each)",
        "CPU",
        "—",
        _v2_more,
        lambda r: f"{r['4']['median_ms_per_game']:.0f} / {r['6']['median_ms_per_game']:.0f} ms a game",
    ),
    Row(
        "viktory2_heuristic",
        "Viktory II heuristic, one decision (10 games against random)",
        "CPU",
        "≤ 20 ms",
        _v2_heuristic,
        lambda r: (
            f"{r['median_ms_per_decision']:.2f} ms median, {r['p95_ms_per_decision']:.2f} ms p95 "
            f"({r['decisions']:,} decisions)"
        ),
    ),
    Row("viktory2_odds", "Viktory II battle odds (`bench_odds.py`)", "CPU", "≤ 100 ms", _v2_odds, _largest),
    Row(
        "rng",
        "one die from the RNG (`bench_rng.py`)",
        "CPU",
        "—",
        _rng,
        lambda r: "; ".join(f"version {v}: {us:.2f} µs" for v, us in sorted(r.items(), reverse=True)),
    ),
    Row(
        "startup",
        "start-up of the command line (`bench_startup.py`, user + sys of the whole process)",
        "CPU",
        "≤ 0.15 s",
        _startup,
        lambda r: "; ".join(f"`{k}` {v:.2f} s" for k, v in r.items()),
    ),
    Row(
        "rl_index",
        "RL fixed action index, slots and mask a step (`bench_rl_index.py`)",
        "CPU",
        "—",
        _rl_index,
        _rl_figure,
    ),
    Row(
        "victory_random",
        "Victory, random game to the 10-turn limit (`bench_victory.py`)",
        "CPU",
        "≤ 250 ms",
        _victory_random,
        lambda r: (
            f"Quick Start 2 players {r['quick_start']['median_ms']:.0f} ms "
            f"({r['quick_start']['actions_per_game']:,.0f} actions); Two Fronts 3 players "
            f"{r['two_front_3']['median_ms']:.0f} ms; "
            f"Quick Start 4 players {r['quick_start_4']['median_ms']:.0f} ms"
        ),
    ),
    Row(
        "victory_heuristic",
        "Victory heuristic, one decision (20 games against random)",
        "CPU",
        "≤ 20 ms",
        _victory_heuristic,
        lambda r: f"{r['decision_median_ms']:.2f} ms median",
    ),
    Row(
        "victory_odds",
        "Victory battle odds, 6 against 6 in a city",
        "CPU",
        "≤ 200 ms",
        _victory_odds,
        lambda r: (
            f"{r['half_percent']['ms']:.0f} ms to ±0.5 % ({r['half_percent']['samples']:,} copies); "
            f"{r['fixed_40000']['ms']:.0f} ms with a fixed 40 000"
        ),
    ),
    Row(
        "victory_browser_odds",
        "Victory odds as the browser asks them, hidden blocks drawn (`bench_victory_odds.py`)",
        "CPU",
        "≤ 200 ms",
        _victory_browser_odds,
        lambda r: "; ".join(f"{name} {ms:.0f} ms" for name, ms in r.items()),
    ),
    Row(
        "hgw_barbarossa",
        "HGW, random Barbarossa game to the end (`bench_hgw.py`, 10 games)",
        "CPU",
        "—",
        _hgw_random("barbarossa", 10),
        lambda r: f"{_ms(r['median_ms'] / 1000)} ({r['actions_per_game']:,.0f} actions a game)",
    ),
    Row(
        "hgw_fall_of_germany",
        "HGW, random Fall of Germany game to the end (6 games)",
        "CPU",
        "—",
        _hgw_random("fall_of_germany", 6),
        lambda r: f"{_ms(r['median_ms'] / 1000)} ({r['actions_per_game']:,.0f} actions a game)",
    ),
    Row(
        "hgw_campaign_1",
        "HGW, random Campaign Game I game to the end (3 games)",
        "CPU",
        "—",
        _hgw_random("campaign_1", 3),
        lambda r: f"{_ms(r['median_ms'] / 1000)} ({r['actions_per_game']:,.0f} actions a game)",
    ),
    Row(
        "hgw_campaign_1_heuristic",
        "HGW heuristic, one player turn of Campaign Game I (3 games, one a side)",
        "CPU",
        "≤ 2 s",
        _hgw_cg1_heuristic,
        lambda r: (
            f"{r['player_turn_median_ms']:.0f} ms median player turn, "
            f"{r['decision_median_ms']:.1f} ms a decision"
        ),
    ),
    Row(
        "hgw_campaign_2",
        "HGW, random Campaign Game II game to the end (`bench_hgw_campaign.py`)",
        "CPU",
        "—",
        _hgw_campaign("campaign_2"),
        _campaign_random,
    ),
    Row(
        "hgw_campaign_2_heuristic",
        "HGW heuristic, one player turn of Campaign Game II",
        "CPU",
        "≤ 2 s",
        None,
        _campaign_turn,
        "hgw_campaign_2",  # one run of bench_hgw_campaign measures both rows
    ),
    Row(
        "hgw_campaign_3",
        "HGW, random Campaign Game III game to the end (every optional rule)",
        "CPU",
        "≤ 10 s",
        _hgw_campaign("campaign_3"),
        _campaign_random,
    ),
    Row(
        "hgw_campaign_3_heuristic",
        "HGW heuristic, one player turn of Campaign Game III",
        "CPU",
        "≤ 2 s",
        None,
        _campaign_turn,
        "hgw_campaign_3",
    ),
    Row(
        "virtuti_random",
        "Virtuti, random game to the end (`bench_virtuti.py`, 3 games each)",
        "CPU",
        "—",
        _virtuti_random,
        lambda r: "; ".join(
            f"{s.replace('_', ' ').title()} {_ms(v['median_s'])} ({v['actions_per_game']:,.0f} actions)"
            for s, v in r.items()
        ),
    ),
    Row(
        "virtuti_heuristic",
        "Virtuti heuristic, one turn (Full Campaign, 6 games against random)",
        "CPU",
        "≤ 2 s",
        _virtuti_heuristic,
        lambda r: (
            f"{_ms(r['full_campaign']['ai_turn_median_s'])} median, "
            f"{_ms(r['full_campaign']['ai_turn_max_s'])} max"
        ),
    ),
    Row(
        "virtuti_odds",
        "Virtuti battle odds, exact (`bench_virtuti_odds.py`)",
        "CPU",
        "≤ 100 ms",
        _virtuti_odds,
        _largest,
    ),
    Row(
        "viktory2_check",
        "`check_ruleset(viktory2)`, 5 two-player games, every check",
        "wall",
        "—",
        _v2_check,
        lambda r: f"{r['seconds']:.1f} s ({r['seconds_per_game']:.1f} s a game)",
    ),
    Row(
        "hgw_paint",
        "HGW world map, first paint in headless Chromium (`bench_hgw_paint.py`)",
        "wall",
        "≤ 1 s",
        _hgw_paint,
        _paint_figure,
    ),
)
BY_KEY = {row.key: row for row in ROWS}


def commit() -> str:
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def run_rows(keys: list[str]) -> dict[str, Raw]:
    """Measure the rows `keys` (in the table's order), with a progress bar on stderr."""
    from rich.progress import Progress

    wanted = [row for row in ROWS if row.key in keys and row.measure is not None]
    stamp = {"date": datetime.date.today().isoformat(), "commit": commit()}
    measured: dict[str, Raw] = {}
    with Progress(transient=False) as progress:
        task = progress.add_task("speed table", total=len(wanted))
        for row in wanted:
            assert row.measure is not None
            progress.update(task, description=row.key)
            load_before = os.getloadavg()[0]
            raw = row.measure()
            load = [round(load_before, 2), round(os.getloadavg()[0], 2)]
            measured[row.key] = {"raw": raw, "load": load, **stamp}
            progress.advance(task)
    for row in ROWS:
        if row.key in keys and row.source in measured:
            measured[row.key] = measured[row.source]
    return measured


def figure_of(key: str, result: Raw) -> str:
    return BY_KEY[key].figure(result["raw"])


def table(results: dict[str, Raw], clock: str) -> str:
    lines = ["| measurement | figure | load before / after | goal |", "|---|---|---|---|"]
    for row in ROWS:
        if row.clock != clock or row.key not in results:
            continue
        before, after = results[row.key]["load"]
        lines.append(
            f"| {row.what} | {figure_of(row.key, results[row.key])} | {before} / {after} | {row.goal} |"
        )
    return "\n".join(lines)


def readme_block(record: Raw) -> str:
    results = record["rows"]
    runs = sorted({f"{r['date']} on commit `{r['commit']}`" for r in results.values()})
    return "\n".join(
        [
            BEGIN,
            f"Measured {' and '.join(runs)} by `benchmarks/speed_table.py`, the rows back to back in one run "
            f"(Python {record['python']}, {record['cpus']} cores).",
            "",
            "#### CPU time of one process",
            "",
            table(results, "CPU"),
            "",
            "#### Wall-clock time",
            "",
            table(results, "wall"),
            END,
        ]
    )


def write_readme(record: Raw) -> None:
    text = README.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    README.write_text(text[:start] + readme_block(record) + text[end:], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", action="append", choices=[r.key for r in ROWS], help="measure only these rows"
    )
    parser.add_argument("--readme", action="store_true", help="rewrite the README's tables from this run")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--render", action="store_true", help="measure nothing: the README's tables from the recorded run"
    )
    args = parser.parse_args(argv)
    if args.readme and args.only:
        # the README's tables come from one whole run (tests/test_speed_table.py): a part
        # of a run would leave them with every other row dropped, or rows of two runs
        parser.error("--readme rewrites the README's tables from a whole run: leave out --only")
    if args.render:
        write_readme(json.loads(RECORD.read_text(encoding="utf-8")))
        print(f"rewrote the tables in {README.relative_to(ROOT)} from {RECORD.relative_to(ROOT)}")
        return 0
    keys = args.only or [row.key for row in ROWS]
    keys += [row.key for row in ROWS if row.source in keys and row.key not in keys]
    results = run_rows(keys)
    record: Raw = {"python": sys.version.split()[0], "cpus": os.cpu_count(), "rows": results}
    if args.only and args.out.exists():  # a partial run updates its rows only
        old = json.loads(args.out.read_text(encoding="utf-8"))
        record["rows"] = {**old.get("rows", {}), **results}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    for key in keys:
        print(f"{key:28} {figure_of(key, results[key])}  (load {results[key]['load']})")
    if args.readme:
        RECORD.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        write_readme(record)
        print(f"rewrote the tables in {README.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
