"""Odds before a naval base attack or a morale strike of Naval Action (issue 22: odds
before every kind of attack): carriers on a naval base (port_attacks.py, N8.5), coastal
air on a naval base (coastal_strike.py, N9.4) and either on a coast's morale
(morale_strike.py, K24.5), forecast by playing the engine's own rolls
(port_attacks.strike_port, coastal_strike.raid, port_attacks.defence with
morale.morale_attack) over every sequence of die rolls (odds_dice.distribution), on a
board of the target alone.

Description (`base_strike_at` from the seat's view; kind "base_strike"): `side` and
`target_side`; `mission` "carriers" or "coastal_air"; `strike` the points launched (a
carrier point strikes at three, already counted); `air` the target's coastal air;
`defender` its ships in port by kind (capital, carrier, asw, uboat; the fleets taken as
one, the largest first being the order the engine takes them in anyway); `aim` "ships",
"air" or "morale"; `spot_at_most` (coastal air on a base: the raid is spotted when one
die is at most this, None when no spotter reaches); `leader` the strikers' revealed
leader's -1. "Winning" is doing harm: at least one hit (on a ship, the coastal air or
the morale); the attacker's losses are its points shot down (carriers' are only thinned
from the strike, coastal air's are lost), the defender's the ship points sunk, coastal
air points downed or morale taken.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from typing import Any

from grognard.core.errors import IllegalAction
from grognard.core.odds import BadBattle, Odds, count_field, wilson_halfwidth

from . import leaders
from .carrier_strike import STRIKE_MULTIPLIER
from .coastal_strike import AIMS, Raid, raid
from .coastal_strike import strength as coastal_strength
from .fleets import ships
from .layout import HgwBoard
from .morale import morale_attack, new_morale
from .morale_strike import country_of
from .naval import air_at
from .naval_search import air_spotter
from .odds_dice import Dice, ForecastGame, distribution
from .port_attacks import defence, in_port, sink_in_port, strike_port
from .search import modifiers, to_spot

BASE_STRIKES = ("port_attack", "coastal_strike", "morale_strike")
KINDS = ("capital", "carrier", "asw", "uboat")
BASE = "base"  # the one place of the board the odds play on



def base_strike_at(data: HgwBoard, role: str, action: tuple[Any, ...]) -> dict[str, Any]:
    """The description of the strike `action` makes, from the seat's view (`data` rebuilt
    from it: supply's record of captured markers, which the view leaves out, is read as
    none when the coastal air's supply is asked)."""
    data.setdefault("won", [])
    verb = action[0]
    if verb == "coastal_strike":
        place, target, aim = str(action[1]), str(action[2]), str(action[3])
        held = coastal_strength(data, role, place, target)
        armies = [a for a, x in data["armies"].items() if x["side"] == role and x["at"] == place]
        led = leaders.attack_modifier(data, armies=armies)
        mission = "coastal_air"
    else:
        fleet_id, target, aim = (
            str(action[1]),
            str(action[2]),
            "morale" if verb == "morale_strike" else "ships",
        )
        fleet = data["fleets"].get(fleet_id)
        if fleet is None or fleet["side"] != role:
            raise BadBattle(f"{fleet_id} is not one of {role}'s fleets")
        held = STRIKE_MULTIPLIER * ships(fleet).get("carrier", 0)
        led = leaders.attack_modifier(data, fleets=(fleet_id,))
        mission = "carriers"
    owner = str(data["owner"].get(target))
    defender = dict.fromkeys(KINDS, 0)
    for f in in_port(data, target, role):
        for kind, n in ships(data["fleets"][f]).items():
            defender[kind] = defender.get(kind, 0) + n
    spot_at_most = None
    if mission == "coastal_air" and aim != "morale":
        found = air_spotter(data, owner, role, target)
        if found is not None:
            line, distance, cond, level = found
            needed = to_spot(line, distance, level)
            spot_at_most = (
                None if needed is None else needed - sum(add for _, add in modifiers(line, distance, cond))
            )
    return {
        "kind": "base_strike",
        "side": role,
        "target_side": owner,
        "target": target,
        "mission": mission,
        "strike": held,
        "air": air_at(data, target, role),
        "defender": defender,
        "aim": aim,
        "morale": country_of(target) if aim == "morale" else None,
        "spot_at_most": spot_at_most,
        "leader": led,
        "roles": {"attacker": role, "defender": owner},
    }


def _board(description: Mapping[str, Any], side: str, owner: str) -> dict[str, Any]:
    port = description.get("defender") or {}
    if not isinstance(port, Mapping):
        raise BadBattle("defender must map ship kinds to points in port")
    surface = {k: count_field(port.get(k, 0), f"defender.{k}", 40) for k in KINDS if k != "uboat"}
    uboats = count_field(port.get("uboat", 0), "defender.uboat", 40)
    fleets = {}
    if sum(surface.values()):
        fleets["port"] = {
            "side": owner,
            "name": "port",
            "at": BASE,
            "sp": sum(surface.values()),
            "ships": surface,
        }
    if uboats:
        fleets["uboats"] = {
            "side": owner,
            "name": "uboats",
            "at": BASE,
            "sp": uboats,
            "ships": {"uboat": uboats},
        }
    return {"fleets": fleets, "owner": {BASE: owner}, "morale": new_morale()}


def base_odds(description: Mapping[str, Any]) -> Odds:
    """The odds of a strike described by `base_strike_at`."""
    side, owner = str(description.get("side")), str(description.get("target_side"))
    strike = count_field(description.get("strike", 0), "strike", 60)
    air = count_field(description.get("air", 0), "air", 60)
    aim, mission = str(description.get("aim")), str(description.get("mission"))
    if aim not in AIMS:
        raise BadBattle(f"aim is one of {', '.join(AIMS)}")
    if strike < 1:
        raise BadBattle("the strike needs at least one point")
    led = int(description.get("leader") or 0)
    spot = description.get("spot_at_most")
    board = _board(description, side, owner)
    before = {f: int(x["sp"]) for f, x in board["fleets"].items()}

    def play(dice: Dice) -> tuple[int, int, int]:
        game = ForecastGame(copy.deepcopy(board), dice)
        if aim == "morale":
            left = strike - defence(game, side, BASE, strike, air, "morale strike")
            if left < 1:
                return 0, strike - left if mission == "coastal_air" else 0, 0
            try:
                country = str(description.get("morale"))
                _, hit = morale_attack(
                    game.data["morale"], game, side, country, left, coastal=True, modifier=led
                )
            except IllegalAction as exc:
                raise BadBattle(str(exc)) from None
            return hit.hits, strike - left if mission == "coastal_air" else 0, hit.hits
        if mission == "carriers":
            _, hits = strike_port(game, side, BASE, strike, air, led)
            sink_in_port(game, in_port(game.data, BASE, side), hits)
            return hits, 0, _sunk(game.data, before)
        spotted = spot is not None and game.roll(1, owner, "search")[0] <= int(spot)
        raided = raid(game, side, "the raid's hex", BASE, Raid(strike, air, aim, spotted, led))
        harm = raided.air_lost if aim == "air" else _sunk(game.data, before)
        return raided.hits, raided.lost, harm

    results, exact, samples = distribution(play)
    harm = math.fsum(p for p, (hits, _, _) in results if hits)
    notes = [_note(mission, aim)]
    return Odds(
        attacker_wins=min(1.0, harm),
        defender_wins=max(0.0, 1.0 - harm),
        mutual=0.0,
        attacker_losses=math.fsum(p * lost for p, (_, lost, _) in results),
        defender_losses=math.fsum(p * d for p, (_, _, d) in results),
        exact=exact,
        samples=samples,
        interval=0.0 if exact else wilson_halfwidth(sum(1 for _, (h, _, _) in results if h), samples),
        unit="points",
        kind="base_strike",
        notes=tuple(notes),
    )


def _sunk(data: HgwBoard, before: Mapping[str, int]) -> int:
    return sum(n - int(data["fleets"][f]["sp"]) for f, n in before.items())


def _note(mission: str, aim: str) -> str:
    what = {"ships": "ship points sunk in port", "air": "coastal air points downed", "morale": "morale taken"}
    if mission == "carriers":
        who = "carriers (tripled; their points shot down only thin the strike)"
    else:
        who = "coastal air (its points shot down are lost)"
    return (
        f"A strike by {who}; the defender's losses are {what[aim]}; "
        "an interception on the way is not forecast."
    )
