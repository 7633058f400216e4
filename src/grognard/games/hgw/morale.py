"""Campaign Game II's national morale (National Morale: Great Britain and Germany 1-7,
Morale Attacks 1-6, the National Morale Chart) as functions over a JSON-plain morale state.

STATE LAYOUT (to live at `state.data["morale"]` once Campaign Game II is played)
    {"germany": m, "britain": m, "japan": m, "united_states": m}
each an integer from -14 to 14 (Great Britain and Germany 2-3), 0 at the start; the two
countries of a pair always hold opposite values (4: what raises one lowers the other by
as much), so the record sheet's plus and minus markers are the sign. `new_morale()` builds
the start.

Every function returns a new state and leaves its argument alone; an illegal request raises
IllegalAction and changes nothing. Dice come only through the game's `roll` (the seeded RNG).
Campaign Game II's turn sequence calls `apply_event` as the chart's events occur
(`hex_events` after each combat phase) and `morale_attack` in the strategic warfare phase;
`attack_modifier` is what a side adds to its attack die rolls.
"""

from __future__ import annotations

from dataclasses import dataclass

from grognard.core.errors import IllegalAction

from .firepower import Volley, fire
from .layout import HgwBoard
from .map import hex_distance
from .research import Dice
from .strategic_tables import EITHER, load_strategic

Morale = dict[str, int]


def countries() -> tuple[str, ...]:
    """The four countries with a morale (Great Britain and Germany 1)."""
    return tuple(c for pair in load_strategic().morale.pairs for c in pair)


def new_morale() -> Morale:
    """Great Britain and Germany 2: every morale starts at zero."""
    return dict.fromkeys(countries(), 0)


def partner(country: str) -> str:
    """The country whose morale moves the other way (Great Britain and Germany 1, 4)."""
    for a, b in load_strategic().morale.pairs:
        if country == a:
            return b
        if country == b:
            return a
    raise IllegalAction(f"{country} has no morale to influence (Great Britain and Germany 1)")


def side_countries(side: str) -> tuple[str, ...]:
    """The side's countries with a morale: the Axis's Germany and Japan, the Allies'
    Britain and the U.S.; the Soviets have none."""
    return tuple(c for c in countries() if load_strategic().morale.sides[c] == side)


def change(morale: Morale, country: str, amount: int) -> Morale:
    """Move `country`'s morale by `amount` and its partner's by as much the other way,
    within the track (Great Britain and Germany 3-4)."""
    other = partner(country)
    limit = load_strategic().morale.limit
    new = dict(morale)
    new[country] = max(-limit, min(limit, morale[country] + amount))
    new[other] = -new[country]
    return new


def why_not_event(event: str, country: str) -> str | None:
    try:
        spec = load_strategic().event(event)
    except KeyError as exc:
        return str(exc.args[0])
    if country not in countries():
        return f"{country} has no morale to influence (Great Britain and Germany 1)"
    if spec.country not in (EITHER, country):
        return f"{spec.label} moves only {spec.country.replace('_', ' ')}'s morale"
    return None


def apply_event(morale: Morale, event: str, country: str, times: int = 1) -> Morale:
    """Great Britain and Germany 3: a chart event befalls `country` (`times` over)."""
    why = why_not_event(event, country)
    if why is not None:
        raise IllegalAction(why)
    return change(morale, country, load_strategic().event(event).effect * times)


def hex_events(morale: Morale, side: str, lost: int, gained: int) -> Morale:
    """The chart's hex events for one side after a combat phase: counted for the side, not
    the country (Great Britain and Germany 5), so each of the side's morale countries takes
    them; the side that took the hexes and the side that lost them each apply their own."""
    table = load_strategic()
    new = dict(morale)
    for country in side_countries(side):
        if lost >= table.hex_events.lost:
            new = apply_event(new, "lost_five_hexes", country)
        if gained >= table.hex_events.gained:
            new = apply_event(new, "gained_six_hexes", country)
    return new


def attack_modifier(morale: Morale, side: str) -> int:
    """Great Britain and Germany 6-7: what the side adds to its attack die rolls, from the
    lowest of its countries' morales, never more than the last step (+4)."""
    steps = load_strategic().morale.penalties
    worst = min((morale[c] for c in side_countries(side)), default=0)
    return max((p.add for p in steps if worst <= p.at), default=0)


def penalty(data: HgwBoard, side: str) -> int:
    """What `side` adds to its attack die rolls in the game `data` (National Morale 6-7):
    `attack_modifier` of the game's morale, 0 where the scenario plays no morale. Combat,
    the strategic warfare phase and any other attack roll call this one function."""
    found: Morale | None = data.get("morale")
    return attack_modifier(found, side) if found is not None else 0


# ----- morale attacks -----------------------------------------------------------------------
def atomic_hits_morale(country_of_hex: str) -> str | None:
    """Atomic Bombs 7 and Great Britain and Germany 4 (the second): a bomb hurts the morale of
    the morale country it lands in, and no other (our reading for Japan and the U.S.)."""
    return country_of_hex if country_of_hex in countries() else None


def why_not_morale_attack(attacker: str, country: str, origin: str, reach: int) -> str | None:
    """Morale Attacks 1: bombers or missiles at `origin` with range `reach` (the bomber tech
    level's range, or the missiles' two hexes) may attack the morale of Britain or Germany
    when that country's capital is within range; the attacker must be its enemy."""
    capitals = load_strategic().morale.capitals
    if country not in capitals:
        why = "only British and German morale is attacked from the air (Morale Attacks 1)"
        return f"{why}; U.S. and Japanese morale through naval base attacks (Morale Attacks 5)"
    if attacker not in ("axis", "allied", "soviet") or load_strategic().morale.sides[country] == attacker:
        return f"{attacker} does not attack its own side's morale"
    distance = hex_distance(origin, capitals[country])
    if distance > reach:
        return f"{country}'s capital is {distance} hexes away, out of range {reach} (Morale Attacks 1)"
    return None


@dataclass(frozen=True)
class MoraleAttack:
    country: str
    volley: Volley
    hits: int  # the loss to morale


def morale_attack(
    morale: Morale,
    dice: Dice,
    attacker: str,
    country: str,
    strength: int,
    *,
    coastal: bool = False,
    modifier: int = 0,
) -> tuple[Morale, MoraleAttack]:
    """Morale Attacks 2-5: one bomber raid's surviving bombers, or one missile counter's
    points, fire on the Firepower Table (in volleys of ten above ten, K2); the result is
    taken off `country`'s morale instead of its production. A coastal (naval base) attack
    halves the hits, rounded down (5). Range and the rule against splitting one attack
    between morale and industry (3) are the caller's: see `why_not_morale_attack`."""
    if country not in countries():
        raise IllegalAction(f"{country} has no morale to influence (Great Britain and Germany 1)")
    if load_strategic().morale.sides[country] == attacker:
        raise IllegalAction(f"{attacker} does not attack its own side's morale")
    if strength < 1:
        raise IllegalAction("a morale attack needs at least one strength point")
    volley = fire(dice, attacker, strength, f"morale attack on {country.replace('_', ' ')}", modifier)
    hits = volley.losses // load_strategic().coastal_morale_divisor if coastal else volley.losses
    new = apply_event(morale, "morale_bombing_hit", country, hits) if hits else dict(morale)
    return new, MoraleAttack(country, volley, hits)


def ss_reaches_us_coast(morale: Morale) -> Morale:
    """Morale Attacks 6: an Axis or Japanese SS/U-boat point reaching a U.S. coast or Panama
    Canal hex costs the U.S. one morale level (the point is then removed, by the caller)."""
    return apply_event(morale, "ss_reaches_us_coast", "united_states")
