"""The optional Naval Action rules' fleet battle (Naval Battle Resolution 1-3, N4) and the
figures of Fleet Movement and Fleets at Sea it leans on (N2.3, N3.2), as pure functions over
plain numbers: a fleet is its strength points by type (`Squadron`), so the Pacific's
carriers and ASW points fit the same shape. Where the fleets are, who intercepts and the
return to port are the board's (fleets.py and the turn sequence, later work).

A battle, in order (N4.2):
  1. each side fires at once on the Firepower Table: capital ships doubled, ASW ship points
     at half, rounded down (`gunnery`); every point fires, in volleys of ten (K2);
  2. the losses come off at once (`apply_losses`: capital ship or ASW points as the owner
     picks, carriers last, Aircraft Carriers 3);
  3. the larger surviving fleet stays at sea, the other goes back to port; a tie goes to the
     fleet that inflicted more losses, then to the defender (`NavalBattle.winner`).
Carriers' own air strike (Aircraft Carriers 3) opens a battle before step 1 and is later
work; `carriers_lost` is Aircraft Carriers 6 (carriers alone against capital ships).
"""

from __future__ import annotations

from dataclasses import dataclass

from grognard.core.errors import IllegalAction

from .capability import load_capability
from .firepower import Volley, fire
from .naval_tables import load_naval
from .research import Dice
from .uboats import asw_surface_fire

SIDES = ("attacker", "defender")
GUNNERY_MULTIPLIER = 2  # N4.2: each side doubles its ship strength


@dataclass(frozen=True)
class Squadron:
    """A fleet's ship strength points by type (Fleets 2-3; Aircraft Carriers; ASW 1)."""

    capital: int = 0
    carrier: int = 0
    asw: int = 0

    def __post_init__(self) -> None:
        if min(self.capital, self.carrier, self.asw) < 0:
            raise ValueError(f"ship strength points cannot be negative ({self})")

    @property
    def points(self) -> int:
        return self.capital + self.carrier + self.asw


def gunnery(fleet: Squadron) -> int:
    """N4.2: the fleet's strength on the Firepower Table: capital ships doubled, ASW ship
    points at half, rounded down (Anti-Submarine Warfare 3); carriers fire in their own
    air strike instead (Aircraft Carriers 3)."""
    return GUNNERY_MULTIPLIER * fleet.capital + asw_surface_fire(fleet.asw)


def apply_losses(fleet: Squadron, losses: int, *, asw_first: bool = True) -> Squadron:
    """The fleet after `losses` from ship fire: capital ship or ASW points first, in the
    owner's order (`asw_first`), carriers only when both are gone (Aircraft Carriers 3)."""
    if losses < 0:
        raise ValueError(f"losses cannot be negative ({losses})")
    capital, carrier, asw = fleet.capital, fleet.carrier, fleet.asw
    for kind in ("asw", "capital") if asw_first else ("capital", "asw"):
        take = min(losses, asw if kind == "asw" else capital)
        losses -= take
        if kind == "asw":
            asw -= take
        else:
            capital -= take
    return Squadron(capital, carrier - min(losses, carrier), asw)


@dataclass(frozen=True)
class NavalBattle:
    attacker_fire: Volley
    defender_fire: Volley
    attacker: Squadron  # what is left
    defender: Squadron
    attacker_losses: int  # points the attacker lost
    defender_losses: int

    @property
    def winner(self) -> str:
        """N4.2: the larger fleet left stays at sea; then the one that inflicted more losses;
        then the defender. The loser goes back to port."""
        a, d = self.attacker.points, self.defender.points
        if a != d:
            return "attacker" if a > d else "defender"
        if self.defender_losses != self.attacker_losses:
            return "attacker" if self.defender_losses > self.attacker_losses else "defender"
        return "defender"

    @property
    def loser(self) -> str:
        return "defender" if self.winner == "attacker" else "attacker"


def battle(
    dice: Dice,
    sides: tuple[str, str],
    attacker: Squadron,
    defender: Squadron,
    *,
    asw_first: tuple[bool, bool] = (True, True),
    modifiers: tuple[int, int] = (0, 0),
) -> NavalBattle:
    """N4.2: a fleet battle between `attacker` and `defender`, fought by the players
    `sides` (attacker's, defender's). Both fire at once; losses come off at once, each
    owner taking them in his order (`asw_first`). `modifiers`: what each side adds to
    its rolls (the attacker's leader, optional rule Leaders 1)."""
    if not attacker.points or not defender.points:
        raise IllegalAction("a naval battle needs ship strength points on both sides")
    a_fire = fire(dice, sides[0], gunnery(attacker), "naval battle: the attacking fleet fires", modifiers[0])
    d_fire = fire(dice, sides[1], gunnery(defender), "naval battle: the defending fleet fires", modifiers[1])
    a_left = apply_losses(attacker, d_fire.losses, asw_first=asw_first[0])
    d_left = apply_losses(defender, a_fire.losses, asw_first=asw_first[1])
    return NavalBattle(
        a_fire, d_fire, a_left, d_left, attacker.points - a_left.points, defender.points - d_left.points
    )


def carriers_lost(fleet: Squadron, enemy: Squadron) -> int:
    """Aircraft Carriers 6: carriers in a fleet with no other ship points are all lost after
    a battle in the hex with an enemy fleet holding a capital ship point, win or lose."""
    alone = fleet.carrier and not fleet.capital and not fleet.asw
    return fleet.carrier if alone and enemy.capital else 0


def base_change_penalty(hexes: int) -> int:
    """N2.3: a fleet that changed base more than 30 hexes adds 1 to its interception rolls,
    more than 40 adds 2, until its side's next player-turn."""
    if hexes < 0:
        raise ValueError(f"a distance cannot be negative ({hexes})")
    return max((add for beyond, add in load_naval().base_change_penalties if hexes > beyond), default=0)


def patrol_intercepts(distance: int) -> bool:
    """N3.2 and the Fleet Intercept Ranges' patrol line: a fleet at sea always intercepts in
    its own and the adjacent hexes, with no roll (and no modifier)."""
    if distance < 0:
        raise ValueError(f"a distance cannot be negative ({distance})")
    return distance <= load_naval().patrol_fleet_auto_intercept


def why_not_mission(mission: str, hexes: int, *, level: int = 0) -> str | None:
    """The Ranges table: why a naval or air mission may not go `hexes` hexes, or None. A
    tech-level range (coastal air, strategic bombing) is the Units Capability Table's at the
    side's `level`, coastal air's extended range two hexes beyond it at half strength."""
    rng = load_naval().range(mission)
    low, high = rng.hexes
    if rng.tech:
        top = load_capability().capability(rng.tech, "range", level)
        high = top + rng.extra
        low = max(low, top + 1) if rng.extra else low
    if hexes < low:
        return f"{rng.label}: at least {low} hexes, not {hexes}"
    if high is not None and hexes > high:
        return f"{rng.label}: at most {high} hexes, not {hexes}"
    return None
