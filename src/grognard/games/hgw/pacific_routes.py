"""The Pacific's production routes at sea, declared so that enemy fleets may attack them
(G24.0 Australia's shipping, G21.3 Japan's mainland shipping; U-Boat Attack 3-7), in the
scenarios that play the Pacific (Campaign Game IV, The Pacific War).

- G24.0: "shipping losses from this sea route deduct from Australia's current
  production, but cannot exceed" it: the rule has the route attacked. The Allies declare
  `australia` at their naval movement (U-Boat Attack 4) along the shipping route
  pacific_economy.australia_shipping finds (Sydney to the west coast); it carries
  Australia's current production (its Allied-held points, as production_of counts them).
- G21.3: the mainland's production reaches Japan only by a shipping route "of
  sufficient capacity"; a route an enemy fleet thins carries less, as United States 1's
  Gulf route does (ours: the rule names no attack but every shipping route is one a
  fleet may meet, Shipping 2, 4). The Axis declares `japan_mainland` from a home-island
  port to an Axis-held coast of Korea, Manchukuo or China (pacific_economy.mainland_route);
  it carries the Axis-held mainland's production.
- G21.1's imports route is not declared: G21.2 lets the U.S. break it once it is at war
  with Japan or Japan is in Indochina, and the U.S. does so at once and whole
  (pacific_economy.imports), so no fleet ever meets it carrying anything.

When: once the United States is at war (japan.us_at_war), where a fleet may attack a
route at all (U-boats or Naval Action: Campaign Game IV; The Pacific War plays neither).
Before that in Campaign Game IV Japan and the Commonwealth fight no naval war: a Japanese
attack on a Commonwealth hex is what brings the U.S. in (G6.2), and shipping is not
a hex, so we hold the sea war on these routes to the Pacific war's outbreak.

What a hit does is the European routes' (sea_war._hit_route): the points lost go to the
owner's `route_losses` and come off its next production (U-Boat Attack 6-7), never more
than the route carries (`carried`), so Australia never loses more than its production.
The action index's `route` domain lists ROUTES after Europe's where they are declared
(action_space.py, `declared`); the other scenarios' index is unchanged.
"""

from __future__ import annotations

from typing import Any

from .australia import is_australian
from .board import production_of
from .geography import geography
from .japan import us_at_war
from .layout import HgwBoard
from .optional import has_option
from .pacific_economy import ALLIED, AXIS, australia_shipping, mainland_route
from .pacific_tables import load_pacific
from .scenario import load_scenario
from .sequence import has_system
from .shipping import Route
from .theater import PACIFIC, WORLD

Data = HgwBoard
ROUTES = {"australia": ALLIED, "japan_mainland": AXIS}  # route id: its side (G24.0, G21.3)


def carries(data: Data, rid: str) -> int:
    """What the route carries this turn: Australia's current production (G24.0) or the
    Axis-held mainland's (G21.3)."""
    g = geography(data["scenario"])
    owner = data["owner"]
    if rid == "australia":
        return sum(production_of(data, p) for p, o in owner.items() if o == ALLIED and is_australian(p))
    overseas = load_pacific().imports.overseas
    return sum(production_of(data, p) for p, o in owner.items() if o == AXIS and g.country.get(p) in overseas)


def declared(theater: str, uboats: bool, naval_action: bool) -> bool:
    """Whether a scenario declares these routes: where the Pacific is played and a fleet
    may attack a route (U-boats, or Naval Action's surface raids, N3.5): Campaign Game IV.
    The Pacific War plays neither, so nothing there could meet them."""
    return theater in (PACIFIC, WORLD) and (uboats or naval_action)


def routes(data: Data, side: str) -> dict[str, dict[str, Any]]:
    """The side's Pacific production routes to declare at its naval movement (U-Boat
    Attack 4), as sea_war stores them; none before the Pacific war (above)."""
    content = load_scenario(data["scenario"])
    attacked = declared(content.theater, has_system(data, "uboats"), has_option(data, "naval_action"))
    if not attacked or not us_at_war(data):
        return {}
    out: dict[str, dict[str, Any]] = {}
    for rid, owner in ROUTES.items():
        if owner != side:
            continue
        route: Route | None = australia_shipping(data) if rid == "australia" else mainland_route(data)
        load = carries(data, rid)
        if route is None or load <= 0:
            continue
        out[rid] = {
            "side": side,
            "kind": "supply",
            "origin": route.origin,
            "to": route.destination,
            "path": list(route.path),
            "lost": 0,
            "carried": load,
        }
    return out
