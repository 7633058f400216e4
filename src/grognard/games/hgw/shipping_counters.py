"""Campaign Game II's shipping counters (Shipping 1, 3, 9; K19.1, K19.3, K19.9): the
strength points that carry what crosses the seas, kept in ports as counters, in place
of Campaign Game I's fixed per-sea limits (Strength Point Movement Across Seas 1). They
are played where the naval system is (campaign_2, campaign_3); every other scenario
keeps its fixed limits (limitations.sea_limits) exactly as before.

DATA LAYOUT (`state.data`, scenarios with the naval system only)
    shipping       {side: {port place: shipping strength points}}: the counters on the
                   map (the set-up's from the scenario file, `shipping`)
    shipping_used  {side: {port place: points}}: what each counter has carried this
                   player turn (cleared at its start), and under the U.S. and Canada
                   lane's name what the lane carried
    us_transport   the Allies' transport points bought above the U.S.'s seasonal three
                   (Shipping 9), kept from turn to turn like a record-sheet box

Our readings (docs/hgw-design.md, "Shipping counters"):
- a counter serves every sea its port touches: the points a side may carry over a sea
  this player turn are its counters' points on that sea, less what they carried
  already; a move is charged to the counters of each sea it crosses;
- the Mediterranean stays closed to a side while Italy's rules close it (Italy 4-5, as
  in Campaign Game I), and the U.S. and Canada lane is the seasonal transport of
  Shipping 9 (three points, more bought once the U.S. is in), not a sea of counters;
- counters stand in the side's ports (a port, major naval port or naval yard, or an
  off-map box on a sea); points move between counters one at a time in the naval
  movement phase (`move_shipping`, then `ship_to`), along a chain of the side's ports each on a sea
  shared with the next, never intercepted (Shipping 3); a point that moved stays put
  for the rest of the phase."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Final

from grognard.core.flow import Frame

from .geography import Place, geography
from .layout import HgwBoard
from .limitations import MEDITERRANEAN, campaign_state, sea_limits
from .map import load_map
from .scenario import load_scenario
from .sequence import has_system

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
# Final: literal keys of the layout (layout.py), so mypy checks what they index
KEY: Final = "shipping"
USED: Final = "shipping_used"
US_EXTRA: Final = "us_transport"
PORT_FEATURES = ("port", "naval_port", "naval_yard")


def in_play(data: Data) -> bool:
    """Shipping counters replace the fixed limits where the naval system is played."""
    return has_system(data, "naval")


def set_up(data: Data) -> None:
    """The Campaign Game II set-up's counters (the scenario file's `shipping`: ours, as
    the printed set-up names none; docs/hgw-design.md)."""
    content = load_scenario(data["scenario"])
    data[KEY] = {side: dict(content.shipping.get(side, {})) for side in content.sides}
    data[USED] = {}
    data[US_EXTRA] = 0


def is_port(data: Data, place: Place) -> bool:
    """A place that may hold a shipping counter (`port_place`)."""
    return port_place(data["scenario"], place)


@cache
def port_place(scenario: str, place: Place) -> bool:
    """A port, major naval port or naval yard of the map, or an off-map box on a sea (its
    ports are off the map): where a shipping counter may stand."""
    g = geography(scenario)
    if not g.coast_seas.get(place):
        return False
    if place in g.box_at:
        return True
    hmap = load_map()
    return place in hmap.hexes and any(hmap.has_feature(place, f) for f in PORT_FEATURES)


def ports(data: Data, side: str) -> list[Place]:
    """The side's ports (friendly to it now), sorted."""
    owner = data["owner"]
    scenario = data["scenario"]
    coast = geography(scenario).coast_seas
    return sorted(p for p in coast if owner.get(p) == side and port_place(scenario, p))


def counters(data: Data, side: str) -> dict[Place, int]:
    """The side's shipping counters that stand in its own ports, with their points."""
    owner = data["owner"]
    mine = data.get(KEY, {}).get(side, {})
    return {p: int(n) for p, n in sorted(mine.items()) if n > 0 and owner.get(p) == side}


def total(data: Data, side: str) -> int:
    return sum(counters(data, side).values())


def sea_open(data: Data, side: str, sea: str) -> bool:
    """Italy 4-5 as in Campaign Game I: the Mediterranean carries a side's points only
    while Italy's rules leave it open to that side."""
    return sea != MEDITERRANEAN or MEDITERRANEAN in sea_limits(data, side)


def _free(data: Data, side: str, place: Place) -> int:
    used = int(data.get(USED, {}).get(side, {}).get(place, 0))
    return max(0, int(data.get(KEY, {}).get(side, {}).get(place, 0)) - used)


def serving(data: Data, side: str, sea: str) -> list[Place]:
    """The side's counters on `sea`: those in ports whose coast touches it. Counters on
    fewer seas come first, so that a move spends the most specialised ones."""
    g = geography(data["scenario"])
    found = [p for p in counters(data, side) if sea in g.coast_seas.get(p, ())]
    return sorted(found, key=lambda p: (len(g.coast_seas.get(p, ())), p))


def lane_limit(data: Data, side: str, lane: str) -> int:
    """Shipping 9: the U.S.'s seasonal transport (the scenario's three, Campaign Game
    I's U.S. and Canada limit) and the points bought above it."""
    base = int(load_scenario(data["scenario"]).sea_transport.get(side, {}).get(lane, 0))
    return base + int(data.get(US_EXTRA, 0))


def room(data: Data, side: str, sea: str) -> int:
    """K19.1: how many more points `side` may carry over `sea` this player turn."""
    lanes = load_scenario(data["scenario"]).box_lanes.get(side, {})
    if sea in lanes:
        return max(0, lane_limit(data, side, sea) - int(data.get("sea_moves", {}).get(sea, 0)))
    if not sea_open(data, side, sea):
        return 0
    return sum(_free(data, side, p) for p in serving(data, side, sea))


def charge(data: Data, side: str, seas: tuple[str, ...], count: int) -> None:
    """Charge a move of `count` points to the counters of each sea it crossed."""
    lanes = load_scenario(data["scenario"]).box_lanes.get(side, {})
    used = data.setdefault(USED, {}).setdefault(side, {})
    for sea in dict.fromkeys(seas):
        if sea in lanes:  # charged in sea_moves as in Campaign Game I; noted for the view
            used[sea] = int(used.get(sea, 0)) + count
            continue
        left = count
        for p in serving(data, side, sea):
            take = min(left, _free(data, side, p))
            if take:
                used[p] = int(used.get(p, 0)) + take
                left -= take


def reset(data: Data) -> None:
    """The counters carry afresh each player turn."""
    if KEY in data:
        data[USED] = {}


# --- Shipping 3: points between counters along a friendly route


def friendly_reach(data: Data, side: str, start: Place) -> set[Place]:
    """Shipping 3: the side's ports a shipping point at `start` may reach along a
    friendly route: a chain of its ports, each on an open sea shared with the next."""
    for group in _groups(data, side):
        if start in group:
            return set(group) - {start}
    return set()


def _groups(data: Data, side: str) -> list[frozenset[Place]]:
    """The side's ports in groups joined by friendly routes (seas shared port to port)."""
    g = geography(data["scenario"])
    parent: dict[Place, Place] = {}

    def root(p: Place) -> Place:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    first: dict[str, Place] = {}
    shut = not sea_open(data, side, MEDITERRANEAN)  # the one sea a rule closes (Italy 4-5)
    for p in ports(data, side):
        parent[p] = p
        for sea in g.coast_seas.get(p, ()):
            if shut and sea == MEDITERRANEAN:
                continue
            if sea in first:
                parent[root(p)] = root(first[sea])
            else:
                first[sea] = p
    groups: dict[Place, set[Place]] = {}
    for p in parent:
        groups.setdefault(root(p), set()).add(p)
    return [frozenset(x) for x in groups.values()]


def movable_from(data: Data, side: str, frame: Frame) -> dict[Place, int]:
    """The points each counter may still send this phase (those that arrived stay)."""
    arrived = frame.get("shipping_arrived", {})
    found = {p: n - int(arrived.get(p, 0)) for p, n in counters(data, side).items()}
    return {p: n for p, n in found.items() if n > 0}


def move_choices(data: Data, side: str, frame: Frame) -> list[Place]:
    """The counters that may send a point now: those with a point that did not arrive
    this phase and some other port of the side along a friendly route."""
    if not in_play(data):
        return []
    sending = movable_from(data, side, frame)
    if not sending:
        return []
    groups = _groups(data, side)
    return [p for p in sending if any(p in group and len(group) > 1 for group in groups)]


def why_not_move(data: Data, side: str, frame: Frame, start: Place, end: Place | None) -> str | None:
    """Why a shipping point may not go from `start` to `end` now (Shipping 3)."""
    if not in_play(data):
        return "shipping counters are Campaign Game II's (Shipping 3)"
    if start not in counters(data, side):
        return f"{side} has no shipping counter in {start}"
    if start not in movable_from(data, side, frame):
        return f"the shipping points in {start} arrived this phase and stay there (Shipping 3)"
    if end is None:
        reach = friendly_reach(data, side, start)
        return None if reach else f"no friendly shipping route from {start} (Shipping 3)"
    if not is_port(data, end) or data["owner"].get(end) != side:
        return f"{end} is not a port of {side}: shipping counters stand in ports (Shipping 3)"
    if end not in friendly_reach(data, side, start):
        return f"no friendly shipping route from {start} to {end} (Shipping 3)"
    return None


def move_point(game: HgwState, side: str, frame: Frame, start: Place, end: Place) -> None:
    data = game.data
    mine = data[KEY][side]
    mine[start] = int(mine[start]) - 1
    if mine[start] <= 0:
        del mine[start]
    mine[end] = int(mine.get(end, 0)) + 1
    arrived = frame.setdefault("shipping_arrived", {})
    arrived[end] = int(arrived.get(end, 0)) + 1
    game.log(f"{side} moves a shipping point from {start} to {end} ({mine[end]} there)")


# --- K19.9: the U.S.'s seasonal transport


def us_in(data: Data) -> bool:
    """Shipping 9: the United States has joined the Allies."""
    found = campaign_state(data)
    if found is None:
        return False
    _, pol = found
    return pol["us_since"] is not None and pol["joined"].get("united_states") == "allied"


def view(data: Data) -> dict[str, Any]:
    """Each side's counters, their points and what they still carry this player turn."""
    out: dict[str, Any] = {}
    for side, mine in sorted(data.get(KEY, {}).items()):
        out[side] = {p: {"points": int(n), "free": _free(data, side, p)} for p, n in sorted(mine.items())}
    return out
