"""German raiders by the Bering Strait (N6.3, Raiders 3), played under Naval Action.

A German raider may change base to a Pacific port by the Bering Strait hexes (05102 and
05103, the map's reading of 0502/0503) in Spring and Summer turns, while Germany is at
peace with the Soviet Union (pacific_politics.why_not_bering). Our reading of the way
there: the Soviets' Northern Sea Route, the pack ice along Siberia's Arctic coast that
opens in the warm half of the year, and on along Alaska's Arctic shore to the strait
(docs/hgw-design.md, 'German raiders by the Bering Strait').

The passage is map data: data/polar_route.json, written by scripts/build_hgw_map.py
from design.toml's [polar_route] (the way, in order, through the ice along those coasts).
Its hexes stay polar ice on the map: no other ship, and no raider in Autumn or Winter or at
war with the Soviets, enters them. A raider that may take the passage sails through them
as through open water, by the sea route rules otherwise (Sea Route 1-4, 7: the side's
closed narrows and barred crossings, half a step a hex above row 12):

- `reach(data, fleet_id)`: the Pacific hexes the raider reaches through a strait hex,
  with the route's length in steps; naval_phase.base_choices adds them to the hexes its
  base changes reach, so a friendly or neutral Pacific port with room becomes a choice.
- `path(data, fleet_id, target)`: the route of that base change, through a strait hex,
  when it is shorter than the ordinary one (or there is no other); the interceptions
  along it are the ordinary ones (naval_phase.open_interceptions).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from . import fleet_nations, raiders
from .fleets import base_hex, route_path
from .hexnumbers import half_steps
from .invasion_routes import barred_crossings, canals, closed_narrows
from .layout import HgwBoard, placed
from .map import HgwMap, load_map
from .neutrality import at_war
from .optional import has_option
from .pacific_politics import why_not_bering
from .pacific_tables import load_pacific

Data = HgwBoard
Sides = frozenset[tuple[str, str]]
Routes = tuple[dict[str, int], dict[str, str | None]]  # each reached hex's cost and predecessor
DATA_PATH = Path(__file__).with_name("data") / "polar_route.json"
PACIFIC = "Pacific-Indian"


class PolarRoute(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The passage: its name, the rule citing it, and its hexes in order, from the open
    water it starts from to the Bering Strait hex it leads to."""

    name: str
    cite: str
    path: tuple[str, ...]

    @property
    def ice(self) -> frozenset[str]:
        """The passage's polar ice hexes, open to the raider that takes it."""
        return frozenset(h for h in self.path if load_map().hex(h).kind == "ice")


def passage_problem(hmap: HgwMap, route: PolarRoute) -> str | None:
    """What is wrong with `route` on `hmap`, or None: its hexes are polar ice or open
    water, each beside the one before, from open water to a Bering Strait hex."""
    if len(route.path) < 2:
        return "the passage has no hexes"
    bad = [h for h in route.path if h not in hmap or hmap.hex(h).kind not in ("ice", "sea", "partial")]
    if bad:
        return f"{', '.join(bad[:5])} are not water hexes of the map"
    pairs = zip(route.path, route.path[1:], strict=False)
    apart = [f"{a}-{b}" for a, b in pairs if b not in hmap.neighbours(a)]
    if apart:
        return f"the passage's hexes {', '.join(apart[:5])} are not neighbours"
    if not hmap.is_navigable(route.path[0]):
        return f"its start {route.path[0]} is not open water"
    if route.path[-1] not in load_pacific().bering.hexes:
        return f"its end {route.path[-1]} is not a Bering Strait hex (pacific.json)"
    return None


@cache
def load_polar_route() -> PolarRoute:
    found = msgspec.json.decode(DATA_PATH.read_bytes(), type=PolarRoute)
    problem = passage_problem(load_map(), found)
    if problem:
        raise ValueError(f"{DATA_PATH.name}: {problem}")
    return found


@cache
def _onward(closed: frozenset[str], barred: Sides, canal: Sides) -> Routes:
    """The sea routes on from the strait, the passage's ice open (back along it to the
    open Chukchi Sea, the Bering Strait of our geography)."""
    route = load_polar_route()
    return load_map().sea_search(route.path[-1], closed=closed, barred=barred, canals=canal, ice=route.ice)


def may_pass(data: Data, fleet_id: str) -> bool:
    """N6.3: the fleet is a German raider, Germany at peace with the Soviet Union, in a
    Spring or Summer turn (raiders are Naval Action's: raiders.is_raider)."""
    fleet = data.get("fleets", {}).get(fleet_id)
    if fleet is None or fleet["at"] is None or not has_option(data, "naval_action"):
        return False
    if not raiders.is_raider(data, fleet_id):
        return False
    peace = not at_war(data, fleet["side"], "soviet")
    return why_not_bering(data, fleet_nations.nation_of(fleet), at_war_with_soviets=not peace) is None


def _legs(data: Data, fleet_id: str) -> tuple[list[str], dict[str, int], dict[str, str | None]] | None:
    """The way to the strait (the ordinary sea route to the passage's start, then the
    passage) and the routes on from it; None when no sea route reaches the start."""
    fleet = data["fleets"][fleet_id]
    side = fleet["side"]
    route = load_polar_route()
    rules = (closed_narrows(data, side), barred_crossings(data, side), canals(data, side))
    there = route_path(base_hex(placed(fleet)), route.path[0], *rules)
    if not there:
        return None
    return [*there, *route.path[1:]], *_onward(*rules)


def reach(data: Data, fleet_id: str) -> dict[str, int]:
    """N6.3: the Pacific hexes a raider that may take the passage reaches through the
    strait, each with its route's length in steps; {} when it may not."""
    legs = _legs(data, fleet_id) if may_pass(data, fleet_id) else None
    if legs is None:
        return {}
    hmap = load_map()
    way, onward, _ = legs
    first = sum(half_steps(h) for h in way[1:])
    return {h: -(-(first + c) // 2) for h, c in onward.items() if PACIFIC in hmap.hex(h).seas}


def _walk(parent: dict[str, str | None], end: str) -> list[str]:
    path = [end]
    step = parent[end]
    while step is not None:
        path.append(step)
        step = parent[step]
    return path[::-1]


def path(data: Data, fleet_id: str, target: str, ordinary: list[str]) -> list[str]:
    """N6.3: the route of a base change to `target` through the strait, when the raider
    may take the passage and it is shorter than the `ordinary` route (or there is none);
    else `ordinary`."""
    if not may_pass(data, fleet_id) or PACIFIC not in load_map().hex(target).seas:
        return ordinary
    legs = _legs(data, fleet_id)
    if legs is None or target not in legs[1]:
        return ordinary
    way, _, parent = legs
    found = way + _walk(parent, target)[1:]
    if ordinary and sum(half_steps(h) for h in ordinary[1:]) <= sum(half_steps(h) for h in found[1:]):
        return ordinary
    return found
