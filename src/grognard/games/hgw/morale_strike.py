"""Morale attacks made as naval base attacks on a coast (Morale Attacks 5, K24.5), under the
optional rule `naval_action` with Campaign Game II's morale: carriers (a naval movement
mission, beside port_attacks.py's) or coastal air strength points (coastal_strike.py's
aim "morale") strike a coastal hex of Britain or Germany held by that country's side; the
hits on the Firepower Table, halved and rounded down, come off its morale
(morale.morale_attack, coastal).

    ("morale_strike", fleet, target)  the fleet's carriers sail on the coastal hex `target`

Choices where the rule is silent (ours):
  - the coasts: the coastal land hexes of the map's Britain and Germany, held by their own
    side (the mainland Japanese and U.S. coasts are the Pacific map's, later work); the
    striking fleets are those of the four countries the rule names, so British and German
    fleets on the European map (French, Italian and Soviet fleets do not strike morale);
  - the strike is sailed and intercepted like a carriers' base attack, reaches the hex
    along a sea route of the fleet intercept range, and meets what a base attack meets
    (port_attacks.defence: the hex's coastal air, the fighters and flak of ships in port);
    the rest fires once at the morale, "the single target": no ship in port is hit and
    no hit counts toward reducing a naval base (N11.3);
  - coastal air's morale attack meets the hex's coastal air and flak the same way, its
    points shot down lost (N9.5), with no search (the target is the country, not a base).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep

from . import leaders
from .board import points
from .carrier_strike import STRIKE_MULTIPLIER
from .fleets import ships
from .layout import HgwBoard, HgwData
from .map import load_map
from .morale import morale_attack
from .naval import air_at
from .naval_phase import EXTRA_OFFERS, EXTRA_VERBS, movable, sail_on_mission
from .neutrality import at_war
from .optional import has_option
from .port_attacks import carriers_arrived, defence, fleet_range, in_reach, path_to
from .strategic_tables import load_strategic

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]
Data = HgwBoard
VERB = "morale_strike"
STRIKING_NATIONS = ("britain", "germany", "united_states", "japan")  # Morale Attacks 5


@cache
def _coasts() -> dict[str, tuple[str, ...]]:
    """country: its coastal land hexes on the map (Britain's, Germany's)."""
    hmap = load_map()
    out: dict[str, tuple[str, ...]] = {}
    for country in load_strategic().morale.capitals:
        out[country] = tuple(
            sorted(h for h in hmap.hexes if hmap.hex(h).country == country and hmap.is_coastal(h))
        )
    return out


def morale_coasts() -> list[str]:
    """Every coastal hex a morale strike may aim at, whoever holds it."""
    return sorted(h for hexes in _coasts().values() for h in hexes)


def country_of(place: str) -> str | None:
    """The morale country whose coast `place` is, or None."""
    return next((c for c, hexes in _coasts().items() if place in hexes), None)


def targets(data: Data, side: str) -> list[str]:
    """The coastal hexes whose country's morale `side` may strike: an enemy country's,
    held by that country's side, which `side` is at war with."""
    if "morale" not in data:
        return []
    sides = load_strategic().morale.sides
    return [
        h
        for country, hexes in _coasts().items()
        if sides[country] != side
        for h in hexes
        if data["owner"].get(h) == sides[country] and at_war(data, side, sides[country])
    ]


def _carriers(data: Data, fleet_id: str) -> int:
    return ships(data["fleets"][fleet_id]).get("carrier", 0)


def offer(game: HgwState, frame: Frame, role: str) -> list[Action]:
    data = game.data
    if not has_option(data, "naval_action") or "morale" not in data:
        return []
    aims = targets(data, role)
    if not aims:
        return []
    status = data.get("fleet_status", {})
    return [
        (VERB, f, t)
        for f in movable(data, role)
        if _carriers(data, f)
        and status.get(f) is None
        and data["fleets"][f].get("nation") in STRIKING_NATIONS
        for t in aims
        if in_reach(data, f, t)
    ]


def why_not(data: HgwData, role: str, action: Action) -> str | None:
    """Why a carriers' morale strike is refused, or None."""
    if not has_option(data, "naval_action") or "morale" not in data:
        return "carriers strike morale with the Naval Action rule and Campaign Game II's morale (K24.5)"
    top = data["flow"][-1] if data["flow"] else {}
    if top.get("state") != "naval_movement" or top.get("role") != role:
        return "a morale strike sails in its side's naval movement phase (K24.5)"
    fleet_id, target = str(action[1]), str(action[2])
    fleet = data.get("fleets", {}).get(fleet_id)
    if fleet is None or fleet["side"] != role:
        return f"{fleet_id} is not one of your fleets"
    if fleet_id not in movable(data, role) or data.get("fleet_status", {}).get(fleet_id) is not None:
        return f"{fleet['name']} has already moved, taken a mission or been beaten this turn (K9.7)"
    if not _carriers(data, fleet_id):
        return f"{fleet['name']} holds no carrier points (K24.5: a naval base attack)"
    if fleet.get("nation") not in STRIKING_NATIONS:
        return "only British, German, U.S. and Japanese fleets strike morale (Morale Attacks 5)"
    if target not in targets(data, role):
        return f"{target} is no coastal hex of an enemy country with a morale, held by its side (K24.5)"
    if not in_reach(data, fleet_id, target):
        return f"no sea route reaches {target} from {fleet['at']} within {fleet_range()} hexes"
    return None


def sail(game: HgwState, frame: Frame, role: str, action: Action) -> None:
    """The fleet sails; the strike (MoraleStrike) runs after any interception."""
    fleet_id, target = str(action[1]), str(action[2])
    path = path_to(game.data, fleet_id, target)
    purpose = f"to strike the morale of {country_of(target)} at {target}"
    sail_on_mission(game, frame, fleet_id, path, "port_attack", VERB, purpose, target=target)


class MoraleStrike(GameStep["HgwState"]):
    """The strike, once the fleet got through."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return []

    def run(self, game: HgwState, frame: Frame) -> None:
        fleet_id = carriers_arrived(game, frame)
        if fleet_id is None:
            return  # beaten, sunk or stripped of its carriers on the way
        data = game.data
        fleet = data["fleets"][fleet_id]
        leaders.reveal(game, fleets=(fleet_id,))  # optional rule Leaders 7
        led = leaders.attack_modifier(data, fleets=(fleet_id,))
        strike = STRIKE_MULTIPLIER * _carriers(data, fleet_id)
        hit_morale(game, fleet["side"], frame["target"], strike, led, f"{fleet['name']}'s carriers")


def hit_morale(game: HgwState, side: str, target: str, strength: int, led: int, who: str) -> int:
    """The strike of `strength` at the coastal hex: thinned by its defences, then fired
    at the country's morale, the hits halved (Morale Attacks 5). Returns the points shot
    down (coastal air's losses)."""
    data = game.data
    country = str(country_of(target))
    air = air_at(data, target, side)
    downed = defence(game, side, target, strength, air, "morale strike")
    left = strength - downed
    line = (
        f"{who} strike the morale of {country} at {target} with {strength} "
        f"({points(air, 'coastal air')} there): {downed} shot down"
    )
    if left < 1:
        game.log(line)
        return downed
    new, result = morale_attack(data["morale"], game, side, country, left, coastal=True, modifier=led)
    data["morale"] = new
    game.log(
        f"{line}, {result.volley.losses} on the Firepower Table: {result.hits} off its morale (halved, K24.5)"
    )
    return downed


EXTRA_VERBS[VERB] = sail
EXTRA_OFFERS.append(offer)
