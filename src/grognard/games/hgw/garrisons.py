"""Pacific and African Garrisons (optional rule O3): which land hexes hold an inherent garrison.

The basic rule (Garrisons 1) gives every land hex one garrison point except circular
islands, deserts and jungle; Australia and the South Pacific islands generally have none.
The optional rule sorts it by theater:

- **European scenarios** (O3.1, its first sentence): every land hex has an inherent
  garrison. Read against the basic rule, which takes the garrison from desert hexes, the
  option gives North Africa's and the Middle East's deserts (and any island or jungle hex
  in the European theater) their garrison back: it changes Campaign Game II with the
  option on, and Campaign Game III, and is played there (`inherent`).
- **Pacific and World War scenarios** (O3.2): circular islands, deserts and jungle have
  none, nor Africa, Australia and the South Pacific islands, except the areas the rule
  lists (O3.3), which do: French North Africa, Libya, Egypt, French West Africa, Ethiopia,
  Eritrea, Madagascar; unoccupied China, Malaya, all Borneo with Sarawak, Sumatra,
  Celebes, Ceram and Timor. The areas are map data (`HgwMap.data.areas`, built from
  scripts/hgwmap/design.toml); no Pacific scenario is played yet, so
  `has_inherent_garrison(..., "pacific")` waits for one.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from .geography import Place, geography
from .map import Area, HexId, load_map
from .optional import has_option
from .scenario import load_scenario

THEATERS = ("europe", "pacific")  # "pacific": the Pacific and World War scenarios
NO_GARRISON_TERRAIN = frozenset({"island", "desert", "jungle"})  # Garrisons 1, O3.2


@cache
def _areas_at() -> dict[HexId, tuple[Area, ...]]:
    found: dict[HexId, list[Area]] = {}
    for area in load_map().data.areas:
        for h in area.hexes:
            found.setdefault(h, []).append(area)
    return {h: tuple(areas) for h, areas in found.items()}


def areas_of(h: HexId) -> tuple[Area, ...]:
    """The named areas of the garrison rule that hold `h` (a Borneo hex of Sarawak is in
    Borneo; a Libyan hex is in Libya and in Africa)."""
    return _areas_at().get(h, ())


def has_inherent_garrison(h: HexId, theater: str) -> bool:
    """Whether the land hex `h` holds an inherent garrison when empty, in a scenario of
    `theater` ("europe" or "pacific", the latter for the Pacific and World War scenarios),
    under the optional rule (O3.1-O3.3). Water has none."""
    if theater not in THEATERS:
        raise ValueError(f"unknown theater {theater!r}; expected one of {', '.join(THEATERS)}")
    hmap = load_map()
    if not hmap.is_land(h):
        return False
    if theater == "europe":
        return True  # O3.1: every land hex
    areas = areas_of(h)
    if any(area.garrison for area in areas):
        return True  # O3.3: the listed areas keep theirs, jungle or desert
    if hmap.hex(h).terrain in NO_GARRISON_TERRAIN:
        return False
    return not areas  # Africa, Australia and the South Pacific outside the list: none


def inherent(data: Mapping[str, Any], place: Place) -> bool:
    """Whether an empty place of the game in `data` has an inherent garrison: the basic
    rule's (Garrisons 1, `Geography.inherent_garrison`), or, with the optional rule in a
    European scenario, every land place (O3.1); in Campaign Game IV, a World War scenario,
    the rule's Pacific and African reading for every hex of the map (O3.2-O3.3), the
    off-map boxes keeping the basic rule's."""
    basic = geography(data["scenario"]).inherent_garrison[place]
    if not has_option(data, "garrisons"):
        return basic
    if _world(str(data["scenario"])) and place in load_map().hexes:
        return has_inherent_garrison(place, "pacific")
    return True


@cache
def _world(scenario_id: str) -> bool:
    return load_scenario(scenario_id).theater == "world"
