"""Write the browser's copy of the Hitler's Global War world map.

The board module (`web/games/hgw.js`) paints all 5,650 hexes of the world map, which
no game view carries (a view is sent after every move; the map never changes). So
the static web folder holds a compact copy, `web/games/hgw-map.json`, made from the
validated `games/hgw/data/map.json` by this script and nothing else:

    python scripts/build_hgw_webmap.py          # write it
    python scripts/build_hgw_webmap.py --check  # exit 1 when the copy is stale

tests/test_hgw_webmap.py fails when the committed copy differs from what this script
makes, so the two cannot drift apart.

Layout of the copy (arrays rather than objects, to keep it small):
    hexes        [[id, kind, terrain, country, annexed, production, features, grey], ...]
                 trailing empty fields left out; kind is one of land/sea/partial/ice
    territories  {id: [name, group]}; groups {id: the rulebook's colour key}
    boxes        [[id, name, hex, production], ...] (the off-map boxes)
    crossing, road, all_sea
                 hexsides as [a, b] pairs
    scenarios    {id: borders year}
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from grognard.games.hgw.map import load_map

OUT = Path(__file__).resolve().parent.parent / "src" / "grognard" / "web" / "games" / "hgw-map.json"


def build() -> dict[str, Any]:
    data = load_map().data
    hexes: list[list[Any]] = []
    for hex_id, info in sorted(data.hexes.items()):
        row: list[Any] = [
            hex_id,
            info.kind,
            info.terrain,
            info.country,
            info.annexed,
            info.production,
            list(info.features),
            info.grey,
        ]
        while row[-1] in ("", 0, [], "clear") and len(row) > 2:
            row.pop()
        hexes.append(row)
    return {
        "version": data.version,
        "layout": data.layout,
        "rows": data.rows,
        "cols": data.cols,
        "europe_max_col": data.europe_max_col,
        "groups": dict(sorted(data.groups.items())),
        "territories": {k: [t.name, t.group] for k, t in sorted(data.territories.items())},
        "boxes": [[b.id, b.name, b.hex, b.production] for b in data.boxes],
        "crossing": [list(pair) for pair in data.hexsides.crossing],
        "road": [list(pair) for pair in data.hexsides.road],
        "all_sea": [list(pair) for pair in data.hexsides.all_sea],
        "scenarios": {s.id: s.borders for s in data.scenarios},
        "hexes": hexes,
    }


def encode(content: dict[str, Any]) -> str:
    # one hex a line: small, and a diff of the map reads hex by hex
    head = {k: v for k, v in content.items() if k != "hexes"}
    lines = [json.dumps(head, separators=(",", ":"))[:-1] + ',"hexes":[']
    rows = [json.dumps(row, separators=(",", ":")) for row in content["hexes"]]
    lines.append(",\n".join(rows))
    lines.append("]}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed copy is stale")
    args = parser.parse_args(argv)
    text = encode(build())
    if args.check:
        if not OUT.is_file() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is stale: run python scripts/build_hgw_webmap.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
