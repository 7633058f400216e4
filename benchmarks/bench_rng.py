"""The cost of a die: RNG version 2 (keyed BLAKE2b, the default) against version 1
(xoshiro128**, kept for old replays), interleaved so that both see the same load.

    PYTHONPATH=src python benchmarks/bench_rng.py [--draws 200000] [--rounds 5]

Reports the median over rounds of the CPU time (time.process_time) per die. Tests
never assert on time; this script only reports.
"""

from __future__ import annotations

import argparse
import statistics
import time

from grognard.core.rng import RNG_VERSIONS, Rng


def per_die_us(version: int, draws: int) -> float:
    rng = Rng(Rng.new_state(12345, version))
    start = time.process_time()
    for _ in range(draws):
        rng.die()
    return (time.process_time() - start) / draws * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=200_000, help="dice per round and version")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, interleaving the versions")
    args = parser.parse_args()
    if args.draws < 1 or args.rounds < 1:
        parser.error("--draws and --rounds must be at least 1")
    times: dict[int, list[float]] = {v: [] for v in RNG_VERSIONS}
    for _ in range(args.rounds):
        for version in RNG_VERSIONS:
            times[version].append(per_die_us(version, args.draws))
    for version in RNG_VERSIONS:
        median = statistics.median(times[version])
        print(f"RNG version {version}: {median:.2f} µs per die (median of {args.rounds})")


if __name__ == "__main__":
    main()
