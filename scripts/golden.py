"""Golden data of every ruleset (issue 21; python-chess's perft, OpenSpiel's playthroughs):

    python scripts/golden.py --write                 # regenerate tests/golden/<ruleset>.json, all games
    python scripts/golden.py --write --ruleset hgw   # one game's
    python scripts/golden.py --games 5 --ruleset hgw # print final digests of whole games

`--write`: legal-action counts at fixed positions and short playthroughs of every
scenario (and the option sets below), random and heuristic (grognard/golden.py), which
tests/test_golden.py replays; run it again, and commit the file with the change, only
when play changes on purpose (and say so in the commit).

`--games N`: whole games of the same configurations, random and heuristic seats, seeds
1..N: one JSON line each with the number of actions, the result and the replay digest of
the final state (`--lists`: and a digest of every legal list at every position on the
way, which a speed change must leave alone too). Run it before and after a refactor and
diff the outputs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from functools import partial
from pathlib import Path
from typing import Any

from grognard.agents import make_agent
from grognard.agents.base import Agent
from grognard.core.game import State
from grognard.core.replay import digest
from grognard.golden import golden_record
from grognard.sim.play import GameConfig, get_ruleset, play

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"

# every scenario with its printed options, and the option sets worth their own record
CONFIGS: dict[str, tuple[tuple[str, dict[str, Any]], ...]] = {
    "hgw": (
        ("barbarossa", {}),
        ("fall_of_germany", {}),
        ("fall_of_germany", {"two_player": True}),
        ("fall_of_germany", {"own_setup": True}),
        ("campaign_1", {}),
        ("campaign_1", {"two_player": True}),
        ("campaign_2", {}),
        ("campaign_3", {}),
        ("pacific_war", {}),
        ("campaign_4", {}),
    ),
    "victory": (
        ("quick-start", {}),
        ("quick-start", {"logistics": True, "factories": True, "storms": True, "stretch_units": True}),
        ("custom-forces", {}),
        ("sleeping-giant", {}),
        ("two-front", {}),
        ("commanders", {}),
        ("neutral-ground", {"bought_forces": True}),
    ),
    "viktory2": (
        ("standard", {}),
        ("standard", {"players": 4, "no_exploration": True, "luck_averaging": True}),
    ),
    "virtuti": (
        ("full_campaign", {}),
        ("barbarossa", {}),
    ),
}
# (agent, seed, positions after these many actions, a playthrough digest every so many)
PLAYS: tuple[tuple[str, int, tuple[int, ...], int], ...] = (
    ("random", 11, (0, 40, 150, 400), 50),
    ("heuristic", 12, (0, 60, 120), 20),
)


def golden_path(ruleset_id: str) -> Path:
    return GOLDEN_DIR / f"{ruleset_id}.json"


def heuristic(ruleset_id: str, seed: int, role: str) -> Agent:
    """The heuristic agent a golden record plays for each role (one per role, same seed)."""
    return make_agent("heuristic", ruleset_id, seed)


def fixtures(ruleset_id: str) -> dict[str, Any]:
    ruleset = get_ruleset(ruleset_id)
    entries = []
    for scenario, options in CONFIGS[ruleset_id]:
        for agent, seed, at, every in PLAYS:
            record = golden_record(
                ruleset,
                scenario,
                options,
                seed,
                at=at,
                every=every,
                agent=partial(heuristic, ruleset_id, seed) if agent == "heuristic" else None,
            )
            entry = {"scenario": scenario, "options": options, "agent": agent, "seed": seed}
            entries.append({**entry, "at": list(at), "every": every, "record": record})
    return {"ruleset": ruleset_id, "version": ruleset.version, "entries": entries}


def dump(golden: dict[str, Any]) -> str:
    """The golden file: one line per entry, so that a diff shows which play changed."""
    entries = ",\n  ".join(json.dumps(e, sort_keys=True) for e in golden["entries"])
    head = json.dumps({k: v for k, v in golden.items() if k != "entries"}, sort_keys=True)[:-1]
    return f'{head}, "entries": [\n  {entries}\n]}}\n'


class _Watch:
    """The state after each action, and (`lists`) a digest of every active role's legal
    list at every position the game passed through."""

    def __init__(self, lists: bool) -> None:
        self.lists = hashlib.sha256() if lists else None
        self.state: State | None = None

    def __call__(self, state: State) -> None:
        self.state = state
        if self.lists is not None:
            for role in state.active_roles():
                self.lists.update(repr((role, state.legal_actions(role))).encode())


def whole_games(ruleset_id: str, seeds: int, lists: bool = False) -> None:
    ruleset = get_ruleset(ruleset_id)
    for scenario, options in CONFIGS[ruleset_id]:
        for agent in ("random", "heuristic"):
            for seed in range(1, seeds + 1):
                watch = _Watch(lists)
                seats = (agent,) * len(ruleset.roles(scenario, options))
                config = GameConfig(ruleset_id, seats=seats, scenario=scenario, options=options)
                out = play(config, seed, on_action=watch)
                assert watch.state is not None  # play calls it after the set-up
                line = {
                    "scenario": scenario,
                    "options": options,
                    "seats": agent,
                    "seed": seed,
                    "actions": out["actions"],
                    "result": out["result"],
                    "digest": digest(watch.state),
                }
                if watch.lists is not None:
                    line["lists"] = watch.lists.hexdigest()[:16]
                print(json.dumps(line, sort_keys=True), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write tests/golden/<ruleset>.json")
    parser.add_argument("--games", type=int, default=0, help="whole games per configuration")
    parser.add_argument("--ruleset", action="append", choices=sorted(CONFIGS), help="only these (repeatable)")
    parser.add_argument(
        "--lists", action="store_true", help="with --games: also a digest of every legal list along each game"
    )
    args = parser.parse_args(argv)
    chosen = args.ruleset or sorted(CONFIGS)
    if not args.write and not args.games:
        parser.print_help()
        return 2
    for ruleset_id in chosen:
        if args.write:
            GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
            golden_path(ruleset_id).write_text(dump(fixtures(ruleset_id)))
            print(f"wrote {golden_path(ruleset_id)}", flush=True)
        if args.games:
            whole_games(ruleset_id, args.games, args.lists)
    return 0


if __name__ == "__main__":
    sys.exit(main())
