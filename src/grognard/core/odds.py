"""The battle-odds contract: what a ruleset's odds function returns (issue 9, section 1).

A ruleset that can forecast its battles overrides three optional `Ruleset` methods
(core/game.py; the defaults say "no odds"):

- `odds_form()`              the fields of a hypothetical battle, for the client's
                             calculator (a JSON-safe dict; see docs/adding-a-ruleset.md);
- `odds(description)`        the `Odds` of a battle described in that form;
- `battle_at(state, role, where)`
                             the description of the battle `role` could start, or is
                             fighting, at `where`, built from `state.view(role)` only
                             (what that seat may know), or None when there is none.

Odds are exact where the ruleset can enumerate the outcomes, otherwise sampled: then
`samples` is the number of simulated battles and `interval` the half-width of the 95%
interval of the attacker's chance to win. Sampling uses the project's seeded
generator (core/rng.py) with a fixed seed, so the same question gets the same answer.

This module imports nothing from the rest of the core, so game.py can name it.
"""

from __future__ import annotations

import math
from typing import Any

import msgspec


class BadBattle(ValueError):
    """A battle description the ruleset cannot forecast; the message says why."""


class Odds(msgspec.Struct, frozen=True):
    """The forecast of one battle, from the attacker's side.

    The three chances add up to 1: the attacker takes the place (`attacker_wins`),
    the defender keeps it with units left (`defender_wins`), or neither side has a
    fighting unit left (`mutual`; in most rules the defender then keeps the place).
    Expected losses are counted in units (or steps, for block games: see `unit`).
    """

    attacker_wins: float
    defender_wins: float
    mutual: float
    attacker_losses: float
    defender_losses: float
    exact: bool
    samples: int = 0
    interval: float = 0.0
    unit: str = "units"
    kind: str = "battle"
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = msgspec.to_builtins(self)
        return out


def wilson_halfwidth(successes: int, trials: int, z: float = 1.96) -> float:
    """Half the width of the Wilson score interval (95% by default) of a proportion;
    it stays honest near 0 and 1, where the normal approximation collapses."""
    if trials <= 0:
        return 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    return spread / denom


def count_field(value: Any, what: str, most: int) -> int:
    """A whole number 0..most from a description, or BadBattle naming the field."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise BadBattle(f"{what} must be a whole number from 0 to {most}, not {value!r}")
    return value


__all__ = ["BadBattle", "Odds", "count_field", "wilson_halfwidth"]
