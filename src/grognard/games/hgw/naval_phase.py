"""Campaign Game II's naval movement phase (Player Turn Sequence step 3a; Fleets 5-9;
U-Boat Attack 3-5; Shipping 10) and the fleets' return to base (step 5).

The phase, one fleet at a time (steps i-vi):
  i.   expended markers are gone: fleet_status is cleared at the turn's start;
  ii.  the player's patrol fleets come back to base, each one interceptable on its way
       (U-Boat Attack 3); the player declares his sea routes (U-Boat Attack 4, sea_war.py);
  iii. base changes: `("change_base", fleet, port)` to a friendly port with room for it
       along a sea route of any length (the Ranges table: unlimited);
  v.   patrols: `("patrol", fleet, hex)` to a sea hex within one hex of a declared route,
       within the Ranges table's reach (twelve hexes for a surface fleet, thirty for
       U-boats, along the sea route); a U-boat patrol then attacks every enemy route it
       covers (U-Boat Attack 3, 6); a patrol stays at sea until its side's next naval
       movement and meets, with no roll, any fleet moving within one hex of it (N3.2);
       `("raid_route", fleet, route, hex)`: a U-boat fleet's interception of a route on a hex
       of it (U-Boat Attack 5): the roll on the SS line at the distance from its port,
       then the attack; it comes home at step 5 and cannot be intercepted doing so;
  and at any time `("escort_route", fleet, route)`: a surface fleet in the route's port
  escorts it (Shipping 10; Anti-Submarine Warfare 2); `("end_naval_movement",)` ends the
  phase. Once a patrol or raid has sailed, base changes are over (step iii before v).
After each move (iv, vi) every opposing side whose fleets reach the path is asked
(`naval_intercept`: `("intercept", fleet)` or `("no_interception",)`); a fleet tries once
against each mover (U-Boat Attack 5), and fights alone (Fleets 9: sea_war.fight). A mover
that loses goes back to its port, expended. Amphibious invasion routes (step vii) and
coastal air (ix) are declared in the combat phase as in the earlier scenarios (naval.py).
Where a fleet may sail (its declared path and its ranges) is sailing.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, call, end, goto

from . import fleet_nations, naval_search, patrol_battles, polar_route, ports, raiders, spanish_ports
from .board import opponents
from .fleets import (
    active,
    base_hex,
    fleets_at,
    is_naval_base,
    is_uboat_fleet,
    nation_may_base,
    room_for,
    room_for_fleet,
    set_points,
)
from .layout import Fleet, HgwBoard, HgwData, placed
from .map import hex_distance, load_map
from .naval_battle import base_change_penalty
from .neutrality import at_war, naval_friendly
from .optional import has_option
from .sailing import (  # re-exported: the naval missions' modules import them from here
    AVOID as AVOID,
)
from .sailing import RANGE_LEAD as RANGE_LEAD
from .sailing import UNLIMITED as UNLIMITED
from .sailing import fleet_route, patrol_range, reachable
from .sailing import mission_start as mission_start
from .sailing import range_lead as range_lead
from .sailing import sailing_path as sailing_path
from .scenario import load_scenario
from .sea_war import (
    attack_route,
    covered,
    declare_routes,
    fight,
    may_escort,
    may_fight,
    open_hexes,
    reach,
    route_distance,
    try_intercept,
)
from .search import SearchRecord, new_record
from .sequence import has_system, next_step
from .uboats import intercept, intercept_limit
from .us_entry import us_fleet_held

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]
Data = HgwBoard
UBOAT_PORT = 4  # the map's key: a shipping port harbours four U-boat or SS points
RAIDER_BASE = "raider_base"  # fleet_status of a raider that changed base to a neutral port (N6.1)


def movable(data: Data, side: str) -> list[str]:
    """The side's fleets in port, afloat, that have neither moved nor taken a mission."""
    status = data.get("fleet_status", {})
    return [
        f
        for f, x in sorted(data.get("fleets", {}).items())
        if x["side"] == side and active(data, f) and "patrol" not in x
        and status.get(f, RAIDER_BASE) == RAIDER_BASE  # N6.1: a raider in a neutral port may raid still
        and not _idle(data, x)
    ]


def _idle(data: Data, fleet: Fleet) -> bool:
    return has_option(data, "naval_action") and fleet_nations.idle(data, fleet)


def _room(data: Data, fleet: Fleet, port: str) -> bool:
    if has_option(data, "naval_action"):  # N1.2
        fleet_id = next(f for f, x in data["fleets"].items() if x is fleet)
        return room_for_fleet(data, port, fleet_id)
    if is_uboat_fleet(fleet) and not is_naval_base(port):
        there = sum(int(data["fleets"][f]["sp"]) for f in fleets_at(data, port))
        return there + int(fleet["sp"]) <= UBOAT_PORT
    return room_for(data, port, int(fleet["sp"]))


def base_choices(data: Data, fleet_id: str) -> list[str]:
    """Fleets 8: the friendly ports the fleet may change base to by sea."""
    fleet = data["fleets"][fleet_id]
    hmap = load_map()
    here = base_hex(placed(fleet))
    reached = reachable(data, fleet["side"], here, UNLIMITED)
    reached = {**polar_route.reach(data, fleet_id), **reached}  # N6.3: the Bering Strait
    found = []
    for p in sorted(data["owner"]):
        if p == fleet["at"] or p not in hmap or not ports.has_port(data, p):  # built ones too (N10.3)
            continue
        if not naval_friendly(data, fleet["side"], p) or not _room(data, fleet, p):
            continue
        if has_option(data, "naval_action") and not nation_may_base(data, fleet, p):
            continue  # N1.4
        if p in reached:
            found.append(p)
    found += [p for p in spanish_ports.ports_for(data, fleet_id, reached) if _room(data, fleet, p)]  # G5.6
    return sorted(set(found + raiders.neutral_ports(data, fleet_id, reached)))  # N6.1


def patrol_choices(data: Data, fleet_id: str) -> list[str]:
    """U-Boat Attack 3; Fleets 8: the sea hexes within one hex of a declared route (ours:
    the only hexes where a patrol meets anything in Europe) within the fleet's reach."""
    fleet = data["fleets"][fleet_id]
    hmap = load_map()
    here = mission_start(data, fleet_id)
    reach_mp = patrol_range(fleet)
    near: set[str] = set()
    for route in data.get("sea_routes", {}).values():
        for h in route["path"]:
            near.add(h)
            near.update(hmap.neighbours(h))
    if has_option(data, "naval_action"):  # N4.1: by an enemy fleet at sea, to fight it
        near |= patrol_battles.patrol_hexes(data, fleet_id)
    reached = reachable(data, fleet["side"], here, reach_mp)
    return [h for h in sorted(near) if h in reached and h != here and hmap.is_water(h)]


def raid_choices(data: Data, fleet_id: str) -> list[tuple[str, str]]:
    """U-Boat Attack 5: (route, hex) for each enemy route hex within the SS line's range
    of the U-boats' port and their thirty movement points."""
    fleet = data["fleets"][fleet_id]
    surface = not is_uboat_fleet(fleet)
    if surface and not raiders.is_raider(data, fleet_id) and not has_option(data, "naval_action"):
        return []  # N3.5: with Naval Action every surface fleet may attack routes
    line = "fleet" if surface else "ss"
    hmap = load_map()
    here = mission_start(data, fleet_id)
    reached = reachable(data, fleet["side"], here, patrol_range(fleet))
    found = []
    for rid in sorted(_enemy(data, fleet["side"])):
        for h in sorted(set(open_hexes(data, rid))):
            if h in reached and hmap.is_water(h) and intercept_limit(line, hex_distance(here, h)):
                found.append((rid, h))
    return found


def _enemy(data: Data, side: str) -> list[str]:
    enemies = opponents(data, side)
    return [r for r, x in data.get("sea_routes", {}).items() if x["side"] in enemies]


def escort_choices(data: Data, side: str) -> list[tuple[str, str]]:
    return [
        (f, rid)
        for rid, x in sorted(data.get("sea_routes", {}).items())
        if x["side"] == side
        for f in sorted(data.get("fleets", {}))
        if may_escort(data, f, rid)
    ]


def open_phase(game: HgwState, side: str) -> None:
    """Steps i-ii: the side's patrols come home (each may be intercepted on the way,
    U-Boat Attack 3), then its routes are declared (U-Boat Attack 4)."""
    data = game.data
    if "sea_routes" not in data:  # the first naval movement: every side's routes
        for other in load_scenario(data["scenario"]).sides:
            if other != side:
                declare_routes(game, other)
    declare_routes(game, side)
    spanish_ports.closing(  # G5.6: from 1943 Spain's ports are shut to German ships
        game, side, lambda f: reachable(data, side, base_hex(placed(data["fleets"][f])), UNLIMITED),
        lambda f, p: _room(data, data["fleets"][f], p),
    )
    naval_action = has_option(data, "naval_action")
    for f, x in sorted(data.get("fleets", {}).items()):
        if naval_action and x["side"] == side:
            x.pop("penalty", None)  # N2.3: a base change's penalty lasts to this player-turn
        if x["side"] == side and "patrol" in x:
            if naval_action and not _home_port(data, f):
                continue
            hex_ = x.pop("patrol")
            game.log(f"{x['name']} returns from its patrol in {hex_} to {x['at']}")
            if x["at"] is not None:
                open_interceptions(game, f, fleet_route(data, side, hex_, base_hex(x["at"])), x["at"])


def _home_port(data: Data, fleet_id: str) -> bool:
    """N2.1: a fleet at sea goes back to its port; with none (the port lost, or no room)
    its ships are eliminated. True when it sails home."""
    fleet = data["fleets"][fleet_id]
    port = fleet["at"]
    usable = port is not None and (nation_may_base(data, fleet, port) or spanish_ports.home_port(data, fleet))
    if usable and port is not None and _room(data, fleet, port):
        return True
    fleet.pop("patrol", None)
    fleet["at"] = None
    set_points(fleet, 0)
    return False


def open_interceptions(game: HgwState, mover: str, path: list[str], back_to: str | None) -> None:
    """Steps iv, vi: each opposing side with a fleet that reaches the path is asked."""
    data = game.data
    side = data["fleets"][mover]["side"]
    if not path:
        return
    for enemy in reversed(opponents(data, side)):
        if has_option(data, "naval_action") and not at_war(data, side, enemy):
            continue  # no fighting between sides at peace (Activity Limitations 5; N5.6)
        frame = {"role": enemy, "mover": mover, "path": path, "back_to": back_to, "done": []}
        if not interceptors(data, frame):
            continue
        if has_option(data, "naval_action"):
            search_on(game, frame, path, new_record())
        else:
            call(data["flow"], "naval_intercept", **frame)


def search_on(game: HgwState, frame: Frame, rest: list[str], record: SearchRecord) -> None:
    """N5.3-N5.4: the side of `frame` searches the mover along `rest` (the hexes of its
    move not yet searched, `record` the move's searches so far); a spotting in a hex its
    fleets could intercept from opens the interceptions there, keeping the rest of the
    move and the record for a later search should the side let the fleet go on."""
    data = game.data

    def within(h: str) -> bool:
        return bool(interceptors(data, {**frame, "path": [h]}))

    at, record = naval_search.search_on(game, frame["role"], frame["mover"], rest, record, wanted=within)
    if at is not None:
        found = {**frame, "path": [rest[at]], "rest": rest[at + 1 :], "record": record}
        call(data["flow"], "naval_intercept", **found)


def sail_on_mission(
    game: HgwState,
    frame: Frame,
    fleet_id: str,
    path: list[str],
    status: str,
    step: str,
    purpose: str,
    **args: Any,
) -> None:
    """A fleet sails on a mission that acts once it got through (a naval base attack, a
    morale strike, U-boats off the U.S. coast): its one mission this turn is marked
    (K9.7), base changes are over (K9.8), and the mission's `step` (its frame: `fleet`
    and `args`) waits under the interceptions of its `path` (K9.7)."""
    data = game.data
    fleet = data["fleets"][fleet_id]
    origin = fleet["at"]
    data.setdefault("fleet_status", {})[fleet_id] = status
    frame["stage"] = "patrols"
    game.log(f"{fleet['name']} sails from {origin} {purpose}")
    call(data["flow"], step, fleet=fleet_id, **args)
    open_interceptions(game, fleet_id, path, origin)


def interceptors(data: Data, frame: Frame) -> list[str]:
    mover = frame["mover"]
    if not active(data, mover):
        return []
    status = data.get("fleet_status", {})
    return [
        f
        for f, x in sorted(data.get("fleets", {}).items())
        if x["side"] == frame["role"]
        and f not in frame["done"]
        and active(data, f)
        and status.get(f) not in ("escort", "support", "raid", "cut")
        and not _idle(data, x)
        and not spanish_ports.disarmed(data, f)  # G5.6
        and not us_fleet_held(data, f)  # G17.3 (The Pacific War)
        and may_fight(data, f, mover)
        and reach(data, f, frame["path"]) is not None
    ]


# The hook for other naval missions of the phase (Naval Action: carriers' and coastal air's
# naval base attacks, Aircraft Carriers 5, Coastal Air 4; navbuilds' modules): a module
# registers `EXTRA_VERBS[verb] = apply(game, frame, role, action)` and appends a function
# `offer(game, frame, role) -> [actions]` to EXTRA_OFFERS; `extra_missions` lists them in
# the phase's legal actions, and the phase hands each such verb to its `apply`.
EXTRA_VERBS: dict[str, Any] = {}
EXTRA_OFFERS: list[Any] = []


def extra_missions(game: HgwState, frame: Frame, role: str) -> list[Action]:
    """The other systems' naval missions open now (EXTRA_OFFERS)."""
    return [a for offer in EXTRA_OFFERS for a in offer(game, frame, role)]


class NavalMovement(GameStep["HgwState"]):
    """Step 3a: the player's fleets move one at a time."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return [frame["role"]] if frame.get("open") else []

    def run(self, game: HgwState, frame: Frame) -> None:
        frame["open"] = True
        frame.setdefault("stage", "bases")
        open_phase(game, frame["role"])

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        data = game.data
        actions: list[Action] = [("end_naval_movement",)]
        status = data.get("fleet_status", {})
        for f in movable(data, role):
            if spanish_ports.disarmed(data, f):  # G5.6: it may only sail away
                if frame.get("stage", "bases") == "bases":
                    actions += [("change_base", f, p) for p in base_choices(data, f)]
                continue
            if status.get(f) == RAIDER_BASE:  # N6.1: from the neutral port, a route raid only
                actions += [("raid_route", f, rid, h) for rid, h in raid_choices(data, f)]
                continue
            if frame.get("stage", "bases") == "bases":
                actions += [("change_base", f, p) for p in base_choices(data, f)]
            actions += [("patrol", f, h) for h in patrol_choices(data, f)]
            if has_system(data, "uboats"):
                actions += [("raid_route", f, rid, h) for rid, h in raid_choices(data, f)]
        actions += [("escort_route", f, rid) for f, rid in escort_choices(data, role)
                    if not spanish_ports.disarmed(data, f)]
        if frame.get("stage", "bases") == "bases":
            actions += fleet_nations.transfer_choices(data, frame)  # K9.6, N2.4
        actions += extra_missions(game, frame, role)
        return sorted(set(actions))

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        verb = action[0]
        if verb == "end_naval_movement":
            game.log(f"{role} ends its naval movement")
            goto(data["flow"], next_step(data, "naval_movement"), role=role)
            return
        if verb in fleet_nations.TRANSFER_VERBS:
            fleet_nations.transfer(game, frame, action)
            return
        if verb in EXTRA_VERBS:
            EXTRA_VERBS[verb](game, frame, role, action)
            return
        fleet_id = action[1]
        fleet = data["fleets"][fleet_id]
        status = data.setdefault("fleet_status", {})
        if verb == "escort_route":
            status[fleet_id] = "escort"  # Shipping 10: no other mission this turn
            data.setdefault("route_escorts", {})[action[2]] = fleet_id
            game.log(f"{fleet['name']} escorts the {action[2].replace('_', ' ')} route")
            return
        origin = placed(fleet)
        if verb == "change_base":
            path = sailing_path(data, fleet_id, action[2])
            path = polar_route.path(data, fleet_id, action[2], path)  # N6.3: by the Bering Strait
            fleet["at"] = action[2]
            raider = raiders.neutral(data, action[2]) and raiders.is_raider(data, fleet_id)
            status[fleet_id] = RAIDER_BASE if raider else "moved"  # G5.6: Spain's ports, "moved"
            game.log(f"{fleet['name']} changes base from {origin} to {action[2]}")
            if has_option(data, "naval_action"):  # N2.3: over 30 hexes +1, over 40 +2
                penalty = base_change_penalty(hex_distance(base_hex(origin), base_hex(action[2])))
                if penalty:
                    fleet["penalty"] = penalty
            open_interceptions(game, fleet_id, path, origin)
            return
        frame["stage"] = "patrols"
        target = action[2] if verb == "patrol" else action[3]
        path = sailing_path(data, fleet_id, target, patrol_range(fleet))
        if verb == "patrol":
            fleet["patrol"] = target
            status[fleet_id] = "patrol"
            game.log(f"{fleet['name']} sails from {origin} to patrol {target}")
            if is_uboat_fleet(fleet) and has_system(data, "uboats"):
                call(data["flow"], "uboat_attack", fleet=fleet_id, routes=[], patrol=True)
            elif has_option(data, "naval_action"):  # N4.1: after the interceptions
                call(data["flow"], "patrol_battle", fleet=fleet_id)
        else:
            status[fleet_id] = "raid"
            route = action[2].replace("_", " ")
            game.log(f"{fleet['name']} sails from {origin} to intercept the {route} route in {target}")
            call(data["flow"], "uboat_attack", fleet=fleet_id, routes=[action[2]], at=target, patrol=False)
        open_interceptions(game, fleet_id, path, origin)

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: naval movement, one fleet at a time (change base, patrol, raid, escort)"


class NavalIntercept(GameStep["HgwState"]):
    """Steps iv, vi (Fleets 7-9; U-Boat Attack 5): intercept the fleet that moved?"""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return [frame["role"]] if interceptors(game.data, frame) else []

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("no_interception",)] + [("intercept", f) for f in interceptors(game.data, frame)]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "no_interception":
            end(data["flow"])
            if frame.get("rest"):  # N5.4: let go on, the fleet is searched again further on
                kept = {k: frame[k] for k in ("role", "mover", "path", "back_to", "done")}
                search_on(game, kept, frame["rest"], frame["record"])
            return
        fleet_id, mover = action[1], frame["mover"]
        frame["done"].append(fleet_id)
        if not try_intercept(game, fleet_id, mover, frame["path"]):
            return
        winner = fight(game, fleet_id, mover)
        moved = data["fleets"][mover]
        if winner != mover and moved["at"] is not None:
            moved.pop("patrol", None)
            if frame.get("back_to"):
                moved["at"] = frame["back_to"]  # beaten: back to the port it left
            end(data["flow"])

    def run(self, game: HgwState, frame: Frame) -> None:
        end(game.data["flow"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        name = game.data["fleets"][frame["mover"]]["name"]
        return f"{frame['role']}: intercept {name} at sea with one of your fleets?"


class UboatAttack(GameStep["HgwState"]):
    """U-Boat Attack 3, 5-6: after its move (and any interception), a U-boat patrol
    attacks each enemy route within one hex; a raid first rolls on the SS line."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return []

    def run(self, game: HgwState, frame: Frame) -> None:
        data = game.data
        fleet_id = frame["fleet"]
        fleet = data["fleets"][fleet_id]
        end(data["flow"])
        if not active(data, fleet_id):
            return  # sunk or beaten on the way
        if frame["patrol"]:
            routes = covered(data, fleet["side"], fleet["patrol"])
        else:
            rid = frame["routes"][0]
            start = mission_start(data, fleet_id)  # N13: a replenishment chain's end
            distance = route_distance(data, rid, start)
            distance = max(distance, hex_distance(start, frame["at"]))
            got = intercept(game, fleet["side"], "ss" if is_uboat_fleet(fleet) else "fleet", distance)
            game.log(
                f"{fleet['name']} tries to intercept the {rid.replace('_', ' ')} route {distance} hexes out: "
                f"a {got.roll}, {'intercepted' if got.success else 'missed'} (needs {got.needed} or less)"
            )
            routes = [rid] if got.success else []
        for rid in routes:
            if not active(data, fleet_id) or not attack_route(game, fleet_id, rid):
                break


def fleets_home(game: HgwState, side: str) -> None:
    """Step 5: fleets that sailed on missions this player turn (raids, interceptions)
    are back in their ports; patrols stay out until their side's next naval movement."""
    data = game.data
    if not has_system(data, "naval"):
        return
    for f, x in sorted(data.get("fleets", {}).items()):
        if data.get("fleet_status", {}).get(f) == "raid" and x["at"] is not None:
            game.log(f"{x['name']} returns to {x['at']}")

    def reached(f: str) -> dict[str, int]:
        return reachable(data, side, base_hex(placed(data["fleets"][f])), UNLIMITED)

    raiders.home(game, side, reached)  # N6.2: raiders leave the neutral ports


NAVAL_VERBS = ("change_base", "patrol", "raid_route", "escort_route", *fleet_nations.TRANSFER_VERBS)


def why_not(data: HgwData, role: str, action: Action) -> str | None:
    """Why a naval move is refused (Fleets 5-9; U-Boat Attack 3-5; Shipping 10)."""
    top = data["flow"][-1] if data["flow"] else {}
    if top.get("state") != "naval_movement" or top.get("role") != role:
        return "fleets move in their own side's naval movement phase, before land movement (K1.1)"
    fleet_id = str(action[1])
    fleet = data.get("fleets", {}).get(fleet_id)
    if fleet is None or fleet["side"] != role:
        return f"{fleet_id} is not one of your fleets"
    if fleet["at"] is None or fleet["sp"] <= 0:
        return f"{fleet['name']} is not in play: no ships are in it (K9.5)"
    if not active(data, fleet_id):
        return f"{fleet['name']} is expended this turn: beaten in a naval battle (K9.9)"
    if _idle(data, fleet):
        return f"{fleet['name']}'s nation is unaligned or has surrendered: its fleets stay in port"
    status = data.get("fleet_status", {}).get(fleet_id)
    if status == RAIDER_BASE and action[0] == "raid_route":
        return "a raid aims at an unescorted enemy route's hex within the fleet's range (N6.1, N6.4)"
    if status == RAIDER_BASE:
        return f"{fleet['name']} is a raider in a neutral port: it may only raid a route from there (N6.1)"
    if status == "cut":
        return f"{fleet['name']} is out of full supply: it may make no sortie this turn (L2.4)"
    if spanish_ports.disarmed(data, fleet_id) and action[0] != "change_base":
        return f"{fleet['name']} lies in a neutral Spanish port: it makes no attack, it may only leave (G5.6)"
    if status is not None or "patrol" in fleet:
        return f"{fleet['name']} has already moved or taken a mission this turn: one move a fleet (K9.7)"
    verb = action[0]
    if verb in fleet_nations.TRANSFER_VERBS:
        if top.get("stage", "bases") != "bases":
            return "fleets are formed before any patrol sails (K9.6, N2.4, ours)"
        return fleet_nations.may_transfer(data, fleet_id, str(action[2]), top) or (
            f"{fleet['name']} holds no such ship point to detach"
        )
    if verb == "change_base":
        if top.get("stage", "bases") != "bases":
            return "base changes come before patrols: once a patrol or raid has sailed they are over (K9.8)"
        port = str(action[2])
        spain = spanish_ports.spanish_port(data, port)
        if spain and not raiders.is_raider(data, fleet_id):
            if not spanish_ports.open_to(data, fleet):
                return f"{port} is Spain's: German ships only, while Spain is neutral, before 1943 (G5.6)"
            if not _room(data, fleet, port):
                return f"{port} has no room for {fleet['name']}"
        if raiders.neutral(data, port) and not raiders.is_raider(data, fleet_id) and not spain:
            return f"{port} is a neutral port: only a declared raider may base there (N6.1)"
        if not naval_friendly(data, role, port) and not raiders.neutral(data, port):
            return f"{port} is not a friendly port (K9.8)"
        if not _room(data, fleet, port):
            return f"{port} has no room for {fleet['name']} (a shipping port: one fleet point, four U-boat)"
        return f"no sea route reaches {port} from {fleet['at']}"
    if verb == "patrol":
        return (
            f"a patrol hex is a sea hex within one hex of a declared route, within {patrol_range(fleet)} "
            "movement points of the fleet's port along a sea route (K16.3)"
        )
    if verb == "raid_route":
        surface_raid = has_option(data, "naval_action")  # N3.5: any surface fleet
        if not is_uboat_fleet(fleet) and not raiders.is_raider(data, fleet_id) and not surface_raid:
            return "only U-boat (or SS) fleets and raiders intercept routes (K16.5, N6.4)"
        return "a raid aims at an enemy route's hex within the SS line's range and 30 movement points (K16.5)"
    if verb == "escort_route":
        if is_uboat_fleet(fleet):
            return "U-boats escort no route (K18.2)"
        return "an escort is a surface fleet based at the route's port, one route each (K18.2, K19.10)"
    return None
