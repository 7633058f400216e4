"""Draws Virtuti Militari's map (map.json) as a PNG for docs/virtuti-map.md.

Political colouring by 1939 owner, sea zones in shades of blue, river borders in blue
and mountain borders in brown, ports as anchors on their coast, VP areas starred,
supply sources ringed, fortifications as a bastion with their level, the three straits
and the route around Africa marked. Needs the `mapbuild` extra (matplotlib, shapely).

Run: .venv/bin/python scripts/render_virtuti_map.py [--mode political|climate] [--out PNG]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import shapely
from matplotlib.patches import Polygon as PatchPolygon
from PIL import Image
from shapely.geometry import MultiPolygon, Polygon

from grognard.games.virtuti.map import VirtutiMap, load_map

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "docs" / "img" / "virtuti-map.png"

# Muted, distinct colours so labels stay readable; majors in their customary hues.
OWNER_COLOURS = {
    "germany": "#9a9a8c",
    "italy": "#b8b59a",
    "great_britain": "#d9b38c",
    "france": "#6f8fcf",
    "ussr": "#d98c8c",
    "poland": "#e6c9a3",
    "spain": "#f0c080",
    "portugal": "#b3d9a3",
    "sweden": "#f2e28c",
    "norway": "#c7a3d9",
    "finland": "#f0f0f0",
    "denmark": "#e6a3b8",
    "netherlands": "#f59f4c",
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
SEA_COLOUR = "#d3e6f7"
CLIMATE_COLOURS = {"subtropical": "#e8c872", "temperate": "#9cc98a", "subpolar": "#eef3f7"}
SEA_EDGE = "#6f9cc9"
DPI = 64


def _polygon(points: list[list[float]]) -> Polygon:
    return Polygon([(x, y) for x, y in points])


def _shape(shapes: list[list[list[float]]]) -> Any:
    return MultiPolygon([_polygon(s) for s in shapes]) if len(shapes) > 1 else _polygon(shapes[0])


def _shared_edge(a: Any, b: Any) -> Any:
    return shapely.intersection(a.buffer(1.5), b.boundary)


def render(game_map: VirtutiMap, out: Path, mode: str = "political") -> None:
    data = game_map.data
    _, _, width, height = data.view_box
    fig = plt.figure(figsize=(width / 100, height / 100), dpi=DPI)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.add_patch(PatchPolygon(data.frame, closed=True, facecolor=SEA_COLOUR, edgecolor="#333", lw=2))
    for ring in data.context_land:
        ax.add_patch(PatchPolygon(ring, closed=True, facecolor="#e4e1d8", edgecolor="#b0ada4", lw=0.5))
    for zone in data.sea_zones:
        for ring in zone.shapes:
            ax.add_patch(
                PatchPolygon(ring, closed=True, facecolor=SEA_COLOUR, edgecolor=SEA_EDGE, lw=1.4, ls="--")
            )
        ax.text(
            *zone.label,
            zone.name.upper(),
            ha="center",
            va="center",
            fontsize=15,
            color="#2b5d8f",
            style="italic",
            weight="bold",
        )
    _draw_land(game_map, ax, mode)
    _draw_symbols(game_map, ax, height)
    _draw_legend(ax, mode)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=DPI)
    plt.close(fig)
    # A palette of 128 colours keeps the committed picture small without visible loss.
    with Image.open(out) as picture:
        picture.convert("RGB").quantize(colors=128).save(out, optimize=True)


def _draw_land(game_map: VirtutiMap, ax: Any, mode: str) -> None:
    """Areas in their owner's colour, then river and mountain borders over them."""
    data = game_map.data
    shapes = {a.id: _shape(a.shapes) for a in data.land_areas}
    for area in data.land_areas:
        if mode == "climate":
            colour = CLIMATE_COLOURS[area.climate]
        else:
            colour = OWNER_COLOURS.get(area.owner, "#dddddd")
        for ring in area.shapes:
            ax.add_patch(PatchPolygon(ring, closed=True, facecolor=colour, edgecolor="#4d4d4d", lw=0.8))
    for border in data.borders:
        if border.kind not in ("river", "mountain"):
            continue
        edge = _shared_edge(shapes[border.a], shapes[border.b])
        colour, lw = ("#1f5fbf", 2.8) if border.kind == "river" else ("#7a4a1f", 3.6)
        if edge.is_empty:  # a crossing over a narrow strait: join the two labels
            a, b = game_map.land(border.a).label, game_map.land(border.b).label
            ax.plot([a[0], b[0]], [a[1], b[1]], color=colour, lw=2, ls=":")
            continue
        for line in getattr(edge, "geoms", [edge]):
            if line.geom_type == "LineString":
                xs, ys = line.xy
                ax.plot(xs, ys, color=colour, lw=lw, solid_capstyle="round")


def _draw_symbols(game_map: VirtutiMap, ax: Any, height: float) -> None:
    """Names, VP stars, supply rings, forts, ports, straits and the route around Africa."""
    data = game_map.data
    for area in data.land_areas:
        x, y = area.label
        weight = "bold" if area.vp else "normal"
        # Crowded names (another within 50 units) are written smaller, alternately above.
        crowded = [b for b in data.land_areas if b.id != area.id and math.dist(b.label, area.label) < 50]
        above = bool(crowded) and min(b.id for b in crowded) < area.id
        ax.text(
            x,
            y - 6 if above else y + 6,
            area.name,
            ha="center",
            va="bottom" if above else "top",
            fontsize=8 if crowded else 10,
            weight=weight,
            color="#1a1a1a",
        )
        ax.plot([x], [y], marker="o", ms=3, color="#1a1a1a")
        if area.supply_source:
            ax.plot([x], [y], marker="o", ms=10, mfc="none", mec="#1d7a1d", mew=2)
        if area.vp:
            ax.plot([x + 12], [y - 8], marker="*", ms=13 + 2 * area.vp, color="#e0a800", mec="#5a4300")
            ax.text(x + 22, y - 8, str(area.vp), fontsize=10, weight="bold", color="#5a4300", va="center")
        if area.fortification:
            ax.plot([x - 13], [y - 6], marker="p", ms=12, color="#333")
            ax.text(
                x - 13,
                y - 6,
                str(area.fortification),
                fontsize=8,
                color="white",
                ha="center",
                va="center",
                weight="bold",
            )
    for port in data.ports:
        ax.plot(*port.label, marker="s", ms=6, color="#0b3d91", mec="white", mew=1)
    for strait in data.straits:
        x, y = game_map.port(game_map.land(strait.area).port or "").label
        ax.plot([x], [y], marker="D", ms=15, mfc="none", mec="#c0392b", mew=2.5)
    # The route around Africa leaves the sheet at its south-west corner and comes back
    # at the bottom edge below Cairo and Kuwait.
    corner_x, corner_y = max(data.frame, key=lambda p: p[1] - p[0])
    for route in data.routes:
        sx, sy = game_map.sea(route.sea).label
        ax.annotate(
            "",
            xy=(corner_x + 15, corner_y - 15),
            xytext=(sx - 20, sy + 25),
            arrowprops={
                "arrowstyle": "->",
                "color": "#c0392b",
                "lw": 2,
                "ls": "--",
                "connectionstyle": "arc3,rad=0.25",
            },
        )
        ax.text(
            corner_x + 25,
            corner_y - 190,
            f"{route.name}:\nWestern Allies\nto Cairo and Kuwait",
            ha="left",
            fontsize=12,
            color="#c0392b",
            style="italic",
        )
        for port_id in route.ports:
            px, py = game_map.port(port_id).label
            ax.annotate(
                "",
                xy=(px, py),
                xytext=(px + 30, height - 5),
                arrowprops={"arrowstyle": "->", "color": "#c0392b", "lw": 2, "ls": "--"},
            )


def _draw_legend(ax: Any, mode: str) -> None:
    x, y = 40.0, 40.0
    title = "climate zones (52 / 113 / 16)" if mode == "climate" else "1939 owners"
    ax.text(x, y, f"Virtuti Militari: the map, {title}", fontsize=20, weight="bold", va="top")
    rows = [
        ("*", "#e0a800", "victory points (26 in all)"),
        ("o", "none", "supply source"),
        ("p", "#333", "fortification (level)"),
        ("s", "#0b3d91", "port"),
        ("D", "none", "strategic strait (Copenhagen, Gibraltar, Istanbul)"),
    ]
    for i, (marker, colour, text) in enumerate(rows):
        yy = y + 50 + 28 * i
        edge = {"o": "#1d7a1d", "D": "#c0392b"}.get(marker, "#333")
        ax.plot(
            [x + 10],
            [yy],
            marker=marker,
            ms=12,
            color=colour if colour != "none" else "white",
            mfc=colour,
            mec=edge,
            mew=2,
        )
        ax.text(x + 30, yy, text, fontsize=12, va="center")
    for i, (colour, style, text) in enumerate(
        [
            ("#1f5fbf", "-", "river border"),
            ("#7a4a1f", "-", "mountain border"),
            ("#1f5fbf", ":", "crossing over a narrow strait (as a river)"),
            (SEA_EDGE, "--", "sea zone border"),
        ]
    ):
        yy = y + 50 + 28 * (len(rows) + i)
        ax.plot([x, x + 22], [yy, yy], color=colour, ls=style, lw=3)
        ax.text(x + 30, yy, text, fontsize=12, va="center")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--mode", choices=("political", "climate"), default="political")
    args = parser.parse_args(argv)
    render(load_map(), args.out, args.mode)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
