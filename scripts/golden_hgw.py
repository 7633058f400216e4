"""Golden data of Hitler's Global War (issue 21), two kinds:

    python scripts/golden_hgw.py --write      # regenerate tests/games/hgw/golden_hgw.json
    python scripts/golden_hgw.py --games 5    # print final digests of whole games

`--write`: legal-action counts at fixed positions and short playthroughs of every
scenario (grognard/golden.py), random and heuristic, which
tests/games/hgw/test_hgw_golden.py replays; run it again, and commit the file with
the change, only when play changes on purpose.

`--games N`: whole games of every scenario (and its two-player option), random and
heuristic seats, seeds 1..N: one JSON line each with the number of actions, the
result and the replay digest of the final state. Run it before and after a refactor
and diff the outputs: they must be the same.
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from pathlib import Path
from typing import Any

from grognard.agents.base import Agent
from grognard.core.game import State
from grognard.core.replay import digest
from grognard.games.hgw import RULESET
from grognard.games.hgw.ai import make_heuristic
from grognard.golden import golden_record
from grognard.sim.play import GameConfig, play

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "games" / "hgw" / "golden_hgw.json"
SCENARIOS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("barbarossa", {}),
    ("fall_of_germany", {}),
    ("fall_of_germany", {"two_player": True}),
    ("fall_of_germany", {"own_setup": True}),
    ("campaign_1", {}),
    ("campaign_1", {"two_player": True}),
    ("campaign_2", {}),
)
# (agent, seed, positions after these many actions, a playthrough digest every so many)
PLAYS: tuple[tuple[str, int, tuple[int, ...], int], ...] = (
    ("random", 11, (0, 40, 150, 400), 50),
    ("heuristic", 12, (0, 60, 120), 20),
)


def _heuristic(seed: int, role: str) -> Agent:
    return make_heuristic(seed)


def fixtures() -> dict[str, Any]:
    entries = []
    for scenario, options in SCENARIOS:
        for agent, seed, at, every in PLAYS:
            record = golden_record(
                RULESET,
                scenario,
                options,
                seed,
                at=at,
                every=every,
                agent=partial(_heuristic, seed) if agent == "heuristic" else None,
            )
            entries.append(
                {
                    "scenario": scenario,
                    "options": options,
                    "agent": agent,
                    "seed": seed,
                    "at": list(at),
                    "every": every,
                    "record": record,
                }
            )
    return {"ruleset": "hgw", "version": RULESET.version, "entries": entries}


def dump(golden: dict[str, Any]) -> str:
    """The golden file: one line per entry, so that a diff shows which play changed."""
    entries = ",\n  ".join(json.dumps(e, sort_keys=True) for e in golden["entries"])
    head = json.dumps({k: v for k, v in golden.items() if k != "entries"}, sort_keys=True)[:-1]
    return f'{head}, "entries": [\n  {entries}\n]}}\n'


def whole_games(seeds: int) -> None:
    for scenario, options in SCENARIOS:
        if options.get("own_setup"):
            continue
        for agent in ("random", "heuristic"):
            for seed in range(1, seeds + 1):
                final: dict[str, State] = {}
                seats = (agent,) * len(RULESET.roles(scenario, options))
                config = GameConfig("hgw", seats=seats, scenario=scenario, options=options)
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
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {GOLDEN.name}")
    parser.add_argument("--games", type=int, default=0, help="whole games per configuration")
    args = parser.parse_args(argv)
    if args.write:
        GOLDEN.write_text(dump(fixtures()))
        print(f"wrote {GOLDEN}")
    if args.games:
        whole_games(args.games)
    if not args.write and not args.games:
        parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
