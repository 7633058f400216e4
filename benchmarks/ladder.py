"""The difficulty ladder, measured: a round robin among the web app's levels per game.

    nice -n 10 env PYTHONPATH=src python benchmarks/ladder.py --rulesets viktory2 --games 12
    PYTHONPATH=src python benchmarks/ladder.py --rulesets viktory2 --games 12 --no-play  # summarize only

For each ruleset (its default scenario unless `--scenario RULESET=ID`), the levels a
person picks from in the lobby (`registry.AGENT_NAMES`: heuristic, search-fast,
search-strong, random) meet in a round robin of `--games` games a pair, sides
alternating, with the tournament code (sim/tournament.py: the jobs, their seeds and
the Elo). The games are played interleaved (game 0 of every pair, then game 1, ...)
so that a run cut short still measures every pair about equally. Each game's record
is streamed to benchmarks/ladder/<ruleset>.jsonl: running again with the same
arguments resumes, and `--no-play` summarizes what the file holds without playing.

Written: the ladder (per ruleset: each level's Elo with its 95 % bootstrap interval,
its wins, draws and losses against the heuristic with the Wilson 95 % interval of its
win share, the games played, the date, the commit and each level's budget) into the
package's data file (src/grognard/data/ladder.json, which the lobby reads; other
rulesets already in it are kept), and a plot, benchmarks/ladder.png.

`search-fast`'s budget is a quarter second of the process's CPU a decision, which a
loaded machine does not shorten (before 2026-12-01 it was wall time, and the figures
of a run under load understated it); `search-strong`'s budget is work (simulated
actions a turn) and reproduces exactly.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from rich.console import Console

from grognard.agents.ladder import (
    REFERENCE,
    Ladder,
    LevelStrength,
    Record,
    RulesetLadder,
    encode,
    markdown,
    parse,
)
from grognard.agents.registry import AGENT_NAMES, DIFFICULTIES
from grognard.agents.turn_search import knobs_for
from grognard.cli_output import Bar
from grognard.core.errors import GrognardError
from grognard.sim.local import wilson
from grognard.sim.play import get_ruleset
from grognard.sim.runner import Job, run_jobs
from grognard.sim.tournament import standings, tournament_jobs

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RECORDS = HERE / "ladder"
DATA = ROOT / "src" / "grognard" / "data" / "ladder.json"
PLOT = HERE / "ladder.png"
README = ROOT / "README.md"
#: The README's ladder table sits between these lines (written by --readme).
BEGIN, END = "<!-- ladder: benchmarks/ladder.py --readme -->", "<!-- /ladder -->"


def interleaved(jobs: list[Job], games: int) -> list[Job]:
    """Game 0 of every pair, then game 1 of every pair, ...: indexes (and so seeds)
    unchanged, only the order of play."""
    return sorted(jobs, key=lambda job: (job.index % games, job.index // games))


def commit() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def budgets(ruleset: str) -> dict[str, str]:
    """What each level stood for: its agent and budget, the turn search's knobs."""
    knobs = asdict(knobs_for(ruleset))
    strong = ", ".join(f"{k}={v}" for k, v in knobs.items())
    return {
        "heuristic": f"{ruleset}'s heuristic agent",
        "search-fast": f"{DIFFICULTIES['search-fast']} (CPU seconds a decision), heuristic rollouts",
        "search-strong": f"{DIFFICULTIES['search-strong']} ({strong})",
        "random": "uniform over the legal actions",
    }


def ruleset_ladder(
    ruleset: str, scenario: str, options: dict[str, Any], games: int, seed: int,
    records: list[dict[str, Any]], run_date: str, note: str,
) -> RulesetLadder:
    agents = list(AGENT_NAMES)
    report = standings(records, agents, seed)
    played = {a: 0 for a in agents}
    for rec in records:
        for name in rec["seats"]:
            played[str(name)] += 1
    versus: dict[str, Record] = {}
    for match in report["matches"]:
        a, b = match["agent"], match["opponent"]
        if REFERENCE not in (a, b):
            continue
        level = b if a == REFERENCE else a
        wins = match["wins"] if a == level else match["losses"]
        losses = match["losses"] if a == level else match["wins"]
        n = match["games"]
        lo, hi = wilson(wins, n)
        versus[level] = Record(games=n, wins=wins, draws=match["draws"], losses=losses,
                               share=wins / n if n else 0.0, wilson95=(lo, hi))
    levels = [
        LevelStrength(level=row["agent"], elo=row["elo"], elo95=(row["ci95"][0], row["ci95"][1]),
                      games=played[row["agent"]], vs_heuristic=versus.get(row["agent"]))
        for row in report["ratings"] if played[row["agent"]]
    ]
    return RulesetLadder(
        scenario=scenario, options=options, games_per_pair=games, games=len(records),
        unfinished=sum(1 for r in records if r["unfinished"]), seed=seed, date=run_date,
        commit=commit(), budgets=budgets(ruleset), levels=levels, note=note,
    )


def read_records(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    games = []
    for line in path.read_text().splitlines():
        try:
            blob = json.loads(line)
        except json.JSONDecodeError:  # a line cut short by an interruption
            continue
        if blob.get("kind") == "game":
            games.append(blob)
    return sorted(games, key=lambda g: int(g["game"]))


def plot(ladder: Ladder, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    entries = list(ladder.rulesets.items())
    fig, axes = plt.subplots(1, len(entries), figsize=(5 * len(entries), 3.2), squeeze=False)
    for ax, (ruleset, entry) in zip(axes[0], entries, strict=True):
        levels = list(reversed(entry.levels))
        names = [lv.level for lv in levels]
        values = [lv.elo for lv in levels]
        errors = [[lv.elo - lv.elo95[0] for lv in levels], [lv.elo95[1] - lv.elo for lv in levels]]
        ax.barh(names, values, xerr=errors, color="#6b8e23", capsize=3)
        ax.axvline(0, color="grey", linewidth=0.8)
        ax.set_title(f"{ruleset} ({entry.scenario}): {entry.games} games, {entry.date}", fontsize=9)
        ax.set_xlabel("Elo (95 % bootstrap interval, mean 0)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_readme(ladder: Ladder, path: Path) -> None:
    """Put the ladder's table between the README's markers (they must be there)."""
    text = path.read_text(encoding="utf-8")
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{path} has no {BEGIN} ... {END} block")
    path.write_text(text[: start + len(BEGIN)] + "\n" + markdown(ladder) + text[end:], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rulesets", default="viktory2", help="comma-separated ruleset ids")
    parser.add_argument("--games", type=int, default=12, help="games a pair of levels")
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--scenario", action="append", default=[],
                        help="RULESET=SCENARIO (default: the first)")
    parser.add_argument("--option", action="append", default=[],
                        help="RULESET:KEY=VALUE (JSON value or text)")
    parser.add_argument("--no-play", action="store_true", help="summarize the records files only")
    parser.add_argument("--note", action="append", default=[], help="RULESET=TEXT, kept with its figures")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--records", type=Path, default=RECORDS, help="folder of the games' records")
    parser.add_argument("--plot", type=Path, default=PLOT)
    parser.add_argument("--readme", action="store_true", help="write the table into README.md too")
    args = parser.parse_args(argv)
    if args.games < 1 or args.processes < 1:
        parser.error("--games and --processes must be at least 1")
    for flag, items in (("--scenario", args.scenario), ("--note", args.note)):
        for item in items:
            if "=" not in item:
                parser.error(f"{flag} takes RULESET=VALUE, not {item!r}")
    rulesets = [r.strip() for r in args.rulesets.split(",") if r.strip()]
    scenarios = dict(item.split("=", 1) for item in args.scenario)
    notes = dict(item.split("=", 1) for item in args.note)
    options: dict[str, dict[str, Any]] = {r: {} for r in rulesets}
    for item in args.option:
        target, _, pair = item.partition(":")
        key, _, value = pair.partition("=")
        try:
            options.setdefault(target, {})[key] = json.loads(value)
        except json.JSONDecodeError:
            options.setdefault(target, {})[key] = value
    try:
        ladder = parse(args.data.read_bytes()) if args.data.exists() else Ladder(version=1, rulesets={})
        for ruleset in rulesets:
            scenario = get_ruleset(ruleset).scenario(scenarios.get(ruleset)).id
            jobs = tournament_jobs(ruleset, AGENT_NAMES, args.games, args.seed, "round-robin", scenario,
                                   options[ruleset])
    except (ValueError, GrognardError) as exc:
        print(f"ladder: {exc}", file=sys.stderr)
        return 2
    run_date = datetime.datetime.now(datetime.UTC).date().isoformat()
    measured = dict(ladder.rulesets)
    args.records.mkdir(parents=True, exist_ok=True)
    for ruleset in rulesets:
        scenario = get_ruleset(ruleset).scenario(scenarios.get(ruleset)).id
        path = args.records / f"{ruleset}.jsonl"
        if args.no_play:
            records = read_records(path)
        else:
            jobs = tournament_jobs(ruleset, AGENT_NAMES, args.games, args.seed, "round-robin", scenario,
                                   options[ruleset])
            run = {"command": "ladder", "ruleset": ruleset, "agents": list(AGENT_NAMES),
                   "games_per_pairing": args.games, "format": "round-robin", "scenario": scenario,
                   "options": options[ruleset], "master_seed": args.seed, "keep_replay": False}
            with Bar(Console(stderr=True), f"{ruleset} ladder", len(jobs)) as bar:
                order = interleaved(jobs, args.games)
                records = run_jobs(order, run, "local", args.processes, None, path, bar)
        if not records:
            print(f"ladder: no games of {ruleset} in {path}", file=sys.stderr)
            continue
        entry = ruleset_ladder(ruleset, scenario, options[ruleset], args.games, args.seed, records, run_date,
                               notes.get(ruleset, ""))
        measured[ruleset] = entry
        for lv in entry.levels:
            record = lv.vs_heuristic
            against = "" if record is None else (
                f"  vs heuristic {record.wins}-{record.draws}-{record.losses} of {record.games} "
                f"({record.share:.0%}, {record.wilson95[0]:.0%}-{record.wilson95[1]:.0%})")
            print(f"{ruleset:9} {lv.level:14} Elo {lv.elo:+5.0f} ({lv.elo95[0]:+.0f} to {lv.elo95[1]:+.0f})"
                  f"{against}")
    ladder = Ladder(version=1, rulesets=measured)
    args.data.parent.mkdir(parents=True, exist_ok=True)
    args.data.write_bytes(encode(ladder))
    print(f"written {args.data}", file=sys.stderr)
    if ladder.rulesets:
        plot(ladder, args.plot)
        print(f"written {args.plot}", file=sys.stderr)
    if args.readme:
        write_readme(ladder, README)
        print(f"written {README}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
