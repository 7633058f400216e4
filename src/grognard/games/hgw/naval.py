"""Fleets and coastal air against amphibious invasions (The Fall of Germany: Invasion
Resolution 1 steps 2-4; Fleet Naval Fire 1-5; Coastal Airpower 1-7).

An invasion (invasion.py) runs these before the defenders' defensive assault:
- the escort: fleets in the same major naval port or naval yard as the invading army
  may accompany it (`("escort", *fleets)` or `("no_escort",)`, Fleet Naval Fire 4);
- separate support fleets: any other fleet of the side that has done nothing this turn
  and whose base (a port, or an off-map box's hex) lies within six sea-route steps of
  the target may be sent to support it (`("support", fleet)`, again for another, or
  `("no_support",)`); it sails its own route (Fleet Naval Fire 4);
- interception: each enemy fleet that may meet the route (fleets.may_intercept: its
  sea, and the Africa and India boxes' limits) may intercept it once
  (`interception`: `("intercept", fleet)` or `("no_interception",)`); both sides fire
  at once on the Firepower Table with twice their naval points (the invader with its
  escort's only); the interceptor's losses come off its fleet, the invader's off the
  invading army, half of them amphibious; the side with more naval points left wins,
  then the one that inflicted more losses, then the invasion; the loser is expended
  (Fleet Naval Fire 2-3, 5). The invasion sails on whatever the outcome, as the
  Sealion example goes on from the invasion-route example; an expended escort returns
  to port and neither fights coastal air nor fires in support. Each separate support
  fleet is intercepted the same way, as a separate invasion, fleet against fleet;
- coastal air: every enemy hex with coastal air that a route passes through (a coastal
  land hex on it, between its ends) fires six points at what sails by; when no place
  next to the target is the invader's, a target that has coastal air (Coastal
  Airpower 2) fires once with six points at the army, and at each separate support
  fleet entering it; the naval points of the fleet fired at fire at the air first
  (Coastal Airpower 1, 3-4, 6);
- supporting fire: the escort and the support fleets that got through fire once at the
  target hex with their naval points (Fleet Naval Fire 4); the hex's fort absorbs and
  may take losses.

With Naval Action (N3.4, N4.1) an interceptor meets the invasion's support fleets first
(`support_battles`): one at a time, the largest first (ours: the rule lets the attacker
choose; all must be beaten anyway), each a fleet battle (sea_war.fight: N4.2, the loser
expended and home). Only an interceptor that beat them all fires at the army, which
has no naval points left to answer with; a beaten interceptor fires at nothing. A
separate support fleet is intercepted the same way, in a fleet battle. Fleets in any
port, not only an anchor or naval yard, may sail with an invasion from it (N3.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from grognard.core.flow import Frame, GameStep, call, end

from . import leaders, ports, spanish_ports
from .board import armies_at, geo, opponents, points
from .coastal_air import bought_at, lost_at
from .combat import strike, subsets, take_losses
from .fleets import (
    active,
    base_hex,
    fleets_at,
    is_naval_base,
    is_uboat_fleet,
    may_intercept,
    route_path,
    set_points,
    ships,
    support_points,
)
from .geography import Place
from .invasion_routes import INVASION_RANGE, barred_crossings, canals, closed_narrows
from .layout import HgwBoard, placed
from .map import load_map, route_steps
from .optional import has_option
from .sea_war import fight
from .supply import supplied_places
from .tables import load_tables

if TYPE_CHECKING:
    from .rule_game import RuleGame
    from .state import HgwState

Action = tuple[Any, ...]
COASTAL_AIR = 6  # Coastal Airpower 1: a constant six firepower points
BOX_COASTAL_AIR = 10  # Coastal Airpower 5: an off-map box invaded by the Axis
AIR_FEATURES = ("naval_port", "naval_yard", "airbase")


def escort_candidates(data: HgwBoard, army_id: str) -> list[str]:
    """Fleet Naval Fire 4: fleets of the army's side in its port, if the port is a major
    naval port or naval yard, that have done nothing else this turn."""
    army = data["armies"][army_id]
    if army["at"] is None:
        return []
    any_port = has_option(data, "naval_action") and ports.has_port(data, army["at"])  # N3.4
    if not (is_naval_base(army["at"]) or any_port):
        return []
    return [
        f
        for f in fleets_at(data, army["at"], army["side"])
        if active(data, f) and free(data, f) and not is_uboat_fleet(data["fleets"][f])
    ]


def free(data: HgwBoard, fleet_id: str) -> bool:
    """Fleet Naval Fire 4: a fleet that has done nothing this turn may sail with or support
    an invasion; with Naval Action also one that has just changed base (N3.4)."""
    status = data.get("fleet_status", {}).get(fleet_id)
    return status is None or (status == "moved" and has_option(data, "naval_action"))


def escort_points(data: HgwBoard, escorts: list[str]) -> int:
    return sum(int(data["fleets"][f]["sp"]) for f in escorts if active(data, f))


def support_candidates(data: HgwBoard, frame: Frame) -> list[str]:
    """Fleet Naval Fire 4: the invader's fleets that may support the invasion without
    sailing with the army: active, free this turn, and based within six sea-route
    steps of the target (the route of an invasion that spends no extension)."""
    army = data["armies"][frame["army"]]
    side = army["side"]
    closed, barred = closed_narrows(data, side), barred_crossings(data, side)
    found = []
    for f, x in sorted(data.get("fleets", {}).items()):
        if x["side"] != side or not active(data, f) or not free(data, f):
            continue
        if is_uboat_fleet(x) or "patrol" in x or spanish_ports.disarmed(data, f):
            continue  # Anti-Submarine Warfare 3's spirit: no U-boat supports an invasion; G5.6
        path = route_path(base_hex(placed(x)), frame["target"], closed, barred, canals(data, side))
        if path and route_steps(list(path)) <= INVASION_RANGE:
            found.append(f)
    return found


def cut_off(data: HgwBoard, fleet_id: str, full: set[Place] | None = None) -> bool:
    """Unsupplied Hexes 3-4: is the fleet's port out of full supply for its side? (A box
    base is its side's own production, always supplied.) `full` may give the side's
    fully supplied places, computed once for many fleets."""
    fleet = data["fleets"][fleet_id]
    at = fleet["at"]
    if at is None or at not in data["owner"]:
        return False
    if full is None:
        full = supplied_places(data, fleet["side"], home_only=True)
    return at not in full


def interceptors(data: HgwBoard, side: str, frame: Frame) -> list[str]:
    invader = data["armies"][frame["army"]]["side"]
    closed, barred = closed_narrows(data, invader), barred_crossings(data, invader)  # the invader's route
    canal = canals(data, invader)  # N2.6
    found = []
    full: set[Place] | None = None
    for f, x in sorted(data.get("fleets", {}).items()):
        if x["side"] != side or f in frame["done"]:
            continue
        if not may_intercept(data, f, frame["origin"], frame["target"], closed, barred, canal):
            continue
        if spanish_ports.disarmed(data, f):
            continue  # G5.6: no attack from a neutral Spanish port
        if full is None:
            full = supplied_places(data, side, home_only=True)
        # Unsupplied Hexes 3: a fleet in defence supply intercepts only in its own hex
        route = route_path(frame["origin"], frame["target"], closed, barred, canal)
        if cut_off(data, f, full) and x["at"] not in route:
            continue
        found.append(f)
    return found


def cut_fleets(game: HgwState, side: str) -> None:
    """Unsupplied Hexes 4: the side's fleets out of full supply at the start of its turn
    make no mission this turn (no escort, no support; base changes are not played)."""
    data = game.data
    mine = [f for f, x in sorted(data.get("fleets", {}).items()) if x["side"] == side and active(data, f)]
    full = supplied_places(data, side, home_only=True) if mine else set()
    for f in mine:
        x = data["fleets"][f]
        if cut_off(data, f, full):
            data.setdefault("fleet_status", {})[f] = "cut"
            game.log(f"{x['name']} is out of full supply: it may make no sortie this turn")


def open_interceptions(game: HgwState, frame: Frame, fleet_id: str | None = None) -> None:
    """Invasion Resolution 1 step 2: every opposing side with a fleet that may intercept
    gets its interception question, for the invading army's route or, with `fleet_id`,
    for a separate support fleet's route (Fleet Naval Fire 4)."""
    data = game.data
    invader = data["armies"][frame["army"]]["side"]
    if fleet_id is None:
        origin = data["armies"][frame["army"]]["at"]
        extra: dict[str, Any] = {"escorts": list(frame.get("escorts", []))}
    else:
        origin = base_hex(placed(data["fleets"][fleet_id]))
        extra = {"escorts": [], "fleet": fleet_id}
    for side in reversed(opponents(data, invader)):
        probe = {"army": frame["army"], "origin": origin, "target": frame["target"], "done": []}
        if interceptors(data, side, probe):
            call(
                data["flow"],
                "interception",
                role=side,
                army=frame["army"],
                origin=origin,
                target=frame["target"],
                done=[],
                **extra,
            )


def open_support_interceptions(game: HgwState, frame: Frame) -> None:
    """Fleet Naval Fire 4: each separate support fleet is intercepted on its own route."""
    for f in reversed(frame.get("supporters", [])):
        if active(game.data, f):
            open_interceptions(game, frame, f)


def firepower(strength: int, roll: int) -> int:
    return load_tables().firepower_losses(strength, roll)


class InterceptionOutcome(NamedTuple):
    fired: int  # the interceptor's hits as rolled
    to_invasion: int  # the losses they inflict (a support fleet met alone: at most its points)
    to_fleet: int  # the interceptor's losses
    interceptor_wins: bool


@dataclass(frozen=True)
class InterceptionFire:
    """Fleet Naval Fire 2-5 without Naval Action: a fleet of `mine` naval points
    intercepting an invasion whose escort has `theirs` (or a support fleet met `alone`,
    Fleet Naval Fire 4); `cut_off`: the interceptor's port is out of full supply
    (Unsupplied Hexes 3); `leader`: its revealed leader's modifier (Leaders 1). The
    engine plays it with its dice (`naval_battle`), the odds with every pair of rolls
    (odds_sea.interception_odds)."""

    mine: int
    theirs: int
    cut_off: bool = False
    leader: int = 0
    alone: bool = False

    def outcome(self, roll: int, answer: int | None) -> InterceptionOutcome:
        """What the interceptor's roll and the escort's answer (None: no escort, no answer)
        come to."""
        if self.cut_off:
            roll = min(6, roll + 1)  # Unsupplied Hexes 3: +1 to a fleet in defence supply
        fired = to_invasion = firepower(2 * self.mine, roll + self.leader)
        to_fleet = 0
        if self.theirs and answer is not None:  # Fleet Naval Fire 2: both fire at once
            to_fleet = min(self.mine, firepower(2 * self.theirs, answer))
        theirs = self.theirs
        if self.alone:  # Fleet Naval Fire 4: the support fleet takes the losses itself
            to_invasion = min(to_invasion, theirs)
            theirs -= to_invasion
        left = max(0, self.mine - to_fleet)
        if left != theirs:  # Fleet Naval Fire 5: more naval points left
            wins = left > theirs
        elif to_invasion != to_fleet:  # then more losses inflicted
            wins = to_invasion > to_fleet
        else:
            wins = False  # the defending fleet, the invasion's, wins the tie
        return InterceptionOutcome(fired, to_invasion, to_fleet, wins)


class Interception(GameStep["HgwState"]):
    """Fleet Naval Fire 2-3, 5: the defender's fleets intercept one invasion, one fleet
    at a time, each once."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        data = game.data
        if frame.get("fleet") is not None:
            sailing = frame["fleet"] in reaching(data, {"supporters": [frame["fleet"]]})
        else:
            sailing = data["armies"][frame["army"]]["at"] is not None
        if not sailing or not interceptors(data, frame["role"], frame):
            return []
        return [frame["role"]]

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("no_interception",)] + [("intercept", f) for f in interceptors(game.data, role, frame)]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "no_interception":
            end(data["flow"])
            return
        fleet_id = action[1]
        frame["done"].append(fleet_id)
        naval_battle(game, frame, fleet_id)

    def run(self, game: HgwState, frame: Frame) -> None:
        end(game.data["flow"])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        if frame.get("fleet") is not None:
            name = game.data["fleets"][frame["fleet"]]["name"]
            return f"{frame['role']}: intercept {name}, sailing to support the invasion of {frame['target']}?"
        return f"{frame['role']}: intercept the invasion of {frame['target']} with a fleet?"


def naval_battle(game: HgwState, frame: Frame, fleet_id: str) -> None:
    """Fleet Naval Fire 2-3: simultaneous fire at twice the naval points; losses; the
    winner and the expended loser."""
    data = game.data
    fleet = data["fleets"][fleet_id]
    army = data["armies"][frame["army"]]
    invader = army["side"]
    supporter = frame.get("fleet")
    escorts = [supporter] if supporter is not None else [f for f in frame["escorts"] if active(data, f)]
    if has_option(data, "naval_action"):  # N3.4, N4.1: the support fleets first
        if not support_battles(game, frame, fleet_id, escorts) or supporter is not None:
            return
        escorts = []  # all beaten: the army lies open and cannot answer
    theirs = escort_points(data, escorts)
    mine = int(fleet["sp"])
    what = data["fleets"][supporter]["name"] if supporter is not None else "the invasion fleet"
    game.log(f"{fleet['name']} ({points(mine)}) intercepts {what} bound for {frame['target']}")
    leaders.reveal(game, fleets=(fleet_id,))  # optional rule Leaders 7: the intercepting fleet attacks
    before = ships(fleet)
    (roll,) = game.roll(1, frame["role"], f"{fleet['name']} fires at {what}")
    led = leaders.attack_modifier(data, fleets=(fleet_id,))  # Leaders 1
    if led:
        game.log(f"{fleet['name']}'s leader: {led} to its roll")
    answer = game.roll(1, invader, f"{what} fires at the intercepting fleet")[0] if theirs else None
    fire = InterceptionFire(mine, theirs, cut_off(data, fleet_id), led, alone=supporter is not None)
    fired, to_invasion, to_fleet, interceptor_wins = fire.outcome(roll, answer)
    game.log(f"{what} loses {points(fired)}, {fleet['name']} {points(to_fleet)}")
    set_points(fleet, mine - to_fleet)
    leaders.after_fleet_losses(game, fleet_id, before)  # Leaders 10
    sink(game, fleet_id)
    if supporter is not None:
        # Fleet Naval Fire 4: a support fleet met alone takes its losses itself
        lost_from = ships(data["fleets"][supporter])
        set_points(data["fleets"][supporter], theirs - to_invasion)
        sink(game, supporter)
        leaders.after_fleet_losses(game, supporter, lost_from)  # Leaders 10
    status = data.setdefault("fleet_status", {})
    if interceptor_wins:
        for f in escorts:
            status[f] = "expended"
        if escorts:
            game.log("the escort is beaten and returns to port")
    elif fleet["at"] is not None:
        status[fleet_id] = "expended"
        game.log(f"{fleet['name']} is beaten and returns to port")
    if supporter is None:
        # Fleet Naval Fire 3: the invader takes the losses, half of them amphibious
        take_losses(game, invader, [frame["army"]], to_invasion, amphibious_half=True)


def support_battles(game: RuleGame, frame: Frame, fleet_id: str, escorts: list[str]) -> bool:
    """N3.4, N4.1 (Naval Action): the interceptor fights the invasion's support fleets
    one at a time, the largest first, in fleet battles (N4.2); True when it beat them all
    and may fire at the army."""
    data = game.data
    fleet = data["fleets"][fleet_id]
    for other in sorted(escorts, key=lambda f: (-int(data["fleets"][f]["sp"]), f)):
        if not active(data, other):
            continue
        name = data["fleets"][other]["name"]
        game.log(f"{fleet['name']} meets {name}, supporting the invasion of {frame['target']}")
        if fight(game, fleet_id, other) != fleet_id or not active(data, fleet_id):
            return False
    return True


def sink(game: HgwState, fleet_id: str) -> None:
    fleet = game.data["fleets"][fleet_id]
    if fleet["sp"] <= 0 and fleet["at"] is not None:
        fleet["at"] = None
        set_points(fleet, 0)
        game.log(f"{fleet['name']} is sunk")


def air_at(data: HgwBoard, place: Place, invader: str) -> int:
    """Coastal Airpower 2, 7: the coastal air an enemy of `invader` has in `place`: in
    its supplied major naval port, naval yard or airbase, or its supplied coastal hex
    with an army holding infantry; none in an unaligned country's."""
    hmap = load_map()
    owner = data["owner"].get(place)
    if owner is None or owner == invader or owner not in opponents(data, invader):
        return 0
    based = any(hmap.has_feature(place, f) for f in AIR_FEATURES)
    infantry = hmap.is_coastal(place) and any(
        data["armies"][a]["sp"]["infantry"] > 0 for a in armies_at(data, place, owner)
    )
    bought = bought_at(data, place, owner) if "coastal_air" in data else 0  # Naval Action (N9.1)
    if not (based or infantry or bought):
        return 0
    if place not in supplied_places(data, owner, home_only=False):
        return 0
    total = (COASTAL_AIR if based or infantry else 0) + bought
    return max(0, total - lost_at(data, place)) if "coastal_air_lost" in data else total  # N9.5


def coastal_air(data: HgwBoard, target: Place, invader: str) -> int:
    """Coastal Airpower 1-2, 5, 7: the air strength that meets an invasion of `target`.
    An off-map box held by an enemy of an Axis invader meets it with ten points
    (Coastal Airpower 5), whoever stands in it: the box stands for a whole country's
    coast and airfields, not one hex's garrison (our reading; docs/hgw-design.md)."""
    if invader == "axis" and target in geo(data).box_at:
        owner = data["owner"].get(target)
        return BOX_COASTAL_AIR if owner in opponents(data, invader) else 0
    hmap = load_map()
    if any(data["owner"].get(n) == invader for n in hmap.neighbours(target)):
        return 0  # Coastal Airpower 1: the invader holds a neighbouring hex
    return air_at(data, target, invader)


def passed_hexes(data: HgwBoard, invader: str, origin: Place, target: Place) -> list[Place]:
    """Coastal Airpower 3: the land hexes a route from `origin` to `target` passes
    through (not its ends), where coastal air may fire at what sails by."""
    hmap = load_map()
    closed, barred = closed_narrows(data, invader), barred_crossings(data, invader)
    path = route_path(origin, target, closed, barred, canals(data, invader))
    return [h for h in path[1:-1] if hmap.is_land(h)]


def air_attack(
    game: HgwState, place: Place, air: int, naval: int, army: str | None, fleet: str | None
) -> None:
    """Coastal Airpower 3-4, 6: the fleet's naval points fire at the air first; what is
    left of the air fires once at the army (half its losses amphibious) or the fleet."""
    data = game.data
    invader = data["armies"][army]["side"] if army else data["fleets"][str(fleet)]["side"]
    defender = data["owner"][place]
    if naval:
        (roll,) = game.roll(1, invader, f"naval fire at the coastal air of {place}")
        hit = min(air, firepower(naval, roll))
        air -= hit
        game.log(f"{points(naval)} of naval fire at the coastal air of {place}: {points(hit)} lost")
    if air <= 0:
        return
    what = data["fleets"][fleet]["name"] if fleet else "the invasion fleet"
    (roll,) = game.roll(1, defender, f"coastal air of {place} fires at {what}")
    losses = firepower(air, roll)
    game.log(f"coastal air of {place} ({points(air)}) fires at {what}: {points(losses)} lost")
    if fleet:
        lost_from = ships(data["fleets"][fleet])
        set_points(data["fleets"][fleet], int(data["fleets"][fleet]["sp"]) - losses)
        sink(game, fleet)
        leaders.after_fleet_losses(game, fleet, lost_from)  # optional rule Leaders 10
    elif army:
        take_losses(game, invader, [army], losses, amphibious_half=True)


def reaching(data: HgwBoard, frame: Frame) -> list[str]:
    """The separate support fleets still on their way: sailing, not beaten."""
    status = data.get("fleet_status", {})
    return [f for f in frame.get("supporters", []) if status.get(f) == "support" and active(data, f)]


def air_strike(game: HgwState, frame: Frame, friendly: bool = False) -> None:
    """Invasion Resolution 1 step 3 (Coastal Airpower 1, 3-4, 6): coastal air along the
    routes, then at the target (unless the invader already holds it)."""
    data = game.data
    army = data["armies"][frame["army"]]
    invader = army["side"]
    escorts = frame.get("escorts", [])
    # the army's route, with its escort: every coastal-air hex it passes through
    for place in passed_hexes(data, invader, placed(army), frame["target"]):
        air = air_at(data, place, invader)
        if air and data["armies"][frame["army"]]["at"] is not None:
            air_attack(game, place, air, escort_points(data, escorts), frame["army"], None)
    for f in reaching(data, frame):
        for place in passed_hexes(data, invader, base_hex(placed(data["fleets"][f])), frame["target"]):
            air = air_at(data, place, invader)
            if air and active(data, f):
                air_attack(game, place, air, int(data["fleets"][f]["sp"]), None, f)
    if friendly:
        return
    air = coastal_air(data, frame["target"], invader)
    if not air:
        return
    if data["armies"][frame["army"]]["at"] is not None:
        air_attack(game, frame["target"], air, escort_points(data, escorts), frame["army"], None)
    for f in reaching(data, frame):  # Coastal Airpower 3: separate fleets entering the hex
        air_attack(game, frame["target"], air, int(data["fleets"][f]["sp"]), None, f)


def support_fire(game: HgwState, frame: Frame) -> None:
    """Invasion Resolution 1 step 4; Fleet Naval Fire 4: the escort and the separate
    support fleets that reached the target fire once with their naval points together;
    losses are taken at once."""
    data = game.data
    # Anti-Submarine Warfare 3: ASW ship points do not fire in support
    escorts = [f for f in frame.get("escorts", []) if active(data, f)]
    naval = sum(support_points(data["fleets"][f]) for f in [*escorts, *reaching(data, frame)])
    if not naval:
        return
    invader = data["armies"][frame["army"]]["side"]
    firing = [*escorts, *reaching(data, frame)]
    leaders.reveal(game, fleets=firing)  # optional rule Leaders 7-8: a fleet's attack
    led = leaders.attack_modifier(data, fleets=firing)
    (roll,) = game.roll(1, invader, f"supporting naval fire on {frame['target']}")
    losses = firepower(naval, roll + led)
    extra = f", {led} leader" if led else ""
    game.log(f"supporting naval fire ({points(naval)}{extra}) on {frame['target']}: {points(losses)} lost")
    strike(game, frame["target"], invader, losses)


def escort_actions(data: HgwBoard, army_id: str) -> list[Action]:
    return [("no_escort",)] + [("escort", *c) for c in subsets(escort_candidates(data, army_id))]


def support_actions(data: HgwBoard, frame: Frame) -> list[Action]:
    return [("no_support",)] + [("support", f) for f in support_candidates(data, frame)]
