"""`search-strong` against the heuristic, every scenario of every game in one table.

    PYTHONPATH=src python benchmarks/strong_ai_table.py            # print it
    PYTHONPATH=src python benchmarks/strong_ai_table.py --readme   # and write it into README.md

Reads the runs kept in benchmarks/strong_ai/ (each the `--out` of `bench_strong_ai.py`,
one per ruleset, scenario and options; `--combine` merges resumed runs first) and lists
every scenario the rulesets offer, measured or not, against issue 25's goal: a win rate of
at least 70 % over at least 200 games with sides alternating, the 95 % interval above 60 %,
and a median turn of at most 2 s of CPU. The README's table sits between its markers and a
test holds it to these files, so its figures are measured, not quoted. A run made since
the reference work was added shows its CPU beside the turn (bench_strong_ai.REFERENCE:
the same search each time, so a higher figure means a slower machine that day).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RUNS = HERE / "strong_ai"
README = HERE.parent / "README.md"
BEGIN, END = "<!-- strong-ai: benchmarks/strong_ai_table.py --readme -->", "<!-- /strong-ai -->"
#: issue 25's goal
GOAL_RATE, GOAL_LOW, GOAL_GAMES, GOAL_TURN_S = 0.70, 0.60, 200, 2.0


def scenarios() -> list[tuple[str, str]]:
    """(ruleset, scenario) for every scenario of every ruleset, in the registry's order."""
    from grognard import games

    return [(r.id, s.id) for r in games.REGISTRY for s in r.scenarios]


def load(folder: Path = RUNS) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """The kept runs by (ruleset, scenario): a run without a scenario played the default."""
    default: dict[str, str] = {}
    for ruleset_id, scenario in scenarios():
        default.setdefault(ruleset_id, scenario)
    out: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for path in sorted(folder.glob("*.json")):
        run = json.loads(path.read_text())
        key = (run["ruleset"], run["scenario"] or default[run["ruleset"]])
        out.setdefault(key, []).append(run)
    return out


def verdict(run: dict[str, Any]) -> str:
    """Which parts of the goal the run meets."""
    low = run["wilson95"][0]
    turn = run["level_turn_cpu_s"]["median"]
    missing = []
    if run["finished"] < GOAL_GAMES:
        missing.append(f"{GOAL_GAMES - run['finished']} more games")
    if (run["win_rate"] or 0) < GOAL_RATE or low <= GOAL_LOW:
        missing.append("the win rate")
    if turn is None or turn > GOAL_TURN_S:
        missing.append("the turn time")
    return "met" if not missing else "not yet: " + ", ".join(missing)


def _row(ruleset_id: str, scenario: str, run: dict[str, Any] | None) -> str:
    """One run's line (its options named after the scenario), or "not measured"."""
    name = f"{ruleset_id} ({scenario})"
    if run is None:
        return f"| {name} | not measured | | | | | |"
    options = run.get("options") or {}
    if options:
        name += " " + ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
    low, high = run["wilson95"]
    turns, decisions = run["level_turn_cpu_s"], run["level_decision_cpu_s"]
    record = f"{run['wins']}–{run['draws']}–{run['losses']} of {run['finished']}"
    rate = f"{100 * run['win_rate']:.1f} % ({100 * low:.1f}–{100 * high:.1f} %)"
    turn = f"{turns['median']:.2f} / {turns['p95']:.2f}"
    if run.get("reference_cpu_s"):
        turn += f" (reference {run['reference_cpu_s']['median']:.2f})"
    cells = [name, record, rate, baseline(run), turn, f"{decisions['mean']:.3f}", verdict(run)]
    return "| " + " | ".join(cells) + " |"


def baseline(run: dict[str, Any]) -> str:
    """The heuristic's own record from the level's seats and seeds (`--baseline`), and
    the seeds where the level did better / the same / worse; "—" for a run without."""
    base, versus = run.get("baseline"), run.get("versus_baseline")
    if not base or not versus:
        return "—"
    rate = f"{100 * base['win_rate']:.0f} %" if base["win_rate"] is not None else "—"
    return (
        f"{base['wins']}–{base['draws']}–{base['losses']} ({rate}); "
        f"level better / same / worse: {versus['better']} / {versus['same']} / {versus['worse']}"
    )


def markdown(runs: dict[tuple[str, str], list[dict[str, Any]]]) -> str:
    lines = [
        "| game (scenario) | W–D–L against the heuristic | win rate (Wilson 95 %) "
        "| the heuristic in the same seats | its turn, CPU s: median / p95 (the reference work's) "
        "| its decision, CPU s: mean "
        "| issue 25's goal |",
        "|---|---|---|---|---|---|---|",
    ]
    for ruleset_id, scenario in scenarios():
        found: list[dict[str, Any] | None] = [*runs.get((ruleset_id, scenario), [])] or [None]
        lines += [_row(ruleset_id, scenario, run) for run in found]
    return "\n".join(lines) + "\n"


def write_readme(table: str, readme: Path = README) -> None:
    text = readme.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END)
    readme.write_text(text[: start + len(BEGIN)] + "\n" + table + text[end:], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--readme", action="store_true", help="write the table into README.md too")
    args = parser.parse_args(argv)
    table = markdown(load())
    print(table, end="")
    if args.readme:
        write_readme(table)
        print(f"written {README}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
