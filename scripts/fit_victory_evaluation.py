"""Fit Victory's evaluation (games/victory/evaluate.py) on the outcomes of heuristic games.

    PYTHONPATH=src python scripts/fit_victory_evaluation.py --games 115 --workers 2 --write

The recipe (docs/simlab.md, "Victory: an evaluation fitted on heuristic games"): games
of the scenario (Quick Start unless `--scenario`) with the heuristic in every seat,
seeds `--seed` + 1 .. `--seed` + `--games`; in each, every `--every`-th position is
described by each side's numbers (evaluate.features) as one seat sees it (the seats
take turns, as a search sees the game from its own seat), with the game's outcome (win
shares; a draw shares). Positions where a side already holds its target PP are left
out: the rule (WON), not the weights, scores them. One game in five (index 4 mod 5) is
held out. The weights are fitted on the others (sim/conditional_logit.py), pulled by
`--l2` towards the hand-set weights the module had before (evaluate.HAND_WEIGHTS:
where self-play cannot tell a feature's worth, the designer's guess stands), and
scored on the held-out games against those hand-set weights and against the forecast
that knows only the outcomes' mean. The played games' positions are kept
(`--positions`, with the features they were described by), so a refit with other
settings, or more games, replays only what it has not played.

The games are the search's rollout policy playing itself, so the weights rank the
positions a search reaches; they say nothing of a stronger player's games. With
`--write` the weights and the figures go to the package's data file
(grognard/games/victory/data/evaluation.json); the search plays with them from then on.
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import Progress

from grognard.agents.rollout import win_shares
from grognard.games.victory import evaluate as victory_evaluate
from grognard.sim import conditional_logit
from grognard.sim.play import self_play

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src/grognard/games/victory/data" / victory_evaluate.WEIGHTS_FILE
#: The played games' positions, kept (ignored by git) so that a refit replays nothing.
POSITIONS = ROOT / "benchmarks/results/victory_eval_positions.jsonl"
HELD_OUT = 5  # one game in this many is held out
#: what a kept game's numbers describe: a kept game is read back only if it matches
RECIPE = list(victory_evaluate.FEATURES)


def one_game(job: tuple[str | None, int, int]) -> dict[str, Any]:
    """The sampled positions' features, each role's, and the outcome of one game."""
    scenario, seed, every = job
    samples: list[list[list[float]]] = []
    progress: list[float] = []
    for state in self_play("victory", scenario, seed):
        actions = len(state.history)
        if actions == 0 or actions % every or state.is_over():
            continue
        roles = list(state.roles)
        view = state.view(roles[(actions // every) % len(roles)])
        board = view["board"]
        pp, target = board.get("pp") or {}, board.get("target_pp") or {}
        if any(target.get(r) and pp.get(r, 0) >= target[r] for r in roles):
            continue
        numbers = victory_evaluate.features(view)
        samples.append([numbers[r] for r in roles])
        progress.append(victory_evaluate.progress(board))
    result = state.result()
    assert result is not None
    shares = win_shares(result, list(state.roles))
    return {
        "seed": seed,
        "x": samples,
        "progress": progress,
        "y": [shares[r] for r in state.roles],
        "actions": len(state.history),
    }


def play(
    scenario: str | None, seeds: list[int], every: int, workers: int, keep: Path
) -> list[dict[str, Any]]:
    """The games of `seeds`: those `keep` already holds (played with the same
    scenario and sampling) read back, the others played and added to it."""
    held: dict[int, dict[str, Any]] = {}
    if keep.exists():
        for line in keep.read_text().splitlines():
            game = json.loads(line)
            if (game.get("scenario"), game.get("every"), game.get("features")) == (scenario, every, RECIPE):
                held[game["seed"]] = game
    jobs = [(scenario, seed, every) for seed in seeds if seed not in held]
    keep.parent.mkdir(parents=True, exist_ok=True)
    with Progress(transient=False) as progress, multiprocessing.Pool(workers) as pool, keep.open("a") as out:
        task = progress.add_task(f"heuristic games ({len(seeds) - len(jobs)} kept)", total=len(jobs))
        for game in pool.imap(one_game, jobs):
            game |= {"scenario": scenario, "every": every, "features": RECIPE}
            out.write(json.dumps(game) + "\n")
            held[game["seed"]] = game
            progress.advance(task)
    return [held[seed] for seed in seeds]


def arrays(games: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
    x = np.array([s for g in games for s in g["x"]], dtype=float)
    y = np.array([g["y"] for g in games for _ in g["x"]], dtype=float)
    return x, y


def scores(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict[str, float]:
    return {
        "log_loss": round(conditional_logit.log_loss(x, y, w), 4),
        "brier": round(conditional_logit.brier(x, y, w), 4),
    }


def held_out_figures(
    test: list[dict[str, Any]], fitted: np.ndarray, train_y: np.ndarray
) -> dict[str, dict[str, float]]:
    """Log loss and Brier on the held-out positions: fitted, hand-set, the mean outcome;
    and the fitted weights' by thirds of the game (progress)."""
    x, y = arrays(test)
    hand = np.array(victory_evaluate.HAND_WEIGHTS.weights)
    mean = train_y.mean(axis=0)
    constant = {
        "log_loss": round(float(-(y * np.log(np.clip(mean, 1e-12, 1))).sum(axis=1).mean()), 4),
        "brier": round(float(((mean - y) ** 2).sum(axis=1).mean()), 4),
    }
    figures = {"fitted": scores(x, y, fitted), "hand": scores(x, y, hand), "mean_outcome": constant}
    late = np.array([p for g in test for p in g["progress"]])
    for name, low, high in (
        ("fitted_first_third", 0, 1 / 3),
        ("fitted_second_third", 1 / 3, 2 / 3),
        ("fitted_last_third", 2 / 3, 1.01),
    ):
        pick = (late >= low) & (late < high)
        if pick.any():
            figures[name] = scores(x[pick], y[pick], fitted) | {"positions": int(pick.sum())}
    return figures


def commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--scenario", default=None, help="a Victory scenario id (default: Quick Start)")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=8, help="sample every N-th position of a game")
    parser.add_argument("--l2", type=float, default=1e-2, help="the pull towards the prior weights")
    parser.add_argument(
        "--prior",
        choices=("hand", "zero"),
        default="hand",
        help="pulled towards the hand-set weights, or towards 0",
    )
    parser.add_argument("--workers", type=int, default=max(1, (multiprocessing.cpu_count() or 1)))
    parser.add_argument(
        "--positions", type=Path, default=POSITIONS, help="where played games' positions are kept"
    )
    parser.add_argument("--write", action="store_true", help="write the weights into the package's data file")
    args = parser.parse_args(argv)
    console = Console()
    if args.games < HELD_OUT or args.every < 1 or args.l2 < 0 or args.workers < 1:
        console.print(f"[red]need --games >= {HELD_OUT}, --every >= 1, --l2 >= 0, --workers >= 1[/red]")
        return 2
    seeds = [args.seed + 1 + g for g in range(args.games)]
    games = play(args.scenario, seeds, args.every, args.workers, args.positions)
    train = [g for i, g in enumerate(games) if i % HELD_OUT != HELD_OUT - 1]
    test = [g for i, g in enumerate(games) if i % HELD_OUT == HELD_OUT - 1]
    x, y = arrays(train)
    prior = np.array(victory_evaluate.HAND_WEIGHTS.weights) if args.prior == "hand" else None
    fitted = conditional_logit.fit(x, y, l2=args.l2, prior=prior)
    figures = held_out_figures(test, fitted, y)
    weights = victory_evaluate.Weights(
        list(victory_evaluate.FEATURES),
        [round(float(w), 6) for w in fitted],
        victory_evaluate.Fit(
            scenario=args.scenario or "quick-start",
            games=len(games),
            held_out_games=len(test),
            positions=len(x) + sum(len(g["x"]) for g in test),
            seeds=f"{seeds[0]}-{seeds[-1]}, every {args.every}th position",
            l2=args.l2,
            prior=args.prior,
            commit=commit(),
            date=datetime.date.today().isoformat(),
            held_out=figures,
        ),
    )
    for name, w in zip(victory_evaluate.FEATURES, weights.weights, strict=True):
        console.print(f"{name:>14} {w:+.5f}")
    for name, numbers in figures.items():
        console.print(f"{name:>20} {numbers}")
    draws = sum(1 for g in games if max(g["y"]) < 1)
    console.print(
        f"{len(games)} games, {draws} drawn, mean {np.mean([g['actions'] for g in games]):.0f} actions"
    )
    if args.write:
        OUT.write_text(victory_evaluate.weights_json(weights))
        console.print(f"written: {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
