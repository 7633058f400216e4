"""Proof that Victory's boards join: the validator of assembled maps (1.1, 10.4).

`validate_map` lists every way an assembled map fails to join or to be playable;
`validate_all_layouts` runs it over every layout, choice of boards and orientation
(`python scripts/victory_boards.py check`). See docs/victory-design.md.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from grognard.core import hexgrid

from .board_files import BoardDataError, hex_corners
from .boards import GameMap, assemble, board_ids, layouts, map_key, river_corners


def validate_map(gmap: GameMap) -> list[str]:
    """Every way the assembled map fails to join or to be playable (empty when good).

    Seams: a sea hex on a seam must touch sea across it and a land hex land; every road
    leaving a board meets a road on the next board; no river stops at a seam. Play:
    every city can be reached from every other by land or by sea.
    """
    problems = list(gmap.stub_problems)
    hexes = gmap.hexes
    for h, info in hexes.items():
        across = [n for n in gmap.neighbors(h) if hexes[n].board != info.board]
        if not across:
            continue
        water = info.terrain in ("sea", "shoal")
        if not any((hexes[n].terrain in ("sea", "shoal")) == water for n in across):
            kind = "water" if water else "land"
            problems.append(f"{kind} hex {h} (board {info.board}) meets no {kind} across the seam")
    corners: dict[tuple[int, int], set[str]] = {}
    for h, info in hexes.items():
        for v in hex_corners(hexgrid.parse_hex_id(h)):
            corners.setdefault(v, set()).add(info.board)
    for v, river_sides in river_corners(gmap.sides()).items():
        if len(river_sides) == 1 and len(corners.get(v, ())) > 1:
            problems.append(f"river {river_sides[0]} stops at a seam")
    problems.extend(_unreachable_cities(gmap))
    return problems


def _unreachable_cities(gmap: GameMap) -> list[str]:
    """Cities that cannot be reached from the first city by ground or naval moves."""
    cities = gmap.cities()
    if not cities:
        return ["the map has no cities"]
    seen = {cities[0]}
    todo = [cities[0]]
    while todo:
        h = todo.pop()
        for n in gmap.neighbors(h):
            if n in seen:
                continue
            features = gmap.side_features(h, n)
            by_land = gmap.is_land(h) and gmap.is_land(n) and ("alpine" not in features or "road" in features)
            if by_land or gmap.is_coastal_side(h, n):
                seen.add(n)
                todo.append(n)
    return [
        f"city {c} ({gmap.hexes[c].name}) cannot be reached by land or sea" for c in cities if c not in seen
    ]


def arrangements(layout: str) -> Iterator[tuple[tuple[str, int], ...]]:
    """Every choice of distinct boards and orientations for a layout."""
    spec = layouts()[layout]
    for chosen in itertools.permutations(board_ids(), len(spec.slots)):
        for turns in itertools.product(spec.rotations, repeat=len(spec.slots)):
            yield tuple(zip(chosen, turns, strict=True))


def validate_all_layouts() -> dict[str, int]:
    """Assemble and validate every layout, board choice and orientation; raise on the first
    problem. Returns how many maps of each layout were checked."""
    counts: dict[str, int] = {}
    for layout in sorted(layouts()):
        for placed in arrangements(layout):
            problems = validate_map(assemble(layout, placed))
            if problems:
                raise BoardDataError(f"{map_key(layout, placed)}: " + "; ".join(problems[:5]))
            counts[layout] = counts.get(layout, 0) + 1
    return counts
