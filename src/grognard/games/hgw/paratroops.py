"""Campaign Game II's paratroops (Paradrop 1-5, Paradrop Across Water 1-2) as rule
functions over an army's points and the map, which campaign_2's combat and movement phases
call (advance.py, across_water.py, combat.py, odds_air.py):

  - before an advance the attacker announces how many paratroop points drop
    (`why_not_paradrop`: points the army has that have not dropped this turn);
  - the dropped points count double with the army's mechanized points on the Advance
    Table, ten at most (`drop_mech`, `paradrop_limit`);
  - a failed advance loses every dropped point (`resolve_paradrop`'s `lost`);
  - an army of paratroop and tac air points alone may attack an adjacent hex across a
    sea or crossing hexside as over land: its paratroops only advance, by paradrop, and
    only its tac air assaults (`why_not_across_water`, `across_water_assault`);
  - paratroop and amphibious points never share an army (`why_not_mix`).
"""

from __future__ import annotations

from dataclasses import dataclass

from grognard.core.errors import IllegalAction

from .geography import Place
from .layout import Army
from .map import hex_distance, load_map
from .research import Dice
from .tables import load_tables

PARA, TAC, AMPHIBIOUS, MECH = "paratroop", "tac_air", "amphibious", "mechanized"
DOUBLED = 2  # Paradrop 2
CAP = 10  # Paradrop 3: the mechanized total counts ten at most



def _points(army: Army, kind: str) -> int:
    return int(army["sp"].get(kind, 0))


def why_not_paradrop(army: Army, dropping: int, dropped_before: int = 0) -> str | None:
    """Paradrop 2 and 5: the army drops some or all of its paratroop points, each point
    once a turn (`dropped_before`: its points that already dropped this turn)."""
    free = _points(army, PARA) - dropped_before
    if dropping < 1:
        return "a paradrop drops one paratroop point at least"
    if dropping > free:
        return f"the army has {max(free, 0)} paratroop points that have not dropped this turn, not {dropping}"
    return None


def drop_mech(mech: int, dropping: int) -> int:
    """Paradrop 2-3: the mechanized points the Advance Table reads, the dropped paratroop
    points doubled and added, ten at most (`mech`: the army's mechanized points as the
    advance counts them, after terrain)."""
    return min(CAP, max(mech, 0) + DOUBLED * max(dropping, 0))


def paradrop_limit(mech: int, dropping: int, defence: int, *, friendly: bool = False) -> int:
    """The highest die roll that advances with the drop (0: none)."""
    return load_tables().advance_limit(drop_mech(mech, dropping), defence, friendly=friendly)


@dataclass(frozen=True)
class Paradrop:
    dropped: int
    mech: int  # on the Advance Table
    limit: int
    roll: int
    success: bool
    lost: int  # Paradrop 4: the dropped points, if the advance fails


def resolve_paradrop(
    dice: Dice,
    side: str,
    army: Army,
    dropping: int,
    *,
    mech: int,
    defence: int,
    modifier: int = 0,
    friendly: bool = False,
    dropped_before: int = 0,
) -> Paradrop:
    """An advance with a paradrop: one die against the Advance Table with the drop added
    (`mech`, `defence`, `modifier`, `friendly` as advance.advance_odds gives them). Changes
    nothing: the caller moves the army on success and removes `lost` points on failure."""
    why = why_not_paradrop(army, dropping, dropped_before)
    if why is not None:
        raise IllegalAction(why)
    total = drop_mech(mech, dropping)
    limit = load_tables().advance_limit(total, defence, friendly=friendly)
    (roll,) = dice.roll(1, side, f"advance with {dropping} paratroop points dropping")
    success = limit > 0 and roll + modifier <= limit
    return Paradrop(dropping, total, limit, roll, success, 0 if success else dropping)


def across_water(origin: Place, target: Place) -> bool:
    """The two hexes touch across a sea or crossing hexside (no land hexside joins them)."""
    hmap = load_map()
    if origin not in hmap or target not in hmap or hex_distance(origin, target) != 1:
        return False
    return hmap.is_land(origin) and hmap.is_land(target) and not hmap.can_cross_by_land(origin, target)


def why_not_across_water(
    army: Army, origin: Place, target: Place, attack: str, dropping: int = 0
) -> str | None:
    """Paradrop Across Water 1: only an army of paratroop and tac air points alone attacks
    across the water, as over land; it advances only by paradrop and assaults only with
    its tac air. `attack` is "advance" or "assault"."""
    if not across_water(origin, target):
        return f"{origin} and {target} do not touch across a sea or crossing hexside"
    others = [k for k, v in army["sp"].items() if int(v) and k not in (PARA, TAC)]
    if others:
        has = ", ".join(sorted(others))
        return f"only paratroop and tac air points attack across the water; the army has {has}"
    if attack == "advance":
        if dropping < 1:
            return "across the water an army advances only by paradrop"
        return why_not_paradrop(army, dropping)
    if attack == "assault":
        return None if _points(army, TAC) else "across the water only tac air assaults; the army has none"
    raise ValueError(f"no {attack!r} attack (advance, assault)")


def across_water_assault(army: Army) -> int:
    """Paradrop Across Water 1: the assault's strength is the army's tac air alone."""
    return _points(army, TAC)


def why_not_mix(army: Army, kind: str) -> str | None:
    """Paradrop Across Water 2: paratroop and amphibious points never in one army."""
    clash = {PARA: AMPHIBIOUS, AMPHIBIOUS: PARA}.get(kind)
    if clash and _points(army, clash):
        return f"{kind} points may not join an army with {clash} points"
    return None
