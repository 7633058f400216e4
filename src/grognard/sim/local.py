"""Many games of one set-up: `simulate`, its seeds and its summary.

Seeds come from one master seed through `numpy.random.SeedSequence`, and results
are put back in game order (runner.py), so the summary is the same whatever the
worker count or backend.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from .play import GameConfig, check_seats, get_ruleset, make_agents
from .runner import Job, run_jobs

#: z for a two-sided 95 % interval.
Z95 = 1.959963984540054

Progress = Callable[[int, int], None]


def game_seeds(master_seed: int, games: int) -> list[int]:
    """One independent 53-bit seed per game, spawned from the master seed."""
    seeds = []
    for child in np.random.SeedSequence(master_seed).spawn(games):
        hi, lo = (int(w) for w in child.generate_state(2))
        seeds.append(((hi << 32) | lo) & (2**53 - 1))
    return seeds


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    center = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # with no wins (or only wins) the bound is exactly 0 (or 1); the float
    # subtraction would leave a residue such as 1.7e-18 in the JSON summary
    lo = 0.0 if successes == 0 else max(0.0, center - half)
    hi = 1.0 if successes == n else min(1.0, center + half)
    return (lo, hi)


def simulate(
    config: GameConfig,
    games: int,
    master_seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    rotate: bool = False,
    backend: str = "local",
    address: str | None = None,
    out: Path | None = None,
) -> dict[str, Any]:
    """Play `games` games and summarise them (see `summarize`).

    With `rotate`, game g seats seat i at role (i + g) mod n, so that no seat is
    favoured by its position. Raises at once (before any game) for an unknown
    ruleset, agent or option, or a wrong seat count. `backend`, `address` and
    `out` (a JSON Lines results file, resumed if it exists) are run_jobs's.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    ruleset = get_ruleset(config.ruleset)
    roles = check_seats(ruleset, config)
    make_agents(ruleset, config, 0)  # unknown agent names fail here, not in a worker
    n = len(roles)
    jobs = [
        Job(g, config.rotated((g % n) if rotate else config.rotation), seed)
        for g, seed in enumerate(game_seeds(master_seed, games))
    ]
    run = {"command": "simulate", "config": config.to_json(), "master_seed": master_seed, "rotate": rotate}
    finished = run_jobs(jobs, run, backend, workers, address, out, progress)
    summary = summarize(finished, list(config.seats), roles)
    summary.update(
        ruleset=ruleset.id,
        scenario=config.scenario,
        options=dict(config.options),
        master_seed=master_seed,
        rotate=rotate,
    )
    return summary


def _stats(values: list[int]) -> dict[str, float] | None:
    if not values:
        return None
    return {
        "mean": statistics.fmean(values),
        "median": float(statistics.median(values)),
        "min": float(min(values)),
        "max": float(max(values)),
    }


def summarize(results: list[dict[str, Any]], seats: list[str], roles: list[str]) -> dict[str, Any]:
    """Win rate per seat with a 95 % Wilson interval, per role, draws, game lengths.

    A game counts as a win for a seat when that seat alone has the best score; ties
    at the top are draws; games cut off at the action limit are "unfinished".
    """
    n = len(results)
    wins = [0] * len(seats)
    role_wins = dict.fromkeys(roles, 0)
    draws = unfinished = 0
    for game in results:
        if game["unfinished"]:
            unfinished += 1
        elif game["draw"]:
            draws += 1
        else:
            seat = game["winners"][0]
            wins[seat] += 1
            role_wins[game["roles"][seat]] += 1
    per_seat = []
    for i, agent in enumerate(seats):
        lo, hi = wilson(wins[i], n)
        per_seat.append(
            {"seat": i, "agent": agent, "wins": wins[i], "win_rate": wins[i] / n if n else 0.0,
             "ci95": [lo, hi]}
        )
    per_role = []
    for role in roles:
        lo, hi = wilson(role_wins[role], n)
        per_role.append(
            {"role": role, "wins": role_wins[role], "win_rate": role_wins[role] / n if n else 0.0,
             "ci95": [lo, hi]}
        )
    turns = [g["turns"] for g in results if g["turns"] is not None]
    return {
        "games": n,
        "seats": list(seats),
        "per_seat": per_seat,
        "per_role": per_role,
        "draws": draws,
        "unfinished": unfinished,
        "length": {
            "actions": _stats([g["actions"] for g in results]),
            "turns": _stats(turns),
        },
        "outcomes": [
            {"seed": g["seed"], "roles": g["roles"], "winners": g["winners"], "actions": g["actions"]}
            for g in results
        ],
    }
