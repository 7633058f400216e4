"""Campaign Game II's U-boat war (U-Boat Attack 1-7, Lend-Lease 1-2, Anti-Submarine Warfare
1-4, the Fleet Intercept Ranges) as functions over plain numbers: the fleets, the patrol and
the sea routes they act on are fleets.py's and the shipping rules' (later work), so the
caller passes what they hold (fleet strengths, distances along the sea route, the points a
route carries) and applies what comes back.

A U-boat (or SS) fleet's attack on a route, in order (U-Boat Attack 5-6; ASW 4):
  1. it intercepts, on the SS line of the Fleet Intercept Ranges (`intercept`);
  2. an escort fleet fights it first: the escort's A.S.W. strength (`asw_strength`) and the
     U-boats fire at each other at once, losses off at once (`asw_battle`);
  3. the surviving U-boats fire at the route, doubled (`route_attack`): the loss is in
     production points, at most what the route carries, and a loss of all of it disrupts a
     supply route.
German Technology's -1 (research.german_uboat_modifier) is passed as `modifier` to the
U-boats' rolls. Every firing above ten goes in volleys of ten (K2, firepower.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from grognard.core.errors import IllegalAction

from .firepower import Volley, fire
from .research import Dice
from .strategic_tables import load_strategic

ROUTES = ("supply", "lend_lease", "britain")


def intercept_limit(kind: str, distance: int) -> int:
    """The highest die roll that intercepts at `distance`, on the `kind` line ("fleet" or
    "ss"); 0 where the line has no column (an X, or beyond the table)."""
    table = load_strategic().intercept
    rows = {"fleet": table.fleet, "ss": table.ss}.get(kind)
    if rows is None:
        raise ValueError(f"no {kind!r} line on the Fleet Intercept Ranges (fleet, ss)")
    for roll, (low, high) in zip(table.rolls, rows, strict=False):
        if low <= distance <= high:
            return roll
    return 0


@dataclass(frozen=True)
class Interception:
    kind: str
    distance: int
    roll: int
    needed: int
    success: bool


def intercept(dice: Dice, side: str, kind: str, distance: int, modifier: int = 0) -> Interception:
    """U-Boat Attack 5 and Fleets 7: roll for an interception `distance` hexes away."""
    needed = intercept_limit(kind, distance)
    if not needed:
        raise IllegalAction(f"no {kind} interception {distance} hexes away (Fleet Intercept Ranges)")
    (roll,) = dice.roll(1, side, f"{kind} interception at {distance} hexes")
    return Interception(kind, distance, roll, needed, roll + modifier <= needed)


def why_not_patrol(movement_points: int) -> str | None:
    """U-Boat Attack 3: a patrol hex within 30 movement points of the fleet's port."""
    reach = load_strategic().uboat.patrol
    if movement_points > reach:
        return f"a U-boat patrol hex lies within {reach} movement points of its port, not {movement_points}"
    return None


def asw_strength(level_points: int, asw_ships: int, *, capital_or_carrier: bool) -> int:
    """Anti-Submarine Warfare 1-2: a fleet with a capital ship or carrier point fights
    U-boats with the side's A.S.W. level points plus its own ASW ship points; a fleet
    without one, with its ASW ship points alone. Its capital ships add nothing."""
    if min(level_points, asw_ships) < 0:
        raise ValueError("strength points cannot be negative")
    return asw_ships + (level_points if capital_or_carrier else 0)


def asw_surface_fire(asw_ships: int) -> int:
    """Anti-Submarine Warfare 3: bought ASW points fire at half, rounded down, in surface
    combat against anything but U-boats."""
    return asw_ships // 2


@dataclass(frozen=True)
class AswBattle:
    asw_fire: Volley
    uboat_fire: Volley
    uboat_losses: int
    escort_losses: int  # the escort's points the owner picks (fleet or A.S.W. box)
    uboats_left: int
    uboats_win: bool  # Fleet Naval Fire 2's winner; a loser intercepts no more (U-Boat Attack 5)


def asw_battle(
    dice: Dice,
    uboat_side: str,
    escort_side: str,
    uboats: int,
    asw: int,
    modifier: int = 0,
    asw_modifier: int = 0,
) -> AswBattle:
    """Anti-Submarine Warfare 4: the escort's A.S.W. strength and the U-boats fire at once;
    the winner is Fleet Naval Fire 2's (more points left, then more losses inflicted, then
    the defender, here the escort). `asw_modifier`: on the escort's roll (an attacking
    fleet's leader, optional rule Leaders 1)."""
    if uboats < 1 or asw < 1:
        raise IllegalAction("an A.S.W. battle needs U-boats and an escort with A.S.W. strength")
    asw_fire = fire(dice, escort_side, asw, "A.S.W. fire at the U-boats", asw_modifier)
    uboat_fire = fire(dice, uboat_side, uboats, "U-boats at the escort", modifier)
    uboat_losses, escort_losses = min(uboats, asw_fire.losses), min(asw, uboat_fire.losses)
    left, escort_left = uboats - uboat_losses, asw - escort_losses
    wins = left > escort_left or (left == escort_left and escort_losses > uboat_losses)
    return AswBattle(asw_fire, uboat_fire, uboat_losses, escort_losses, left, wins)


@dataclass(frozen=True)
class RouteAttack:
    route: str
    volley: Volley  # the U-boats' doubled strength on the Firepower Table
    loss: int  # production points off the owner's next budget (or lend-lease not delivered)
    disrupted: bool  # a supply route losing all it carries: its units are out of supply


def route_attack(
    dice: Dice, side: str, uboats: int, route: str, carried: int, modifier: int = 0, per_point: int = 0
) -> RouteAttack:
    """U-Boat Attack 6 and Lend-Lease 1-2: doubled U-boat strength against a supply route
    (`carried`: the strength points it supplies), a lend-lease route (the lend-lease points
    it carries) or Britain's route to the U.S. east coast (at most eight production).
    `per_point` replaces the doubling (a raider's triple, N6.4)."""
    if route not in ROUTES:
        raise ValueError(f"no {route!r} route ({', '.join(ROUTES)})")
    if uboats < 1:
        raise IllegalAction("no U-boats left to attack the route")
    table = load_strategic().uboat
    strength = uboats * (per_point or table.against_routes)
    volley = fire(dice, side, strength, f"U-boats at the {route.replace('_', '-')} route", modifier)
    cap = min(carried, table.britain_route) if route == "britain" else carried
    loss = min(volley.losses, max(cap, 0))
    return RouteAttack(route, volley, loss, route == "supply" and carried > 0 and loss >= carried)
