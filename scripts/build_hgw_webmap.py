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
    names        [[hex, name, kind], ...]: the places the rulebook names (the map's
                 citations of a hex that fits), each capital, and each sea area at the
                 water hex nearest its middle; kind is capital, city, sea or strait
    costs        {kind: production points} (the Production Phase's costs, tables.json)
    time_record  [[turn, event, rules], ...] (the Time Record's dated events)

The last two are tables rather than map, but the page needs them as it needs the map:
static, never in a view, read once.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import msgspec

from grognard.games.hgw.map import MapData, load_map
from grognard.games.hgw.tables import load_tables

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
        "names": names(data),
        "costs": {k: v for k, v in msgspec.structs.asdict(load_tables().costs).items() if k != "note"},
        "time_record": [[e.turn, e.event, e.rules] for e in load_tables().time_record.events],
        "hexes": hexes,
    }


#: Sea hexes that hold a strait or a narrows the rules name (the controlling hexes of
#: Sea Route 3 at sea, and the Bering Strait of the German raiders).
STRAIT_WORDS = ("strait", "sound", "bosporus", "kattegat", "bab-el-mandeb", "gulf of aden")


def short_name(place: str) -> str:
    """The first words of a cited place: "Kaunas, Lithuania" gives "Kaunas"."""
    return place.split(",")[0].split(" (")[0].split(" between ")[0].strip()


#: The map's sea areas (Sea Movement) as a player reads them.
SEA_NAMES = {
    "Arctic": "Arctic Ocean",
    "Atlantic": "Atlantic Ocean",
    "Baltic": "Baltic Sea",
    "Caspian": "Caspian Sea",
    "Mediterranean": "Mediterranean Sea",
    "Pacific-Indian": "Pacific and Indian Oceans",
    "Persian Gulf-Red Sea": "Persian Gulf and Red Sea",
}


#: The Pacific's places the designed scenarios put on the map (The Pacific War and Campaign
#: Game IV: docs/hgw-design.md, "The Pacific War scenario", names each with its hex), which
#: the rulebook cites by no hex: their cities, and the city of a capital the rules name by
#: its country only (Tokyo rather than "Japan"), since a player looks for "Singapore" or
#: "Tokyo" there, as for "Berlin" in Europe (issue 23: the Pacific drawn with Europe's care).
PACIFIC_PLACES = {
    "1868": ("Tientsin", "city"),
    "2077": ("Tokyo", "capital"),
    "2169": ("Shanghai", "city"),
    "2265": ("Chungking", "capital"),
    "2268": ("Wuhan", "city"),
    "2368": ("Nanchang", "city"),
    "2468": ("Canton", "city"),
    "2472": ("Formosa", "city"),
    "2562": ("Rangoon", "city"),
    "2656": ("Bombay", "city"),
    "2879": ("Guam", "city"),
    "3072": ("Manila", "capital"),
    "3164": ("Singapore", "city"),
    "3465": ("Batavia", "city"),
    "3892": ("American Samoa", "city"),
    "4680": ("Canberra", "capital"),
}


def names(data: MapData) -> list[list[str]]:
    """The map's place names for the page's labels and its "go to" box, one per hex."""
    out: dict[str, list[str]] = {}
    for c in data.citations:
        info = data.hexes.get(c.hex)
        if not c.fit or info is None or c.hex in out:
            continue
        name = short_name(c.place)
        if info.kind != "land":
            strait = "control" in info.features or any(w in c.place.lower() for w in STRAIT_WORDS)
            out[c.hex] = [c.hex, name, "strait" if strait else "sea"]
        else:
            out[c.hex] = [c.hex, name, "capital" if "capital" in info.features else "city"]
    for hex_id, (name, kind) in PACIFIC_PLACES.items():
        if hex_id not in out or data.territories[data.hexes[hex_id].country].name == out[hex_id][1]:
            out[hex_id] = [hex_id, name, kind]
    for hex_id, info in sorted(data.hexes.items()):
        if "capital" in info.features and hex_id not in out:
            out[hex_id] = [hex_id, data.territories[info.country].name, "capital"]
    # a sea area's name at its water hex nearest the middle of its hexes
    seas: dict[str, list[tuple[int, int, str]]] = {}
    for hex_id, info in data.hexes.items():
        for sea in info.seas:
            if info.kind != "land":
                seas.setdefault(sea, []).append((int(hex_id[:2]), int(hex_id[2:]), hex_id))
    for sea, cells in sorted(seas.items()):
        row = sum(r for r, _, _ in cells) / len(cells)
        col = sum(c for _, c, _ in cells) / len(cells)
        best = min(cells, key=lambda cell: ((cell[0] - row) ** 2 + (cell[1] - col) ** 2, cell[2]))
        if best[2] not in out:
            out[best[2]] = [best[2], SEA_NAMES.get(sea, sea), "sea"]
    return [out[k] for k in sorted(out)]


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
