"""Naval Action's search on the board (Search 1-6, N5): before a side's fleets may try to
intercept an enemy fleet that moves, that side must spot it in a hex of its path. The
rolls and tables are search.py's; this module finds the spotters on the board.

Who searches (Search 5), each hex of the mover's path in turn, its start hex first:
  - a coastal or island hex of the side holding an army with points (garrisons and forts
    are not armies), or a port holding one of the side's surface fleets: the Army Based
    Air line, out to five hexes;
  - the side's fleets at sea (on patrol): the Fleet line (SS for submarines), their own
    hex only; fleets in port do not search;
  - a coastal or island hex where the side's coastal air strength points stand (bought
    into armies, coastal_air.py) with no army points: the Coastal Air line, out to the
    range of the side's tac air level (N5.5, N9.2; ours: the printed coastal air of a
    naval port or airbase is no coastal air unit, so it does not search). A hex's bought
    coastal air also gives any line its Coastal Air modifier (a third of the points).
The searcher takes the best spotter for each hex (search.best_spotter), one attempt a
hex (search.record_search). A spotting opens the interceptions in the hex where it is made
(N5.3: interception is tried once the unit is spotted, from that hex); the side may let
the fleet go on instead (N5.4), and the search then goes on hex by hex over the rest of
its move, each earlier spotting in the hex or next to it taking one off the later rolls
(at most two, the Spotting Modifiers), until a new spotting opens the interceptions again
(naval_phase.NavalIntercept keeps the move's search record in its frame). A hex where a
spotting is made but no fleet of the side could intercept is passed by at once (the side
could only let it go). Sides not at war never search (Search 6).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .coastal_air import bought_at, tech_level
from .fleets import active, is_uboat_fleet
from .layout import HgwBoard, placed
from .map import hex_distance, load_map
from .neutrality import at_war
from .search import (
    Conditions,
    SearchRecord,
    best_spotter,
    new_record,
    previous_spottings,
    record_search,
    spot,
    to_spot,
)

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard


def spotters(data: Data, side: str) -> list[tuple[str, str]]:
    """(hex, line) for every spotter the side has on the board (Search 5)."""
    hmap = load_map()
    found: dict[str, str] = {}
    held = data.get("coastal_air", {})
    for a, x in data.get("armies", {}).items():
        at = x["at"]
        if x["side"] != side or at is None or at not in hmap or not hmap.is_coastal(at):
            continue
        if sum(x["sp"].values()) > 0:
            found[at] = "army_based_air"
        elif int(held.get(a, 0)) > 0:
            found.setdefault(at, "coastal_air")  # N5.5: coastal air alone
    for f, fleet in sorted(data.get("fleets", {}).items()):
        if fleet["side"] != side or not active(data, f):
            continue
        if "patrol" in fleet:
            found.setdefault(fleet["patrol"], "ss" if is_uboat_fleet(fleet) else "fleet")
        elif not is_uboat_fleet(fleet) and fleet["at"] in hmap:
            found[placed(fleet)] = "army_based_air"  # a naval base with a surface fleet
    return sorted(found.items())


def search_move(game: HgwState, side: str, mover: str, path: list[str], target: Any = None) -> bool:
    """Search 1-4: does `side` spot the fleet `mover` on its `path`? One roll a hex where a
    spotter reaches, the best spotter's; True at the first spotting. `target`: another
    unit at sea searched as a fleet (name, side, sp: a replenishment unit, N13.2)."""
    return search_on(game, side, mover, path, new_record(), target)[0] is not None


def search_on(
    game: HgwState,
    side: str,
    mover: str,
    path: list[str],
    record: SearchRecord,
    target: Any = None,
    wanted: Callable[[str], bool] | None = None,
) -> tuple[int | None, SearchRecord]:
    """Search 1-4: `side` searches the fleet `mover` hex by hex along `path` (its start hex
    first), the hexes of `record` (this move's searches so far) not again, each roll
    helped by the record's spottings nearby (N5.4). Returns the index in `path` of the
    first hex where it is spotted and `wanted(hex)` (an interception could be tried from
    there; a spotting elsewhere is only recorded), or None, with the record so far."""
    data = game.data
    fleet = data["fleets"][mover] if target is None else target
    if not at_war(data, side, fleet["side"]):
        return None, record  # Search 6
    hmap = load_map()
    mine = spotters(data, side)
    level = tech_level(data, side)  # N9.2: the Coastal Air line's reach
    kind = "ss" if is_uboat_fleet(fleet) else "fleet"
    for i, h in enumerate(path):
        if h in record["searched"]:
            continue  # Search 2: one attempt a hex, the move's earlier ones included
        options = []
        for where, line in mine:
            distance = hex_distance(where, h)
            if to_spot(line, distance, level) is None:
                continue
            coast = h in hmap and not hmap.is_water(h)
            air = bought_at(data, where, side) if "coastal_air" in data else 0
            cond = Conditions(
                target=kind,
                coastal_air=air,
                coastal_air_total=air,
                coast=coast,
                friendly_coast=coast and data["owner"].get(h) == side,
                previous=previous_spottings(record, h, hmap.neighbours),
                target_points=int(fleet["sp"]),
            )
            options.append((line, distance, cond, level))
        if not options:
            continue
        line, distance, cond, at_level = best_spotter(options)
        got = spot(game, side, line, distance, cond, level=at_level)
        record = record_search(record, h, got.spotted)
        game.log(
            f"{side} searches {fleet['name']} in {h} ({line.replace('_', ' ')}, {distance} hexes): "
            f"a {got.roll}, {got.total - got.roll:+d} in modifiers, "
            f"{'spotted' if got.spotted else 'not spotted'} (needs {got.needed} or less)"
        )
        if got.spotted and (wanted is None or wanted(h)):
            return i, record
    if record["spotted"]:
        game.log(f"{side} does not spot {fleet['name']} again where it could intercept it (N5.4)")
    else:
        game.log(f"{side} does not spot {fleet['name']}: it cannot be intercepted (N5.1)")
    return None, record


def air_spotter(data: Data, side: str, raiders: str, place: str) -> tuple[str, int, Conditions, int] | None:
    """The best spotter `side` has against coastal air raiding `place` (N9.4: target air),
    as (line, distance, conditions, level), or None: none reaches, or not at war."""
    if not at_war(data, side, raiders):
        return None
    hmap = load_map()
    level = tech_level(data, side)
    options = []
    for where, line in spotters(data, side):
        distance = hex_distance(where, place)
        if to_spot(line, distance, level) is None:
            continue
        air = bought_at(data, where, side) if "coastal_air" in data else 0
        coast = place in hmap and not hmap.is_water(place)
        cond = Conditions(
            target="air",
            coastal_air=air,
            coastal_air_total=air,
            coast=coast,
            friendly_coast=coast and data["owner"].get(place) == side,
        )
        options.append((line, distance, cond, level))
    return best_spotter(options) if options else None


def search_air(game: HgwState, side: str, raiders: str, place: str) -> bool:
    """N9.4: does `side` spot the coastal air of `raiders` attacking its naval base at
    `place`? One roll, the best spotter's that reaches the hex (target: air); not spotted
    where none reaches (ours: the raid is searched over its target alone)."""
    found = air_spotter(game.data, side, raiders, place)
    if found is None:
        game.log(f"{side} has no spotter within reach of {place}: the raid is not spotted (N5.5)")
        return False
    line, distance, cond, at_level = found
    got = spot(game, side, line, distance, cond, level=at_level)
    game.log(
        f"{side} searches the coastal air attacking {place} ({line.replace('_', ' ')}, {distance} hexes): "
        f"a {got.roll}, {got.total - got.roll:+d} in modifiers, "
        f"{'spotted' if got.spotted else 'not spotted'} (needs {got.needed} or less)"
    )
    return got.spotted
