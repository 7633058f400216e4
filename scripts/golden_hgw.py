"""Final-state digests of whole Hitler's Global War games, to show that a refactor
leaves play unchanged (issue 21): every scenario (and the two-player option where a
scenario has one), random and heuristic seats, a few seeds.

    python scripts/golden_hgw.py > before.txt   # on the old code
    python scripts/golden_hgw.py > after.txt    # on the new code
    diff before.txt after.txt

Each line: scenario, options, seats, seed, actions, result, the replay digest of the final state.
`--seeds N` plays N seeds per configuration (default 2); `--only random|heuristic`.
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from typing import Any

from grognard.core.game import State
from grognard.core.replay import digest
from grognard.sim.play import GameConfig, play

SCENARIOS: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("barbarossa", {}, 2),
    ("fall_of_germany", {}, 3),
    ("fall_of_germany", {"two_player": True}, 3),
    ("campaign_1", {}, 3),
    ("campaign_1", {"two_player": True}, 3),
)


def run(seeds: int, only: str | None) -> None:
    for scenario, options, players in SCENARIOS:
        for agent in ("random", "heuristic"):
            if only and agent != only:
                continue
            for seed in range(1, seeds + 1):
                final: dict[str, State] = {}
                config = GameConfig("hgw", seats=(agent,) * players, scenario=scenario, options=options)
                out = play(config, seed, on_action=partial(final.__setitem__, "state"))
                line = {
                    "scenario": scenario,
                    "options": options,
                    "seats": agent,
                    "seed": seed,
                    "actions": out["actions"],
                    "result": out["result"],
                    "digest": digest(final["state"]),
                }
                print(json.dumps(line, sort_keys=True), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--only", choices=("random", "heuristic"))
    args = parser.parse_args(argv)
    run(args.seeds, args.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
