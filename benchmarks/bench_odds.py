"""The cost of a battle forecast (games/viktory2/odds.py): Viktory II's battles from
small to the largest anybody fights, each asked cold (caches emptied) and warm.

    .venv/bin/python benchmarks/bench_odds.py [--rounds 5]

Goal (issue 9): at most 100 ms per forecast for the largest battles. Reports the
median CPU time (time.process_time) over rounds; tests never assert on time.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from odds_timing import cold_and_warm_ms

from grognard.games.viktory2 import odds as v2odds

TYPES = ("infantry", "cavalry", "artillery")


def side(counts: tuple[int, int, int]) -> dict[str, int]:
    return {t: n for t, n in zip(TYPES, counts, strict=True) if n}


BATTLES: list[tuple[str, dict[str, Any]]] = [
    ("1 v 1 on plains", {"attacker": side((1, 0, 0)), "defender": side((1, 0, 0))}),
    ("4 v 3, mountain city, support", {
        "attacker": side((2, 1, 1)), "defender": side((2, 0, 1)),
        "terrain": "mountain", "settlement": "city", "naval_support": True}),
    ("7 v 7, forest town (exact limit)", {
        "attacker": side((3, 2, 2)), "defender": side((3, 2, 2)),
        "terrain": "forest", "settlement": "town"}),
    ("10 v 10, mountain city (sampled)", {
        "attacker": side((4, 3, 3)), "defender": side((4, 3, 3)),
        "terrain": "mountain", "settlement": "city", "naval_support": True}),
    ("20 v 16, mountain city (sampled)", {
        "attacker": side((8, 6, 6)), "defender": side((8, 4, 4)),
        "terrain": "mountain", "settlement": "city", "naval_support": True}),
    ("32 v 22, forest city (sampled)", {
        "attacker": side((12, 10, 10)), "defender": side((10, 6, 6)),
        "terrain": "forest", "settlement": "city"}),
    ("8 v 8 frigates", {"naval": True, "attacker": {"frigate": 8}, "defender": {"frigate": 8}}),
]


CACHES = (v2odds.take_hits, v2odds.after_fire, v2odds.hit_table, v2odds._cumulative)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="times each battle is asked")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    print(f"{'battle':40} {'method':>8} {'cold ms':>8} {'warm ms':>8}")
    for name, description in BATTLES:
        result = v2odds.odds(description)
        cold, warm = cold_and_warm_ms(v2odds.odds, CACHES, description, args.rounds)
        method = "exact" if result.exact else f"n={result.samples}"
        print(f"{name:40} {method:>8} {cold:8.1f} {warm:8.1f}")


if __name__ == "__main__":
    main()
