"""Germany's ships in Spain's ports while Spain is neutral (Campaign Game I's Spain 6:
G5.6), played by Campaign Game II's naval movement phase (naval_phase.py) and the
invasion steps (naval.py).

- While Spain is unaligned, and until 1943 (the Time Record's first turn of that year,
  Spring 1943), a German fleet may change base to a Spanish port with room for it, as
  to a friendly one (the Axis's fleets in Campaign Game II are all German; with Naval
  Action, the German counters only).
- U-boats based there play as from any port: patrols, raids, interceptions.
- A surface fleet based there (the rule's "for supply") makes no attack of any kind:
  it neither patrols, raids, intercepts, escorts nor supports; it may only sail away
  (`disarmed`). Ours: escorting a route counts as a mission it may not take, since an
  escort fights the route's attackers.
- From 1943, or once Spain is no longer neutral and its ports not the Axis's, the
  German fleets still in them leave, at the start of the Axis's naval movement, for the
  nearest port the fleet may use with room, reached by sea (hex distance, then hex
  number), not intercepted (the rule names no interception); with none the fleet is
  lost, as a fleet with no port (N2.1's rule, ours for the basic game too). A patrol
  based there takes that port as its base and comes home to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .fleets import is_uboat_fleet, nation_may_base, nearest_haven
from .geography import geography
from .layout import Fleet, HgwBoard, Place, placed
from .limitations import now, turn_order
from .map import load_map
from .neutrality import is_unaligned, nation_at, naval_friendly, politics
from .ports import has_port

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
SPAIN = "spain"
CLOSES = "Spring 1943"  # "starting in 1943": the year's first turn on the Time Record
GERMANY = "germany"


_HEXES: dict[str, tuple[str, ...]] = {}  # scenario -> Spain's places on the map (data alone)


def spanish_hexes(data: Data) -> tuple[str, ...]:
    scenario = str(data["scenario"])
    if scenario not in _HEXES:
        hmap = load_map()
        places = geography(scenario).places
        _HEXES[scenario] = tuple(sorted(p for p in places if p in hmap and nation_at(data, p) == SPAIN))
    return _HEXES[scenario]


def spanish_port(data: Data, place: Place) -> bool:
    """A port of neutral Spain (a place of the unaligned country Spain)."""
    return place in spanish_hexes(data) and is_unaligned(data, place) and has_port(data, place)


def open_to(data: Data, fleet: Fleet) -> bool:
    """G5.6: Spain's ports take the fleet: a German fleet, Spain neutral, before 1943."""
    if fleet["side"] != "axis" or fleet.get("nation", GERMANY) != GERMANY:
        return False
    pol = politics(data)
    if pol is None or SPAIN not in pol["unaligned"]:
        return False
    return now(data) < turn_order(CLOSES)


def ports_for(data: Data, fleet_id: str, reached: Any) -> list[str]:
    """The Spanish ports the fleet may change base to, by sea (room is the caller's)."""
    fleet = data["fleets"][fleet_id]
    if not open_to(data, fleet):
        return []
    return [p for p in spanish_hexes(data) if p in reached and p != fleet["at"] and spanish_port(data, p)]


def based(data: Data, fleet_id: str) -> bool:
    """In port in a Spanish port, and allowed there."""
    fleet = data["fleets"][fleet_id]
    return "patrol" not in fleet and spanish_port(data, placed(fleet)) and open_to(data, fleet)


def home_port(data: Data, fleet: Fleet) -> bool:
    """N2.1 with G5.6: a patrol from a Spanish port may come back to it while allowed."""
    at = fleet["at"]
    return at is not None and spanish_port(data, at) and open_to(data, fleet)


def disarmed(data: Data, fleet_id: str) -> bool:
    """G5.6: a surface fleet based in a neutral Spanish port makes no attack."""
    return based(data, fleet_id) and not is_uboat_fleet(data["fleets"][fleet_id])


def closing(
    game: HgwState, side: str, reached: Callable[[str], Any], room: Callable[[str, str], bool]
) -> None:
    """G5.6 from 1943 (or once Spain's ports are no longer open): the side's fleets in
    them leave for the nearest port they may use with room (`reached(fleet)`: the hexes
    a sea route reaches; `room(fleet, port)`), or are lost."""
    data = game.data
    for f, fleet in sorted(data.get("fleets", {}).items()):
        at = fleet["at"]
        if fleet["side"] != side or at not in spanish_hexes(data) or naval_friendly(data, side, at):
            continue
        if spanish_port(data, at) and open_to(data, fleet):
            continue  # still neutral Spain's, and open to it
        sea = reached(f)
        def usable(p: str, f: str = f, fleet: Fleet = fleet) -> bool:
            return nation_may_base(data, fleet, p) and room(f, p)

        port = nearest_haven(data, f, at, usable, [p for p in data["owner"] if p in sea])
        if port is not None:
            game.log(f"{fleet['name']} may no longer use the Spanish port {at}: it sails to {port} (G5.6)")
        else:
            game.log(f"{fleet['name']} may no longer use the Spanish port {at}, and has no other: lost")
