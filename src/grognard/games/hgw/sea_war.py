"""Campaign Game II's war at sea on the board: the sea routes a side declares, the fights
between fleets that meet, and the U-boats' attacks on routes (Fleets 7-9; U-Boat Attack
3-7; Lend-Lease 1-2; Anti-Submarine Warfare 1-4; Shipping 2, 4, 10). The numbers are the
rules functions' (uboats.py, naval_battle.py, shipping.py); this module applies them to
the state. The naval movement phase (naval_phase.py) calls it.

DATA LAYOUT (`state.data`, Campaign Game II only)
    sea_routes    {route id: {"side", "kind", "origin", "to", "path": [hex...],
                  "lost": points lost this turn, optionally "carried"}}: the routes each
                  side declared hex by hex at its naval movement (U-Boat Attack 4); they
                  hold until its next one. `kind` is "britain" (Britain's eight points
                  from the U.S. east coast, Lend-Lease 2), "supply" (a production route:
                  United States 1-2) or "lend_lease" (what the giver's gift carries, or
                  the route's own "carried")
    route_escorts {route id: fleet id}: the surface fleet escorting the route (Shipping
                  10; Anti-Submarine Warfare 2), for the owner's player turn and the next
                  opponents'
    route_losses  {side: production points}: what U-boats took off the side's routes,
                  deducted once from its next production (U-Boat Attack 6-7; the box
                  beside Current Production)

The Europe routes (ROUTES): Britain's to New York, the U.S. Gulf and Bombay routes once
the United States is at war, the Allied lend-lease to the Soviet depot the Soviets still
hold, and Germany's Swedish ore routes (by the Swedish port and by Narvik, as the season
ships it), which Allied SS may attack. The Pacific's (Australia's, Japan's mainland) are
pacific_routes.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from . import fleet_battle, german_technology, leaders, pacific_routes, raiders, sea_supply
from .board import opponents, points
from .firepower import fire
from .fleets import active, asw_of, base_hex, is_uboat_fleet, set_points, ships
from .geography import geography
from .invasion_routes import closed_narrows
from .layout import Fleet, HgwBoard, Place
from .limitations import campaign_state, season, swedish_points, us_points
from .map import hex_distance, load_map
from .scenario import load_scenario
from .shipping import fixed_route, trace
from .uboats import asw_battle, intercept, intercept_limit, route_attack

if TYPE_CHECKING:
    from .rule_game import RuleGame
    from .state import HgwState

Data = HgwBoard
# route id: (fixed route of data/shipping.json or "" for lend-lease, kind, points carried)
ROUTES: dict[str, tuple[str, str, int]] = {
    "britain_us": ("britain_us", "britain", 8),  # Lend-Lease 2
    "us_gulf": ("us_gulf", "supply", 3),  # United States 1
    "us_bombay": ("us_bombay", "supply", 1),  # United States 2
    "lend_lease": ("", "lend_lease", 0),  # Lend-Lease 1 (Campaign Game II)
    "swedish_ore": ("swedish_ore", "supply", 0),  # Swedish Production 1-2, by the Swedish port
    "swedish_ore_narvik": ("swedish_ore_narvik", "supply", 0),  # by Narvik
}
SIDE_ROUTES = {
    "allied": ("britain_us", "us_gulf", "us_bombay", "lend_lease"),
    "axis": ("swedish_ore", "swedish_ore_narvik"),
}
LEND_LEASE_PORTS = ("1131", "1333")  # the British naval yards the gift sails from (ours)
ATTACK_KIND = {"britain": "britain", "supply": "supply", "lend_lease": "lend_lease"}
ATTACK_KIND[sea_supply.KIND] = "supply"  # K16.6: an army supply route is attacked as a supply route


def _usable(data: Data, side: str) -> Callable[[str], bool]:
    def usable(h: str) -> bool:
        return data["owner"].get(h) in (side, None)

    return usable


def declare_routes(game: HgwState, side: str) -> None:
    """U-Boat Attack 4: the side traces its routes hex by hex (the shipping rules'
    shortest, Shipping 7) and they stay fixed until its next naval movement."""
    data = game.data
    routes = data.setdefault("sea_routes", {})
    for rid in [r for r, x in routes.items() if x["side"] == side]:
        del routes[rid]
        data.get("route_escorts", {}).pop(rid, None)
    closed = closed_narrows(data, side)
    ore = ore_by_route(data) if side == "axis" else {}
    # The Pacific War (theater.py): these routes are Europe's and the Atlantic's
    european = load_scenario(data["scenario"]).theater != "pacific"
    for rid in SIDE_ROUTES.get(side, ()) if european else ():
        fixed, kind, _ = ROUTES[rid]
        if rid in ("us_gulf", "us_bombay") and not us_points(data):
            continue  # United States 1-2: the routes carry U.S. production once it is at war
        if rid.startswith("swedish") and not ore.get(rid):
            continue  # Swedish Production 1: no ore ships that way this season
        if fixed:
            route = fixed_route(fixed, closed=closed, usable=_usable(data, side))
        else:
            route = _lend_lease_route(data, closed)
        if route is None:
            continue
        routes[rid] = {
            "side": side,
            "kind": kind,
            "origin": route.origin,
            "to": route.destination,
            "path": list(route.path),
            "lost": 0,
        }
        if rid in ore:
            routes[rid]["carried"] = ore[rid]
    routes.update(sea_supply.routes(data, side))  # K16.6: the armies' sea supply routes
    routes.update(pacific_routes.routes(data, side))  # G24.0, G21.3: the Pacific's production routes
    mine = sorted(r for r, x in routes.items() if x["side"] == side)
    if mine:
        game.log(f"{side} declares its sea routes: {', '.join(mine)}")


def _lend_lease_route(data: Data, closed: frozenset[str]) -> Any:
    """Lend-Lease 1 (Campaign Game II): the gift sails from a British naval yard to a
    depot the receiver holds, along a valid supply route."""
    rule = load_scenario(data["scenario"]).lend_lease
    state = data.get("lend_lease")
    if rule is None or not state or not state["open"]:
        return None
    friends = (rule.giver, rule.receiver, None)

    def usable(h: str) -> bool:
        return data["owner"].get(h) in friends

    for depot in rule.depots:
        if data["owner"].get(depot) != rule.receiver:
            continue
        for port in LEND_LEASE_PORTS:
            route = trace(port, depot, closed=closed, usable=usable)
            if route is not None:
                return route
    return None


def ore_by_route(data: Data) -> dict[str, int]:
    """Swedish Production 1-2: the ore Germany gets this season by each of its routes (all
    by Narvik in winter, half each way in spring, all by the Swedish port in summer),
    out of what the Axis budget counts for it (limitations.swedish_points)."""
    found = campaign_state(data)
    if found is None:
        return {}
    sweden = found[0].sweden
    total = swedish_points(data, set(data["owner"]))
    narvik_ok = data["owner"].get(sweden.narvik) in (None, "axis")
    port_ok = data["owner"].get(sweden.port) in (None, "axis")
    by_narvik = {"Winter": total, "Summer": 0}.get(season(data))
    if by_narvik is None:  # spring: half each way
        by_narvik = total // 2 if narvik_ok and port_ok else (total if narvik_ok else 0)
    return {"swedish_ore_narvik": by_narvik, "swedish_ore": total - by_narvik}


def protected(data: Data, h: str) -> bool:
    """Swedish Production 3: a route is not intercepted in a Norwegian coastal hex while
    Norway is neutral (ours: a hex of Norway or next to one, while it is nobody's)."""
    g = geography(data["scenario"])
    hmap = load_map()
    norway = [p for p in (h, *hmap.neighbours(h)) if g.country.get(p) == "norway"]
    return any(data["owner"].get(p) is None for p in norway)


def open_hexes(data: Data, rid: str) -> list[str]:
    """The route's hexes where it may be intercepted."""
    route = data["sea_routes"][rid]
    if not rid.startswith("swedish"):
        return list(route["path"])
    return [h for h in route["path"] if not protected(data, h)]


def carried(data: Data, rid: str) -> int:
    """What the route still carries this turn, less what U-boats took (U-Boat Attack 6)."""
    route = data["sea_routes"][rid]
    if "carried" in route:
        total = int(route["carried"])
    elif route["kind"] == "lend_lease":
        total = int(data.get("lend_lease", {}).get("gift", 0))
    elif route["kind"] == sea_supply.KIND:  # Shipping 2: the armies it supplies, as they stand
        total = len(sea_supply.supplied_by(data, rid))
    else:
        total = ROUTES[rid][2] if rid in ROUTES else 0
    return max(0, total - int(route.get("lost", 0)))


def enemy_routes(data: Data, side: str) -> list[str]:
    enemies = opponents(data, side)
    return sorted(r for r, x in data.get("sea_routes", {}).items() if x["side"] in enemies)


def route_distance(data: Data, rid: str, at: str) -> int:
    return min((hex_distance(at, h) for h in open_hexes(data, rid)), default=99)


def covered(data: Data, side: str, patrol: str) -> list[str]:
    """U-Boat Attack 3: the enemy routes traced within one hex of the patrol hex."""
    return [r for r in enemy_routes(data, side) if route_distance(data, r, patrol) <= 1]


def may_escort(data: Data, fleet_id: str, rid: str) -> bool:
    """Shipping 10; Anti-Submarine Warfare 2: a surface fleet of the route's side, based
    at its originating port, not on another mission. A route whose American end is
    neutral (Britain's before the U.S. enters) is escorted from its British end (our
    reading: either end of a route is a port it sails from). A fleet that has just
    changed base into the port may escort (Shipping 10's note on escorts)."""
    fleet, route = data["fleets"][fleet_id], data["sea_routes"][rid]
    if fleet["side"] != route["side"] or is_uboat_fleet(fleet) or "patrol" in fleet:
        return False
    if not active(data, fleet_id) or data.get("fleet_status", {}).get(fleet_id) not in (None, "moved"):
        return False
    return bool(fleet["at"] in (route["origin"], route["to"]) and rid not in data.get("route_escorts", {}))


# --- interception and combat (Fleets 7, 9; U-Boat Attack 5; Anti-Submarine Warfare 4)


def position(fleet: Fleet) -> str:
    """Where the fleet is: its patrol hex at sea, else its base's hex (asked only of fleets
    on the map, whose `at` is set: the cast says so to mypy and changes nothing)."""
    return str(fleet.get("patrol") or base_hex(cast(Place, fleet["at"])))


def technology(data: Data, fleet: Fleet) -> int:
    """German Technology (K6.1): -1 on Axis U-boat fire from the Atlantic north of row 23
    (the fleet's patrol hex, else its base), 0 otherwise."""
    if fleet["side"] != "axis" or not is_uboat_fleet(fleet):
        return 0
    if "technology" in fleet:  # the odds' simulated fleets: the modifier the seat's view gave
        return int(fleet["technology"])
    at, hmap = position(fleet), load_map()
    if at not in hmap.hexes:  # a place of no hex (the odds' simulated fleets)
        return 0
    return german_technology.uboat_modifier(data, at, "Atlantic" in hmap.seas_of(at))


def _technology_note(modifier: int) -> str:
    return f", {modifier} German technology" if modifier else ""


def reach(data: Data, fleet_id: str, path: list[str]) -> tuple[int, bool] | None:
    """How far the fleet intercepts the path from: (distance, automatic) for a patrol
    within one hex (N3.2, the patrol line: no roll), else the Fleet Intercept Ranges'
    line of its kind (Fleets 7; U-Boat Attack 5); None out of range."""
    fleet = data["fleets"][fleet_id]
    here = position(fleet)
    distance = min(hex_distance(here, h) for h in path)
    if "patrol" in fleet:
        return (distance, True) if distance <= 1 else None
    line = "ss" if is_uboat_fleet(fleet) else "fleet"
    return (distance, False) if intercept_limit(line, distance) else None


def may_fight(data: Data, a: str, b: str) -> bool:
    """U-boats fight only surface fleets with A.S.W. strength (Anti-Submarine Warfare
    1-2, 4) or surface fleets they attack; two U-boat fleets never meet."""
    fa, fb = data["fleets"][a], data["fleets"][b]
    if is_uboat_fleet(fa) and is_uboat_fleet(fb):
        return False
    if is_uboat_fleet(fb) and not is_uboat_fleet(fa):
        return asw_of(data, a) > 0
    return True


def try_intercept(game: HgwState, fleet_id: str, mover: str, path: list[str]) -> bool:
    """Fleets 7; U-Boat Attack 5: the roll on the fleet's line (none for a patrol within
    one hex); True if it meets the mover."""
    data = game.data
    found = reach(data, fleet_id, path)
    if found is None:
        return False
    distance, automatic = found
    fleet = data["fleets"][fleet_id]
    name, target = fleet["name"], data["fleets"][mover]["name"]
    if automatic:
        game.log(f"{name}, on patrol {distance} hexes away, meets {target}")
        return True
    line = "ss" if is_uboat_fleet(fleet) else "fleet"
    penalty = int(fleet.get("penalty", 0))  # N2.3: a long base change (naval_action only)
    got = intercept(game, fleet["side"], line, distance, penalty)
    game.log(
        f"{name} tries to intercept {target} {distance} hexes away: a {got.roll}, "
        f"{'intercepted' if got.success else 'missed'} (needs {got.needed} or less"
        f"{f', +{penalty} after a long base change' if penalty else ''})"
    )
    return got.success


def fight(game: RuleGame, attacker: str, defender: str) -> str:
    """Fleets 9: the two fleets fight alone (Fleet Naval Fire 2's rules in naval_battle's
    shape: capital ships at double strength), or U-boats against a fleet's A.S.W. strength
    (Anti-Submarine Warfare 4). Losses come off at once; the loser is expended and goes
    back to port. Returns the winner's fleet id."""
    data = game.data
    fa, fd = data["fleets"][attacker], data["fleets"][defender]
    leaders.reveal(game, fleets=(attacker,))  # optional rule Leaders 7: the intercepting fleet attacks
    led = (leaders.attack_modifier(data, fleets=(attacker,)), 0)
    if is_uboat_fleet(fa) or is_uboat_fleet(fd):
        uboat, surface = (attacker, defender) if is_uboat_fleet(fa) else (defender, attacker)
        won = asw_fight(game, uboat, surface, led[0] if surface == attacker else 0)
        winner = uboat if won else surface
    else:
        before = {fid: ships(data["fleets"][fid]) for fid in (attacker, defender)}
        result = fleet_battle.resolve(game, fa, fd, led)  # with Naval Action's carriers (N8.3, N8.6)
        for fid, left in ((attacker, result.attacker), (defender, result.defender)):
            fleet = data["fleets"][fid]
            if "ships" in fleet:
                fleet["ships"].update(capital=left.capital, carrier=left.carrier, asw=left.asw)
            set_points(fleet, left.points)
        game.log(
            f"naval battle: {fa['name']} loses {points(result.attacker_losses)}, "
            f"{fd['name']} {points(result.defender_losses)}{' (-1 leader)' if led[0] else ''}"
        )
        for fid in (attacker, defender):  # optional rule Leaders 10
            leaders.after_fleet_losses(game, fid, before[fid])
        winner = attacker if result.winner == "attacker" else defender
    loser = defender if winner == attacker else attacker
    expend(game, loser)
    for fid in (attacker, defender):
        sink_if_empty(game, fid)
    return winner


def asw_fight(game: RuleGame, uboat: str, surface: str, led: int = 0) -> bool:
    """Anti-Submarine Warfare 4: the fleet's A.S.W. strength and the U-boats fire at once.
    The escort's losses come off its ASW ship points, then the A.S.W. box (the owner's
    choice in the rules; ours keeps the box, which serves every fleet, for last); a fleet
    without A.S.W. strength cannot fire back. `led`: the surface fleet's leader on its
    roll when it attacks (optional rule Leaders 1). True if the U-boats win."""
    data = game.data
    fu, fs = data["fleets"][uboat], data["fleets"][surface]
    asw = asw_of(data, surface)
    before = ships(fs)
    tech = technology(data, fu)
    if asw <= 0:
        volley = fire(game, fu["side"], int(fu["sp"]), f"{fu['name']} fires at {fs['name']}", tech)
        _surface_losses(data, surface, volley.losses, with_box=False)
        lost = points(volley.losses) + _technology_note(tech)
        game.log(f"{fu['name']} hits {fs['name']}, which has no A.S.W. strength: {lost} lost")
        leaders.after_fleet_losses(game, surface, before)  # optional rule Leaders 10
        return True
    result = asw_battle(game, fu["side"], fs["side"], int(fu["sp"]), asw, modifier=tech, asw_modifier=led)
    set_points(fu, int(fu["sp"]) - result.uboat_losses)
    _surface_losses(data, surface, result.escort_losses, with_box=True)
    game.log(
        f"A.S.W. battle: {fs['name']} ({points(asw)} of A.S.W.{', -1 leader' if led else ''}) sinks "
        f"{points(result.uboat_losses)} of U-boats, {fu['name']} takes {points(result.escort_losses)}"
        f"{_technology_note(tech)}"
    )
    leaders.after_fleet_losses(game, surface, before)  # optional rule Leaders 10
    return result.uboats_win


def _surface_losses(data: Data, fleet_id: str, losses: int, *, with_box: bool) -> None:
    fleet = data["fleets"][fleet_id]
    typed = ships(fleet)
    on_ships = min(losses, typed.get("asw", 0)) if with_box else min(losses, int(fleet["sp"]))
    box = data.setdefault("asw_level", {})
    if with_box:
        level = int(box.get(fleet["side"], 0))
        from_box = min(losses - on_ships, level)
        if from_box:
            box[fleet["side"]] = level - from_box
    set_points(fleet, int(fleet["sp"]) - on_ships)


def expend(game: RuleGame, fleet_id: str) -> None:
    """Fleet Naval Fire 2, 5: the loser is expended and goes back to port."""
    data = game.data
    fleet = data["fleets"][fleet_id]
    if fleet["at"] is None:
        return
    data.setdefault("fleet_status", {})[fleet_id] = "expended"
    if fleet.pop("patrol", None) is not None:
        game.log(f"{fleet['name']} is beaten and returns to port")
    else:
        game.log(f"{fleet['name']} is beaten: expended")


def sink_if_empty(game: RuleGame, fleet_id: str) -> None:
    fleet = game.data["fleets"][fleet_id]
    if fleet["sp"] <= 0 and fleet["at"] is not None:
        fleet["at"] = None
        fleet.pop("patrol", None)
        set_points(fleet, 0)
        game.log(f"{fleet['name']} is sunk")


# --- U-boats against the routes (U-Boat Attack 5-7; Lend-Lease 1-2; Shipping 2, 10)


def attack_route(game: HgwState, uboat: str, rid: str) -> bool:
    """The route's escort fights the U-boats first (Anti-Submarine Warfare 4), or a
    surface raider in a fleet battle (N3.5); the
    U-boats left fire at the route at double strength, whoever won, the loss in
    production points at most what it carries (the U-boat warfare example). False when
    the U-boats were beaten: they attack nothing more this turn (U-Boat Attack 5)."""
    data = game.data
    fleet = data["fleets"][uboat]
    escort = data.get("route_escorts", {}).get(rid)
    if not is_uboat_fleet(fleet) and escort is not None and active(data, escort):
        # N3.5 (a surface raider, N6.4): the escort's surface ships meet it in a fleet
        # battle, every point firing as in any naval battle; the raider hits the route
        # only if it wins (its doubled strength: the route is escorted, so no triple)
        won = fight(game, uboat, escort) == uboat
        if won and active(data, uboat):
            _hit_route(game, uboat, rid)
        return won
    won = True
    if escort is not None and active(data, escort) and asw_of(data, escort) > 0:
        won = asw_fight(game, uboat, escort)
        if won:
            expend(game, escort)
        sink_if_empty(game, escort)
    if fleet["sp"] > 0:
        _hit_route(game, uboat, rid)
    if not won:
        expend(game, uboat)
    sink_if_empty(game, uboat)
    return won


def _hit_route(game: HgwState, uboat: str, rid: str) -> None:
    data = game.data
    fleet = data["fleets"][uboat]
    route = data["sea_routes"][rid]
    load = carried(data, rid)
    if load <= 0:
        game.log(f"{fleet['name']} finds nothing on the {rid.replace('_', ' ')} route")
        return
    per_point = raiders.route_strength(data, uboat, rid)  # N6.4: a raider's triple, unescorted
    if not per_point and not is_uboat_fleet(fleet) and not raiders.is_raider(data, uboat):
        per_point = 1  # N3.5: a surface fleet's points fire normally, not doubled
    kind = ATTACK_KIND[route["kind"]]
    tech = technology(data, fleet)  # German Technology (K6.1)
    result = route_attack(game, fleet["side"], int(fleet["sp"]), kind, load, tech, per_point=per_point)
    loss = result.loss
    route["lost"] = int(route.get("lost", 0)) + loss
    if result.disrupted and route["kind"] == sea_supply.KIND:  # K16.6: all it carried lost
        route["disrupted"] = True
    if route["kind"] == "lend_lease" and "carried" not in route:
        data["lend_lease"]["gift"] = max(0, int(data["lend_lease"]["gift"]) - loss)
    elif route["kind"] != "lend_lease":
        losses = data.setdefault("route_losses", {})
        losses[route["side"]] = int(losses.get(route["side"], 0)) + loss
    how = {0: "doubled", 1: "firing normally"}.get(per_point, "tripled: a raider")
    game.log(
        f"{fleet['name']} ({points(int(fleet['sp']))}, {how}) attacks the {rid.replace('_', ' ')} "
        f"route: {points(loss)} lost of {points(load)}{_technology_note(tech)}"
    )
    if route.get("disrupted"):
        game.log(f"the {rid.replace('_', ' ')} route is disrupted: the armies it supplies are out of supply")
