"""The optional rules' carrier air strike (Aircraft Carriers 3, N8.3): before the ships
fire, each side's carrier points strike the enemy fleet at triple strength, and the enemy's
own tripled carriers and its anti-aircraft fire thin the strike first. Pure functions over
`naval_battle.Squadron`, like the gunnery battle that follows (`battle_with_carriers`).

One side's strike, in order:
  1. the strike is three times its carrier points;
  2. the target's tripled carriers fire at it, then the target fleet's anti-aircraft fire
     at its ship points (land and U-boat points never count: a Squadron holds neither);
     both sides use their first, tripled strengths, all at once;
  3. what those hit comes off the strike (air strength, not the carriers themselves);
  4. what is left fires at the target fleet; its losses may be of any ship type, in the
     order the carriers' owner picks (the rule says the attacker's choice).
The two strikes' losses come off together; then the capital ships fight the gunnery battle
(naval_battle.battle) with what is left.
"""

from __future__ import annotations

from dataclasses import dataclass

from grognard.core.errors import IllegalAction

from .firepower import Volley, fire
from .naval_battle import NavalBattle, Squadron, battle, gunnery
from .research import Dice

STRIKE_MULTIPLIER = 3  # Aircraft Carriers 3: carriers strike at triple strength
KINDS = ("capital", "carrier", "asw")
ANY_ORDER = ("asw", "capital", "carrier")


@dataclass(frozen=True)
class AirStrike:
    strike: int  # the tripled carrier points launched
    fighters: Volley  # the target's tripled carriers at the strike
    flak: Volley  # the target fleet's anti-aircraft fire at its ship points
    strike_left: int
    attack: Volley  # what is left of the strike at the target fleet


def air_strike(
    dice: Dice, sides: tuple[str, str], carriers: int, target: Squadron, modifier: int = 0
) -> AirStrike:
    """One side's strike (`sides`: the striker's, the target's) with `carriers` points at
    the `target` fleet, as it stood when the battle began (`modifier`: what the striker
    adds to its strike's rolls, its fleet's leader)."""
    if carriers < 1:
        raise IllegalAction("an air strike needs carrier strength points")
    striker, defender = sides
    strike = STRIKE_MULTIPLIER * carriers
    fighters = fire(dice, defender, STRIKE_MULTIPLIER * target.carrier, "carrier fighters at the air strike")
    flak = fire(dice, defender, target.points, "anti-aircraft fire at the air strike")
    left = max(0, strike - fighters.losses - flak.losses)
    attack = fire(dice, striker, left, "carrier air strike at the fleet", modifier)
    return AirStrike(strike, fighters, flak, left, attack)


def take_losses(fleet: Squadron, losses: int, order: tuple[str, ...] = ANY_ORDER) -> Squadron:
    """The fleet after `losses` taken from its ship types in `order` (every type once)."""
    if sorted(order) != sorted(KINDS):
        raise ValueError(f"a loss order names each of {', '.join(KINDS)} once, not {order}")
    if losses < 0:
        raise ValueError(f"losses cannot be negative ({losses})")
    left = {"capital": fleet.capital, "carrier": fleet.carrier, "asw": fleet.asw}
    for kind in order:
        take = min(losses, left[kind])
        left[kind] -= take
        losses -= take
    return Squadron(**left)


@dataclass(frozen=True)
class CarrierBattle:
    attacker_strike: AirStrike | None
    defender_strike: AirStrike | None
    attacker: Squadron  # after the strikes
    defender: Squadron
    gunnery: NavalBattle | None  # None when a side has no gunnery left, or no ships
    attacker_losses: int  # ship points lost in the whole battle, strikes and gunnery
    defender_losses: int

    @property
    def winner(self) -> str:
        """Naval Battle Resolution 2 over the whole battle: more points left, then more
        losses inflicted, then the defender."""
        a = self.gunnery.attacker.points if self.gunnery else self.attacker.points
        d = self.gunnery.defender.points if self.gunnery else self.defender.points
        if a != d:
            return "attacker" if a > d else "defender"
        if self.attacker_losses != self.defender_losses:
            return "attacker" if self.defender_losses > self.attacker_losses else "defender"
        return "defender"


def battle_with_carriers(
    dice: Dice,
    sides: tuple[str, str],
    attacker: Squadron,
    defender: Squadron,
    *,
    strike_orders: tuple[tuple[str, ...], tuple[str, ...]] = (ANY_ORDER, ANY_ORDER),
    asw_first: tuple[bool, bool] = (True, True),
    modifiers: tuple[int, int] = (0, 0),
) -> CarrierBattle:
    """Aircraft Carriers 3 then Naval Battle Resolution 2: both sides' strikes at once (each
    `strike_orders` entry is the order the striker picks for its target's losses), then the
    gunnery battle between the ships left, if both still have ships and one can fire.
    `modifiers`: what each side adds to its strike's and its guns' rolls (Leaders 1)."""
    if not attacker.points or not defender.points:
        raise IllegalAction("a naval battle needs ship strength points on both sides")
    a_strike = air_strike(dice, sides, attacker.carrier, defender, modifiers[0]) if attacker.carrier else None
    d_strike = (
        air_strike(dice, (sides[1], sides[0]), defender.carrier, attacker, modifiers[1])
        if defender.carrier else None
    )
    a_left = take_losses(attacker, d_strike.attack.losses, strike_orders[1]) if d_strike else attacker
    d_left = take_losses(defender, a_strike.attack.losses, strike_orders[0]) if a_strike else defender
    fought = None
    if a_left.points and d_left.points and (gunnery(a_left) or gunnery(d_left)):
        fought = battle(dice, sides, a_left, d_left, asw_first=asw_first, modifiers=modifiers)
    a_end = fought.attacker if fought else a_left
    d_end = fought.defender if fought else d_left
    return CarrierBattle(
        a_strike,
        d_strike,
        a_left,
        d_left,
        fought,
        attacker.points - a_end.points,
        defender.points - d_end.points,
    )
