"""Campaign Game II's sea supply routes for armies (K16.6; Shipping 2, 4; U-Boat Attack
4, 6; Supply Route 1-2): an army whose full supply crosses a sea draws it along a
declared route that U-boats may attack, and a route that loses as many points as it
supplies armies leaves them out of supply. Played where shipping counters are
(shipping_counters.in_play) in Europe: Campaign Games II and III, and Campaign Game IV's
European half (it includes Campaign Game II's rules; its Pacific half's sea supply is not
this rule's); Campaign Game I and the earlier scenarios trace supply across friendly seas
as before, with nothing to attack.

Our readings (docs/hgw-design.md, "Sea supply routes for armies"):
- one route a side and a sea: the side's armies whose full-supply route crosses that
  sea (supply.sea_chains, the fewest crossings) draw on it; it sails from the coast the
  supply search first crosses the sea from to each coast where those armies' supply
  lands, by the map's cheapest sea route (Shipping 7), never through a closed narrows
  (Sea Route 4); it is declared with the side's other routes at its naval movement
  (U-Boat Attack 4) and holds until the next one;
- it carries as many points as the armies drawing on it (Shipping 2: a loss is at most
  the armies supplied; fleets are not counted, as they trace no supply of their own in
  our engine), counted when the U-boats strike, as the armies stand then;
- a strike that takes all it carries disrupts it (uboats.route_attack's `disrupted`):
  at the start of the owner's next player turn the armies whose chain crosses that sea
  are out of full supply, so they may neither move nor attack that turn (Unsupplied
  Hexes 3-4). They are not eliminated for it: whether a hex reaches any production
  point at all (Unsupplied Hexes 1) stays a question of the map, and the loss counts
  once (U-Boat Attack 7): the route declared afresh at the owner's naval movement
  carries again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .fleets import base_hex
from .invasion_routes import closed_narrows
from .layout import HgwBoard
from .map import load_map
from .scenario import load_scenario
from .sequence import has_system
from .supply import Crossing, sea_chains
from .theater import EUROPE, WORLD, in_pacific

Data = HgwBoard
KIND = "army_supply"
# route id for each side's sea (the action space's `route` domain lists them): every
# friendly sea of Campaign Games II-III an enemy fleet may sail (not the Caspian, a lake)
ARMY_ROUTES: dict[tuple[str, str], str] = {
    ("allied", "Atlantic"): "allied_supply_atlantic",
    ("allied", "Mediterranean"): "allied_supply_mediterranean",
    ("allied", "Persian Gulf-Red Sea"): "allied_supply_red_sea",
    ("allied", "Pacific-Indian"): "allied_supply_indian",
    ("axis", "Atlantic"): "axis_supply_atlantic",
    ("axis", "Baltic"): "axis_supply_baltic",
    ("axis", "Mediterranean"): "axis_supply_mediterranean",
    ("soviet", "Black Sea"): "soviet_supply_black_sea",
    ("soviet", "White Sea"): "soviet_supply_white_sea",
}
SEA_OF = {rid: sea for (_, sea), rid in ARMY_ROUTES.items()}


def in_play(data: Data) -> bool:
    """Where the naval system plays (shipping_counters.in_play) in Europe's theatre:
    Campaign Games II-III and Campaign Game IV, whose European half is Campaign Game III."""
    return has_system(data, "naval") and load_scenario(data["scenario"]).theater in (EUROPE, WORLD)


def _in_europe(place: str) -> bool:
    """K16.6 in Campaign Game IV: an army in Europe's play area (a box, or a hex up to
    column xx57) draws on the routes; one in the Pacific half does not."""
    return place not in load_map().hexes or not in_pacific(place)


def drawing(data: Data, side: str) -> dict[str, list[tuple[str, tuple[Crossing, ...]]]]:
    """Each of the side's sea routes with the armies drawing on it (id, their chain)."""
    chains = sea_chains(data, side)
    found: dict[str, list[tuple[str, tuple[Crossing, ...]]]] = {}
    for army, x in sorted(data["armies"].items()):
        chain = chains.get(x["at"]) if x["side"] == side and x["at"] and _in_europe(x["at"]) else None
        for sea in {c[0] for c in chain or ()}:
            rid = ARMY_ROUTES.get((side, sea))
            if rid is not None:
                found.setdefault(rid, []).append((army, chain or ()))
    return found


def supplied_by(data: Data, rid: str) -> list[str]:
    """The armies drawing on the route now (its side's, whose chain crosses its sea)."""
    route = data.get("sea_routes", {}).get(rid)
    if route is None or route.get("kind") != KIND:
        return []
    return [army for army, _ in drawing(data, route["side"]).get(rid, [])]


def routes(data: Data, side: str) -> dict[str, dict[str, Any]]:
    """The side's army supply routes to declare (U-Boat Attack 4), as sea_war stores
    them: {route id: {"side", "kind", "origin", "to", "path", "lost"}}."""
    if not in_play(data):
        return {}
    closed = closed_narrows(data, side)
    out = {}
    for rid, armies in sorted(drawing(data, side).items()):
        sea = SEA_OF[rid]
        legs = sorted({(c[1], c[2]) for _, chain in armies for c in chain if c[0] == sea})
        path: list[str] = []
        for start, end in legs:
            path += [h for h in _path(base_hex(start), base_hex(end), closed) if h not in path]
        if not path:
            continue
        out[rid] = {
            "side": side,
            "kind": KIND,
            "origin": legs[0][0],
            "to": legs[-1][1],
            "path": path,
            "lost": 0,
        }
    return out


@lru_cache(maxsize=4096)
def _path(a: str, b: str, closed: frozenset[str]) -> tuple[str, ...]:
    """The map's cheapest sea route between two coasts (the two alone where it has none)."""
    hexes = load_map().hexes
    if a not in hexes or b not in hexes:
        return tuple(h for h in (a, b) if h in hexes)
    found = load_map().sea_route(a, b, closed=closed)
    return tuple(found) if found is not None else (a, b)


def cut_off(data: Data, side: str) -> dict[str, str]:
    """K16.6: the side's armies out of supply at the start of its player turn because a
    route they draw on was disrupted (all it carried lost): {army: route id}."""
    if not in_play(data):
        return {}
    declared = sorted(data.get("sea_routes", {}).items())
    cut = [r for r, x in declared if x["side"] == side and x.get("disrupted")]
    if not cut:
        return {}
    now = drawing(data, side)
    return {army: rid for rid in cut for army, _ in now.get(rid, [])}


def why(data: Data, army: str, rid: str) -> str:
    """The log's and why.py's words for an army cut off by a disrupted route."""
    sea = SEA_OF.get(rid, rid)
    return (
        f"{data['armies'][army]['name']} draws supply across the {sea}, whose supply route lost all it "
        "carried to enemy attacks: out of supply, it may not move or attack this turn (K16.6)"
    )
