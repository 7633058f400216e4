"""Battle odds at sea for Campaign Game II (core/odds.py; issue 22: odds before every kind
of attack): a fleet that intercepts another (Fleets 7-9; U-Boat Attack 5; Anti-Submarine
Warfare 4), forecast by playing the engine's own functions (sea_war.try_intercept's
roll, uboats.intercept; sea_war.fight, the naval battle or the A.S.W. battle) over every
sequence of die rolls: odds_dice.outcomes replays them with dice that branch on each roll, so
the odds are exact and no rule is written twice.

Description (odds_form's `naval` flag; battle_at's interception): attacker and defender
map ship kinds (capital, carrier, asw, uboat: a fleet of U-boats holds nothing else) to
points; `asw_level` the sides' A.S.W. level points ({"attacker": n, "defender": n});
`distance` (hexes from the interceptor to the path) and `automatic` (a patrol within
one hex meets the fleet without a roll); without a distance the fleets simply meet;
`leader`: the interceptor has a revealed leader (optional rule Leaders 1: -1 to its
rolls, as sea_war.fight applies it), set from the seat's view, so a face-down marker
changes nothing. With Naval Action: `naval_action` (the carriers strike first, N8.3,
as fleet_battle.resolve plays it) and `penalty` (what the interceptor's long base change
adds to its interception roll, N2.3).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from typing import Any, cast

from grognard.core.odds import BadBattle, Odds, count_field, wilson_halfwidth

from . import leaders
from .fleets import active, is_uboat_fleet
from .fleets import ships as fleet_ships
from .layout import HgwBoard
from .naval import InterceptionFire, cut_off, escort_points, support_battles
from .odds_air import side_points
from .odds_dice import Dice, ForecastGame, distribution
from .optional import has_option
from .sea_war import fight, may_fight, reach
from .uboats import intercept, intercept_limit

SHIPS = ("capital", "carrier", "asw", "uboat")
MOST_SHIPS = 40



def _fleet(side: str, name: str, ships: dict[str, int]) -> dict[str, Any]:
    typed = {k: v for k, v in ships.items() if v}
    return {"side": side, "name": name, "at": "sea", "sp": sum(typed.values()), "ships": typed}


def naval_odds(description: Mapping[str, Any]) -> Odds:
    """The interceptor's (attacker's) chance to meet the fleet and beat it."""
    sides = {k: side_points(description, k, SHIPS, most=MOST_SHIPS) for k in ("attacker", "defender")}
    roles = description.get("roles") or {}
    names = {k: str(roles.get(k) or k) for k in sides}
    if names["attacker"] == names["defender"]:
        names = {"attacker": "attacker", "defender": "defender"}
    levels = description.get("asw_level") or {}
    if not isinstance(levels, Mapping):
        raise BadBattle("asw_level must map attacker and defender to A.S.W. level points")
    for key, ships in sides.items():
        if not sum(ships.values()):
            raise BadBattle(f"the {key} needs at least one ship point")
        if ships["uboat"] and sum(ships.values()) > ships["uboat"]:
            raise BadBattle(f"the {key}'s U-boats form a fleet of their own (U-Boat Attack 1)")
    data: dict[str, Any] = {
        "fleets": {k: _fleet(names[k], f"the {k}'s fleet", sides[k]) for k in sides},
        "asw_level": {names[k]: count_field(levels.get(k, 0), f"asw_level.{k}", 20) for k in sides},
        "fleet_status": {},
    }
    if description.get("naval_action"):  # the rules fleet_battle.resolve plays with it (N8.3)
        data["optional"] = ["naval_action"]
    penalty = count_field(description.get("penalty", 0), "penalty", 6)  # N2.3
    if description.get("leader"):  # Leaders 1: the attacking fleet's revealed leader
        data["leaders"] = {"armies": {}, "fleets": {"attacker": {"leader": "leader", "up": True}}}
    support = _support_fleets(description, names["defender"])  # N3.4: an invasion's support
    if support:
        del data["fleets"]["defender"]
        data["fleets"].update(support)
    elif not may_fight(cast(HgwBoard, data), "attacker", "defender"):  # two fleets' board
        raise BadBattle(
            "these fleets cannot fight: U-boats meet only fleets with A.S.W. strength, never U-boats"
        )
    automatic = bool(description.get("automatic"))
    distance = description.get("distance")
    line = "ss" if is_uboat_fleet(data["fleets"]["attacker"]) else "fleet"
    if distance is not None:
        distance = count_field(distance, "distance", 40)
        if not automatic and not intercept_limit(line, distance):
            raise BadBattle(f"no {line} interception {distance} hexes away (Fleet Intercept Ranges)")

    def run(dice: Dice) -> tuple[str, int, int]:
        game = ForecastGame(copy.deepcopy(data), dice)
        if (
            distance is not None
            and not automatic
            and not intercept(game, names["attacker"], line, distance, penalty).success
        ):
            return "missed", 0, 0
        fleets = game.data["fleets"]
        if support:  # the support fleets, one battle each, as naval.support_battles plays them
            through = support_battles(game, {"target": "the invasion"}, "attacker", sorted(support))
            own = int(data["fleets"]["attacker"]["sp"]) - int(fleets["attacker"]["sp"])
            sunk = sum(int(data["fleets"][f]["sp"]) - int(fleets[f]["sp"]) for f in support)
            return ("attacker" if through else "defender"), own, sunk
        winner = fight(game, "attacker", "defender")
        lost = [int(data["fleets"][k]["sp"]) - int(fleets[k]["sp"]) for k in ("attacker", "defender")]
        return winner, lost[0], lost[1]

    results, exact, samples = distribution(run)
    win = min(1.0, math.fsum(p for p, (w, _, _) in results if w == "attacker"))
    met = min(1.0, math.fsum(p for p, (w, _, _) in results if w != "missed"))
    notes = ["Fleets 9: the two fleets fight alone; the loser is expended and returns to port."]
    if support:
        notes = [
            "N3.4: the interceptor fights each support fleet in turn, the largest first; winning is "
            "beating them all. Its fire at the invading army then (Fleet Naval Fire) is not forecast."
        ]
    if distance is not None:
        how = "a patrol within one hex meets it without a roll" if automatic else f"{distance} hexes away"
        notes.insert(0, f"The interception succeeds {met:.0%} of the time ({how}).")
    return Odds(
        attacker_wins=win,
        defender_wins=1.0 - win,
        mutual=0.0,
        attacker_losses=math.fsum(p * a for p, (_, a, _) in results),
        defender_losses=math.fsum(p * d for p, (_, _, d) in results),
        exact=exact,
        samples=samples,
        interval=0.0
        if exact
        else wilson_halfwidth(sum(1 for _, (w, _, _) in results if w == "attacker"), samples),
        unit="ship points",
        kind="naval",
        notes=tuple(notes),
    )


def _support_fleets(description: Mapping[str, Any], side: str) -> dict[str, dict[str, Any]]:
    """The description's `support` fleets (N3.4), checked: a list of ship maps."""
    raw = description.get("support")
    if raw is None:
        return {}
    if not isinstance(raw, list) or not raw:
        raise BadBattle("support must list the support fleets' ships, one map of ship points a fleet")
    out = {}
    for i, entry in enumerate(raw, 1):
        ships = side_points({"support": entry}, "support", SHIPS, most=MOST_SHIPS)
        if not sum(ships.values()) or ships["uboat"]:
            raise BadBattle("each support fleet needs ship points, and no U-boats support an invasion")
        out[f"support_{i}"] = _fleet(side, f"support fleet {i}", ships)
    return out


def support_at(
    view: Mapping[str, Any], data: HgwBoard, role: str, fleet_id: str
) -> dict[str, Any] | None:
    """With Naval Action (N3.4, N4.1), `fleet_id`'s interception of an invasion (the
    interception step's frame) against its support fleets, fought first; None when there
    is none to fight (the interceptor fires at the army at once: no battle forecast)."""
    frame = view.get("frame") or {}
    fleets = data.get("fleets", {})
    if not has_option(data, "naval_action") or fleet_id not in fleets:
        return None
    supporter = frame.get("fleet")
    named = [supporter] if supporter is not None else list(frame.get("escorts") or [])
    escorts = sorted((f for f in named if active(data, f)), key=lambda f: (-int(fleets[f]["sp"]), f))
    if not escorts:
        return None
    defender = str(fleets[escorts[0]]["side"])
    led = {"leader": True} if leaders.attack_modifier(data, fleets=(fleet_id,)) else {}
    ships = [{k: v for k, v in fleet_ships(fleets[f]).items() if v} for f in escorts]
    return {
        **led,
        "kind": "naval",
        "naval": True,
        "naval_action": True,
        "attacker": {k: v for k, v in fleet_ships(fleets[fleet_id]).items() if v},
        "defender": {k: sum(s.get(k, 0) for s in ships) for k in SHIPS if any(s.get(k) for s in ships)},
        "support": ships,
        "roles": {"attacker": role, "defender": defender},
        "fleets": {
            "attacker": fleets[fleet_id]["name"],
            "defender": ", ".join(fleets[f]["name"] for f in escorts),
        },
    }


def interception_at(
    view: Mapping[str, Any], data: HgwBoard, role: str, fleet_id: str
) -> dict[str, Any]:
    """The description of `fleet_id`'s interception of the fleet now moving (the
    naval_intercept step's frame), from the seat's view."""
    frame = view.get("frame") or {}
    mover = str(frame.get("mover"))
    fleets = data.get("fleets", {})
    if mover not in fleets or fleet_id not in fleets:
        raise BadBattle("no fleet is moving within reach of an interception now")
    found = reach(data, fleet_id, list(frame.get("path") or []))
    if found is None:
        raise BadBattle(f"{fleets[fleet_id]['name']} cannot reach {fleets[mover]['name']}'s path")
    distance, automatic = found
    levels = data.get("asw_level", {})

    def ships(fid: str) -> dict[str, int]:
        return {k: v for k, v in fleet_ships(fleets[fid]).items() if v}

    led: dict[str, Any] = {"leader": True} if leaders.attack_modifier(data, fleets=(fleet_id,)) else {}
    if has_option(data, "naval_action"):  # carriers strike first (N8.3); a long base change (N2.3)
        led = {**led, "naval_action": True, "penalty": int(fleets[fleet_id].get("penalty", 0))}
    return {
        **led,
        "kind": "naval",
        "naval": True,
        "attacker": ships(fleet_id),
        "defender": ships(mover),
        "roles": {"attacker": role, "defender": fleets[mover]["side"]},
        "fleets": {"attacker": fleets[fleet_id]["name"], "defender": fleets[mover]["name"]},
        "asw_level": {
            "attacker": int(levels.get(role, 0)),
            "defender": int(levels.get(fleets[mover]["side"], 0)),
        },
        "distance": distance,
        "automatic": automatic,
    }


def invasion_interception_at(
    view: Mapping[str, Any], data: HgwBoard, role: str, fleet_id: str
) -> dict[str, Any]:
    """`fleet_id`'s interception of the invasion (or of one of its separate support
    fleets) of the interception step's frame, as the basic naval rules play it (Fleet
    Naval Fire 2-5: naval.naval_battle), from the seat's view; with Naval Action, where
    no support fleet is left to fight first (support_at), the same fire at the army."""
    frame = view.get("frame") or {}
    fleets = data.get("fleets", {})
    if fleet_id not in fleets or not frame.get("target"):
        raise BadBattle("no invasion is within reach of an interception now")
    supporter = frame.get("fleet")
    named = [supporter] if supporter is not None else list(frame.get("escorts") or [])
    escorts = [f for f in named if f in fleets and active(data, f)]
    fleet = fleets[fleet_id]
    what = fleets[supporter]["name"] if supporter is not None else "the invasion fleet"
    return {
        "kind": "invasion_interception",
        "naval": True,
        # naval points only: the basic rules' fleets fire with their total (Fleet Naval Fire 2)
        "attacker": {"naval": int(fleet["sp"])},
        "defender": {"naval": escort_points(data, escorts)},
        "cut_off": cut_off(data, fleet_id),
        "leader": bool(leaders.attack_modifier(data, fleets=(fleet_id,))),
        "alone": supporter is not None,
        "roles": {"attacker": role, "defender": _other_side(data, escorts, frame)},
        "fleets": {"attacker": fleet["name"], "defender": what},
        "target": frame["target"],
    }


def _other_side(data: Mapping[str, Any], escorts: list[str], frame: Mapping[str, Any]) -> str | None:
    if escorts:
        return str(data["fleets"][escorts[0]]["side"])
    army = (data.get("armies") or {}).get(frame.get("army"))
    return str(army["side"]) if army else None


def interception_odds(description: Mapping[str, Any]) -> Odds:
    """The interceptor's chance to beat the invasion (Fleet Naval Fire 5) and both sides'
    expected losses, over all 36 pairs of rolls (6 with no escort to answer), each played
    by the engine's own `naval.InterceptionFire`: exact."""
    naval = {}
    for key in ("attacker", "defender"):
        side = description.get(key)
        if not isinstance(side, Mapping) or set(side) - {"naval"}:
            raise BadBattle(f"{key} must be {{'naval': its fleet's naval points}}, not {side!r}")
        naval[key] = count_field(side.get("naval", 0), f"{key}.naval", MOST_SHIPS)
    if not naval["attacker"]:
        raise BadBattle("attacker.naval: the intercepting fleet needs at least one naval point")
    fire = InterceptionFire(
        naval["attacker"],
        naval["defender"],
        cut_off=bool(description.get("cut_off")),
        leader=-1 if description.get("leader") else 0,  # Leaders 1
        alone=bool(description.get("alone")),
    )
    answers: tuple[int | None, ...] = (1, 2, 3, 4, 5, 6) if fire.theirs else (None,)
    outcomes = [fire.outcome(roll, answer) for roll in range(1, 7) for answer in answers]
    share = 1 / len(outcomes)
    win = math.fsum(share for o in outcomes if o.interceptor_wins)
    notes = [
        "Fleet Naval Fire 2-3: both fire at once at twice their naval points; the side with more "
        "naval points left wins, then the one that inflicted more losses, then the invasion; "
        "the loser is expended and returns to port.",
        "The invading army takes the losses, half of them amphibious; the invasion sails on "
        "whatever the outcome."
        if not fire.alone
        else "Fleet Naval Fire 4: the support fleet met alone takes the losses itself.",
    ]
    if fire.cut_off:
        notes.append("Unsupplied Hexes 3: the interceptor's port is out of supply: +1 to its roll.")
    return Odds(
        attacker_wins=min(1.0, win),
        defender_wins=max(0.0, 1.0 - win),
        mutual=0.0,
        attacker_losses=math.fsum(share * o.to_fleet for o in outcomes),
        defender_losses=math.fsum(share * o.to_invasion for o in outcomes),
        exact=True,
        unit="points",
        kind="naval",
        notes=tuple(notes),
    )

