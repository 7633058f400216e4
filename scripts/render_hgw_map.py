#!/usr/bin/env python3
"""Draw the Hitler's Global War map to PNG pictures for docs/hgw-map.md.

    .venv/bin/python scripts/render_hgw_map.py            # docs/img/hgw-map-world.png, -europe.png

Reads only the committed map.json (through grognard.games.hgw.map), so the picture shows
exactly what the game plays on.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.collections import LineCollection, PolyCollection

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from grognard.games.hgw.map import HgwMap, load_map, row_col  # noqa: E402

SQRT3 = math.sqrt(3.0)
OUT_DIR = ROOT / "docs" / "img"

# The legend's colours, as near as a screen shows them.
GROUP_COLOURS = {
    "britain": "#a0642d",
    "netherlands": "#b89a6a",
    "france": "#4f7fd0",
    "belgium": "#9cc3ec",
    "italy": "#a6d98c",
    "soviet": "#d8413a",
    "china": "#9b4a33",
    "spain": "#e88b2e",
    "portugal": "#7f2a3c",
    "germany": "#b9b9b9",
    "japan": "#f0dc4a",
    "greece": "#bcc77e",
    "united_states": "#2f7d3b",
    "inclined_usa": "#6b7a3a",
    "inclined_axis": "#9467bd",
    "unaligned": "#e3cf9f",
    "inclined_neutral": "#6d6d6d",
    "neutral": "#ffffff",
}
WATER = {"sea": "#bcd7ef", "partial": "#dbe9f6", "ice": "#9a9a9a"}
TERRAIN_MARK = {"mountain": "^", "swamp": "s", "desert": ".", "jungle": "*", "island": "o"}


def centre(h: str) -> tuple[float, float]:
    row, col = row_col(h)
    return col + 0.5 * (row & 1), row * SQRT3 / 2


def corners(h: str) -> list[tuple[float, float]]:
    x, y = centre(h)
    size = 1 / SQRT3
    return [
        (x + size * math.cos(math.radians(60 * k - 30)), y + size * math.sin(math.radians(60 * k - 30)))
        for k in range(6)
    ]


def draw(
    m: HgwMap, path: Path, max_col: int | None, min_col: int, max_row: int, numbers: bool, scale: float
) -> None:
    hexes = [
        h
        for h in m.hexes
        if min_col <= row_col(h)[1] <= (max_col if max_col is not None else 999) and row_col(h)[0] <= max_row
    ]
    width = (max(row_col(h)[1] for h in hexes) - min_col + 2) * scale
    height = (max_row + 2) * SQRT3 / 2 * scale
    fig, ax = plt.subplots(figsize=(width, height), dpi=100)
    polys, colours = [], []
    for h in hexes:
        info = m.hex(h)
        polys.append(corners(h))
        colours.append(
            GROUP_COLOURS.get(m.group_of(h), "#ff00ff") if info.kind == "land" else WATER[info.kind]
        )
    ax.add_collection(PolyCollection(polys, facecolors=colours, edgecolors="#00000022", linewidths=0.3))
    # borders between territories, coastlines, all-sea hexsides, roads and crossing arrows
    borders, coasts, seas = [], [], []
    for h in hexes:
        for n in m.neighbours(h):
            if n not in m.hexes or row_col(n) < row_col(h):
                continue
            edge = shared_edge(h, n)
            a, b = m.hex(h), m.hex(n)
            feats = m.hexside_features(h, n)
            if "coast" in feats:
                coasts.append(edge)
            elif "all_sea" in feats:
                seas.append(edge)
            elif a.kind == b.kind == "land" and a.country != b.country:
                borders.append(edge)
    ax.add_collection(LineCollection(borders, colors="#000000", linewidths=0.6 * scale / 0.35))
    ax.add_collection(LineCollection(coasts, colors="#1d4f91", linewidths=0.9 * scale / 0.35))
    ax.add_collection(
        LineCollection(seas, colors="#1d4f91", linewidths=1.4 * scale / 0.35, linestyles="dotted")
    )
    for key, colour in (("road", "#6b3d12"), ("crossing", "#c00000")):
        segs = [(centre(a), centre(b)) for a, b in getattr(m.data.hexsides, key) if a in hexes and b in hexes]
        ax.add_collection(LineCollection(segs, colors=colour, linewidths=1.5 * scale / 0.35))
    fs = 5.5 * scale / 0.35
    for h in hexes:
        info = m.hex(h)
        x, y = centre(h)
        if info.terrain in TERRAIN_MARK:
            ax.plot(
                x - 0.22, y - 0.12, TERRAIN_MARK[info.terrain], color="#3a2a1a", markersize=2.2 * scale / 0.35
            )
        if info.production:
            ax.text(
                x,
                y + 0.05,
                str(info.production),
                ha="center",
                va="center",
                fontsize=fs * 1.2,
                weight="bold",
                color="#555555" if info.grey else "#000000",
            )
        if "capital" in info.features:
            ax.plot(x + 0.22, y - 0.12, "*", color="#c00000", markersize=4 * scale / 0.35)
        if {"port", "naval_port", "naval_yard"} & set(info.features):
            mark = "D" if "naval_yard" in info.features else ("P" if "naval_port" in info.features else "o")
            ax.plot(
                x + 0.24,
                y + 0.16,
                mark,
                color="#1d4f91",
                markersize=1.8 * scale / 0.35,
                markerfacecolor="white",
            )
        if numbers:
            ax.text(x, y - 0.3, h, ha="center", va="center", fontsize=fs * 0.55, color="#333333")
    ax.set_xlim(min_col - 1, (max(row_col(h)[1] for h in hexes)) + 1.5)
    ax.set_ylim((max_row + 1) * SQRT3 / 2, -1)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.savefig(path, bbox_inches="tight", pad_inches=0.05)
    plt.close(fig)


def shared_edge(a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    ca, cb = corners(a), corners(b)
    common = [p for p in ca if any(abs(p[0] - q[0]) < 1e-6 and abs(p[1] - q[1]) < 1e-6 for q in cb)]
    return (common[0], common[1]) if len(common) >= 2 else (ca[0], ca[0])


def main() -> int:
    parser = argparse.ArgumentParser(description="Render the HGW map to PNG")
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    parser.add_argument(
        "--detail",
        type=int,
        nargs=3,
        metavar=("MIN_COL", "MAX_COL", "MAX_ROW"),
        help="also draw a numbered close-up",
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    m = load_map()
    draw(m, args.out / "hgw-map-world.png", None, 0, m.data.rows - 1, numbers=False, scale=0.16)
    draw(m, args.out / "hgw-map-europe.png", 58, 22, 30, numbers=True, scale=0.55)
    if args.detail:
        draw(
            m,
            args.out / "hgw-map-detail.png",
            args.detail[1],
            args.detail[0],
            args.detail[2],
            numbers=True,
            scale=0.9,
        )
    print(f"wrote {args.out / 'hgw-map-world.png'} and {args.out / 'hgw-map-europe.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
