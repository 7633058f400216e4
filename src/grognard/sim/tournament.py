"""Tournaments between agents: round robin or gauntlet, win rates and Elo.

Every pairing plays `games` head-to-head games on a two-role set-up of the ruleset,
the two agents changing sides from game to game (game g of a pairing has rotation
g mod 2), so that neither is favoured by its seat. All games of a tournament get
their seeds from one master seed (SeedSequence), in the order of the pairings, and
run through runner.py like any batch: results are the same on any backend.

Ratings are Elo: the Bradley-Terry strengths that make the observed scores most
likely (a draw counts half a win to each side), found by the minorisation-
maximisation iteration of Hunter (2004), on the Elo scale (400 log10), centred on a
mean of 0. Their 95 % intervals are the 2.5th and 97.5th percentiles over bootstrap
resamples of the games, drawn from a generator seeded by the master seed (so the
intervals are reproducible too).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from grognard.core.errors import BadOptions

from .local import game_seeds, wilson
from .play import GameConfig, check_seats, get_ruleset, make_agents
from .runner import Job, Progress, run_jobs

FORMATS = ("round-robin", "gauntlet")
#: Bootstrap resamples for the Elo intervals.
RESAMPLES = 200
#: A pseudo-count of draws against a virtual equal opponent, so that an agent that
#: won (or lost) every game still has a finite rating.
PRIOR_GAMES = 1.0


def pairings(agents: Sequence[str], format_: str) -> list[tuple[int, int]]:
    """Index pairs: every pair (round robin) or the first agent against each other one."""
    if format_ not in FORMATS:
        raise ValueError(f"unknown tournament format {format_!r}; formats: {', '.join(FORMATS)}")
    if len(agents) < 2:
        raise ValueError("a tournament needs at least two agents")
    if len(set(agents)) != len(agents):
        raise ValueError(f"each agent may enter once: {', '.join(agents)}")
    if format_ == "gauntlet":
        return [(0, j) for j in range(1, len(agents))]
    return list(itertools.combinations(range(len(agents)), 2))


def tournament_jobs(
    ruleset: str,
    agents: Sequence[str],
    games: int,
    master_seed: int,
    format_: str = "round-robin",
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    keep_replay: bool = False,
) -> list[Job]:
    """The games of a tournament, in pairing order. Raises before any game for an
    unknown ruleset, agent or option, or a set-up that is not two-player."""
    if games < 1:
        raise ValueError(f"games per pairing must be at least 1, not {games}")
    pairs = pairings(agents, format_)
    rules = get_ruleset(ruleset)
    probe = GameConfig(ruleset, seats=(agents[0], agents[1]), scenario=scenario, options=dict(options or {}))
    try:
        check_seats(rules, probe)
    except BadOptions as exc:
        raise BadOptions(f"tournaments are played on two-player set-ups: {exc}") from None
    for name in agents:
        make_agents(rules, GameConfig(ruleset, seats=(name, name), scenario=scenario,
                                      options=dict(options or {})), 0)
    seeds = game_seeds(master_seed, games * len(pairs))
    jobs = []
    for p, (a, b) in enumerate(pairs):
        for g in range(games):
            index = p * games + g
            config = GameConfig(
                ruleset,
                seats=(agents[a], agents[b]),
                scenario=scenario,
                options=dict(options or {}),
                rotation=g % 2,
                keep_replay=keep_replay,
            )
            jobs.append(Job(index, config, seeds[index]))
    return jobs


def tournament(
    ruleset: str,
    agents: Sequence[str],
    games: int,
    master_seed: int = 0,
    format_: str = "round-robin",
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    out: Path | None = None,
    progress: Progress | None = None,
    keep_replay: bool = False,
) -> dict[str, Any]:
    """Play a tournament and report it (see `standings`)."""
    jobs = tournament_jobs(ruleset, agents, games, master_seed, format_, scenario, options, keep_replay)
    run = {
        "command": "tournament",
        "ruleset": ruleset,
        "agents": list(agents),
        "games_per_pairing": games,
        "format": format_,
        "scenario": scenario,
        "options": dict(options or {}),
        "master_seed": master_seed,
        "keep_replay": keep_replay,
    }
    records = run_jobs(jobs, run, backend, workers, address, out, progress)
    report = standings(records, list(agents), master_seed)
    report.update(ruleset=ruleset, format=format_, games_per_pairing=games, master_seed=master_seed)
    return report


def game_scores(record: Mapping[str, Any]) -> tuple[str, str, float] | None:
    """(seat 0's agent, seat 1's agent, seat 0's score: 1 win, 0.5 draw, 0 loss);
    None for an unfinished game."""
    if record["unfinished"]:
        return None
    first, second = record["seats"]
    score = 0.5 if record["draw"] else (1.0 if record["winners"] == [0] else 0.0)
    return str(first), str(second), score


def elo(
    results: Sequence[tuple[str, str, float]], agents: Sequence[str], iterations: int = 500
) -> dict[str, float]:
    """Bradley-Terry maximum-likelihood ratings on the Elo scale, mean 0."""
    index = {a: i for i, a in enumerate(agents)}
    pairs = np.array([(index[a], index[b]) for a, b, _ in results], dtype=int).reshape(-1, 2)
    scores = np.array([score for _, _, score in results], dtype=float)
    counts = np.ones((1, len(results)))
    ratings = _fit(pairs, scores[None, :], counts, len(agents), iterations)[0]
    return {a: float(ratings[index[a]]) for a in agents}


def _fit(pairs: np.ndarray, scores: np.ndarray, counts: np.ndarray, n: int, iterations: int) -> np.ndarray:
    """Ratings for R weightings of the same games at once (a bootstrap draws each
    game 0, 1 or more times): `pairs` is (games, 2) agent indexes, `counts` (R,
    games) how often each game is drawn, `scores` (R, games) the first agent's
    score times that count; returns (R, n) Elo ratings centred on 0."""
    rounds = scores.shape[0]
    wins = np.full((rounds, n), PRIOR_GAMES / 2)  # the prior: half a win and half a loss...
    games = np.zeros((rounds, n, n))
    for k, (i, j) in enumerate(pairs):
        wins[:, i] += scores[:, k]
        wins[:, j] += counts[:, k] - scores[:, k]
        games[:, i, j] += counts[:, k]
        games[:, j, i] += counts[:, k]
    strength = np.ones(wins.shape)
    for _ in range(iterations):
        # ...against a virtual opponent of strength 1 (Hunter's MM update)
        pair_sum = strength[:, :, None] + strength[:, None, :]
        denom = (games / pair_sum).sum(axis=2) + PRIOR_GAMES / (strength + 1)
        updated = wins / denom
        converged = np.allclose(updated, strength, rtol=1e-9, atol=0)
        strength = updated
        if converged:
            break
    ratings = 400 * np.log10(strength)
    centred: np.ndarray = ratings - ratings.mean(axis=1, keepdims=True)
    return centred


def _bootstrap(
    results: Sequence[tuple[str, str, float]], agents: Sequence[str], seed: int
) -> np.ndarray:
    """(RESAMPLES, n) ratings over resamples of the games, drawn with a seeded generator."""
    index = {a: i for i, a in enumerate(agents)}
    pairs = np.array([(index[a], index[b]) for a, b, _ in results], dtype=int).reshape(-1, 2)
    scores = np.array([score for _, _, score in results], dtype=float)
    rng = np.random.default_rng(np.random.SeedSequence([seed, 0xE10]))
    picks = rng.integers(0, len(results), (RESAMPLES, len(results)))
    counts = np.zeros((RESAMPLES, len(results)))
    for r in range(RESAMPLES):
        counts[r] = np.bincount(picks[r], minlength=len(results))
    return _fit(pairs, counts * scores[None, :], counts, len(agents), 300)


def standings(records: Sequence[Mapping[str, Any]], agents: list[str], master_seed: int) -> dict[str, Any]:
    """Per pairing, the first agent's win rate with a 95 % Wilson interval (draws
    apart); per agent, its Elo with a 95 % bootstrap interval."""
    results = [r for r in (game_scores(rec) for rec in records) if r is not None]
    ratings = elo(results, agents)
    sampled = _bootstrap(results, agents, master_seed) if results else None
    table: list[dict[str, Any]] = []
    for i, a in enumerate(agents):
        lo, hi = np.percentile(sampled[:, i], [2.5, 97.5]) if sampled is not None else (math.nan, math.nan)
        table.append({"agent": a, "elo": ratings[a], "ci95": [float(lo), float(hi)]})
    table.sort(key=lambda row: -float(row["elo"]))
    pairs: dict[tuple[str, str], list[float]] = {}
    unfinished: dict[tuple[str, str], int] = {}
    for rec in records:
        first, second = (str(s) for s in rec["seats"])
        key = (first, second) if agents.index(first) < agents.index(second) else (second, first)
        unfinished.setdefault(key, 0)
        pairs.setdefault(key, [])
        scored = game_scores(rec)
        if scored is None:
            unfinished[key] += 1
            continue
        score = scored[2] if key[0] == first else 1 - scored[2]
        pairs[key].append(score)
    matches = []
    for (a, b), scores in pairs.items():
        wins = sum(1 for s in scores if s == 1.0)
        draws = sum(1 for s in scores if s == 0.5)
        played = len(scores) + unfinished[(a, b)]
        lo, hi = wilson(wins, played)
        matches.append({
            "agent": a, "opponent": b, "games": played, "wins": wins, "draws": draws,
            "losses": len(scores) - wins - draws, "unfinished": unfinished[(a, b)],
            "win_rate": wins / played if played else 0.0, "ci95": [lo, hi],
        })
    return {"agents": agents, "games": len(records), "ratings": table, "matches": matches}
