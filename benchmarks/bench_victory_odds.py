"""The cost of a Victory battle forecast through the odds contract
(games/victory/odds.py `odds`): known blocks, and enemy blocks hidden by the Fog of
War, which are drawn from the Quick Start prior (DRAWS draws, SAMPLES battles in all,
fought in one numpy pass since the victoryeval branch).

    .venv/bin/python benchmarks/bench_victory_odds.py [--rounds 3]

Reports the median CPU time (time.process_time) over rounds and the interval of the
win chance; tests never assert on time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from grognard.games.victory import odds as victory_odds

BATTLES: list[tuple[str, dict[str, Any]]] = [
    ("2 IN v 1 IN, all known", {"attacker": {"IN": 2}, "defender": {"IN": 1}}),
    ("2 IN v 1 hidden", {"attacker": {"IN": 2}, "defender": {"hidden": 1}}),
    ("2 IN 2 AR v 4 hidden", {"attacker": {"IN": 2, "AR": 2}, "defender": {"hidden": 4}}),
    ("3 IN 3 AR v 2 IN 4 hidden", {"attacker": {"IN": 3, "AR": 3}, "defender": {"IN": 2, "hidden": 4}}),
    ("3 IN 3 AR v 6 hidden", {"attacker": {"IN": 3, "AR": 3}, "defender": {"hidden": 6}}),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"{'battle':<30} {'win':>6} {'±':>6} {'ms':>8}")
    for name, description in BATTLES:
        times = []
        for _ in range(args.rounds):
            start = time.process_time()
            forecast = victory_odds.odds(description)
            times.append(time.process_time() - start)
        ms = statistics.median(times) * 1000
        print(f"{name:<30} {forecast.attacker_wins:6.3f} {forecast.interval:6.3f} {ms:8.1f}")


if __name__ == "__main__":
    main()
