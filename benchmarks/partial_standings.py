"""Standings (win rates and Elo with 95 % intervals) from one or more tournament
results files, finished or not: the games a run streamed before it was stopped count,
and files of the same agents (another seed, a longer run) add up.

    PYTHONPATH=src python benchmarks/partial_standings.py runs/a.jsonl [runs/b.jsonl ...] \\
        [--json standings.json]

`grognard tournament --json` writes standings only when every game is done; on a
machine too busy to finish a run in the time at hand, this is how its figures are made.
The bootstrap's seed is the first file's master seed.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from grognard.sim.runner import read_results
from grognard.sim.tournament import standings


def combined(paths: list[Path]) -> dict[str, Any]:
    records: list[dict[str, Any]] = []
    agents: list[str] = []
    seed = None
    for path in paths:
        header, games = read_results(path)
        if header is None:
            raise SystemExit(f"{path}: no results file there")
        run = header["run"]
        seed = run["master_seed"] if seed is None else seed
        agents += [a for a in run["agents"] if a not in agents]
        records += [dict(g) for g in games]
    table = standings(records, agents, int(seed or 0))
    return {"files": [str(p) for p in paths], "games": len(records), **table}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("results", type=Path, nargs="+")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    found = combined(args.results)
    text = json.dumps(found, indent=1)
    if args.json is not None:
        args.json.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
