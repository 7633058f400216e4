"""Viktory II balance across its 2-6 player set-ups (run once; figures in docs/simlab.md).

    # the games (heuristic in every seat, seats rotated), one results file per set-up
    for p in 2 3 4 5 6; do
      grognard simulate viktory2 --games 30 --seats $(python -c "print(','.join(['heuristic']*$p))") \\
          -o players=$p --rotate --seed 11 --out benchmarks/balance/viktory2-${p}p.jsonl
    done
    PYTHONPATH=src python benchmarks/balance_report.py

Writes benchmarks/balance/viktory2.html (the full report), the headline figures to
benchmarks/balance/viktory2-headlines.json, and docs/simlab-viktory2-seats.png: the
win rate of each turn position (1 = the player drawn to play first), per player
count, with 95 % intervals against the fair share.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from grognard.sim.report import load, rates, write_report

HERE = Path(__file__).resolve().parent
BALANCE = HERE / "balance"


def main() -> None:
    parser = argparse.ArgumentParser(description="Viktory II balance report and the docs' seat plot.")
    parser.add_argument(
        "--publish", action="store_true",
        help="write the headlines and plot where the docs read them (default: benchmarks/results/)",
    )
    args = parser.parse_args()
    out = BALANCE if args.publish else HERE / "results"
    plot = HERE.parent / "docs" / "simlab-viktory2-seats.png" if args.publish else out / "viktory2-seats.png"
    out.mkdir(parents=True, exist_ok=True)
    files = sorted(BALANCE.glob("viktory2-[0-9]p.jsonl"))
    headlines = write_report(files, out / "viktory2.html")
    (out / "viktory2-headlines.json").write_text(json.dumps(headlines, indent=1) + "\n")
    groups, _ = load(files)
    figure, axes = plt.subplots(figsize=(7.5, 3.6))
    for label, games in sorted(groups.items(), key=lambda item: len(item[1][0]["roles"])):
        players = len(games[0]["roles"])
        roles = rates(games, "position")  # 1 = the player drawn to take the first turn (4.0)
        xs = [i + 1 + (players - 4) * 0.06 for i in range(len(roles))]
        ys = [r["rate"] for r in roles]
        errors = [[r["rate"] - r["ci95"][0] for r in roles], [r["ci95"][1] - r["rate"] for r in roles]]
        line = axes.errorbar(xs, ys, yerr=errors, fmt="o-", capsize=3, label=f"{players} players")
        axes.hlines(1 / players, 0.7, players + 0.3, colors=line[0].get_color(), linestyles=":")
        del label
    axes.set_xlabel("turn position (1 = drawn to play first)")
    axes.set_ylabel("win rate (95 % interval)")
    axes.set_title("Viktory II, heuristic in every seat: win rate by turn position (dotted: fair share)")
    axes.legend(fontsize="small")
    figure.savefig(plot, dpi=96, bbox_inches="tight")
    print(json.dumps(headlines, indent=1))


if __name__ == "__main__":
    main()
