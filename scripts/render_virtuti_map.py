"""Draws Virtuti Militari's map (map.json) as a PNG for docs/virtuti-map.md.

Political colouring by 1939 owner, sea zones in shades of blue, river borders in blue
and mountain borders in brown, ports as anchors on their coast, VP areas starred,
supply sources ringed, fortifications as a bastion with their level, the three straits
and the route around Africa marked. Needs the `mapbuild` extra (matplotlib, shapely).

Run: .venv/bin/python scripts/render_virtuti_map.py [--out docs/img/virtuti-map.png]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import shapely
from matplotlib.patches import Polygon as PatchPolygon
from shapely.geometry import MultiPolygon, Polygon

from grognard.games.virtuti.map import VirtutiMap, load_map

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "docs" / "img" / "virtuti-map.png"

# Muted, distinct colours so labels stay readable; majors in their customary hues.
OWNER_COLOURS = {
    "germany": "#9a9a8c",
    "italy": "#b8b59a",
    "uk": "#d9b38c",
    "france": "#8fb0d9",
    "ussr": "#d98c8c",
    "poland": "#e6c9a3",
    "spain": "#e6dc9a",
    "portugal": "#b3d9a3",
    "sweden": "#a3c7e6",
    "norway": "#c7a3d9",
    "finland": "#f0f0f0",
    "denmark": "#e6a3b8",
    "netherlands": "#f2b880",
    "belgium": "#e8d26a",
    "switzerland": "#f2a3a3",
    "ireland": "#a3d9a8",
    "turkey": "#d9c7a3",
    "greece": "#a3d9d9",
    "yugoslavia": "#c2a3e6",
    "romania": "#e6d2a3",
    "hungary": "#a3e6b8",
    "bulgaria": "#b8e6a3",
    "slovakia": "#e6b8d2",
    "lithuania": "#d2e6a3",
    "latvia": "#e6a3a3",
    "estonia": "#a3b8e6",
    "egypt": "#e6cfa0",
    "iraq": "#d2c2a3",
    "iran": "#c2d2a3",
}
SEA_COLOUR = "#a9c9e8"
SEA_EDGE = "#6f9cc9"


def _polygon(points: list[list[float]]) -> Polygon:
    return Polygon([(x, y) for x, y in points])


def _shape(shapes: list[list[list[float]]]) -> Any:
    return MultiPolygon([_polygon(s) for s in shapes]) if len(shapes) > 1 else _polygon(shapes[0])


def _shared_edge(a: Any, b: Any) -> Any:
    return shapely.intersection(a.buffer(1.5), b.boundary)


def render(game_map: VirtutiMap, out: Path) -> None:
    data = game_map.data
    _, _, width, height = data.view_box
    fig = plt.figure(figsize=(width / 90, height / 90), dpi=60)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.add_patch(PatchPolygon(data.frame, closed=True, facecolor="#c9dcef", edgecolor="#333", lw=2))
    for ring in data.context_land:
        ax.add_patch(PatchPolygon(ring, closed=True, facecolor="#dedbd2", edgecolor="#b0ada4", lw=0.5))
    for zone in data.sea_zones:
        for ring in zone.shapes:
            ax.add_patch(
                PatchPolygon(ring, closed=True, facecolor=SEA_COLOUR, edgecolor=SEA_EDGE, lw=1.2, ls="--")
            )
        ax.text(
            *zone.label,
            zone.name.upper(),
            ha="center",
            va="center",
            fontsize=13,
            color="#2b5d8f",
            style="italic",
            weight="bold",
        )
    shapes = {a.id: _shape(a.shapes) for a in data.land_areas}
    for area in data.land_areas:
        colour = OWNER_COLOURS.get(area.owner, "#dddddd")
        for ring in area.shapes:
            ax.add_patch(PatchPolygon(ring, closed=True, facecolor=colour, edgecolor="#555", lw=0.7))
    for border in data.borders:
        if border.kind not in ("river", "mountain") or border.a not in shapes or border.b not in shapes:
            continue
        edge = _shared_edge(shapes[border.a], shapes[border.b])
        colour, lw = ("#1f5fbf", 2.6) if border.kind == "river" else ("#7a4a1f", 3.4)
        if edge.is_empty:  # a strait crossing: draw the link between the two labels
            a, b = game_map.land(border.a).label, game_map.land(border.b).label
            ax.plot([a[0], b[0]], [a[1], b[1]], color=colour, lw=lw, ls=":")
            continue
        for line in getattr(edge, "geoms", [edge]):
            if line.geom_type == "LineString":
                xs, ys = line.xy
                ax.plot(xs, ys, color=colour, lw=lw, solid_capstyle="round")
    for area in data.land_areas:
        x, y = area.label
        weight = "bold" if area.vp else "normal"
        ax.text(x, y + 7, area.name, ha="center", va="top", fontsize=8.5, weight=weight, color="#222")
        ax.plot([x], [y], marker="o", ms=3, color="#222")
        if area.vp:
            ax.plot([x], [y - 9], marker="*", ms=12 + 3 * area.vp, color="#d4a017", mec="#5a4300")
            ax.text(x + 9, y - 9, str(area.vp), fontsize=9, weight="bold", color="#5a4300", va="center")
        if area.supply_source:
            ax.plot([x], [y], marker="o", ms=11, mfc="none", mec="#1d7a1d", mew=2)
        if area.fortification:
            ax.plot([x - 12], [y - 2], marker="p", ms=10, color="#444")
            ax.text(
                x - 12,
                y - 2,
                str(area.fortification),
                fontsize=7,
                color="white",
                ha="center",
                va="center",
                weight="bold",
            )
    for port in data.ports:
        ax.plot(*port.label, marker="s", ms=6, color="#0b3d91", mec="white", mew=1)
    for strait in data.straits:
        x, y = game_map.land(strait.area).label
        ax.plot([x], [y], marker="D", ms=14, mfc="none", mec="#c0392b", mew=2.5)
    for route in data.routes:
        start = game_map.sea(route.sea).label
        for port_id in route.ports:
            end = game_map.port(port_id).label
            ax.annotate(
                "",
                xy=end,
                xytext=start,
                arrowprops={
                    "arrowstyle": "->",
                    "color": "#c0392b",
                    "lw": 1.5,
                    "ls": "--",
                    "connectionstyle": "arc3,rad=0.35",
                },
            )
        ax.text(
            start[0],
            start[1] + 28,
            route.name + " (Western Allies)",
            ha="center",
            fontsize=10,
            color="#c0392b",
            style="italic",
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=60)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    render(load_map(), args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
