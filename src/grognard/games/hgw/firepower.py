"""Campaign Game II's Firepower Table above ten: every point fires, in volleys of ten and
a last volley of what remains, one die each (FIREPOWER TABLE, K2).

The earlier scenarios cap a firing strength at ten (Assault Resolution 3; combat.py and
naval.py), and their fleets (twice their naval points) and combined armies do exceed ten,
so this rule is not wired into their combat: Campaign Game II's sea and air fire calls it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .research import Dice
from .tables import load_tables

GROUP = 10  # the table's last column


def groups_of_ten(strength: int) -> list[int]:
    """The volleys `strength` fires in: 25 -> [10, 10, 5]; nothing for no strength."""
    if strength < 0:
        raise ValueError(f"a firing strength cannot be negative ({strength})")
    whole, rest = divmod(strength, GROUP)
    return [GROUP] * whole + ([rest] if rest else [])


def losses_in_groups(strength: int, rolls: list[int], modifier: int = 0) -> int:
    """The losses of the volleys of `strength`, given one (unmodified) die roll each."""
    groups = groups_of_ten(strength)
    if len(rolls) != len(groups):
        raise ValueError(f"{strength} points fire {len(groups)} volley(s), not {len(rolls)}")
    table = load_tables()
    return sum(table.firepower_losses(g, r + modifier) for g, r in zip(groups, rolls, strict=True))


@dataclass(frozen=True)
class Volley:
    """What one firing did: the strength, its rolls (one a volley), the losses."""

    strength: int
    rolls: tuple[int, ...]
    modifier: int
    losses: int


def fire(dice: Dice, who: str, strength: int, why: str, modifier: int = 0) -> Volley:
    """Roll `strength` on the Firepower Table in volleys of ten (`modifier` on each roll)."""
    count = len(groups_of_ten(strength))
    rolls = dice.roll(count, who, why) if count else []
    return Volley(strength, tuple(rolls), modifier, losses_in_groups(strength, rolls, modifier))
