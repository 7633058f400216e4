"""Fit the worth of terms of HGW's evaluation (games/hgw/evaluate.py) on heuristic
games: The Pacific War's, which the module uses, and Barbarossa's, which it does not
(a fit that played no better: docs/simlab.md, "Barbarossa: a fitted evaluation").

    PYTHONPATH=src python scripts/fit_hgw_evaluation.py pacific_war --games 20 --workers 2
    PYTHONPATH=src python scripts/fit_hgw_evaluation.py barbarossa --games 300 --workers 2

The recipe (the module text of evaluate.py gives the figures): games of the scenario
with the heuristic in both seats, seeds 1 .. `--games`; a position each time the phase
or the player to act changes, with the Axis's terms (`FITTED` below: the function that
reads them from a view) and whether the Axis won. A logistic regression
(sim/conditional_logit.py, an intercept and the terms, a light L2 penalty) is fitted on
the first half of the games and scored on the second (the mean squared error of the
Axis's chance, against the constant forecast that knows the outcomes' mean, and
against the module's own evaluation), then refitted on all of them. The weights are
printed in the evaluation's units (production points: the logit times
EVAL_TEMPERATURE), beside the constants the module uses where it uses them; they are
typed into the module rounded, by hand, so that a refit is a reviewed change.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from grognard.games.hgw import evaluate as hgw_evaluate
from grognard.games.hgw.geography import geography
from grognard.games.hgw.scenario import load_scenario
from grognard.sim import conditional_logit
from grognard.sim.play import self_play

View = dict[str, Any]


class Fitted(NamedTuple):
    """A scenario's terms: their names (the edge first), the module's constants for
    them (None where the module does not use the fit), the function reading them."""

    names: tuple[str, ...]
    constants: tuple[float, ...] | None
    terms: Callable[[View], tuple[float, ...]]


def barbarossa_terms(view: View) -> tuple[float, ...]:
    """Barbarossa's terms, the Axis's side of each: whether it holds at least one and
    at least two of the three cities (Victory Conditions 1), the clock, its strength on
    the map less the Soviets', its strength next to the cities it does not hold less
    their garrisons, and the Soviets' next to those it holds less its garrisons."""
    board = view["board"]
    owner = board["owner"]
    scenario = str(view["scenario"])
    links = geography(scenario).links
    at: dict[tuple[str, str], float] = {}
    for army in board["armies"]:
        if army.get("at") is not None:
            key = (army["at"], army["side"])
            at[key] = at.get(key, 0.0) + float(army["strength"])
    threat = counter = 0.0
    cities = load_scenario(scenario).capitals["axis"]
    for city in cities:
        mine = "axis" if owner.get(city) == "axis" else "soviet"
        enemy = "soviet" if mine == "axis" else "axis"
        pressure = sum(at.get((n, enemy), 0.0) for n in links.get(city, ())) - at.get((city, mine), 0.0)
        if mine == "axis":
            counter += pressure
        else:
            threat += pressure
    held = sum(owner.get(c) == "axis" for c in cities)
    strength = hgw_evaluate.places_and_material(view)[1]
    ahead = strength["axis"] - strength["soviet"]
    return float(held >= 1), float(held >= 2), hgw_evaluate.progress(board), ahead, threat, counter


E = hgw_evaluate
FITTED = {
    "pacific_war": Fitted(
        ("edge", "margin", "material"),
        (E.PACIFIC_EDGE, E.PACIFIC_MARGIN, E.PACIFIC_MATERIAL),
        E.pacific_features,
    ),
    "barbarossa": Fitted(
        ("edge", "one city", "two cities", "clock", "material", "threat", "counter"),
        None,
        barbarossa_terms,
    ),
}


def one_game(job: tuple[str, int]) -> dict[str, Any]:
    """The Axis's terms and the module's chance for it at each change of phase or
    player, and whether the Axis won."""
    scenario, seed = job
    terms: list[tuple[float, ...]] = []
    ours: list[float] = []
    last = None
    for state in self_play("hgw", scenario, seed):
        if state.is_over():
            break
        view = state.view(None)
        at = (view["board"]["turn_index"], view["board"].get("phase"), tuple(state.active_roles()))
        if at != last:
            last = at
            terms.append(FITTED[scenario].terms(view))
            ours.append(hgw_evaluate.evaluate(view)["axis"])
    result = state.result()
    assert result is not None
    best_rival = max(score for role, score in result.items() if role != "axis")
    return {"seed": seed, "terms": terms, "ours": ours, "axis_won": result["axis"] > best_rival}


def arrays(games: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
    """Positions as a two-choice logit: the Axis's row (1, its terms), its rival's
    zeros; the outcome as (Axis, rival) shares."""
    rows = [(1.0, *t) for g in games for t in g["terms"]]
    won = [1.0 if g["axis_won"] else 0.0 for g in games for _ in g["terms"]]
    x = np.zeros((len(rows), 2, len(rows[0])))
    x[:, 0, :] = rows
    y = np.array([(w, 1.0 - w) for w in won])
    return x, y


def error(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """The mean squared error of the Axis's chance."""
    return float(np.mean((conditional_logit.probabilities(x, w)[:, 0] - y[:, 0]) ** 2))


def module_error(games: list[dict[str, Any]]) -> float:
    """The mean squared error of the module's own chance for the Axis."""
    pairs = [(p, 1.0 if g["axis_won"] else 0.0) for g in games for p in g["ours"]]
    return float(np.mean([(p - y) ** 2 for p, y in pairs]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("scenario", choices=sorted(FITTED))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--l2", type=float, default=1e-3)
    args = parser.parse_args(argv)
    if args.games < 4:
        parser.error("--games must be at least 4 (half are held out)")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    fitted = FITTED[args.scenario]
    games: list[dict[str, Any]] = []
    jobs = [(args.scenario, seed) for seed in range(1, args.games + 1)]
    with Progress() as progress, multiprocessing.Pool(args.workers) as pool:
        task = progress.add_task(f"heuristic games of {args.scenario}", total=args.games)
        for game in pool.imap(one_game, jobs):
            games.append(game)
            progress.advance(task)
    half = args.games // 2
    x_fit, y_fit = arrays(games[:half])
    x_out, y_out = arrays(games[half:])
    x_all, y_all = arrays(games)
    held = conditional_logit.fit(x_fit, y_fit, l2=args.l2)
    whole = conditional_logit.fit(x_all, y_all, l2=args.l2)
    t = hgw_evaluate.EVAL_TEMPERATURE
    constant = float(np.mean((y_fit[:, 0].mean() - y_out[:, 0]) ** 2))
    won = sum(g["axis_won"] for g in games)
    title = f"{args.scenario}: {args.games} heuristic games, {len(y_all)} positions, the Axis won {won}"
    table = Table(title=title)
    for column in ("", *fitted.names, "mean squared error of the Axis's chance"):
        table.add_column(column)
    scored = f"{error(x_out, y_out, held):.3f} on seeds {half + 1}-{args.games}"
    scored += f" (constant forecast {constant:.3f}, the module {module_error(games[half:]):.3f})"
    table.add_row(f"fit on seeds 1-{half}", *(f"{v * t:.2f}" for v in held), scored)
    table.add_row("fit on all", *(f"{v * t:.2f}" for v in whole), f"{error(x_all, y_all, whole):.3f}")
    if fitted.constants is not None:
        module = np.array(fitted.constants) / t
        mine = error(x_all, y_all, module)
        table.add_row("the module's constants", *(f"{v:.2f}" for v in fitted.constants), f"{mine:.3f}")
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
