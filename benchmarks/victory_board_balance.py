"""Victory board balance: which of the four boards wins more often as a home map.

    PYTHONPATH=src python benchmarks/victory_board_balance.py [--games 10] [--agent heuristic]

Plays 2-map Quick Start games on every ordered pair of different boards (blue's home map
first, red's turned half a turn second: "2map:X0,Y3"), the same agent in both seats, and
reports each board's wins as a home map with a 95 % Wilson interval, and each seat's. A
board far from 50 % is a candidate for redesign; a seat far from 50 % points at the rules
or the agent rather than the boards. Random agents mostly draw at the turn limit, so the
heuristic agent is the default. Slow: run it once, by hand, never in the tests.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections import Counter
from dataclasses import replace
from typing import Any

from grognard.agents import make_agent
from grognard.games.victory import Victory, boards
from grognard.games.victory.scenarios import ScenarioSpec
from grognard.sim import game_seeds, wilson
from grognard.sim.play import winners_of


class BoardTrial(Victory):
    """Victory with the 2-map Quick Start played on a chosen pair of boards."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key

    def spec(self, scenario: str | None, options: Any) -> ScenarioSpec:
        base = super().spec(scenario, options)
        _, placed = boards.parse_key(self.key)
        players = tuple(replace(p, home_boards=(placed[i][0],)) for i, p in enumerate(base.players))
        return replace(base, map_key=self.key, players=players)


def play_one(trial: BoardTrial, agent: str, seed: int, turn_limit: int) -> list[str]:
    """One game to its end; the winning roles (both on a draw)."""
    state = trial.new_game("quick-start", {"turn_limit": turn_limit}, seed)
    state.keep_undo = False
    agents = {role: make_agent(agent, "victory", seed + i) for i, role in enumerate(state.roles)}
    while not state.is_over():
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        view = state.view(role) if agent != "random" else {}
        state.apply(role, agents[role].act(view, legal))
    return winners_of(state.result())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per ordered pair of boards")
    parser.add_argument("--agent", default="heuristic", choices=("heuristic", "random"))
    parser.add_argument("--turn-limit", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="play only the pairs that include this board")
    args = parser.parse_args()
    ids = boards.board_ids()
    board_games: Counter[str] = Counter()
    board_wins: Counter[str] = Counter()
    seat_wins: Counter[str] = Counter()
    draws = 0
    start = time.process_time()
    pairs = [p for p in itertools.permutations(ids, 2) if not args.only or args.only in p]
    for n, (home_a, home_b) in enumerate(pairs):
        trial = BoardTrial(f"2map:{home_a}0,{home_b}3")
        for seed in game_seeds(args.seed + n, args.games):
            winners = play_one(trial, args.agent, seed, args.turn_limit)
            board_games.update((home_a, home_b))
            if len(winners) != 1:
                draws += 1
                continue
            seat_wins[winners[0]] += 1
            board_wins[home_a if winners[0] == "blue" else home_b] += 1
    total = len(pairs) * args.games
    print(
        f"victory board balance: {total} games, agent {args.agent}, {time.process_time() - start:.0f} s CPU"
    )
    print(f"  draws: {draws}")
    for board in ids:
        if not board_games[board]:
            continue
        low, high = wilson(board_wins[board], board_games[board])
        share = board_wins[board] / board_games[board]
        won = f"won {board_wins[board]} of {board_games[board]}"
        print(f"  board {board}: {won} ({share:.0%}, 95% {low:.0%}-{high:.0%})")
    for seat in ("blue", "red"):
        low, high = wilson(seat_wins[seat], total)
        print(f"  seat {seat}: won {seat_wins[seat]} of {total} (95% {low:.0%}-{high:.0%})")


if __name__ == "__main__":
    main()
