"""Naval Action's naval base attacks by coastal air strength points (Coastal Air Strength
Points 4-5, N9.4-N9.5; optional rule `naval_action`): a mission of the naval movement
phase, offered through naval_phase's hooks (EXTRA_OFFERS, EXTRA_VERBS), beside the
carriers' base attacks (port_attacks.py, whose strike on the ships in port it shares).

    ("coastal_strike", hex, base, aim)  the coastal air bought into the side's armies in
                                        `hex` attacks the enemy naval base `base`, its
                                        hits aimed at the ships in port ("ships") or at
                                        the base's coastal air ("air"); or, aim "morale",
                                        `base` a coastal hex of Britain or Germany whose
                                        morale the attack strikes (K24.5: morale_strike.py)

Which coastal air flies: only coastal air strength points (bought into armies,
coastal_air.py), from a coastal or island hex, attack; a hex's printed coastal air (a
naval port's, an airbase's, an infantry army's on the coast) only defends (ours: the rule
gives the attack to coastal air strength points, the earlier rules' coastal air is a
defence). Each hex flies once in a naval movement phase, all its points together, less
what it lost this player turn (N9.5).

Reach: the Ranges table's Coastal Air line at the side's tac air level (N9.2), or its
extended range, two hexes beyond, at half strength rounded down (naval_battle.
why_not_mission); counted in hexes, as the crow flies (air needs no sea route).

The attack, in order (our reading of N9.4, which is silent on the details):
  1. the armies holding the points turn their leader markers (optional rule Leaders 7: their
     air attacks) and their revealed leader adds to the rolls (Leaders 1);
  2. the base's side searches the raid over the base (naval_search.search_air: target air);
  3. spotted, and the base has coastal air: both coastal airs fire at once on the
     Firepower Table, each at the other; then the attackers left attack the ships in port
     (the base's coastal air may not be aimed at any more);
  4. the fighters of the carriers in port (tripled) and the anti-aircraft fire of the ships
     in port fire at the attackers (as against carriers: "in the same manner", N8.5);
  5. the attackers left fire: their hits sink ships in port (port_attacks.sink_in_port: the
     attacker's order, surface fleets then U-boats) or come off the base's coastal air, as
     aimed; each is a hit on the base (N11.3: four in a game turn make it a port);
  6. not spotted: the base's coastal air left fires at the attackers after the attack.
Every attacking point shot down (steps 3, 4, 6) is lost; losses of both hexes are recorded
in them for the player turn (coastal_air.record_loss, lifted at the end of the combat
phase: N9.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame

from . import leaders, ports
from .board import opponents, points
from .coastal_air import bought_at, record_loss, tech_level
from .firepower import fire
from .geography import Place
from .layout import HgwBoard, HgwData, placed
from .map import hex_distance, load_map
from .morale_strike import hit_morale
from .morale_strike import targets as morale_targets
from .naval import air_at
from .naval_battle import why_not_mission
from .naval_phase import EXTRA_OFFERS, EXTRA_VERBS
from .naval_search import search_air
from .neutrality import at_war
from .optional import has_option
from .port_attacks import defence, in_port, record_hits, sink_in_port

if TYPE_CHECKING:
    from .rule_game import RuleGame
    from .state import HgwState

Action = tuple[Any, ...]
Data = HgwBoard
VERB = "coastal_strike"
AIMS = ("ships", "air", "morale")


def _an_enemy(data: Data, side: str) -> str | None:
    """A side for which `side` is an enemy (naval.air_at measures a hex's coastal air
    against one)."""
    if side == "axis":
        found = opponents(data, side)
        return found[0] if found else None
    return "axis" if side in opponents(data, "axis") else None


def flyers(data: Data, side: str, place: str) -> list[str]:
    """The side's armies in `place` holding coastal air strength points."""
    held = data.get("coastal_air", {})
    return sorted(
        a for a, x in data["armies"].items() if x["side"] == side and x["at"] == place and held.get(a)
    )


def attack_points(data: Data, side: str, place: str) -> int:
    """The coastal air strength points of `place` that may attack: those bought, as far as
    the hex's coastal air less its losses this player turn still holds them (N9.5)."""
    if data["owner"].get(place) != side:
        return 0
    bought = bought_at(data, place, side)
    enemy = _an_enemy(data, side)
    if not bought or enemy is None:
        return 0
    return min(bought, air_at(data, place, enemy))  # air_at: supplied, less the losses


def strength(data: Data, side: str, place: str, base: str) -> int:
    """The points that reach the base: all within the Coastal Air range of the side's tac
    air level, half (rounded down) within its extended range, none beyond."""
    share = reach_share(tech_level(data, side), hex_distance(place, base))
    return attack_points(data, side, place) // share if share else 0


def reach_share(level: int, distance: int) -> int:
    """1 within the Coastal Air range at `level`, 2 (half strength) within its extended
    range, 0 beyond (the Ranges table)."""
    if why_not_mission("coastal_air", distance, level=level) is None:
        return 1
    if why_not_mission("coastal_air_extended", distance, level=level) is None:
        return 2
    return 0


def _bases(data: Data, side: str) -> list[str]:
    enemies = opponents(data, side)
    return [
        p
        for p, owner in sorted(data["owner"].items())
        if owner in enemies and at_war(data, side, owner) and on_coast(p) and ports.is_naval_base(data, p)
    ]


def on_coast(place: Place) -> bool:
    """Coastal air flies from a coastal or island hex (ours, as it is bought there: N9.1);
    an army that took it inland holds it until it is back on a coast."""
    hmap = load_map()
    return place in hmap and hmap.is_coastal(place) and not hmap.is_water(place)


def _hexes(data: Data, side: str) -> list[str]:
    held = data.get("coastal_air", {})
    return sorted(
        {
            str(x["at"])
            for a, x in data["armies"].items()
            if x["side"] == side and held.get(a) and on_coast(placed(x))
        }
    )


def offer(game: HgwState, frame: Frame, role: str) -> list[Action]:
    data = game.data
    if not has_option(data, "naval_action") or not data.get("coastal_air"):
        return []
    flown = frame.get("air_flown", [])
    level = tech_level(data, role)
    out: list[Action] = []
    bases: list[str] | None = None
    for place in _hexes(data, role):
        if place in flown:
            continue
        bases = _bases(data, role) if bases is None else bases
        near = [b for b in bases if reach_share(level, hex_distance(place, b))]
        coasts = [t for t in morale_targets(data, role) if reach_share(level, hex_distance(place, t))]
        if not (near or coasts):
            continue
        points_here = attack_points(data, role, place)  # the supply question, once a hex
        for base in near:
            if points_here // reach_share(level, hex_distance(place, base)) < 1:
                continue
            out.append((VERB, place, base, "ships"))
            if air_at(data, base, role):
                out.append((VERB, place, base, "air"))
        out += [
            (VERB, place, t, "morale")
            for t in coasts
            if points_here // reach_share(level, hex_distance(place, t))
        ]
    return out


def why_not(data: HgwData, role: str, action: Action) -> str | None:
    """Why a coastal air attack on a naval base is refused, or None."""
    if not has_option(data, "naval_action"):
        return "coastal air attacks naval bases with the Naval Action rule only (N9.4)"
    top = data["flow"][-1] if data["flow"] else {}
    if top.get("state") != "naval_movement" or top.get("role") != role:
        return "coastal air attacks a naval base in its side's naval movement phase (N9.4)"
    if len(action) != 4:
        return "a coastal air attack names its hex, its target and its aim (ships, air or morale)"
    place, base, aim = str(action[1]), str(action[2]), str(action[3])
    if aim not in AIMS:
        return (
            f"the attack aims at the ships in port, the base's coastal air or a country's morale "
            f"({', '.join(AIMS)}), not {aim!r}"
        )
    if data["owner"].get(place) != role or not bought_at(data, place, role):
        return f"{role} has no coastal air strength points in {place} (N9.1: bought into an army there)"
    if not on_coast(place):
        return f"{place} is no coastal or island hex: coastal air flies from the coast (N9.1)"
    if place in top.get("air_flown", []):
        return f"the coastal air of {place} has attacked already this phase"
    if not attack_points(data, role, place):
        return f"the coastal air of {place} is lost or out of supply this turn (N9.5)"
    if aim == "morale":
        if base not in morale_targets(data, role):
            return f"{base} is no coastal hex of an enemy country with a morale, held by its side (K24.5)"
    elif not ports.is_naval_base(data, base):
        return f"{base} is not a naval base (a major naval port or naval yard: N9.4)"
    owner = data["owner"].get(base)
    if owner not in opponents(data, role) or not at_war(data, role, owner):
        return f"{base} is not held by a side {role} is at war with"
    if strength(data, role, place, base) < 1:
        far, level = hex_distance(place, base), tech_level(data, role)
        return f"{base} is {far} hexes from {place}: beyond coastal air's reach at tac air level {level}"
    if aim == "air" and not air_at(data, base, role):
        return f"{base} has no coastal air to aim at"
    return None


def apply(game: HgwState, frame: Frame, role: str, action: Action) -> None:
    place, base, aim = str(action[1]), str(action[2]), str(action[3])
    frame["air_flown"] = sorted({*frame.get("air_flown", []), place})
    frame["stage"] = "patrols"  # a mission has flown: base changes are over (K9.8)
    if aim == "morale":
        armies = flyers(game.data, role, place)
        leaders.reveal(game, armies=armies)  # optional rule Leaders 7
        led = leaders.attack_modifier(game.data, armies=armies)
        flying = strength(game.data, role, place, base)
        who = f"{points(flying, 'coastal air')} of {place}"
        record_loss(game, place, hit_morale(game, role, base, flying, led, who))
        return
    attack(game, role, place, base, aim)


def attack(game: HgwState, side: str, place: str, base: str, aim: str) -> int:
    """Steps 1-6; the hits on the base."""
    data = game.data
    owner = data["owner"][base]
    armies = flyers(data, side, place)
    leaders.reveal(game, armies=armies)  # optional rule Leaders 7: the armies' air attacks
    led = leaders.attack_modifier(data, armies=armies)  # Leaders 1
    flying = strength(data, side, place, base)
    half = flying < attack_points(data, side, place)
    defending = air_at(data, base, side)
    game.log(
        f"{points(flying, 'coastal air')} of {place}{' (half strength, extended range)' if half else ''} "
        f"attack the naval base of {base} ({points(defending, 'coastal air')} there)"
    )
    spotted = search_air(game, owner, side, base)
    done = raid(game, side, place, base, Raid(flying, defending, aim, spotted, led))
    record_hits(game, base, done.hits)
    record_loss(game, base, done.air_lost)
    record_loss(game, place, done.lost)
    return done.hits


@dataclass(frozen=True)
class Raid:
    flying: int  # the attacking points
    defending: int  # the base's coastal air
    aim: str  # ships or air
    spotted: bool
    led: int = 0  # the attackers' leader modifier (Leaders 1)


@dataclass(frozen=True)
class RaidDone:
    hits: int  # on the base (N11.3)
    lost: int  # attacking points shot down
    air_lost: int  # the base's coastal air shot down


def raid(game: RuleGame, side: str, place: str, base: str, r: Raid) -> RaidDone:
    """Steps 3-6's rolls and the ships sunk; the caller records the losses (N9.5) and the
    hits on the base (N11.3). odds_base.py plays it too."""
    data = game.data
    owner = data["owner"][base]
    flying, defending, aim, led = r.flying, r.defending, r.aim, r.led
    lost = air_lost = 0
    if r.spotted and defending:  # step 3: the air battle, both at once
        down_them = fire(game, side, flying, f"coastal air of {place} at the coastal air of {base}", led)
        down_us = fire(game, owner, defending, f"coastal air of {base} at the coastal air of {place}")
        air_lost, lost = min(defending, down_them.losses), min(flying, down_us.losses)
        game.log(
            f"air battle over {base}: {place} loses {points(lost, 'coastal air')}, "
            f"{base} loses {points(air_lost, 'coastal air')}"
        )
        defending -= air_lost
        aim = "ships"
    downed = defence(game, side, base, flying - lost, 0, "coastal air attack")  # step 4
    lost += downed
    left = flying - lost
    hits = fire(game, side, left, f"coastal air attack on the naval base of {base}", led).losses
    hit_word = "hit" if hits == 1 else "hits"
    target = "its coastal air" if aim == "air" else "the ships in port"
    game.log(
        f"{points(left, 'coastal air')} of {place} attack {target} at {base}: "
        f"{downed} shot down first, {hits} {hit_word}"
    )
    if aim == "air":
        on_air = min(hits, defending)
        air_lost += on_air
        defending -= on_air
        if on_air:
            game.log(f"{base} loses {points(on_air, 'coastal air')}")
    else:
        sink_in_port(game, in_port(data, base, side), hits)
    if not r.spotted and defending and left:  # step 6: the base's coastal air answers
        answer = fire(game, owner, defending, f"coastal air of {base} at the raid from {place}")
        back = min(left, answer.losses)
        lost += back
        game.log(f"the coastal air of {base} fires back: {place} loses {points(back, 'coastal air')}")
    return RaidDone(hits, lost, air_lost)


EXTRA_VERBS[VERB] = apply
EXTRA_OFFERS.append(offer)
