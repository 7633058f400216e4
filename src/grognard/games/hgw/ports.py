"""The ports, major naval ports and supply roads built in play (Naval Action: Ports 1-3,
N10; Major Naval Ports 1-3, N11; Supply Roads, N12), laid over the printed map.

The map's features are static data (map.py); what players build is state, kept here:

    data["ports"]         {place: "port" | "naval_port"}: a port built (N10.1-2) or a
                          major naval port completed (N11.1), or "port" for a printed
                          naval base its hits reduced to a port (N11.3)
    data["anchors_building"]  {place: {"side": side, "turn": game-turn index}}: a major
                          naval port under construction; it is complete once a game turn
                          has passed (N11.1: a full turn, like forts); a port paid with it
                          is there at once (N11.2)
    data["supply_roads"]  [place, ...]: supply roads (N12)

`harbour` is the one reader of what port a place has, map and state together; rules that
ask whether a place is a port or a naval base (fleets.room_for, invasion_routes.may_invade)
ask `has_port` and `is_naval_base`. This module imports only the map.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from .layout import HgwBoard, Place
from .map import load_map

HARBOURS = ("naval_yard", "naval_port", "port")  # best first
NAVAL_BASES = ("naval_yard", "naval_port")  # the anchors: any number of fleet points


@cache
def _printed(place: Place) -> str | None:
    """The port printed on the map in `place` (map data alone: kept once a place)."""
    hmap = load_map()
    if place not in hmap:
        return None
    return next((f for f in HARBOURS if hmap.has_feature(place, f)), None)


def _anchor_done(data: Mapping[str, Any], place: Place) -> bool:
    """N11.1: a major naval port under construction is complete a game turn later. The
    rulebook does not say what a capture does to one under construction: it is terrain
    in the making, like a printed anchor no one's own, so it completes (our reading)."""
    pending = data.get("anchors_building", {}).get(place)
    return pending is not None and int(pending["turn"]) < int(data["turn"])


def harbour(data: Mapping[str, Any], place: Place) -> str | None:
    """The port `place` has: "naval_yard", "naval_port", "port", or None; the printed
    map's, overlaid by what was built or reduced in play (N10-N11)."""
    if _anchor_done(data, place):
        return "naval_port"
    built = data.get("ports", {}).get(place)
    return str(built) if built is not None else _printed(place)


def has_port(data: Mapping[str, Any], place: Place) -> bool:
    """A port of any kind (N10.1, N10.3: a built port acts like a printed one)."""
    return harbour(data, place) is not None


def is_naval_base(data: Mapping[str, Any], place: Place) -> bool:
    """A major naval port or naval yard, printed or built (N11.1)."""
    return harbour(data, place) in NAVAL_BASES


def has_supply_road(data: Mapping[str, Any], place: Place) -> bool:
    """N12: a supply route may leave this place whatever its terrain."""
    return place in data.get("supply_roads", ())


def add_port(data: HgwBoard, place: Place) -> None:
    """N10.1-2: a port in `place`, for good (N10.3)."""
    data.setdefault("ports", {})[place] = "port"


def start_anchor(data: HgwBoard, side: str, place: Place) -> None:
    """N11.1-2: a major naval port under construction, its port paid with it if none."""
    if not has_port(data, place):
        add_port(data, place)
    data.setdefault("anchors_building", {})[place] = {"side": side, "turn": int(data["turn"])}


def add_supply_road(data: HgwBoard, place: Place) -> None:
    """N12: a supply road, part of the terrain from now on."""
    roads = data.setdefault("supply_roads", [])
    if place not in roads:
        roads.append(place)
        roads.sort()
