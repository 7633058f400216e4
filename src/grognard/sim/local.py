"""Many games on this machine: one process, or a pool of worker processes.

Seeds come from one master seed through `numpy.random.SeedSequence`, and results
are put back in game order, so the summary is the same whatever the worker count
(or backend).
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import numpy as np

from .play import GameConfig, check_seats, get_ruleset, make_agents, play

#: z for a two-sided 95 % interval.
Z95 = 1.959963984540054

Progress = Callable[[int, int], None]
Job = tuple[int, int, int]  # (game index, seed, rotation)


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
) -> dict[str, Any]:
    """Play `games` games and summarise them (see `summarize`).

    With `rotate`, game g seats seat i at role (i + g) mod n, so that no seat is
    favoured by its position. Raises at once (before any game) for an unknown
    ruleset, agent or option, or a wrong seat count.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    ruleset = get_ruleset(config.ruleset)
    roles = check_seats(ruleset, config)
    make_agents(ruleset, config, 0)  # unknown agent names fail here, not in a worker
    n = len(roles)
    jobs: list[Job] = [
        (g, seed, (g % n) if rotate else config.rotation)
        for g, seed in enumerate(game_seeds(master_seed, games))
    ]
    results: list[dict[str, Any] | None] = [None] * games
    done = 0
    if workers == 1:
        for job in jobs:
            results[job[0]] = _play_job(config, job)
            done += 1
            if progress is not None:
                progress(done, games)
    else:
        size = _chunk_size(games, workers)
        chunks = [jobs[i : i + size] for i in range(0, games, size)]
        # spawn: a clean interpreter per worker, whatever threads the parent runs
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            futures = [pool.submit(_play_chunk, config, chunk) for chunk in chunks]
            for future in as_completed(futures):
                for index, game in future.result():
                    results[index] = game
                    done += 1
                if progress is not None:
                    progress(done, games)
    finished = [r for r in results if r is not None]
    summary = summarize(finished, list(config.seats), roles)
    summary.update(
        ruleset=ruleset.id,
        scenario=config.scenario,
        options=dict(config.options),
        master_seed=master_seed,
        rotate=rotate,
    )
    return summary


def _chunk_size(games: int, workers: int) -> int:
    """Small enough chunks to balance the load and move the progress bar."""
    return max(1, min(25, math.ceil(games / (workers * 4))))


def _play_job(config: GameConfig, job: Job) -> dict[str, Any]:
    index, seed, rotation = job
    game = play(config.rotated(rotation), seed)
    game["game"] = index
    return game


def _play_chunk(config: GameConfig, chunk: Sequence[Job]) -> list[tuple[int, dict[str, Any]]]:
    return [(job[0], _play_job(config, job)) for job in chunk]


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
