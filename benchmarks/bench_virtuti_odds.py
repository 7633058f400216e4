"""The cost of a Virtuti battle forecast (games/virtuti/odds.py): from a small battle
to the largest the rules allow, each asked cold (caches emptied) and warm.

    .venv/bin/python benchmarks/bench_virtuti_odds.py [--rounds 5]

The odds are exact: every card of both hands against every subset of both sides'
drawn air support tokens (the prior of unknown picks), the dice convolved exactly.
The largest battles: five level-3 units a side (an over-stacked move), a level-3
fortification, hands of eight distinct cards and four drawn tokens a side (a card
draws at most four: 8 x 16 = 128 picks a side, 16 384 pairs). Goal (issue 9, as for
Viktory II): at most 100 ms. Reports the median CPU time (time.process_time) over
rounds; tests never assert on time.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from odds_timing import cold_and_warm_ms

from grognard.games.virtuti import battle_description
from grognard.games.virtuti import odds as vodds

AXIS = ["axis_four_year_plan", "axis_total_war", "axis_luftwaffe", "axis_stuka",
        "axis_blitzkrieg", "axis_pioneers", "axis_hedgehog", "axis_afrika_korps"]  # fmt: skip
ALLIES = ["wa_lend_lease", "wa_empire_resources", "wa_charles_de_gaulle", "wa_radar",
          "wa_bomber_command", "wa_desert_rats", "wa_commandos"]  # fmt: skip
BIG_ATT = {"armored_corps_3": 2, "army_3": 2, "artillery_3": 1, "support": 9, "order": 2}
BIG_DEF = {"army_3": 3, "armored_corps_3": 1, "artillery_3": 1, "support": 6, "order": 2, "fortification": 3}

FOUR_TOKENS = {"attacker": {"1": 1, "2": 1, "3": 1, "4": 1}, "defender": {"2": 1, "3": 1, "4": 1, "5": 1}}

BATTLES: list[tuple[str, dict[str, Any]]] = [
    ("1 v 1, no cards", {"attacker": {"army_1": 1}, "defender": {"corps_1": 1}}),
    ("3 v 2 over a river, 4+4 cards, 2+2 tokens", {
        "attacker": {"army_2": 2, "armored_corps_1": 1, "order": 1},
        "defender": {"army_2": 1, "corps_1": 1, "support": 2},
        "terrain": "river", "area": "warsaw",
        "cards": {"attacker": AXIS[:4], "defender": ALLIES[:4]},
        "air_drawn": {"attacker": {"1": 1, "3": 1}, "defender": {"2": 2}}}),
    ("5 v 5 level 3, 8+7 cards, 4+4 tokens", {
        "attacker": BIG_ATT, "defender": BIG_DEF, "area": "paris",
        "cards": {"attacker": AXIS, "defender": ALLIES},
        "air_drawn": FOUR_TOKENS}),
    ("5 v 5 level 3, 8+7 cards, 4+4 tokens, 4 committed", {
        "attacker": {**BIG_ATT, "air_5": 2, "air_4": 2}, "defender": {**BIG_DEF, "air_5": 2, "air_3": 2},
        "area": "paris", "cards": {"attacker": AXIS, "defender": ALLIES},
        "air_drawn": FOUR_TOKENS}),
    ("5 v 5 fleets level 3 at sea, 8+7 cards", {
        "naval": True, "attacker": {"fleet_3": 5, "support": 6}, "defender": {"fleet_3": 5},
        "cards": {"attacker": AXIS, "defender": ALLIES}}),
]


CACHES = (vodds._pmf, vodds._loss_table, battle_description.card_table, vodds._air)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="times each battle is asked")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    print(f"{'battle':52} {'win':>6} {'cold ms':>8} {'warm ms':>8}")
    for name, description in BATTLES:
        result = vodds.odds(description)
        cold, warm = cold_and_warm_ms(vodds.odds, CACHES, description, args.rounds)
        print(f"{name:52} {result.attacker_wins:6.3f} {cold:8.1f} {warm:8.1f}")


if __name__ == "__main__":
    main()
