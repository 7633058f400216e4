"""Hitler's Global War engine speed, old code against new: random games of one
scenario by seed, each game's CPU time, actions and a digest of the game.

    PYTHONPATH=src python benchmarks/bench_hgw_random.py [--scenario campaign_1]
        [--digest] SEED...

One line a game: seed, actions, the turn it ended on, the digest, CPU seconds
(time.process_time, this process only). Random agents seeded with the game's seed on
every side, as in bench_hgw.py. The script uses only the ruleset's public contract
(new_game, legal_actions, apply), so the same file runs on older code: put that code's
`src` first on PYTHONPATH and compare. With `--digest` the digest covers every legal
list and the final game data, so two versions whose digests agree played the same
games (it costs time: leave it off when timing); without it, the final data only. A
speed-up of the rules must leave every digest unchanged (issue 25: the Campaign Game I
figures in benchmarks/README.md). Tests never assert on time; this script only reports.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time

from grognard.agents import RandomAgent
from grognard.games.hgw import RULESET


def play(scenario: str, seed: int, every_list: bool) -> tuple[int, int, str]:
    """One random game: its actions, last turn and digest."""
    state = RULESET.new_game(scenario, seed=seed)
    state.keep_undo = False
    agents = {role: RandomAgent(seed) for role in state.roles}
    digest = hashlib.sha256()
    actions = 0
    while not state.is_over():
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        if every_list:
            digest.update(json.dumps(legal, sort_keys=True, default=str).encode())
        state.apply(role, agents[role].act({}, legal))
        actions += 1
    digest.update(json.dumps(state.data, sort_keys=True, default=str).encode())
    return actions, int(state.data["turn"]), digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seeds", type=int, nargs="+")
    parser.add_argument("--scenario", default="campaign_1")
    parser.add_argument("--digest", action="store_true", help="digest every legal list too")
    args = parser.parse_args()
    for seed in args.seeds:
        start = time.process_time()
        actions, turn, digest = play(args.scenario, seed, args.digest)
        print(seed, actions, turn, digest, f"{time.process_time() - start:.2f}", flush=True)


if __name__ == "__main__":
    main()
