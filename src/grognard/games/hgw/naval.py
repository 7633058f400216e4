"""Fleets and coastal air against amphibious invasions (The Fall of Germany: Invasion
Resolution 1 steps 2-4; Fleet Naval Fire 1-5; Coastal Airpower 1-7).

An invasion (invasion.py) runs these before the defenders' defensive assault:
- the escort: fleets in the same major naval port or naval yard as the invading army
  may accompany it (`("escort", *fleets)` or `("no_escort",)`, Fleet Naval Fire 4);
- interception: each enemy fleet based on a sea the route enters may intercept it once
  (`interception`: `("intercept", fleet)` or `("no_interception",)`); both sides fire
  at once on the Firepower Table with twice their naval points (the invader with its
  escort's only); the interceptor's losses come off its fleet, the invader's off the
  invading army, half of them amphibious; the side with more naval points left wins,
  then the one that inflicted more losses, then the invasion; the loser is expended
  (Fleet Naval Fire 2-3, 5). The invasion sails on whatever the outcome, as the
  Sealion example goes on from the invasion-route example; an expended escort returns
  to port and neither fights coastal air nor fires in support;
- coastal air: when no place next to the target is the invader's, a target that has
  coastal air (Coastal Airpower 2) fires once with six points at the army, after the
  escort's naval points have fired at it (Coastal Airpower 1, 3-4, 6);
- supporting fire: the escort that got through fires once at the target hex with its
  naval points (Fleet Naval Fire 4); the hex's fort absorbs and may take losses.
"""

from __future__ import annotations

from typing import Any

from grognard.core.flow import Frame, Step, call, end

from .board import armies_at, opponents, points
from .combat import strike, subsets, take_losses
from .fleets import active, fleets_at, is_naval_base, may_intercept
from .geography import Place
from .invasion_routes import closed_narrows
from .map import load_map
from .supply import supplied_places
from .tables import load_tables

Action = tuple[Any, ...]
COASTAL_AIR = 6  # Coastal Airpower 1: a constant six firepower points
AIR_FEATURES = ("naval_port", "naval_yard", "airbase")


def escort_candidates(data: dict[str, Any], army_id: str) -> list[str]:
    """Fleet Naval Fire 4: fleets of the army's side in its port, if the port is a major
    naval port or naval yard, that have done nothing else this turn."""
    army = data["armies"][army_id]
    if army["at"] is None or not is_naval_base(army["at"]):
        return []
    return [
        f
        for f in fleets_at(data, army["at"], army["side"])
        if active(data, f) and f not in data.get("fleet_status", {})
    ]


def escort_points(data: dict[str, Any], escorts: list[str]) -> int:
    return sum(int(data["fleets"][f]["sp"]) for f in escorts if active(data, f))


def interceptors(data: dict[str, Any], side: str, frame: Frame) -> list[str]:
    closed = closed_narrows(data, data["armies"][frame["army"]]["side"])  # the invader's route
    return [
        f
        for f, x in sorted(data.get("fleets", {}).items())
        if x["side"] == side
        and f not in frame["done"]
        and may_intercept(data, f, frame["origin"], frame["target"], closed)
    ]


def open_interceptions(game: Any, frame: Frame) -> None:
    """Invasion Resolution 1 step 2: every opposing side with a fleet that may intercept
    gets its interception question."""
    data = game.data
    invader = data["armies"][frame["army"]]["side"]
    origin = data["armies"][frame["army"]]["at"]
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
                escorts=list(frame.get("escorts", [])),
                done=[],
            )


def firepower(strength: int, roll: int) -> int:
    return load_tables().firepower_losses(strength, roll)


class Interception(Step):
    """Fleet Naval Fire 2-3, 5: the defender's fleets intercept one invasion, one fleet
    at a time, each once."""

    def actors(self, game: Any, frame: Frame) -> list[str]:
        data = game.data
        if data["armies"][frame["army"]]["at"] is None or not interceptors(data, frame["role"], frame):
            return []
        return [frame["role"]]

    def legal(self, game: Any, frame: Frame, role: str) -> list[Action]:
        return [("no_interception",)] + [("intercept", f) for f in interceptors(game.data, role, frame)]

    def apply(self, game: Any, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "no_interception":
            end(data["flow"])
            return
        fleet_id = action[1]
        frame["done"].append(fleet_id)
        naval_battle(game, frame, fleet_id)

    def run(self, game: Any, frame: Frame) -> None:
        end(game.data["flow"])

    def prompt(self, game: Any, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: intercept the invasion of {frame['target']} with a fleet?"


def naval_battle(game: Any, frame: Frame, fleet_id: str) -> None:
    """Fleet Naval Fire 2-3: simultaneous fire at twice the naval points; losses; the
    winner and the expended loser."""
    data = game.data
    fleet = data["fleets"][fleet_id]
    army = data["armies"][frame["army"]]
    invader = army["side"]
    escorts = [f for f in frame["escorts"] if active(data, f)]
    theirs = escort_points(data, escorts)
    mine = int(fleet["sp"])
    game.log(f"{fleet['name']} ({points(mine)}) intercepts the invasion of {frame['target']}")
    (roll,) = game.roll(1, frame["role"], f"{fleet['name']} fires at the invasion fleet")
    to_invasion = firepower(2 * mine, roll)
    to_fleet = 0
    if theirs:
        (answer,) = game.roll(1, invader, "the escort fires at the intercepting fleet")
        to_fleet = min(mine, firepower(2 * theirs, answer))
    game.log(f"the invasion fleet loses {points(to_invasion)}, {fleet['name']} {points(to_fleet)}")
    fleet["sp"] = mine - to_fleet
    if fleet["sp"] <= 0:
        fleet["at"] = None
        game.log(f"{fleet['name']} is sunk")
    left = int(fleet["sp"])
    if left != theirs:
        interceptor_wins = left > theirs
    elif to_invasion != to_fleet:
        interceptor_wins = to_invasion > to_fleet
    else:
        interceptor_wins = False  # the defending fleet, the invasion's, wins the tie
    status = data.setdefault("fleet_status", {})
    if interceptor_wins:
        for f in escorts:
            status[f] = "expended"
        if escorts:
            game.log("the escort is beaten and returns to port")
    elif fleet["at"] is not None:
        status[fleet_id] = "expended"
        game.log(f"{fleet['name']} is beaten and returns to port")
    # Fleet Naval Fire 3: the invader takes the losses, half of them amphibious
    take_losses(game, invader, [frame["army"]], to_invasion, amphibious_half=True)


def coastal_air(data: dict[str, Any], target: Place, invader: str) -> int:
    """Coastal Airpower 1-2, 7: the air strength that meets an invasion of `target`."""
    hmap = load_map()
    owner = data["owner"].get(target)
    if owner is None or owner == invader or owner not in opponents(data, invader):
        return 0
    if any(data["owner"].get(n) == invader for n in hmap.neighbours(target)):
        return 0  # Coastal Airpower 1: the invader holds a neighbouring hex
    based = any(hmap.has_feature(target, f) for f in AIR_FEATURES)
    infantry = hmap.is_coastal(target) and any(
        data["armies"][a]["sp"]["infantry"] > 0 for a in armies_at(data, target, owner)
    )
    if not (based or infantry):
        return 0
    if target not in supplied_places(data, owner, home_only=False):
        return 0
    return COASTAL_AIR


def air_strike(game: Any, frame: Frame) -> None:
    """Invasion Resolution 1 step 3 (Coastal Airpower 1, 3-4, 6)."""
    data = game.data
    army = data["armies"][frame["army"]]
    invader = army["side"]
    air = coastal_air(data, frame["target"], invader)
    if not air:
        return
    defender = data["owner"][frame["target"]]
    naval = escort_points(data, frame.get("escorts", []))
    if naval:
        (roll,) = game.roll(1, invader, "the escort fires at the coastal air")
        hit = min(air, firepower(naval, roll))
        air -= hit
        game.log(f"the escort's {points(naval)} fire at the coastal air: {points(hit)} lost")
    if air <= 0:
        return
    (roll,) = game.roll(1, defender, f"coastal air of {frame['target']} fires at the invasion")
    losses = firepower(air, roll)
    game.log(f"coastal air ({points(air)}) fires at the invasion fleet: {points(losses)} lost")
    take_losses(game, invader, [frame["army"]], losses, amphibious_half=True)


def support_fire(game: Any, frame: Frame) -> None:
    """Invasion Resolution 1 step 4; Fleet Naval Fire 4: the escort that reached the
    target fires once with its naval points; losses are taken at once."""
    data = game.data
    naval = escort_points(data, frame.get("escorts", []))
    if not naval:
        return
    invader = data["armies"][frame["army"]]["side"]
    (roll,) = game.roll(1, invader, f"supporting naval fire on {frame['target']}")
    losses = firepower(naval, roll)
    game.log(f"supporting naval fire ({points(naval)}) on {frame['target']}: {points(losses)} lost")
    strike(game, frame["target"], invader, losses)


def escort_actions(data: dict[str, Any], army_id: str) -> list[Action]:
    return [("no_escort",)] + [("escort", *c) for c in subsets(escort_candidates(data, army_id))]
