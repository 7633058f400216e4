"""Naval Action's search on the board (Search 1-6, N5): before a side's fleets may try to
intercept an enemy fleet that moves, that side must spot it in a hex of its path. The
rolls and tables are search.py's; this module finds the spotters on the board.

Who searches (Search 5), each hex of the mover's path in turn, its start hex first:
  - a coastal or island hex of the side holding an army with points (garrisons and forts
    are not armies), or a port holding one of the side's surface fleets: the Army Based
    Air line, out to five hexes;
  - the side's fleets at sea (on patrol): the Fleet line (SS for submarines), their own
    hex only; fleets in port do not search;
  - coastal air (the Coastal Air line) waits for coastal air points on the board
    (navbuilds' Coastal Air Strength Points).
The searcher takes the best spotter for each hex (search.best_spotter), one attempt a
hex (search.record_search). The first spotting opens the interceptions (ours: the side
intercepts at once or lets the fleet go, Search 4's waiting for a better hex being the
interception's choice among the hexes of the path, which the intercept step already
measures from the nearest); so earlier spottings never add to a later roll here.
Sides not at war never search (Search 6).
"""

from __future__ import annotations

from typing import Any

from .fleets import active, is_uboat_fleet
from .map import hex_distance, load_map
from .neutrality import at_war
from .search import Conditions, best_spotter, new_record, previous_spottings, record_search, spot, to_spot

Data = dict[str, Any]


def spotters(data: Data, side: str) -> list[tuple[str, str]]:
    """(hex, line) for every spotter the side has on the board (Search 5)."""
    hmap = load_map()
    found: dict[str, str] = {}
    for x in data.get("armies", {}).values():
        at = x["at"]
        if x["side"] == side and at in hmap and hmap.is_coastal(at) and sum(x["sp"].values()) > 0:
            found[at] = "army_based_air"
    for f, x in sorted(data.get("fleets", {}).items()):
        if x["side"] != side or not active(data, f):
            continue
        if "patrol" in x:
            found.setdefault(x["patrol"], "ss" if is_uboat_fleet(x) else "fleet")
        elif not is_uboat_fleet(x) and x["at"] in hmap:
            found[x["at"]] = "army_based_air"  # a naval base with a surface fleet
    return sorted(found.items())


def search_move(game: Any, side: str, mover: str, path: list[str], target: Any = None) -> bool:
    """Search 1-4: does `side` spot the fleet `mover` on its `path`? One roll a hex where a
    spotter reaches, the best spotter's; True at the first spotting. `target`: another
    unit at sea searched as a fleet (name, side, sp: a replenishment unit, N13.2)."""
    data = game.data
    fleet = data["fleets"][mover] if target is None else target
    if not at_war(data, side, fleet["side"]):
        return False  # Search 6
    hmap = load_map()
    mine = spotters(data, side)
    record = new_record()
    target = "ss" if is_uboat_fleet(fleet) else "fleet"
    for h in dict.fromkeys(path):  # its start hex first (the path's first)
        options = []
        for where, line in mine:
            distance = hex_distance(where, h)
            if to_spot(line, distance) is None:
                continue
            coast = h in hmap and not hmap.is_water(h)
            cond = Conditions(
                target=target,
                coast=coast,
                friendly_coast=coast and data["owner"].get(h) == side,
                previous=previous_spottings(record, h, hmap.neighbours),
                target_points=int(fleet["sp"]),
            )
            options.append((line, distance, cond, 0))
        if not options:
            continue
        line, distance, cond, level = best_spotter(options)
        got = spot(game, side, line, distance, cond, level=level)
        record = record_search(record, h, got.spotted)
        game.log(
            f"{side} searches {fleet['name']} in {h} ({line.replace('_', ' ')}, {distance} hexes): "
            f"a {got.roll}, {got.total - got.roll:+d} in modifiers, "
            f"{'spotted' if got.spotted else 'not spotted'} (needs {got.needed} or less)"
        )
        if got.spotted:
            return True
    game.log(f"{side} does not spot {fleet['name']}: it cannot be intercepted (N5.1)")
    return False
