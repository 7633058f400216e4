"""`search-strong` against the heuristic, every scenario of every game in one table.

    PYTHONPATH=src python benchmarks/strong_ai_table.py            # print it
    PYTHONPATH=src python benchmarks/strong_ai_table.py --readme   # and write it into README.md
                                                                   # and the plot into docs/img

Reads the runs kept in benchmarks/strong_ai/ (each the `--out` of `bench_strong_ai.py`,
one per ruleset, scenario and options; `--combine` merges resumed runs first) and lists
every scenario the rulesets offer, measured or not, against issue 25's goal: a win rate of
at least 70 % over at least 200 games with sides alternating, the 95 % interval above 60 %,
and a median turn of at most 2 s of CPU. The README's table sits between its markers and a
test holds it to these files, so its figures are measured, not quoted. A run made since
the reference work was added shows its CPU beside the turn (bench_strong_ai.REFERENCE:
the same search each time, so a higher figure means a slower machine that day).

The plot (`--plot PATH`; with `--readme`, docs/img/strong-ai.png, which the README
shows) draws each measured run's win rate with its Wilson interval against the goal's
70 % and 60 % lines, the heuristic's own rate from the same seats beside it where the
run played that baseline, and each row's games: a 6-game run's interval spans most of
the axis, which the table's digits hide.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from matplotlib.figure import Figure

HERE = Path(__file__).resolve().parent
RUNS = HERE / "strong_ai"
README = HERE.parent / "README.md"
PLOT = HERE.parent / "docs/img/strong-ai.png"
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


class Point(NamedTuple):
    """One measured run as the plot draws it (rates in percent)."""

    label: str
    rate: float
    low: float
    high: float
    baseline: float | None  # the heuristic's own rate from the same seats, if played
    met: bool


def points(runs: dict[tuple[str, str], list[dict[str, Any]]]) -> list[Point]:
    """The measured runs, in the table's order, as the plot draws them."""
    out = []
    for ruleset_id, scenario in scenarios():
        for run in runs.get((ruleset_id, scenario), []):
            base = run.get("baseline")
            low, high = run["wilson95"]
            out.append(
                Point(
                    label=f"{ruleset_id} ({scenario}), {run['finished']} games",
                    rate=100 * (run["win_rate"] or 0),
                    low=100 * low,
                    high=100 * high,
                    baseline=100 * base["win_rate"] if base and base["win_rate"] is not None else None,
                    met=verdict(run) == "met",
                )
            )
    return out


def plot(runs: dict[tuple[str, str], list[dict[str, Any]]], path: Path) -> Figure:
    """Draw `points(runs)` top to bottom into `path` (PNG); the figure is returned."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = points(runs)
    fig, ax = plt.subplots(figsize=(8.5, 0.38 * len(rows) + 1.4))
    ys = list(range(len(rows) - 1, -1, -1))
    ax.axvspan(0, 100 * GOAL_LOW, color="#f2f2f2", zorder=0)
    ax.axvline(50, color="grey", linewidth=0.8)
    ax.axvline(100 * GOAL_RATE, color="#2e7d32", linestyle="--", linewidth=1, label="the goal: 70 %")
    for y, row in zip(ys, rows, strict=True):
        colour = "#2e7d32" if row.met else "#1f4e79"
        ax.errorbar(
            row.rate, y, xerr=[[row.rate - row.low], [row.high - row.rate]],
            fmt="o", color=colour, capsize=3, markersize=5,
        )
    based = [(y, row.baseline) for y, row in zip(ys, rows, strict=True) if row.baseline is not None]
    if based:
        ax.scatter([b for _, b in based], [y for y, _ in based], marker="x", color="#b22222",
                   zorder=3, label="the heuristic from the same seats")
    ax.errorbar([], [], xerr=[], fmt="o", color="#1f4e79", capsize=3,
                label="search-strong, Wilson 95 % (green: the goal met)")
    ax.set_yticks(ys, [row.label for row in rows], fontsize=8)
    ax.set_xlim(0, 100)
    ax.set_xlabel("games won against the heuristic, %, a draw half (shaded: below the goal's 60 % bound)",
                  fontsize=8)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.4, -0.1), ncol=3, frameon=False)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return fig


def write_readme(table: str, readme: Path = README) -> None:
    text = readme.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END)
    readme.write_text(text[: start + len(BEGIN)] + "\n" + table + text[end:], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--readme", action="store_true", help=f"write the table into README.md and the plot to {PLOT.name}"
    )
    parser.add_argument("--plot", type=Path, default=None, help="draw the win rates into this PNG")
    args = parser.parse_args(argv)
    runs = load()
    table = markdown(runs)
    print(table, end="")
    if args.readme:
        write_readme(table)
        print(f"written {README}", file=sys.stderr)
    target = args.plot or (PLOT if args.readme else None)
    if target is not None:
        plot(runs, target)
        print(f"written {target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
