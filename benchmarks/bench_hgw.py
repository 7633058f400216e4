"""Hitler's Global War speed and strength: random games to the end, the heuristic's
decision and turn time, and the heuristic's win rate against random with each side in
turn (the other sides random).

    PYTHONPATH=src python benchmarks/bench_hgw.py [--scenario barbarossa] [--games 30]
        [--ai-games 200] [--balance-games 40] [--seed 0] [--side allied]
        [--out benchmarks/results/hgw.json]

`--merge FILE...` adds up the heuristic-vs-random counts of several such runs, by
scenario and side, with their intervals. A count of 0 skips that part, e.g.
`--games 0 --balance-games 0 --side allied --ai-games 200` measures only the Allied
heuristic against random players.

CPU time of this process (time.process_time), one core; the machine is shared, so
figures vary. Tests never assert on time; this script only reports. The issue's goals:
the heuristic beating random >= 90 % over >= 200 games (interval reported).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from grognard.agents import RandomAgent
from grognard.games.hgw import RULESET
from grognard.games.hgw.ai import HgwHeuristic
from grognard.sim import game_seeds
from grognard.sim.local import wilson


def bench_random_games(scenario: str, games: int, seed: int) -> dict[str, Any]:
    times, actions = [], 0
    for game_seed in game_seeds(seed, games):
        state = RULESET.new_game(scenario, seed=game_seed)
        state.keep_undo = False
        agent = RandomAgent(game_seed)
        start = time.process_time()
        while not state.is_over():
            role = state.active_roles()[0]
            state.apply(role, agent.act({}, state.legal_actions(role)))
        times.append(time.process_time() - start)
        actions += len(state.history)
    return {"games": games, "median_ms": 1000 * statistics.median(times), "actions_per_game": actions / games}


def bench_ai(scenario: str, games: int, seed: int, side: str | None = None) -> dict[str, Any]:
    wins = 0
    by_side = {r: [0, 0] for r in RULESET.roles(scenario)}
    decisions: list[float] = []
    turns: list[float] = []
    for n, game_seed in enumerate(game_seeds(seed, games)):
        state = RULESET.new_game(scenario, seed=game_seed)
        state.keep_undo = False
        mine = side or state.roles[n % len(state.roles)]  # one side only, or each in turn
        agents: dict[str, Any] = {
            r: HgwHeuristic(game_seed) if r == mine else RandomAgent(game_seed) for r in state.roles
        }
        turn_time, turn_key = 0.0, None
        while not state.is_over():
            role = state.active_roles()[0]
            agent, legal = agents[role], state.legal_actions(role)
            if agent.wants_view:
                start = time.process_time()
                action = agent.act(state.view(role), legal)
                took = time.process_time() - start
                decisions.append(took)
                key = (state.data["turn"], state.data["player"])
                if key != turn_key and turn_key is not None and turn_key[1] == mine:
                    turns.append(turn_time)
                    turn_time = 0.0
                turn_key = key
                turn_time += took
            else:
                action = agent.act({}, legal)
            state.apply(role, action)
        result = state.result() or {}
        won = result.get(mine, 0.0) == 1.0
        wins += won
        by_side[mine][0] += won
        by_side[mine][1] += 1
    low, high = wilson(wins, games)
    sides = {}
    for side, (w, g) in by_side.items():
        side_low, side_high = wilson(w, g) if g else (0.0, 0.0)
        sides[side] = {"wins": w, "games": g, "interval_95": [side_low, side_high]}
    return {
        "scenario": scenario,
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "interval_95": [low, high],
        "by_side": sides,
        "decision_median_ms": 1000 * statistics.median(decisions),
        "player_turn_median_ms": 1000 * statistics.median(turns) if turns else None,
    }


def bench_balance(scenario: str, games: int, seed: int) -> dict[str, Any]:
    """Heuristic against heuristic: which side the scenario (and our set-up choices)
    favours when every side plays the same plan."""
    wins = dict.fromkeys(RULESET.roles(scenario), 0)
    for game_seed in game_seeds(seed, games):
        state = RULESET.new_game(scenario, seed=game_seed)
        state.keep_undo = False
        agents = {r: HgwHeuristic(game_seed) for r in state.roles}
        while not state.is_over():
            role = state.active_roles()[0]
            state.apply(role, agents[role].act(state.view(role), state.legal_actions(role)))
        result = state.result() or {}
        wins[max(result, key=lambda r: result[r])] += 1
    return {"games": games, "wins": wins}


def merge(paths: list[Path]) -> dict[str, Any]:
    """Add up the heuristic-vs-random counts of several runs (chunks run one after the
    other on a shared machine), by scenario and side, with their 95 % Wilson intervals."""
    totals: dict[str, dict[str, list[int]]] = {}
    for path in paths:
        run = json.loads(path.read_text()).get("heuristic_vs_random")
        if not run:
            continue
        for side, count in run["by_side"].items():
            tally = totals.setdefault(run["scenario"], {}).setdefault(side, [0, 0])
            tally[0] += count["wins"]
            tally[1] += count["games"]
    merged: dict[str, Any] = {}
    for scenario, sides in totals.items():
        for side, (wins, games) in sides.items():
            if games:
                low, high = wilson(wins, games)
                entry = {"wins": wins, "games": games, "interval_95": [low, high]}
                merged.setdefault(scenario, {})[side] = entry
    return merged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenario", default="barbarossa", choices=[s.id for s in RULESET.scenarios])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--ai-games", type=int, default=200)
    parser.add_argument("--balance-games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--side", default=None, help="the heuristic plays only this side")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--merge", type=Path, nargs="+", default=None, help="add up the runs in these files")
    args = parser.parse_args()
    if args.merge:
        print(json.dumps(merge(args.merge), indent=2))
        return
    name = "hgw.json" if args.scenario == "barbarossa" else f"hgw-{args.scenario}.json"
    out = args.out or Path(__file__).resolve().parent / "results" / name  # .gitignore
    # a count of zero skips that part (the win rates of one side alone, for instance)
    results: dict[str, Any] = {}
    if args.games > 0:
        results[f"random_{args.scenario}"] = bench_random_games(args.scenario, args.games, args.seed)
    if args.ai_games > 0:
        results["heuristic_vs_random"] = bench_ai(args.scenario, args.ai_games, args.seed + 1, args.side)
    if args.balance_games > 0:
        results["heuristic_vs_heuristic"] = bench_balance(args.scenario, args.balance_games, args.seed + 2)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
