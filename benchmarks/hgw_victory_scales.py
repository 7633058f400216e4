"""Read recorded Campaign Game games again under other victory scales (Three Players 4).

A designer's tool for tuning a three-player scenario's `victory_scales` (Campaign Game IV's
are designed): `bench_hgw_campaign.py` keeps each game's end counts (every side's
production over the whole map and outside the Pacific half, and who holds Berlin), so the
win rates each candidate scale would give can be read from the same games at once instead
of playing hundreds again per candidate.

    python benchmarks/hgw_victory_scales.py benchmarks/balance/run-*.json \\
        --scales '{}' '{"allied": ["5/2", "2", "3/2"]}'

Each `--scales` is a JSON object of side -> three ratios (decisive, substantial,
marginal, each "at least", or "more than" when written ">1/3"); a side it leaves out
keeps the scenario's scale. The reading
is a first estimate: the heuristic reads the scales when it decides to take Berlin
(ai_board.py), so a chosen scale is checked by playing it (`bench_hgw_campaign.py`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from grognard.games.hgw.campaign_victory import Scale, as_scale, levels_from, shares, victory_scale
from grognard.games.hgw.scenario import load_scenario
from grognard.games.hgw.tables import VictoryStep, scale_problems
from grognard.sim.local import wilson


def games_of(paths: list[Path]) -> tuple[str, list[dict[str, Any]]]:
    """The balance games of the runs (each with its end counts) and their scenario."""
    scenarios, games = set(), []
    for path in paths:
        run = json.loads(path.read_text())
        balance = run.get("balance")
        if balance is None:
            continue
        scenarios.add(balance["scenario"])
        games += [g for g in balance["results"] if g.get("counts")]
    if len(scenarios) != 1 or not games:
        raise SystemExit(f"expected balance games with end counts of one scenario, found {sorted(scenarios)}")
    return scenarios.pop(), games


def scales_for(scenario: str, change: dict[str, list[str]]) -> dict[str, Scale]:
    sides = load_scenario(scenario).sides
    unknown = set(change) - set(sides)
    if unknown:
        raise SystemExit(f"--scales names {sorted(unknown)}, not sides of {scenario} ({', '.join(sides)})")
    out = {s: victory_scale(scenario, s) for s in sides}
    for side, ratios in change.items():
        if len(ratios) != 3:
            raise SystemExit(f"--scales: {side} needs three ratios (decisive, substantial, marginal)")
        # ">1/3": strictly more than a third, as the Axis's substantial line
        steps = tuple(
            VictoryStep(3 - n, more_than=r[1:]) if r.startswith(">") else VictoryStep(3 - n, at_least=r)
            for n, r in enumerate(ratios)
        )
        problems = scale_problems(f"--scales: {side}", steps)  # as a scenario's own scale is checked
        if problems:
            raise SystemExit("; ".join(problems))
        out[side] = as_scale(steps)
    return out


def result(scenario: str, game: dict[str, Any], scales: dict[str, Scale]) -> dict[str, float]:
    """Three Players 4 from the game's end counts, by the rule's own functions."""
    return shares(levels_from(scenario, game["counts"], game["berlin"] == "axis", scales))


def _rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins} ({100 * wins / games:.1f} %, {100 * low:.1f}-{100 * high:.1f})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("runs", type=Path, nargs="+", help="bench_hgw_campaign.py output files")
    parser.add_argument("--scales", nargs="+", default=["{}"], help="JSON: side -> three ratios")
    args = parser.parse_args(argv)
    scenario, games = games_of(args.runs)
    sides = load_scenario(scenario).sides
    table = Table(title=f"{scenario}: {len(games)} games between heuristics, wins alone (95 % interval)")
    for column in ("scales", *sides, "no sole winner", "Axis : United Nations"):
        table.add_column(column)
    for text in args.scales:
        try:
            scales = scales_for(scenario, json.loads(text))
            results = [result(scenario, g, scales) for g in games]
        except (json.JSONDecodeError, ValueError, ZeroDivisionError, AttributeError) as exc:
            raise SystemExit(f"--scales {text!r}: {exc}") from None
        alone = {s: sum(r[s] == 1.0 for r in results) for s in sides}
        united = sum(r.get("axis", 0.0) == 0.0 and any(r.values()) for r in results)
        shared = len(results) - sum(alone.values())
        table.add_row(
            text,
            *(_rate(alone[s], len(games)) for s in sides),
            str(shared),
            f"{alone.get('axis', 0)} : {united}",
        )
    Console(file=sys.stdout, width=200).print(table)


if __name__ == "__main__":
    main()
