"""What `grognard` costs before it does anything: the CPU time (user + sys, of the whole
process) of `grognard --help`, of a command's help and of one-line usage errors, each
run as a fresh interpreter, with the CPU time of a bare `python -c pass` for scale.

    PYTHONPATH=src python benchmarks/bench_startup.py [--runs 7] [--src OTHER/src]

`--src` measures another checkout (say, the main branch before a change) the same way.
The goal (issue 24) is under 0.15 s of CPU for `--help` and a usage error. CPU time
rises with the machine's load (caches and frequency are shared), so compare figures
taken back to back, and say the load (printed first). Tests never assert on time.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

COMMANDS: dict[str, list[str]] = {
    "python -c pass": ["-c", "pass"],
    "grognard --help": ["-m", "grognard.cli", "--help"],
    "grognard play --help": ["-m", "grognard.cli", "play", "--help"],
    "grognard nonsense (usage error)": ["-m", "grognard.cli", "nonsense"],
    "grognard play chess (unknown ruleset)": ["-m", "grognard.cli", "play", "chess"],
}


def cpu_seconds(args: list[str], src: Path) -> float:
    """The user + sys CPU time of one run of the interpreter with `args`."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="counted runs of a command (one more warms up)")
    parser.add_argument("--src", type=Path, default=SRC, help="the source folder to measure")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    print(f"load average {os.getloadavg()[0]:.1f}; {args.src}; median of {args.runs} runs, CPU = user + sys")
    for label, command in COMMANDS.items():
        cpu_seconds(command, args.src)  # warm the file cache
        times = [cpu_seconds(command, args.src) for _ in range(args.runs)]
        low, high = min(times), max(times)
        print(f"{label:40} {statistics.median(times):.3f} s  (min {low:.3f}, max {high:.3f})")


if __name__ == "__main__":
    main()
