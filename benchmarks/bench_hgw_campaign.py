"""Hitler's Global War, Campaign Games II and III: speed and strength.

    PYTHONPATH=src nice -n 10 python benchmarks/bench_hgw_campaign.py [--games 200]
        [--random-games 5] [--balance-games 40] [--scenario campaign_2]
        [--speed-scenario campaign_3] [--side SIDE] [--seed 0] [--workers 1]
        [--out benchmarks/results/hgw-campaign.json]

Four parts, each skipped with a count of 0:
- `random` (`--random-games`): random games of `--speed-scenario` (Campaign Game III by
  default; goal <= 10 s) to the end: CPU time per game, actions per game, and the
  naval phase alone (the CPU time of the steps naval_movement, naval_intercept and
  uboat_attack, legal lists and applies, per player turn that has one);
- `heuristic_turn` (with the random games): one heuristic-vs-random game per side of
  `--speed-scenario`: the CPU time of a whole heuristic player turn (its views built
  and its decisions; goal <= 2 s median), and of its decisions alone;
- `vs_random` (`--games` per side, `--side` for one side only): the heuristic on one
  side of `--scenario`, random agents on the others; per side its wins (a score of 1),
  shared wins (a tie at the top, Three Players 4), losses, how the games ended, and the
  95 % Wilson interval of its wins (goal: >= 90 % over >= 200 games per side);
- `balance` (`--balance-games`): the heuristic on every side; per side its wins and
  shared wins with the Wilson interval of each side's wins (a tie counts for no one),
  and its mean score (a tie at the top splits the win, Three Players 4).
  With three seats, also the war's two sides (`war_sides`): the Axis against the
  United Nations, the Soviets or the Allies winning (a win the Axis shares counts for
  neither).

CPU time of the process playing the game (time.process_time); the machine may be shared,
so the figures vary. `--workers` plays games in that many processes (the results do not
depend on it: game i always has seed `game_seeds(seed, n)[i]`). Tests never assert on
time; this script only reports. `--merge FILE...` adds up the `vs_random` and `balance`
counts of several runs (chunks run one after the other), with their intervals.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from grognard.agents import RandomAgent
from grognard.games.hgw import RULESET
from grognard.games.hgw.ai import HgwHeuristic
from grognard.games.hgw.campaign_victory import end_counts
from grognard.games.hgw.scenario import load_scenario
from grognard.sim import game_seeds
from grognard.sim.local import wilson

NAVAL_STEPS = frozenset({"naval_movement", "naval_intercept", "uboat_attack"})


def play(scenario: str, seed: int, heuristic: tuple[str, ...], timed: bool = False) -> dict[str, Any]:
    """One game, the heuristic on the sides `heuristic`, random agents elsewhere."""
    state = RULESET.new_game(scenario, seed=seed)
    state.keep_undo = False
    agents: dict[str, Any] = {
        r: HgwHeuristic(seed) if r in heuristic else RandomAgent(seed) for r in state.roles
    }
    turns: dict[tuple[Any, str], float] = {}  # a heuristic player turn's CPU, with its views
    decisions: list[float] = []
    naval: dict[tuple[Any, str], float] = {}
    start = time.process_time()
    while not state.is_over():
        data = state.data
        key = (data["turn"], data["player"])
        step = data["flow"][-1]["state"] if data["flow"] else None
        role = state.active_roles()[0]
        agent = agents[role]
        t0 = time.process_time()
        legal = state.legal_actions(role)
        if agent.wants_view:
            view = state.view(role)
            t1 = time.process_time()
            action = agent.act(view, legal)
            t2 = time.process_time()
            decisions.append(t2 - t1)
            if role == data["player"]:
                turns[key] = turns.get(key, 0.0) + (t2 - t0)
        else:
            action = agent.act({}, legal)
        state.apply(role, action)
        if timed and step in NAVAL_STEPS:
            naval[key] = naval.get(key, 0.0) + time.process_time() - t0
    result = state.result() or {}
    return {
        "counts": _counts(state),
        "seed": seed,
        "result": result,
        "seconds": time.process_time() - start,
        "actions": len(state.history),
        "turn": state.data["turn"],
        "berlin": state.data["owner"].get(load_scenario(scenario).berlin),
        "turn_seconds": list(turns.values()),
        "decision_seconds": decisions if timed else [],
        "naval_seconds": list(naval.values()),
    }


def _counts(state: Any) -> dict[str, list[int]] | None:
    """Three Players 2-4 at the game's end: each side's production over the whole map and
    outside the Pacific half, so that other victory scales can be read from the same
    games (the heuristic's play reads the scales only through when it takes Berlin)."""
    if load_scenario(state.data["scenario"]).victory != "campaign":
        return None
    return {s: list(pair) for s, pair in end_counts(state.data).items()}


def _run(
    jobs: list[tuple[str, int, tuple[str, ...], bool]], workers: int, label: str = "games"
) -> list[dict[str, Any]]:
    """Play the jobs (in `workers` processes), in order; a line on stderr every
    twentieth of them says how far it is (a 200-game run takes most of an hour)."""
    every = max(1, len(jobs) // 20)
    started = time.monotonic()

    def report(done: int) -> None:
        if done % every == 0 or done == len(jobs):
            elapsed = time.monotonic() - started
            print(f"{label}: {done} of {len(jobs)} games, {elapsed:.0f} s", file=sys.stderr, flush=True)

    results: list[dict[str, Any]] = []
    if workers <= 1:
        for job in jobs:
            results.append(play(*job))
            report(len(results))
        return results
    with ProcessPoolExecutor(workers) as pool:
        for result in pool.map(play, *zip(*jobs, strict=True)):
            results.append(result)
            report(len(results))
    return results


def _ms(values: list[float]) -> float | None:
    return round(1000 * statistics.median(values), 1) if values else None


def bench_speed(scenario: str, games: int, seed: int, workers: int) -> dict[str, Any]:
    seeds = game_seeds(seed, games)
    played = _run([(scenario, s, (), True) for s in seeds], workers)
    naval = [t for g in played for t in g["naval_seconds"]]
    sides = RULESET.roles(scenario)
    timed = _run(
        [
            (scenario, s, (side,), True)
            for side, s in zip(sides, game_seeds(seed + 1, len(sides)), strict=True)
        ],
        workers,
    )
    turns = {g["seed"]: g["turn_seconds"] for g in timed}
    return {
        "random": {
            "scenario": scenario,
            "games": games,
            "game_median_s": round(statistics.median(g["seconds"] for g in played), 2),
            "game_max_s": round(max(g["seconds"] for g in played), 2),
            "actions_per_game": round(sum(g["actions"] for g in played) / games),
            "naval_phase_median_ms": _ms(naval),
            "naval_phase_max_ms": round(1000 * max(naval), 1) if naval else None,
            "naval_share_of_game": round(sum(naval) / sum(g["seconds"] for g in played), 3),
        },
        "heuristic_turn": {
            "scenario": scenario,
            "games": len(timed),
            "by_side_median_ms": {
                side: _ms(turns[s]) for side, s in zip(sides, game_seeds(seed + 1, len(sides)), strict=True)
            },
            "turn_median_ms": _ms([t for g in timed for t in g["turn_seconds"]]),
            "turn_max_ms": round(1000 * max(t for g in timed for t in g["turn_seconds"]), 1),
            "decision_median_ms": _ms([t for g in timed for t in g["decision_seconds"]]),
        },
    }


def _outcome(game: dict[str, Any], side: str) -> str:
    score = float(game["result"].get(side, 0.0))
    return "win" if score == 1.0 else "shared" if score > 0 else "loss"


def _ending(game: dict[str, Any], scenario: str) -> str:
    """How the game ended: Berlin taken, or the last turn played."""
    owner = game["berlin"]
    return f"berlin_{owner}" if owner != "axis" else "time"


def _record(game: dict[str, Any]) -> dict[str, Any]:
    """What a report keeps of a game: enough to find it again and to re-read its end."""
    return {k: game[k] for k in ("seed", "result", "turn", "berlin", "counts")}


def _tally(wins: int, shared: int, games: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    return {
        "wins": wins,
        "shared": shared,
        "games": games,
        "win_rate": round(wins / games, 4) if games else None,
        "interval_95": [round(low, 4), round(high, 4)],
    }


def bench_vs_random(scenario: str, games: int, seed: int, sides: list[str], workers: int) -> dict[str, Any]:
    out: dict[str, Any] = {"scenario": scenario, "seed": seed, "by_side": {}}
    for n, side in enumerate(sides):
        seeds = game_seeds(seed + 100 * n, games)
        played = _run([(scenario, s, (side,), False) for s in seeds], workers, f"{side} against random")
        outcomes = Counter(_outcome(g, side) for g in played)
        entry = _tally(outcomes["win"], outcomes["shared"], games)
        entry["endings"] = dict(Counter(_ending(g, scenario) for g in played))
        entry["not_won"] = [
            _record(g)
            for g in played
            if _outcome(g, side) != "win"
        ]
        entry["turn_median_ms"] = _ms([t for g in played for t in g["turn_seconds"]])
        out["by_side"][side] = entry
    return out


def bench_balance(scenario: str, games: int, seed: int, workers: int) -> dict[str, Any]:
    sides = RULESET.roles(scenario)
    played = _run([(scenario, s, tuple(sides), False) for s in game_seeds(seed, games)], workers, "balance")
    by_side = {}
    for side in sides:
        outcomes = Counter(_outcome(g, side) for g in played)
        by_side[side] = _tally(outcomes["win"], outcomes["shared"], games)
        by_side[side]["mean_score"] = round(sum(float(g["result"].get(side, 0.0)) for g in played) / games, 4)
    return {
        "scenario": scenario,
        "seed": seed,
        "games": games,
        "by_side": by_side,
        "ties": sum(all(_outcome(g, s) != "win" for s in sides) for g in played),
        "endings": dict(Counter(_ending(g, scenario) for g in played)),
        "results": [_record(g) for g in played],
    } | ({"war_sides": war_sides(played)} if len(sides) > 2 else {})


def war_sides(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The balance of a three-seat game as its war's two sides: the Axis against the
    United Nations (the Soviets and the Allies, whichever of them wins). A win the Axis
    shares with one of them counts for neither side, as a tie does per seat."""
    axis = sum(float(g["result"].get("axis", 0.0)) == 1.0 for g in results)
    united = sum(
        float(g["result"].get("axis", 0.0)) == 0.0 and any(float(v) > 0 for v in g["result"].values())
        for g in results
    )
    return {"axis": _tally(axis, 0, len(results)), "united_nations": _tally(united, 0, len(results))}


def merge(paths: list[Path]) -> dict[str, Any]:
    """Add up the vs_random and balance counts of several runs, with their intervals (and,
    for three seats, the war's two sides from every balance game's result)."""
    counts: dict[str, dict[str, list[int]]] = {}
    games: dict[str, list[dict[str, Any]]] = {}
    for path in paths:
        run = json.loads(path.read_text())
        if "balance" in run and len(run["balance"]["by_side"]) > 2:
            games.setdefault(f"war sides {run['balance']['scenario']}", []).extend(run["balance"]["results"])
        for part in ("vs_random", "balance"):
            if part not in run:
                continue
            scenario = run[part]["scenario"]
            for side, entry in run[part]["by_side"].items():
                tally = counts.setdefault(f"{part} {scenario}", {}).setdefault(side, [0, 0, 0])
                tally[0] += entry["wins"]
                tally[1] += entry["shared"]
                tally[2] += entry["games"]
    merged = {name: {side: _tally(*t) for side, t in sides.items()} for name, sides in counts.items()}
    return merged | {name: war_sides(results) for name, results in games.items()}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    names = [s.id for s in RULESET.scenarios]
    parser.add_argument("--scenario", default="campaign_2", choices=names, help="for vs_random and balance")
    parser.add_argument("--speed-scenario", default="campaign_3", choices=names)
    parser.add_argument("--games", type=int, default=200, help="heuristic-vs-random games per side")
    parser.add_argument("--random-games", type=int, default=5)
    parser.add_argument("--balance-games", type=int, default=40)
    parser.add_argument("--side", default=None, help="vs_random for this side only")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--merge", type=Path, nargs="+", default=None, help="add up the runs in these files")
    args = parser.parse_args()
    if args.merge:
        print(json.dumps(merge(args.merge), indent=2))
        return
    out = args.out or Path(__file__).resolve().parent / "results" / "hgw-campaign.json"  # .gitignore
    results: dict[str, Any] = {"seed": args.seed}
    if args.random_games > 0:
        results.update(bench_speed(args.speed_scenario, args.random_games, args.seed, args.workers))
    if args.games > 0:
        sides = [args.side] if args.side else RULESET.roles(args.scenario)
        results["vs_random"] = bench_vs_random(args.scenario, args.games, args.seed + 2, sides, args.workers)
    if args.balance_games > 0:
        results["balance"] = bench_balance(args.scenario, args.balance_games, args.seed + 3, args.workers)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
