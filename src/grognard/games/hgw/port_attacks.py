"""Naval Action's naval base attacks by carriers (optional rule `naval_action`; Aircraft
Carriers 5, N8.5) and the hits that reduce a naval base to a port (Major Naval Ports 3,
N11.3): a mission of the naval movement phase, offered through naval_phase's hooks
(EXTRA_OFFERS, EXTRA_VERBS).

    ("port_attack", fleet, base)  the fleet, holding carrier points, sails on an
                                  interception mission against the enemy naval base

The mission, in order:
  1. the fleet must be free to move (naval_phase.movable) and the base, a major naval
     port or naval yard (printed or built: ports.is_naval_base) held by a side it is at
     war with, within the reach of the Fleet Intercept Ranges' fleet line along its sea
     route (fleet_range); it needs no interception roll against the base (N8.5: the
     interception is automatic);
  2. it declares its path and the enemy may intercept it on the way, as any mover
     (naval_phase.open_interceptions); beaten or sunk, it attacks nothing;
  3. at the base, the hex's coastal air (naval.air_at: the printed base's or an army's,
     bought ones included) fires at the tripled carrier strength; so do, as against a
     fleet battle's strike (carrier_strike.air_strike), the fighters of the carriers in
     port and the anti-aircraft fire of the ships in port (our reading of "like their
     separate attack in a normal naval battle"); all fire at the strike as launched and
     their losses come off it together;
  4. what is left fires at the ships in port, the losses taken fleet by fleet (the
     largest surface fleet first, U-boat fleets last: K9.5, K16.1) in the striker's
     order: capital ships, carriers, ASW; a fleet that loses ships rolls for its leader
     (optional rule Leaders 10), and the striking fleet's marker turns (Leaders 7) and its
     leader adds to the strike's roll (Leaders 1);
  5. every loss the strike rolls is a hit on the base, whether or not a ship was left to
     take it (our reading); four hits on one base in one game turn reduce it to a port
     for good (N11.3: ports.harbour reads "port"), which makes room in it for one big
     ship only: fleets over its capacity stay until they next move (ours).
The fleet then stays in its own base, its mission spent for the turn (fleet_status
"port_attack"). Coastal air's own base attacks (N9.4) are coastal_strike.py's and use
`defence`, `in_port`, `sink_in_port` and `record_hits` from here.

DATA LAYOUT: `data["base_hits"]` {place: {"turn": game-turn index, "hits": n}}.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, end

from . import leaders, ports
from .board import opponents, points
from .carrier_strike import STRIKE_MULTIPLIER, take_losses
from .firepower import fire
from .fleet_battle import STRIKE_ORDER
from .fleets import active, fleets_at, is_uboat_fleet, set_points, ships, squadron
from .invasion_routes import barred_crossings, closed_narrows
from .layout import HgwBoard, HgwData
from .map import hex_distance, load_map
from .naval import air_at
from .naval_battle import Squadron
from .naval_phase import (
    EXTRA_OFFERS,
    EXTRA_VERBS,
    mission_start,
    movable,
    sail_on_mission,
    sailing_path,
)
from .neutrality import at_war
from .optional import has_option
from .sea_war import sink_if_empty
from .uboats import intercept_limit

if TYPE_CHECKING:
    from .rule_game import RuleGame
    from .state import HgwState

Action = tuple[Any, ...]
VERB = "port_attack"
HITS_TO_REDUCE = 4  # N11.3


@cache
def fleet_range() -> int:
    """The farthest the Fleet Intercept Ranges' fleet line reaches, in hexes."""
    return max(d for d in range(100) if intercept_limit("fleet", d))


@cache
def _sea_steps(
    here: str, limit: int, closed: frozenset[str], barred: frozenset[tuple[str, str]]
) -> dict[str, int]:
    return load_map().sea_reach(here, limit, closed, barred)


def in_reach(data: HgwBoard, fleet_id: str, base: str) -> bool:
    """Whether a sea route of at most fleet_range() steps reaches the base (the cheap
    question; `path_to` then declares the route, which shortest routes make exist)."""
    fleet = data["fleets"][fleet_id]
    side = fleet["side"]
    closed, barred = closed_narrows(data, side), barred_crossings(data, side)
    return base in _sea_steps(mission_start(data, fleet_id), fleet_range(), closed, barred)  # N13


def path_to(data: HgwBoard, fleet_id: str, base: str) -> list[str]:
    """The fleet's declared path to the base within the fleet range, counted along the
    sea route (ours: the range is sailed, not measured across land), or []."""
    return sailing_path(data, fleet_id, base, fleet_range())


def _carriers(data: HgwBoard, fleet_id: str) -> int:
    return ships(data["fleets"][fleet_id]).get("carrier", 0)


def carriers_arrived(game: HgwState, frame: Frame) -> str | None:
    """A carrier mission's step after its sailing (PortAttack, N8.5; MoraleStrike, Morale
    Attacks 5): leaves the flow and names the fleet if it got through with carriers, or
    None when it was beaten, sunk or stripped of its carriers on the way."""
    end(game.data["flow"])
    fleet_id = str(frame["fleet"])
    if not active(game.data, fleet_id) or not _carriers(game.data, fleet_id):
        return None
    return fleet_id


def targets(data: HgwBoard, fleet_id: str) -> list[str]:
    """The enemy naval bases the fleet's carriers may attack (step 1)."""
    fleet = data["fleets"][fleet_id]
    side, here = fleet["side"], mission_start(data, fleet_id)  # N13: a replenishment chain's end
    enemies = opponents(data, side)
    found = []
    for place, owner in sorted(data["owner"].items()):
        if owner not in enemies or not at_war(data, side, owner) or place not in load_map():
            continue
        if ports.is_naval_base(data, place) and hex_distance(here, place) <= fleet_range():
            found.append(place)
    return found


def offer(game: HgwState, frame: Frame, role: str) -> list[Action]:
    data = game.data
    if not has_option(data, "naval_action"):
        return []
    return [
        (VERB, f, base)
        for f in movable(data, role)
        if _carriers(data, f) and data.get("fleet_status", {}).get(f) is None
        for base in targets(data, f)
        if in_reach(data, f, base)
    ]


def why_not(data: HgwData, role: str, action: Action) -> str | None:
    """Why a naval base attack is refused, or None."""
    if not has_option(data, "naval_action"):
        return "carriers attack naval bases with the Naval Action rule only (N8.5)"
    top = data["flow"][-1] if data["flow"] else {}
    if top.get("state") != "naval_movement" or top.get("role") != role:
        return "a naval base attack sails in its side's naval movement phase (N8.5)"
    fleet_id, base = str(action[1]), str(action[2])
    fleet = data.get("fleets", {}).get(fleet_id)
    if fleet is None or fleet["side"] != role:
        return f"{fleet_id} is not one of your fleets"
    if fleet_id not in movable(data, role):
        return f"{fleet['name']} has already moved, taken a mission or been beaten this turn (K9.7)"
    if not _carriers(data, fleet_id):
        return f"{fleet['name']} holds no carrier points: only carriers attack naval bases (N8.5)"
    if not ports.is_naval_base(data, base):
        return f"{base} is not a naval base (a major naval port or naval yard: N8.5)"
    owner = data["owner"].get(base)
    if owner not in opponents(data, role) or not at_war(data, role, owner):
        return f"{base} is not held by a side {role} is at war with"
    if not in_reach(data, fleet_id, base):
        return f"no sea route reaches {base} from {fleet['at']} within {fleet_range()} hexes (N8.5)"
    return None


def sail(game: HgwState, frame: Frame, role: str, action: Action) -> None:
    """Step 2: the fleet sails; the attack (PortAttack) runs after any interception."""
    fleet_id, base = str(action[1]), str(action[2])
    path = path_to(game.data, fleet_id, base)
    purpose = f"to attack the naval base of {base} with its carriers"
    sail_on_mission(game, frame, fleet_id, path, "port_attack", "port_attack", purpose, base=base)


class PortAttack(GameStep["HgwState"]):
    """Steps 3-5: the strike on the base, once the fleet got through."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return []

    def run(self, game: HgwState, frame: Frame) -> None:
        fleet_id = carriers_arrived(game, frame)
        if fleet_id is not None:
            attack(game, fleet_id, frame["base"])


def in_port(data: HgwBoard, base: str, side: str) -> list[str]:
    """The enemy fleets in port at the base, the surface ones first, the largest first,
    U-boat fleets last (K9.5, K16.1: fleets in port, U-boats too, are naval base
    attacks' targets)."""
    fleets = data["fleets"]
    return sorted(
        (f for f in fleets_at(data, base) if fleets[f]["side"] != side and "patrol" not in fleets[f]),
        key=lambda f: (is_uboat_fleet(fleets[f]), -int(fleets[f]["sp"]), f),
    )


def defence(game: RuleGame, side: str, base: str, strike: int, air: int, what: str) -> int:
    """Step 3: how many of the `strike` points are shot down: the coastal air `air` of
    the base, the fighters of the carriers in port (tripled) and the anti-aircraft fire
    of the surface ships in port fire at once, at the strike as launched."""
    data = game.data
    owner = data["owner"][base]
    total = _surface(data, in_port(data, base, side))
    downed = sum(
        fire(game, owner, strength, why).losses
        for strength, why in (
            (air, f"coastal air of {base} at the {what}"),
            (STRIKE_MULTIPLIER * total.carrier, f"carrier fighters in port at the {what}"),
            (total.points, f"anti-aircraft fire in port at the {what}"),
        )
    )
    return min(strike, downed)


def _surface(data: HgwBoard, fleet_ids: list[str]) -> Squadron:
    sq = [squadron(data["fleets"][f]) for f in fleet_ids]
    return Squadron(*(sum(getattr(s, k) for s in sq) for k in ("capital", "carrier", "asw")))


def attack(game: HgwState, fleet_id: str, base: str) -> int:
    """Steps 3-5; the hits on the base."""
    data = game.data
    fleet = data["fleets"][fleet_id]
    side = fleet["side"]
    leaders.reveal(game, fleets=(fleet_id,))  # optional rule Leaders 7: the striking fleet attacks
    led = leaders.attack_modifier(data, fleets=(fleet_id,))  # Leaders 1
    carriers = _carriers(data, fleet_id)
    air = air_at(data, base, side)
    strike = STRIKE_MULTIPLIER * carriers
    left, hits = strike_port(game, side, base, strike, air, led)
    hit_word = "hit" if hits == 1 else "hits"
    game.log(
        f"{fleet['name']}'s carriers strike the naval base of {base} at {strike} (tripled; "
        f"{points(air, 'coastal air')} there): {strike - left} shot down, {hits} {hit_word}"
    )
    sink_in_port(game, in_port(data, base, side), hits)
    record_hits(game, base, hits)
    return hits


def strike_port(game: RuleGame, side: str, base: str, strike: int, air: int, led: int = 0) -> tuple[int, int]:
    """Steps 3-4's rolls: the strike thinned by the base's defences, then its fire; (the
    points left, their hits). odds_base.py plays it too."""
    left = strike - defence(game, side, base, strike, air, "carrier strike")
    return left, fire(game, side, left, f"carrier strike at the naval base of {base}", led).losses


def sink_in_port(game: RuleGame, fleet_ids: list[str], hits: int) -> None:
    """Step 4: the hits sink ships in port, fleet by fleet in the order given, each in the
    striker's order (STRIKE_ORDER; a U-boat fleet's U-boats); a fleet that lost a capital
    ship or carrier point (any point without them) rolls for its leader (Leaders 10)."""
    data = game.data
    for f in fleet_ids:
        if hits <= 0:
            return
        fleet = data["fleets"][f]
        before = ships(fleet)
        if is_uboat_fleet(fleet):
            lost = min(hits, int(fleet["sp"]))
            set_points(fleet, int(fleet["sp"]) - lost)
        else:
            old = squadron(fleet)
            new = take_losses(old, min(hits, old.points), STRIKE_ORDER)
            lost = old.points - new.points
            if "ships" in fleet:
                fleet["ships"].update(capital=new.capital, carrier=new.carrier, asw=new.asw)
            set_points(fleet, new.points + ships(fleet).get("uboat", 0))
        hits -= lost
        if not lost:
            continue
        game.log(f"{fleet['name']} loses {points(lost)} in port")
        sink_if_empty(game, f)
        leaders.after_fleet_losses(game, f, before)  # optional rule Leaders 10


def hits_this_turn(data: HgwBoard, base: str) -> int:
    record = data.get("base_hits", {}).get(base)
    return int(record["hits"]) if record and int(record["turn"]) == int(data["turn"]) else 0


def record_hits(game: HgwState, base: str, hits: int) -> None:
    """N11.3: four hits on a naval base in one game turn make it a port."""
    data = game.data
    if not hits:
        return
    total = hits_this_turn(data, base) + hits
    data.setdefault("base_hits", {})[base] = {"turn": int(data["turn"]), "hits": total}
    if total >= HITS_TO_REDUCE and ports.is_naval_base(data, base):
        data.setdefault("ports", {})[base] = "port"
        data.get("anchors_building", {}).pop(base, None)
        game.log(f"{total} hits this turn reduce the naval base of {base} to a port (N11.3)")


EXTRA_VERBS[VERB] = sail
EXTRA_OFFERS.append(offer)
