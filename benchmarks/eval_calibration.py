"""How well the wargames' `evaluate(view)` foretells the end of heuristic games.

    PYTHONPATH=src nice -n 10 python benchmarks/eval_calibration.py [--games 20] [--out FILE]

Plays games with the ruleset's heuristic in every seat (Hitler's Global War's
Barbarossa, three-player Fall of Germany and The Pacific War, Virtuti's Full Campaign and
Barbarossa), asks the ruleset's `evaluate` at the first action of every game turn,
from the first role's view, and scores the forecasts against each game's result
(win shares: 1 to the winner, a draw shared) by thirds of the game: the Brier score
(the sum over roles of the squared error; 0 is perfect) against that of the
constant forecast of the outcomes' mean over the games (which knows the balance in
advance), and the mean share given to what happened. A search uses the evaluation
to rank positions, not to forecast self-play, so these figures say whether it
tracks the game, not whether it is right about a stronger player.
"""

from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path
from typing import Any

from grognard.agents.rollout import win_shares
from grognard.sim.play import self_play

SETUPS = (("hgw", "barbarossa", "turn_index"), ("hgw", "fall_of_germany", "turn_index"),
          ("hgw", "pacific_war", "turn_index"),
          ("virtuti", "full_campaign", "turn_no"), ("virtuti", "barbarossa", "turn_no"))  # fmt: skip
THIRDS = ("first third", "second third", "last third")


def one_game(ruleset: str, scenario: str, turn_key: str, seed: int) -> dict[str, Any]:
    """The forecasts at each game turn's first action, and the result."""
    evaluate = importlib.import_module(f"grognard.games.{ruleset}.ai").evaluate
    forecasts: list[dict[str, float]] = []
    last_turn = None
    for state in self_play(ruleset, scenario, seed):
        if state.is_over():
            break
        view = state.view(state.roles[0])
        if view["board"][turn_key] != last_turn:
            last_turn = view["board"][turn_key]
            forecasts.append(dict(evaluate(view)))
    result = state.result()
    assert result is not None
    return {"forecasts": forecasts, "outcome": win_shares(result, state.roles), "roles": state.roles}


def brier(forecast: dict[str, float], outcome: dict[str, float]) -> float:
    return sum((forecast.get(r, 0.0) - v) ** 2 for r, v in outcome.items())


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    roles = games[0]["roles"]
    mean_outcome = {r: sum(g["outcome"][r] for g in games) / len(games) for r in roles}
    rows = {}
    for k, name in enumerate(THIRDS):
        scores, base, given = [], [], []
        for g in games:
            n = len(g["forecasts"])
            part = g["forecasts"][k * n // 3 : max(k * n // 3 + 1, (k + 1) * n // 3)]
            for f in part:
                scores.append(brier(f, g["outcome"]))
                base.append(brier(mean_outcome, g["outcome"]))
                given.append(sum(f.get(r, 0.0) * v for r, v in g["outcome"].items()))
        rows[name] = {
            "forecasts": len(scores),
            "brier": sum(scores) / len(scores),
            "brier_of_the_mean_outcome": sum(base) / len(base),
            "share_given_to_what_happened": sum(given) / len(given),
        }
    opening = {r: sum(g["forecasts"][0].get(r, 0.0) for g in games) / len(games) for r in roles}
    return {"games": len(games), "mean_outcome": mean_outcome, "opening_forecast": opening, "by_third": rows}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20, help="games per set-up (Virtuti: a quarter of it)")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "eval_calibration.json")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    found = {}
    for ruleset, scenario, turn_key in SETUPS:
        count = args.games if ruleset == "hgw" else max(1, args.games // 4)
        games = [one_game(ruleset, scenario, turn_key, seed) for seed in range(1, count + 1)]
        found[f"{ruleset}:{scenario}"] = summary(games)
        print(ruleset, scenario, json.dumps(found[f"{ruleset}:{scenario}"], indent=1), flush=True)
    args.out.write_text(json.dumps(found, indent=1) + "\n")


if __name__ == "__main__":
    main()
