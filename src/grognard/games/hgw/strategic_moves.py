"""Campaign Game II's strategic markers moved in the land movement phase (Strategic Bombing
1, K20.1; Strategic Missiles 2, K21.2): movement.py offers and applies these, a block of
its own.

- `("ferry_strategic", kind, origin, destination)`: a bomber, escort or air defence
  marker flies, all its points (and a bomber marker's atomic bombs), from one airbase
  to another by hops of at most 20, 15 or 7 hexes (data/strategic.json's `ferry`) over
  friendly or ocean hexes.
- `("move_missiles", counter, destination)`: a missile counter moves like an army,
  through friendly places, to any friendly place.

Each marker and counter moves once a movement phase (the frame's `strategic_moved`
lists where markers arrived and the counters moved); a marker that arrives where the
side has one of its kind joins it, and the joined marker has moved.

Readings where the rules are silent: an airbase is any land hex the side holds (the
rulebook names no airbase counters; markers are built in production hexes and fly from
wherever they are); a hop's hexes between two airbases are ocean hexes, so a chain of
friendly land hexes has no limit and only a crossing of enemy, neutral or unheld land
is barred; the point count of a move is the whole marker (a player splits nothing: the
markers are one a kind and place, docs/hgw-design.md); missiles cross no sea (their
counters are not strength points a sea's transport carries)."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame

from .board import geo
from .layout import HgwBoard
from .map import load_map
from .sequence import has_system
from .strategic import bombers_at, points, set_bombers, set_points
from .strategic_tables import load_strategic

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
Action = tuple[Any, ...]
VERBS = ("ferry_strategic", "move_missiles")
MOVED = "strategic_moved"
FLYING = ("bombers", "escorts", "air_defence")
REACH = {"bombers": "bomber", "escorts": "escort", "air_defence": "air_defence"}


def reach(kind: str) -> int:
    """Strategic Bombing 1: the longest hop of `kind` between airbases."""
    return int(getattr(load_strategic().ferry, REACH[kind]))


def airbases(data: Data, side: str, origin: str, kind: str) -> set[str]:
    """The friendly land hexes a `kind` marker at `origin` may fly to: hops of at most
    `reach(kind)` hexes whose hexes between airbases are all water (the module's note)."""
    hmap, owner, longest, places = load_map(), data["owner"], reach(kind), geo(data).places
    if origin not in hmap.hexes:
        return set()
    best: dict[str, int] = {origin: 0}  # hex -> hexes flown over water since the last airbase
    queue: deque[str] = deque([origin])
    while queue:
        h = queue.popleft()
        for n in hmap.neighbours(h):
            if n in places:  # a place of play: an airbase if the side holds it, else barred
                if owner.get(n) != side:
                    continue
                run = 0
            elif hmap.is_water(n):
                run = best[h] + 1
                if run >= longest:  # the next airbase would be beyond the hop
                    continue
            else:  # land outside play
                continue
            if n not in best or run < best[n]:
                best[n] = run
                queue.append(n)
    return {h for h in best if h != origin and h in places and owner.get(h) == side}


def missile_places(data: Data, side: str, origin: str) -> set[str]:
    """Strategic Missiles 2: the friendly places a counter reaches through friendly places."""
    g, owner = geo(data), data["owner"]
    seen, queue = {origin}, deque([origin])
    while queue:
        p = queue.popleft()
        for n in g.links.get(p, ()):
            if n not in seen and owner.get(n) == side:
                seen.add(n)
                queue.append(n)
    return seen - {origin}


def marker_points(strategic: dict[str, Any], side: str, kind: str, place: str) -> int:
    """The points on the side's `kind` marker at `place` (0: no marker)."""
    return (
        bombers_at(strategic, side, place)["sp"]
        if kind == "bombers"
        else points(strategic, kind, side, place)
    )


def offers(data: Data, side: str, frame: Frame) -> list[Action]:
    """The movement phase's strategic moves for `side`."""
    if not has_system(data, "strategic") or "strategic" not in data:
        return []
    moved = set(frame.get(MOVED, ()))
    strategic = data["strategic"]
    out: list[Action] = []
    for kind in FLYING:
        for origin in sorted(strategic[kind].get(side, {})):
            if f"{kind}@{origin}" not in moved:
                out += [
                    ("ferry_strategic", kind, origin, p) for p in sorted(airbases(data, side, origin, kind))
                ]
    for counter, record in sorted(strategic["missiles"].get(side, {}).items()):
        if counter not in moved and record["at"] is not None:
            out += [("move_missiles", counter, p) for p in sorted(missile_places(data, side, record["at"]))]
    return out


def apply(game: HgwState, side: str, frame: Frame, action: Action) -> None:
    """Move a marker or counter (an action `offers` made)."""
    data = game.data
    strategic = data["strategic"]
    if action[0] == "move_missiles":
        counter, to = action[1], action[2]
        record = strategic["missiles"][side][counter]
        start, record["at"] = record["at"], to
        frame[MOVED] = sorted({*frame.get(MOVED, ()), counter})
        game.log(f"{side} moves missile counter {counter} ({record['sp']} point(s)) from {start} to {to}")
        return
    kind, origin, to = action[1], action[2], action[3]
    if kind == "bombers":
        there, here = bombers_at(strategic, side, to), bombers_at(strategic, side, origin)
        set_bombers(
            strategic, side, to, {"sp": there["sp"] + here["sp"], "atomic": there["atomic"] + here["atomic"]}
        )
        set_bombers(strategic, side, origin, {"sp": 0, "atomic": 0})
        count = here["sp"]
    else:
        count = points(strategic, kind, side, origin)
        set_points(strategic, kind, side, to, points(strategic, kind, side, to) + count)
        set_points(strategic, kind, side, origin, 0)
    frame[MOVED] = sorted({*frame.get(MOVED, ()), f"{kind}@{to}"})
    what = kind.replace("_", " ")
    game.log(f"{side} ferries {count} {what} point(s) from {origin} to {to}")


def why_not(data: Data, side: str, frame: Frame, action: Action) -> str | None:
    """Why a strategic move is refused (None when it is offered)."""
    if action in offers(data, side, frame):
        return None
    strategic = data.get("strategic")
    if strategic is None or not has_system(data, "strategic"):
        return "this scenario plays no strategic warfare (Campaign Game II)"
    if action[0] == "move_missiles":
        record = strategic["missiles"].get(side, {}).get(action[1])
        if record is None:
            return f"{side} has no missile counter {action[1]}"
        if action[1] in frame.get(MOVED, ()):
            return f"missile counter {action[1]} has moved this phase"
        return (
            "a missile counter moves like an army, through friendly places only, to a friendly place (K21.2)"
        )
    kind, origin = str(action[1]), str(action[2])
    if kind not in FLYING:
        return f"{kind} is not a bomber, escort or air defence marker"
    here = (
        bombers_at(strategic, side, origin)["sp"]
        if kind == "bombers"
        else points(strategic, kind, side, origin)
    )
    what = kind.replace("_", " ")
    if not here:
        return f"{side} has no {what} marker in {origin}"
    if f"{kind}@{origin}" in frame.get(MOVED, ()):
        return f"the {what} marker in {origin} has moved this phase"
    return (
        f"{what} fly from airbase to airbase (a place the side holds), each hop at most {reach(kind)}"
        " hexes over the ocean, never over a place the side does not hold (K20.1)"
    )
