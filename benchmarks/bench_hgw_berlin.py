"""Hitler's Global War: does Berlin survive the first invasions? The heuristic plays
every side (or the Axis alone, `--others random`); for each game the script prints
Berlin's defence as the Axis sees it at the start of each Allied player turn of the
first turns, with the invasion threat the Axis counts, who holds Berlin at the end and
the result.

    PYTHONPATH=src nice -n 10 python benchmarks/bench_hgw_berlin.py
        [--scenario fall_of_germany] [--games 12] [--seed 0] [--turns 4] [--others heuristic]

Game i is played with seed `--seed` + i. Run it with another tree's src on PYTHONPATH
to compare agents (the threat column needs an agent that counts it).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from grognard.agents import RandomAgent
from grognard.games.hgw import RULESET
from grognard.games.hgw.ai import Board, HgwHeuristic


def play(scenario: str, seed: int, turns: int, others: str) -> dict[str, Any]:
    state = RULESET.new_game(scenario, seed=seed)
    state.keep_undo = False
    agents: dict[str, Any] = {
        r: HgwHeuristic(seed) if r == "axis" or others == "heuristic" else RandomAgent(seed)
        for r in state.roles
    }
    berlin = Board(state.view("axis")).berlin
    seen: list[dict[str, Any]] = []
    last = None
    while not state.is_over():
        data = state.data
        key = (data["turn"], data["player"])
        if key != last:
            last = key
            if data["player"] == "allied" and data["turn"] < turns:
                board = Board(state.view("axis"))
                threat = board.invasion_threat(berlin) if hasattr(board, "invasion_threat") else None
                seen.append({"turn": data["turn"], "defence": board.defence(berlin), "threat": threat})
        role = state.active_roles()[0]
        agent, legal = agents[role], state.legal_actions(role)
        state.apply(role, agent.act(state.view(role), legal) if agent.wants_view else agent.act({}, legal))
    return {
        "seed": seed,
        "result": state.result(),
        "last_turn": state.data["turn"],
        "berlin_at_end": state.data["owner"].get(berlin),
        "allied_turns": seen,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenario", default="fall_of_germany", choices=["fall_of_germany", "campaign_1"])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--others", default="heuristic", choices=["heuristic", "random"])
    args = parser.parse_args()
    games = [play(args.scenario, args.seed + i, args.turns, args.others) for i in range(args.games)]
    for game in games:
        print(json.dumps(game))
    lost = [g for g in games if g["berlin_at_end"] != "axis"]
    first = [g for g in lost if g["last_turn"] == 0]
    print(json.dumps({"games": len(games), "berlin_lost": len(lost), "in_the_first_turn": len(first)}))


if __name__ == "__main__":
    main()
