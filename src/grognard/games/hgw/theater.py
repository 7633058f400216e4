"""Which part of the world map a scenario plays, and who holds what there at the start.

The European scenarios play columns up to xx57 (Campaign Game I), their start taken from
map.json's scenario entries (`HgwMap.friendly_at_start`). The Pacific War scenario
(issue 23, part 3; data/pacific_war.json) plays the rest of the ring: every column east of
Europe's play area, xx58 to the seam at xx112 (Asia from eastern India and Burma on, the
Pacific islands, Australia, Hawaii and the U.S. west coast). Its start is in its own
scenario file (`ScenarioContent.start_sides`, in map.json's shape), since map.json is built
from the European set-ups of scripts/hgwmap/design.toml; docs/hgw-design.md, "The Pacific
War scenario", gives the reasons.

Campaign Game IV (`world`, data/campaign_4.json) plays both: Europe as its board's
(Campaign Game I's) map set-up, with its off-map boxes, and the Pacific half from the
file's `start_sides` (`pacific_sides`); docs/hgw-design.md, "Campaign Game IV".
"""

from __future__ import annotations

from .map import HexId, ScenarioSide, load_map, row_col
from .scenario import board_id, load_scenario

EUROPE, PACIFIC, WORLD = "europe", "pacific", "world"
THEATERS = (EUROPE, PACIFIC, WORLD)


def in_pacific(h: HexId) -> bool:
    """East of Europe's play area: columns xx58 to xx112 (the ring's seam)."""
    return row_col(h)[1] > load_map().data.europe_max_col


def plays_pacific(scenario_id: str) -> bool:
    """The Pacific War and Campaign Game IV: the Pacific half of the ring is in play."""
    return load_scenario(scenario_id).theater in (PACIFIC, WORLD)


def plays_europe(scenario_id: str) -> bool:
    """Every scenario but The Pacific War: Europe's play area, boxes and sea routes."""
    return load_scenario(scenario_id).theater != PACIFIC


def board_sides(scenario_id: str) -> tuple[ScenarioSide, ...]:
    """Each side's start: the Pacific War file's own (`start_sides`), else its board's in
    map.json (Campaign Game IV: Europe's; its Pacific start is `pacific_sides`)."""
    content = load_scenario(scenario_id)
    if content.theater == PACIFIC:
        return content.start_sides
    return load_map().scenario(board_id(scenario_id)).sides


def pacific_sides(scenario_id: str) -> tuple[ScenarioSide, ...]:
    """Each side's start in the Pacific half (the scenario file's `start_sides`)."""
    return load_scenario(scenario_id).start_sides if plays_pacific(scenario_id) else ()


def board_borders(scenario_id: str) -> str:
    """1939 or 1941 borders: the Pacific War begins in December 1941."""
    if load_scenario(scenario_id).theater == PACIFIC:
        return "1941"
    return load_map().scenario(board_id(scenario_id)).borders


def friendly_at_start(scenario_id: str, spec: ScenarioSide) -> frozenset[HexId]:
    """The land hexes `spec`'s side holds when the scenario begins, in the theater `spec`
    describes: a board's side (Europe) or a `start_sides` entry (the Pacific half)."""
    hmap = load_map()
    if spec not in pacific_sides(scenario_id):
        return hmap.friendly_at_start(board_id(scenario_id), spec.side)
    borders = board_borders(scenario_id)
    found = set()
    for h, info in hmap.hexes.items():
        if info.kind != "land" or not in_pacific(h):
            continue
        country = hmap.country_in(h, borders)
        group = hmap.data.territories[country].group if country else ""
        if country in spec.territories or group in spec.groups:
            found.add(h)
    found |= set(spec.hexes)
    found -= set(spec.minus_hexes)
    return frozenset(found)
