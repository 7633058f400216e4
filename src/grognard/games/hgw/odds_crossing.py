"""Odds for strength points crossing a sea past enemy patrols (K19.10, Shipping 10; issue
22: odds before every kind of attack): the engine's own crossing (sea_transport.sail:
the escort from the embarking port fights each patrol that meets the crossing, a fleet
that beats or sinks it fires at the transported points, the excess ignored) played over
every sequence of die rolls on a copy (odds_dice.distribution), so the forecast is the
rule itself, exact where the rolls are few, else sampled with seeded dice.

Description (kind "crossing"): `count` the points moving; `roles` {"attacker": the
patrols' side, "defender": the mover}; `fleets` {fleet id: {"ships": {kind: points},
"technology": German Technology's modifier on its fire (K6.1, 0 or -1), "leader": a
revealed leader (Leaders 1)}} the patrols that meet the crossing; `escorts` {fleet id:
{"ships": ...}} the mover's escorts; `crossings` [{"sea", "from", "to", "escort": id or
null, "met": [patrol ids in the order they meet it]}]; `asw_level` {"attacker": n,
"defender": n}; `naval_action` (the carriers strike first, N8.3). `crossing_at` writes
it from what the moving seat sees: the patrols' positions and ships are on its view.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from typing import Any

from grognard.core.odds import BadBattle, Odds, count_field, wilson_halfwidth

from .fleets import is_uboat_fleet
from .fleets import ships as fleet_ships
from .layout import HgwBoard
from .leaders import attack_modifier
from .movement import sea_legs
from .odds_air import side_points
from .odds_dice import Dice, ForecastGame, distribution
from .odds_sea import MOST_SHIPS, SHIPS
from .optional import has_option
from .sea_transport import escort, sail, threats
from .sea_war import technology
from .shipping_counters import in_play

MOST_MOVED = 120  # action_space.MAX_POINTS: the most one move may name


def _ships(entry: Any, what: str) -> dict[str, int]:
    if not isinstance(entry, Mapping):
        raise BadBattle(f"{what} must be a map with its ships")
    ships = side_points(entry, "ships", SHIPS, most=MOST_SHIPS)
    if not sum(ships.values()):
        raise BadBattle(f"{what} needs at least one ship point")
    return {k: v for k, v in ships.items() if v}


def _fleet(side: str, name: str, ships: dict[str, int], **more: Any) -> dict[str, Any]:
    return {"side": side, "name": name, "sp": sum(ships.values()), "ships": ships, **more}


def _game_data(description: Mapping[str, Any]) -> tuple[dict[str, Any], list[Any], int, str]:
    """The copy the crossing is played on, the crossings met, the points and the mover."""
    roles = description.get("roles") or {}
    enemy, mover = str(roles.get("attacker") or "attacker"), str(roles.get("defender") or "defender")
    if enemy == mover:
        raise BadBattle("the patrols and the crossing must be of two sides")
    count = count_field(description.get("count"), "count", MOST_MOVED)
    if count < 1:
        raise BadBattle("count must be at least one point moving")
    fleets: dict[str, dict[str, Any]] = {}
    leaders: dict[str, Any] = {}
    for fid, entry in sorted((description.get("fleets") or {}).items()):
        ships = _ships(entry, f"the patrol {fid}")
        tech = entry.get("technology", 0)
        if tech not in (0, -1):
            raise BadBattle("technology is German Technology's modifier: 0 or -1")
        fleets[str(fid)] = _fleet(enemy, str(entry.get("name") or fid), ships, patrol="sea", technology=tech)
        if entry.get("leader"):
            leaders[str(fid)] = {"leader": "leader", "up": True}
    for fid, entry in sorted((description.get("escorts") or {}).items()):
        if str(fid) in fleets:
            raise BadBattle(f"{fid} cannot be both a patrol and an escort")
        ships = _ships(entry, f"the escort {fid}")
        if "uboat" in ships:
            raise BadBattle("U-boats escort nothing (Shipping 10: a surface fleet)")
        fleets[str(fid)] = _fleet(mover, str(entry.get("name") or fid), ships)
    met = []
    for i, leg in enumerate(description.get("crossings") or []):
        if not isinstance(leg, Mapping):
            raise BadBattle("each crossing must be a map: sea, from, to, escort, met")
        port = str(leg.get("from") or f"port {i + 1}")  # the escort waits in the embarking port
        guard = leg.get("escort")
        if guard is not None:
            if guard not in fleets or fleets[guard]["side"] != mover:
                raise BadBattle(f"the escort {guard!r} is not among the escorts")
            fleets[guard]["at"] = port
        ids = [str(f) for f in leg.get("met") or []]
        if not ids or any(f not in fleets or fleets[f]["side"] != enemy for f in ids):
            raise BadBattle("each crossing must name the patrols (among the fleets) that meet it")
        met.append(((str(leg.get("sea") or "sea"), port, str(leg.get("to") or "the coast")), ids))
    if not met:
        raise BadBattle("crossings must list at least one crossing met by a patrol")
    for fid, fleet in fleets.items():
        fleet.setdefault("at", "sea" if fleet["side"] == enemy else f"{fid}'s port")
    levels = description.get("asw_level") or {}
    if not isinstance(levels, Mapping):
        raise BadBattle("asw_level must map attacker and defender to A.S.W. level points")
    data: dict[str, Any] = {
        "fleets": fleets,
        "asw_level": {
            enemy: count_field(levels.get("attacker", 0), "asw_level.attacker", 20),
            mover: count_field(levels.get("defender", 0), "asw_level.defender", 20),
        },
        "fleet_status": {},
    }
    if leaders:
        data["leaders"] = {"armies": {}, "fleets": leaders}
    if description.get("naval_action"):
        data["optional"] = ["naval_action"]
    return data, met, count, mover


def crossing_odds(description: Mapping[str, Any]) -> Odds:
    """The patrols' (attacker's) chance to sink at least one transported point, the
    points they sink on average (`defender_losses`) and their own ship losses."""
    data, met, count, mover = _game_data(description)
    escorts = sorted({g for leg in description.get("crossings") or [] if (g := leg.get("escort"))})
    patrols = sorted(f for f, x in data["fleets"].items() if x["side"] != mover)

    def run(dice: Dice) -> tuple[int, int, str]:
        game = ForecastGame(copy.deepcopy(data), dice)
        # the escort is found in its port by the engine's own choice (sea_transport.escort)
        lost = sail(game, mover, [(leg, list(ids)) for leg, ids in met], count)
        fleets = game.data["fleets"]
        own = sum(int(data["fleets"][f]["sp"]) - int(fleets[f]["sp"]) for f in patrols)
        fate = "none"
        for f in escorts:
            if fleets[f]["at"] is None:
                fate = "sunk"
            elif game.data["fleet_status"].get(f) == "expended" and fate != "sunk":
                fate = "beaten"
            elif fate == "none":
                fate = "held"
        return lost, own, fate

    results, exact, samples = distribution(run)
    hit = min(1.0, math.fsum(p for p, (lost, _, _) in results if lost > 0))
    expected = math.fsum(p * lost for p, (lost, _, _) in results)
    notes = [
        f"At least one of the {count} points is lost {hit:.0%} of the time; "
        f"{expected:.2f} points are lost on average (Shipping 10: the excess is ignored).",
        "Only the patrols within one hex of the crossing's sea route meet it (N3.2); a "
        "fleet in port does not intercept a crossing.",
    ]
    if escorts:
        sunk = math.fsum(p for p, (_, _, f) in results if f == "sunk")
        beaten = math.fsum(p for p, (_, _, f) in results if f == "beaten")
        notes.append(
            f"The escort fights each patrol first: it is sunk {sunk:.0%} and beaten {beaten:.0%} "
            "of the time; while it is afloat the points are safe from that patrol."
        )
    else:
        notes.append("No escort: each patrol that meets the crossing fires at the points.")
    return Odds(
        attacker_wins=hit,
        defender_wins=1.0 - hit,
        mutual=0.0,
        attacker_losses=math.fsum(p * own for p, (_, own, _) in results),
        defender_losses=expected,
        exact=exact,
        samples=samples,
        interval=0.0 if exact else wilson_halfwidth(sum(1 for _, (lost, _, _) in results if lost), samples),
        unit="points",
        kind="crossing",
        notes=tuple(notes),
    )


def met_destinations(data: HgwBoard, frame: Mapping[str, Any]) -> list[str]:
    """The move step's destinations whose sea crossing an enemy patrol would meet (the
    view lists them, so the client asks for `crossing_at`'s odds before those moves)."""
    role, army = frame.get("role"), data["armies"].get(str(frame.get("army")))
    count = int(frame.get("count") or 0)
    if role is None or army is None or army["at"] is None or count < 1 or not in_play(data):
        return []  # without shipping counters no patrol meets a crossing (movement.py)
    enemies = {x["side"] for x in data.get("fleets", {}).values() if x.get("patrol")} - {role}
    if not enemies:
        return []  # no fleet at sea: nothing to trace
    found = sea_legs(data, army["at"], str(role), count)
    return sorted(p for p, legs in found.items() if legs and threats(data, str(role), legs))


def crossing_at(
    data: HgwBoard, frame: Mapping[str, Any], role: str, action: tuple[Any, ...]
) -> dict[str, Any] | None:
    """The crossing the move step's `action` (to_place, to_army) would make, from the
    seat's view (`data`, seen.data_from_view): None when it crosses no sea or no patrol
    meets it (no forecast to give)."""
    army = data["armies"].get(str(frame.get("army")))
    if army is None or army["at"] is None or len(action) < 2 or not in_play(data):
        return None
    target = data["armies"].get(str(action[1])) if action[0] == "to_army" else None
    destination: str | None = str(action[1]) if action[0] == "to_place" else target and target["at"]
    count = int(frame.get("count") or 0)
    legs = sea_legs(data, army["at"], role, max(count, 1)).get(destination) if destination else None
    if not legs or count < 1:
        return None
    met = threats(data, role, legs)
    if not met:
        return None
    fleets = data["fleets"]

    def ships(fid: str) -> dict[str, int]:
        return {k: v for k, v in fleet_ships(fleets[fid]).items() if v}

    patrols = sorted({f for _, ids in met for f in ids})
    enemy = str(fleets[patrols[0]]["side"])
    guards = {leg: escort(data, role, leg[1]) for leg, _ in met}
    sailing = sorted({g for g in guards.values() if g})
    levels = data.get("asw_level", {})
    return {
        "kind": "crossing",
        "count": count,
        "roles": {"attacker": enemy, "defender": role},
        "fleets": {
            f: {
                "ships": ships(f),
                "name": fleets[f]["name"],
                "technology": technology(data, fleets[f]) if is_uboat_fleet(fleets[f]) else 0,
                "leader": bool(attack_modifier(data, fleets=(f,))),
            }
            for f in patrols
        },
        "escorts": {g: {"ships": ships(g), "name": fleets[g]["name"]} for g in sailing},
        "crossings": [
            {"sea": leg[0], "from": leg[1], "to": leg[2], "escort": guards[leg], "met": list(ids)}
            for leg, ids in met
        ],
        "asw_level": {"attacker": int(levels.get(enemy, 0)), "defender": int(levels.get(role, 0))},
        "naval_action": has_option(data, "naval_action"),
    }
