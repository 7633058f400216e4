"""Victory board balance: which of the four boards wins more often as a home map.

    PYTHONPATH=src python benchmarks/victory_board_balance.py [--games 10] [--agent heuristic]

Plays 2-map Quick Start games on every ordered pair of different boards (blue's home map
first, red's turned half a turn second: "2map:X0,Y3"), the same agent in both seats, and
reports each board's wins as a home map with a 95 % Wilson interval, and each seat's. A
board far from 50 % is a candidate for redesign; a seat far from 50 % points at the rules
or the agent rather than the boards. Random agents mostly draw at the turn limit, so the
heuristic agent is the default. Slow: run it once, by hand, never in the tests.

The board tally is `grognard report`'s: each game's facts come from Victory's content hook
(games/victory/content_report.py) and the rates from grognard.sim.content.win_rate, so a
report of `grognard simulate victory -o map_choice=true` games reads the same way.
"""

from __future__ import annotations

import argparse
import itertools
import time
from dataclasses import replace
from typing import Any

from grognard.agents import make_agent
from grognard.games.victory import Victory, boards
from grognard.games.victory.content_report import FIGURES, content_facts
from grognard.games.victory.scenarios import ScenarioSpec
from grognard.sim import game_seeds, wilson
from grognard.sim.content import win_rate, won_alone
from grognard.sim.play import winners_of

BOARDS = next(f for f in FIGURES if f["fact"] == "home_board")


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


def play_one(trial: BoardTrial, agent: str, seed: int, turn_limit: int) -> dict[str, Any]:
    """One game to its end, as the record `grognard simulate` writes (the fields the
    content figures read)."""
    state = trial.new_game("quick-start", {"turn_limit": turn_limit}, seed)
    state.keep_undo = False
    initial = state.clone()
    agents = {role: make_agent(agent, "victory", seed + i) for i, role in enumerate(state.roles)}
    while not state.is_over():
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        view = state.view(role) if agent != "random" else {}
        state.apply(role, agents[role].act(view, legal))
    best = winners_of(state.result())
    return {
        "roles": list(state.roles),
        "winners": [state.roles.index(r) for r in best],
        "draw": len(best) > 1,
        "unfinished": state.result() is None,
        "content": content_facts(initial, state),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per ordered pair of boards")
    parser.add_argument("--agent", default="heuristic", choices=("heuristic", "random"))
    parser.add_argument("--turn-limit", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="play only the pairs that include this board")
    args = parser.parse_args()
    ids = boards.board_ids()
    start = time.process_time()
    pairs = [p for p in itertools.permutations(ids, 2) if not args.only or args.only in p]
    records = [
        play_one(BoardTrial(f"2map:{home_a}0,{home_b}3"), args.agent, seed, args.turn_limit)
        for n, (home_a, home_b) in enumerate(pairs)
        for seed in game_seeds(args.seed + n, args.games)
    ]
    total = len(records)
    print(
        f"victory board balance: {total} games, agent {args.agent}, {time.process_time() - start:.0f} s CPU"
    )
    print(f"  draws: {sum(r['draw'] or r['unfinished'] for r in records)}")
    for row in win_rate(records, BOARDS):
        low, high = row["ci95"]
        won = f"won {row['wins']} of {row['games']}"
        print(f"  board {row['name']}: {won} ({row['rate']:.0%}, 95% {low:.0%}-{high:.0%})")
    for seat in ("blue", "red"):
        won = sum(won_alone(r, seat) for r in records)
        low, high = wilson(won, total)
        print(f"  seat {seat}: won {won} of {total} (95% {low:.0%}-{high:.0%})")


if __name__ == "__main__":
    main()
