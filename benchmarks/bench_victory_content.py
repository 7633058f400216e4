"""Victory content speed: building maps, supply checks, the board join validator.

    PYTHONPATH=src python benchmarks/bench_victory_content.py [--repeat 200]

Timed with time.process_time (CPU time of this process). Figures depend on the machine;
compare runs on the same machine only. Tests never assert on time; this script reports.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

from grognard.games.victory import board_check, boards, supply

KEYS = ("2map:A0,B3", "3map:B0,A0,D3", "4map:A0,B3,C0,D3")


def _median_ms(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return 1000 * statistics.median(times)


def _nobody(hex_id: str) -> bool:
    return False


def _all_sides(gmap: boards.GameMap) -> None:
    for h in gmap.hexes:
        for n in gmap.adjacent(h):
            gmap.side_features(h, n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    boards.boards()  # load and check the board files once, outside the clock
    rows: list[tuple[str, str]] = []
    for key in KEYS:
        layout, placed = boards.parse_key(key)
        build = partial(boards.assemble, layout, placed)
        rows.append((f"assemble {key} (ms)", f"{_median_ms(build, 20):.1f}"))
        gmap = boards.game_map(key)
        control = {
            h: ("blue" if i.board == placed[0][0] else "red") if (i.city or i.town) else None
            for h, i in gmap.hexes.items()
        }
        sources = [h for h in gmap.cities() if control[h] == "blue"]
        check = partial(supply.supply_network, gmap, "blue", control, _nobody, sources)
        rows.append((f"supply network on {key} (ms)", f"{_median_ms(check, args.repeat):.2f}"))
        rows.append(
            (
                f"every side_features lookup on {key} (ms)",
                f"{_median_ms(partial(_all_sides, gmap), args.repeat):.2f}",
            )
        )
    start = time.process_time()
    counts = board_check.validate_all_layouts()
    rows.append((f"validate all {sum(counts.values())} layouts (s)", f"{time.process_time() - start:.1f}"))
    width = max(len(name) for name, _ in rows)
    print("victory content benchmarks")
    for name, value in rows:
        print(f"  {name:<{width}}  {value:>8}")


if __name__ == "__main__":
    main()
