"""Victory speed and strength: random Quick Start games to a 10-turn limit, heuristic
decision time, battle odds time, and the heuristic's win rate against random.

    PYTHONPATH=src python benchmarks/bench_victory.py [--games 50] [--ai-games 200]
        [--multi-games 10] [--seed 0] [--out benchmarks/victory_results.json]

`--multi-games` random games each of the three-player Two Front War and the
four-player Quick Start on four maps (2.0 [3], 10.4), also to ten turns.

CPU time of this process (time.process_time), one core. Figures depend on the machine;
tests never assert on time, this script only reports. The issue's goals: a random game
<= 250 ms median, a heuristic decision <= 20 ms median, a 6-against-6 battle's odds
to +-0.5 % in <= 200 ms, the heuristic winning >= 90 % of 200 games against random.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from grognard.agents import RandomAgent
from grognard.games.victory import RULESET
from grognard.games.victory.ai import VictoryHeuristic
from grognard.games.victory.battle_sim import Unit, battle_odds, wilson
from grognard.sim import game_seeds


def bench_random_games(
    games: int, seed: int, scenario: str = "quick-start", players: int = 0
) -> dict[str, Any]:
    times, actions = [], 0
    for game_seed in game_seeds(seed, games):
        state = RULESET.new_game(scenario, {"turn_limit": 10, "players": players}, game_seed)
        state.keep_undo = False
        agent = RandomAgent(game_seed)
        start = time.process_time()
        while not state.is_over():
            role = next(r for r in state.active_roles() if state.legal_actions(r))
            state.apply(role, agent.act({}, state.legal_actions(role)))
        times.append(time.process_time() - start)
        actions += len(state.history)
    return {"games": games, "median_ms": 1000 * statistics.median(times), "actions_per_game": actions / games}


def bench_ai(games: int, seed: int) -> dict[str, Any]:
    wins, decisions = 0, []
    for n, game_seed in enumerate(game_seeds(seed, games)):
        state = RULESET.new_game("quick-start", {"turn_limit": 10}, game_seed)
        state.keep_undo = False
        mine = state.roles[n % 2]
        agents: dict[str, Any] = {
            r: VictoryHeuristic(game_seed) if r == mine else RandomAgent(game_seed) for r in state.roles
        }
        while not state.is_over():
            role = next(r for r in state.active_roles() if state.legal_actions(r))
            agent, legal = agents[role], state.legal_actions(role)
            if agent.wants_view:
                view = state.view(role)
                start = time.process_time()
                action = agent.act(view, legal)
                decisions.append(time.process_time() - start)
            else:
                action = agent.act({}, legal)
            state.apply(role, action)
        result = state.result() or {}
        wins += result.get(mine, 0.0) == 1.0
    low, high = wilson(wins, games)
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "interval_95": [low, high],
        "decision_median_ms": 1000 * statistics.median(decisions),
    }


def bench_odds(samples: int, precision: float = 0.0) -> dict[str, Any]:
    """The 6-against-6 battle in a city: `samples` copies, or (with a `precision`)
    as many as make every outcome's 95 % interval that narrow, `samples` at most."""
    attack = [Unit("IN", 4), Unit("IN", 4), Unit("AR", 4), Unit("AR", 4), Unit("FA", 4), Unit("ART", 4)]
    defend = [Unit("IN", 4), Unit("IN", 4), Unit("IN", 4), Unit("MK", 4), Unit("FA", 4), Unit("ART", 4)]
    start = time.process_time()
    odds = battle_odds(attack, defend, city=True, samples=samples, seed=1, precision=precision)
    took = time.process_time() - start
    widths = {k: max(high - low, 0) / 2 for k, (low, high) in odds.intervals.items()}
    return {"samples": odds.samples, "ms": 1000 * took, "win": odds.win, "half_widths": widths}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--ai-games", type=int, default=200)
    parser.add_argument("--multi-games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    untracked = Path(__file__).resolve().parent / "results" / "victory.json"  # .gitignore
    parser.add_argument("--out", type=Path, default=untracked)
    args = parser.parse_args()
    if args.games < 1 or args.ai_games < 1 or args.multi_games < 1:
        parser.error("--games, --ai-games and --multi-games need at least one game each")
    results = {
        "random_quick_start_10_turns": bench_random_games(args.games, args.seed),
        "random_two_front_3_players_10_turns": bench_random_games(
            args.multi_games, args.seed, "two-front", 3
        ),
        "random_quick_start_4_players_10_turns": bench_random_games(
            args.multi_games, args.seed, "quick-start", 4
        ),
        "odds_6_vs_6": bench_odds(40_000),
        "odds_6_vs_6_to_half_a_percent": bench_odds(60_000, precision=0.005),
        "heuristic_vs_random": bench_ai(args.ai_games, args.seed + 1),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
