"""Naval Action's raiders (N6.1, N6.2, N6.4), played under option `naval_action`.

    ("declare_raider", fleet)  in the production phase (a system_builds provider of the
                               "naval" system, at no cost): the fleet is a raider for the
                               side's next player turn (N6.1)

A raider is a whole fleet (our reading of "specific strength points": the points that
raid together are one fleet counter; a player forms the raider with N2.4's transfers). It
holds capital ship, A.S.W. or U-boat points only: N6.1 names no carriers, so a fleet with
a carrier point is no raider. State: `data["raiders"]`, the sorted ids of the declared
raiders; Campaign Game III's German fleet at sea at the start (N1.6, "on patrol (raid)")
is one from the set-up (`fleet_nations.set_up`).

What a raider does:
- N6.1: at the start of its naval movement (the base changes, before any patrol sails) it
  may change base to a neutral port (a port of a country nobody holds) as well as to a
  friendly one, with room for it (N1.2), along a sea route. From a neutral port it may
  then still take one route raid the same phase (its "normal interceptions": a route
  interception, U-Boat Attack 5); it may not patrol from there (a patrol stays out past
  the return to base, which must bring it home).
- N6.2: at its side's return to base (step 5) a raider in a neutral port makes a special
  base change to the nearest friendly port or naval base its nation may use with room
  for it, reached by sea (nearest by hex distance, then by hex number; ours: the move is
  not interceptable, as the rule names no interception for it); with none it is
  eliminated (N2.1's rule for a fleet without a port). Then the side's declarations end:
  a raider is declared again in the next production phase.
- N6.4: a raider attacking an unescorted sea route fires at triple strength (U-boats
  otherwise double, U-Boat Attack 6). A surface raider may raid a route too (its Fleet
  line for the interception roll), an unescorted one only: surface fleets against an
  escorted route are N3.5's, not played yet. In a fleet battle a raider fires as any
  fleet does (naval_battle).

The heuristic player declares no raiders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.game import Action

from . import fleet_nations, ports, spanish_ports
from .fleets import base_hex, nation_may_base, nearest_haven, room_for_fleet, ships
from .geography import geography
from .layout import Fleet, HgwBoard, placed
from .map import load_map
from .neutrality import is_unaligned, naval_friendly
from .optional import has_option

if TYPE_CHECKING:
    from .state import HgwState

Data = HgwBoard
VERBS = ("declare_raider",)
RAIDER_SHIPS = ("capital", "asw", "uboat")  # N6.1's types: no carriers
TRIPLE = 3  # N6.4
SIDES = ("axis", "allied", "soviet")


def declared(data: Data) -> list[str]:
    return list(data.get("raiders", ()))


def is_raider(data: Data, fleet_id: str) -> bool:
    return has_option(data, "naval_action") and fleet_id in data.get("raiders", ())


def _why_not_raider(data: Data, side: str, fleet_id: str) -> str | None:
    fleet = data.get("fleets", {}).get(fleet_id)
    if fleet is None or fleet["side"] != side:
        return f"{fleet_id} is not one of {side}'s fleets"
    if fleet["at"] is None or int(fleet["sp"]) <= 0:
        return f"{fleet['name']} is not in play: no ships are in it"
    if fleet_id in data.get("raiders", ()):
        return f"{fleet['name']} is already a raider this turn"
    if fleet_nations.idle(data, fleet):
        return f"{fleet['name']}'s nation is unaligned or has surrendered: its fleets stay in port"
    kinds = {k for k, n in ships(fleet).items() if n > 0}
    if not kinds <= set(RAIDER_SHIPS):
        return f"{fleet['name']} holds carrier points: a raider holds capital, A.S.W. or U-boat points (N6.1)"
    return None


def offers(data: Data, side: str, money: int) -> list[Action]:
    if not has_option(data, "naval_action"):
        return []
    fleets = sorted(data.get("fleets", {}))
    return [("declare_raider", f) for f in fleets if _why_not_raider(data, side, f) is None]


def cost(data: Data, side: str, action: Action) -> int:
    return 0  # a declaration, not a build


def apply(game: HgwState, side: str, action: Action) -> None:
    data = game.data
    data["raiders"] = sorted({*data.get("raiders", ()), str(action[1])})
    game.log(f"{side} declares {data['fleets'][action[1]]['name']} a raider (N6.1)")


def why_not(data: Data, side: str, action: Action, money: int) -> str | None:
    if not has_option(data, "naval_action"):
        return "raiders are declared with the Naval Action optional rule only (N6.1)"
    return _why_not_raider(data, side, str(action[1]))


def neutral(data: Data, port: str) -> bool:
    """A place of an unaligned country (N6.1's neutral port; Violation of Neutrality 1),
    not Vichy French Africa, which is friendly to the Axis (France 3)."""
    return is_unaligned(data, port) and not any(naval_friendly(data, side, port) for side in SIDES)


def in_neutral_port(data: Data, fleet_id: str) -> bool:
    fleet = data["fleets"][fleet_id]
    return fleet["at"] is not None and "patrol" not in fleet and neutral(data, base_hex(fleet["at"]))


def neutral_ports(data: Data, fleet_id: str, reached: Any) -> list[str]:
    """N6.1: the neutral ports a raider may change base to: room for it, a sea route."""
    if not is_raider(data, fleet_id):
        return []
    fleet = data["fleets"][fleet_id]
    hmap = load_map()
    return [
        p
        for p in sorted(geography(data["scenario"]).places)
        if p != fleet["at"]
        and p in hmap
        and p in reached
        and ports.has_port(data, p)
        and neutral(data, p)
        and room_for_fleet(data, p, fleet_id)
    ]


def home(game: HgwState, side: str, reached: Any) -> None:
    """N6.2 at the side's return to base: raiders in neutral ports go to the nearest
    friendly port with room (`reached(fleet_id)`: the hexes a sea route reaches); then
    the side's declarations end."""
    data = game.data
    if not has_option(data, "naval_action"):
        return
    for f, fleet in sorted(data.get("fleets", {}).items()):
        if fleet["side"] != side or not in_neutral_port(data, f) or fleet_nations.idle(data, fleet):
            continue  # an unaligned nation's own fleets wait at home (fleet_nations.idle)
        if spanish_ports.based(data, f) and not is_raider(data, f):
            continue  # G5.6: a German fleet based in neutral Spain stays there
        here = base_hex(placed(fleet))
        sea = reached(f)
        left = fleet["at"]
        def usable(p: str, f: str = f, fleet: Fleet = fleet) -> bool:
            return nation_may_base(data, fleet, p) and room_for_fleet(data, p, f)

        port = nearest_haven(data, f, here, usable, [p for p in data["owner"] if p in sea])
        if port is not None:
            game.log(f"{fleet['name']} leaves the neutral port {left} for {port} (N6.2)")
        else:
            game.log(f"{fleet['name']} finds no friendly port to return to from {left}: lost (N6.2)")
    mine = {f for f, x in data.get("fleets", {}).items() if x["side"] == side}
    if "raiders" in data:
        data["raiders"] = [f for f in data["raiders"] if f not in mine]


def route_strength(data: Data, fleet_id: str, rid: str) -> int:
    """N6.4: strength points per point against a route: three for a raider against an
    unescorted route, else 0 (the U-boats' own doubling, U-Boat Attack 6)."""
    if is_raider(data, fleet_id) and rid not in data.get("route_escorts", {}):
        return TRIPLE
    return 0
