"""The surface fleet battle the naval phase fights (Fleets 9; Naval Battle Resolution 2),
with the optional Naval Action rules' carriers when they are played (Aircraft Carriers 3,
6). sea_war.fight calls `resolve` for two surface fleets and applies what it returns.

Without the `naval_action` option, or when neither fleet holds a carrier point, the battle
is naval_battle.battle exactly as before. With it and a carrier on either side:
  1. both sides' carriers strike first at triple strength, thinned by the target's own
     tripled carriers and its anti-aircraft fire (carrier_strike.battle_with_carriers);
     the striker's losses are picked by the engine for its owner: capital ships first
     (they alone fire in the gunnery that follows), then carriers, then ASW points;
  2. the ships left fight the gunnery battle, whose losses come off capital ships and ASW
     points before carriers (Aircraft Carriers 3); the winner is decided on the whole;
  3. then, whoever won, a fleet left with carrier points alone loses them all if the enemy
     fleet held a capital ship point when the battle began (Aircraft Carriers 6: ours
     reads "in a battle with an enemy fleet holding" as the enemy it met; "by themselves"
     as the fleet at the end, so escorts sunk in the battle leave the carriers alone).
A fleet's leader adds its modifier to its strike's and its guns' rolls (Leaders 1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .board import points
from .carrier_strike import AirStrike, battle_with_carriers
from .fleets import squadron
from .layout import Fleet, HgwBoard
from .naval_battle import Squadron, battle, carriers_lost
from .optional import has_option

if TYPE_CHECKING:
    from .rule_game import RuleGame

# The engine's pick for a striker's hits (Aircraft Carriers 3: the attacker's choice):
# the enemy's guns first, then its carriers, its ASW points last.
STRIKE_ORDER = ("capital", "carrier", "asw")


@dataclass(frozen=True)
class FleetBattle:
    attacker: Squadron  # what is left of each fleet, Aircraft Carriers 6 applied
    defender: Squadron
    attacker_losses: int
    defender_losses: int
    winner: str  # "attacker" or "defender"


def with_carriers(data: HgwBoard, a: Squadron, d: Squadron) -> bool:
    """Whether the battle opens with the carriers' strike (Aircraft Carriers 3)."""
    return has_option(data, "naval_action") and bool(a.carrier or d.carrier)


def resolve(
    game: RuleGame, attacker: Fleet, defender: Fleet, modifiers: tuple[int, int] = (0, 0)
) -> FleetBattle:
    """The battle between the fleets `attacker` and `defender` (state fleet entries),
    logged; the caller applies the result to the fleets."""
    sides = (attacker["side"], defender["side"])
    a, d = squadron(attacker), squadron(defender)
    if not with_carriers(game.data, a, d):
        p = battle(game, sides, a, d, modifiers=modifiers)
        return FleetBattle(p.attacker, p.defender, p.attacker_losses, p.defender_losses, p.winner)
    fought = battle_with_carriers(
        game, sides, a, d, strike_orders=(STRIKE_ORDER, STRIKE_ORDER), modifiers=modifiers
    )
    for fleet, target, strike in (
        (attacker, defender, fought.attacker_strike),
        (defender, attacker, fought.defender_strike),
    ):
        if strike is not None:
            game.log(_strike_line(fleet["name"], target["name"], strike))
    a_end = fought.gunnery.attacker if fought.gunnery else fought.attacker
    d_end = fought.gunnery.defender if fought.gunnery else fought.defender
    ends = []
    for fleet, end, enemy in ((attacker, a_end, d), (defender, d_end, a)):
        lost = carriers_lost(end, enemy)
        if lost:
            game.log(f"{fleet['name']}'s {points(lost)} of carriers, alone against capital ships, are lost")
        ends.append(replace(end, carrier=end.carrier - lost))
    return FleetBattle(ends[0], ends[1], a.points - ends[0].points, d.points - ends[1].points, fought.winner)


def _strike_line(striker: str, target: str, strike: AirStrike) -> str:
    downed = strike.fighters.losses + strike.flak.losses
    return (
        f"{striker}'s carriers strike {target} at {strike.strike} (tripled): {downed} shot down, "
        f"{points(strike.attack.losses)} hit"
    )
