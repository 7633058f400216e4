"""Check Victory's geomorphic boards and draw them to PNG.

    python scripts/victory_boards.py check            # every layout, board choice and orientation
    python scripts/victory_boards.py draw OUT.png KEY  # e.g. KEY = 2map:A0,B3 or a board id "A"
    python scripts/victory_boards.py docs              # the pictures in docs/images/ for the design doc

Drawing needs matplotlib (the `bench` extra); checking does not.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from grognard.core import hexgrid
from grognard.games.victory import board_check, boards

TERRAIN_COLOURS = {
    "clear": "#e9e4c4",
    "desert": "#f2d28a",
    "forest": "#7fae6a",
    "marsh": "#9fc1a9",
    "mountain": "#a89078",
    "sea": "#8fbde3",
    "shoal": "#c9e2ef",
}
DOC_PICTURES = {
    "victory-board-A.png": "A",
    "victory-board-B.png": "B",
    "victory-board-C.png": "C",
    "victory-board-D.png": "D",
    "victory-2map.png": "2map:A0,B3",
    "victory-3map.png": "3map:C0,A0,D3",
    "victory-4map.png": "4map:A0,B0,C3,D3",
}


def _centre(hex_id: str) -> tuple[float, float]:
    q, r = hexgrid.parse_hex_id(hex_id)
    return (math.sqrt(3) * (q + r / 2), -1.5 * r)


def _corner(v: tuple[int, int]) -> tuple[float, float]:
    # boards.side_vertices works in units of sqrt(3)/2 across and 1/2 down
    return (v[0] * math.sqrt(3) / 2, -v[1] / 2)


def draw(gmap: boards.GameMap, out: Path, title: str, dpi: int = 110) -> None:
    """Draw an assembled map to a PNG file."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import RegularPolygon

    xs = [_centre(h)[0] for h in gmap.hexes]
    ys = [_centre(h)[1] for h in gmap.hexes]
    width = (max(xs) - min(xs) + 2) * 0.42
    height = (max(ys) - min(ys) + 2) * 0.42
    fig, ax = plt.subplots(figsize=(width, height + 0.6))
    for hex_id, info in gmap.hexes.items():
        x, y = _centre(hex_id)
        land = info.land_terrain or info.terrain
        colour = TERRAIN_COLOURS[land]
        edge = "#3a6fa0" if info.terrain == "coastal" else "#9a9a9a"
        ax.add_patch(
            RegularPolygon((x, y), 6, radius=1.0, orientation=0, facecolor=colour, edgecolor=edge, lw=0.4)
        )
        if info.land_terrain == "mountain":
            ax.plot([x - 0.45, x, x + 0.45], [y - 0.25, y + 0.35, y - 0.25], color="#5b4636", lw=0.8)
        if info.land_terrain == "forest":
            ax.plot([x], [y], marker="^", color="#2f6b2f", ms=5)
        if info.land_terrain == "marsh":
            ax.plot([x - 0.4, x + 0.4], [y - 0.2, y - 0.2], color="#3d7a6a", lw=0.8)
            ax.plot([x - 0.3, x + 0.3], [y + 0.05, y + 0.05], color="#3d7a6a", lw=0.8)
    for side, features in gmap.sides().items():
        a, b = side.split("|")
        if "road" in features:
            (x1, y1), (x2, y2) = _centre(a), _centre(b)
            ax.plot([x1, x2], [y1, y2], color="#c0392b", lw=1.6, zorder=3)
        if "canal" in features:
            (x1, y1), (x2, y2) = _centre(a), _centre(b)
            ax.plot([x1, x2], [y1, y2], color="#1f6fb2", lw=2.4, zorder=3)
        v1, v2 = (_corner(v) for v in boards.side_vertices(a, b))
        if "river" in features:
            ax.plot([v1[0], v2[0]], [v1[1], v2[1]], color="#1f6fb2", lw=2.6, zorder=4)
        if "bridge" in features:
            mx, my = (v1[0] + v2[0]) / 2, (v1[1] + v2[1]) / 2
            ax.plot([mx], [my], marker="s", color="#222222", ms=4, zorder=5)
        if "alpine" in features:
            ax.plot([v1[0], v2[0]], [v1[1], v2[1]], color="#ffffff", lw=3.2, zorder=4)
            ax.plot([v1[0], v2[0]], [v1[1], v2[1]], color="#5b4636", lw=1.2, zorder=4, ls=":")
        if "shoal" in features:
            ax.plot([v1[0], v2[0]], [v1[1], v2[1]], color="#e8f4fa", lw=2.4, zorder=4, ls="--")
    # board outlines: hexsides between boards
    for hex_id, info in gmap.hexes.items():
        for n in gmap.neighbors(hex_id):
            if gmap.hexes[n].board != info.board and n > hex_id:
                v1, v2 = (_corner(v) for v in boards.side_vertices(hex_id, n))
                ax.plot([v1[0], v2[0]], [v1[1], v2[1]], color="#000000", lw=1.4, zorder=6)
    for hex_id, info in gmap.hexes.items():
        x, y = _centre(hex_id)
        if info.city:
            ax.plot([x], [y], marker="s", color="#ffffff", mec="#000000", ms=11, zorder=7)
            ax.text(x, y, str(info.city), ha="center", va="center", fontsize=7, weight="bold", zorder=8)
            ax.text(x, y - 0.85, info.name, ha="center", va="center", fontsize=5.5, zorder=8)
        elif info.town:
            ax.plot([x], [y], marker="o", color="#ffffff", mec="#000000", ms=6, zorder=7)
            ax.text(x, y - 0.8, info.name, ha="center", va="center", fontsize=5, zorder=8)
        if info.port:
            ax.text(x + 0.45, y + 0.35, "P", fontsize=5.5, color="#1f4f82", weight="bold", zorder=8)
        if info.resource:
            ax.text(x - 0.5, y + 0.4, "R", fontsize=6, color="#7a2e8e", weight="bold", zorder=8)
        if info.canal:
            ax.plot([x], [y], marker="D", color="#1f6fb2", ms=3, zorder=8)
    ax.set_xlim(min(xs) - 1.2, max(xs) + 1.2)
    ax.set_ylim(min(ys) - 1.2, max(ys) + 1.2)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=dpi)
    plt.close(fig)


def _map_for(key: str) -> tuple[boards.GameMap, str]:
    if ":" in key:
        gmap = boards.game_map(key)
        return gmap, f"{boards.layouts()[gmap.layout].name}: {key}"
    known = boards.boards()
    if key not in known:
        raise boards.BoardDataError(f"unknown board {key!r}; known: {', '.join(sorted(known))}")
    return boards.game_map(f"1map:{key}0"), f"Board {key}: {known[key].name}"


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("check", "draw", "docs"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        if argv[0] == "check":
            counts = board_check.validate_all_layouts()
            for layout, count in sorted(counts.items()):
                print(f"{layout}: {count} maps join cleanly")
            return 0
        if argv[0] == "draw":
            if len(argv) != 3:
                print("usage: victory_boards.py draw OUT.png KEY", file=sys.stderr)
                return 2
            gmap, title = _map_for(argv[2])
            draw(gmap, Path(argv[1]), title)
            return 0
        root = Path(__file__).resolve().parent.parent / "docs" / "images"
        for name, key in DOC_PICTURES.items():
            gmap, title = _map_for(key)
            draw(gmap, root / name, title, dpi=80 if ":" not in key else 60)
            print(f"wrote {root / name}")
        return 0
    except boards.BoardDataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except ImportError:
        print("error: drawing needs matplotlib: pip install -e '.[bench]'", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
