"""Fit the worth of The Pacific War's terms in HGW's evaluation (games/hgw/evaluate.py,
`pacific_terms`) on the outcomes of heuristic games.

    PYTHONPATH=src python scripts/fit_pacific_evaluation.py --games 20 --workers 2

The recipe (the module text of evaluate.py gives the figures): games of The Pacific
War with the heuristic in both seats, seeds 1 .. `--games`; at the first action of
every game turn, Japan's two terms (its production margin over what it needs, weighed
by the clock, and its strength on the map less the Allies') with the game's outcome.
A logistic regression (sim/conditional_logit.py, an intercept and the two terms, a
light L2 penalty) is fitted on the first half of the games and scored on the second
(the mean squared error of Japan's chance, against the constant forecast that knows
the outcomes' mean), then refitted on all of them. The weights are printed in the
evaluation's units (production points: the logit times EVAL_TEMPERATURE), beside the
constants the module uses, and the module's own error; the constants are typed into
the module rounded, by hand, so that a refit is a reviewed change.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from grognard.games.hgw import evaluate as hgw_evaluate
from grognard.sim import conditional_logit
from grognard.sim.play import self_play


def one_game(seed: int) -> dict[str, Any]:
    """Japan's terms at each game turn's first action, and whether Japan won."""
    terms: list[tuple[float, float]] = []
    last = None
    for state in self_play("hgw", "pacific_war", seed):
        if state.is_over():
            break
        view = state.view(None)
        if view["board"]["turn_index"] != last:
            last = view["board"]["turn_index"]
            terms.append(hgw_evaluate.pacific_features(view))
    result = state.result()
    assert result is not None
    return {"seed": seed, "terms": terms, "japan_won": result["axis"] > result["allied"]}


def arrays(games: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
    """Positions as a two-choice logit: Japan's row (1, margin, material), the Allies'
    zeros; the outcome as (Japan, Allies) shares."""
    rows = [(1.0, margin, ahead) for g in games for margin, ahead in g["terms"]]
    won = [1.0 if g["japan_won"] else 0.0 for g in games for _ in g["terms"]]
    x = np.zeros((len(rows), 2, 3))
    x[:, 0, :] = rows
    y = np.array([(w, 1.0 - w) for w in won])
    return x, y


def error(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """The mean squared error of Japan's chance."""
    return float(np.mean((conditional_logit.probabilities(x, w)[:, 0] - y[:, 0]) ** 2))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--l2", type=float, default=1e-3)
    args = parser.parse_args(argv)
    if args.games < 4:
        parser.error("--games must be at least 4 (half are held out)")
    games: list[dict[str, Any]] = []
    with Progress() as progress, multiprocessing.Pool(args.workers) as pool:
        task = progress.add_task("heuristic games of The Pacific War", total=args.games)
        for game in pool.imap(one_game, range(1, args.games + 1)):
            games.append(game)
            progress.advance(task)
    half = args.games // 2
    x_fit, y_fit = arrays(games[:half])
    x_out, y_out = arrays(games[half:])
    x_all, y_all = arrays(games)
    held = conditional_logit.fit(x_fit, y_fit, l2=args.l2)
    whole = conditional_logit.fit(x_all, y_all, l2=args.l2)
    t = hgw_evaluate.EVAL_TEMPERATURE
    ours = (hgw_evaluate.PACIFIC_EDGE, hgw_evaluate.PACIFIC_MARGIN, hgw_evaluate.PACIFIC_MATERIAL)
    module = np.array(ours) / t
    constant = float(np.mean((y_fit[:, 0].mean() - y_out[:, 0]) ** 2))
    won = sum(g["japan_won"] for g in games)
    table = Table(title=f"The Pacific War: {args.games} heuristic games, Japan won {won}")
    for column in ("", "edge", "margin", "material", "mean squared error of Japan's chance"):
        table.add_column(column)
    scored = f"{error(x_out, y_out, held):.3f} on seeds {half + 1}-{args.games}"
    scored += f" (constant forecast {constant:.3f})"
    table.add_row(f"fit on seeds 1-{half}", *(f"{v * t:.1f}" for v in held), scored)
    table.add_row("fit on all", *(f"{v * t:.1f}" for v in whole), f"{error(x_all, y_all, whole):.3f}")
    table.add_row("the module's constants", *(f"{v:.1f}" for v in ours), f"{error(x_all, y_all, module):.3f}")
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
