"""Every way the dice can fall, for odds that play the engine's own functions.

A forecast that replays a rule (a naval battle, a raid, a missile launch) hands the
rule these dice instead of the game's: `outcomes` replays the rule once for each
sequence of six-sided rolls it asks for, a depth-first walk, so that each result comes
with its exact chance and no rule is written a second time for the odds. A battle
that asks for more rolls than the walk allows (volleys above ten) is played a fixed
number of times with the project's seeded generator instead (`distribution`): the same
question gets the same answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from grognard.core.odds import BadBattle
from grognard.core.rng import Rng

from .layout import HgwBoard

MOST_ROLLS = 6  # 6**6 plays at most, exact; a bigger battle is sampled
SAMPLES, SEED = 2000, 22  # the sampled battles: the same question, the same answer
T = TypeVar("T")


class TooManyRolls(BadBattle):
    """`outcomes` would walk more sequences of rolls than it is allowed."""


class _Unrolled(Exception):
    """The replayed rolls ran out: the die's outcomes branch here."""


class _Replay:
    """Dice that give `rolls` in order, then stop (`outcomes` branches there)."""

    def __init__(self, rolls: list[int]) -> None:
        self.rolls = rolls
        self.used = 0

    def roll(self, count: int, who: str, why: str, sides: int = 6) -> list[int]:
        out = []
        for _ in range(count):
            if self.used == len(self.rolls):
                raise _Unrolled
            out.append(self.rolls[self.used])
            self.used += 1
        return out


class Sampled:
    """Dice from the project's seeded generator (core/rng.py), for a sampled battle."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def roll(self, count: int, who: str, why: str, sides: int = 6) -> list[int]:
        return [self.rng.die(sides) for _ in range(count)]


Dice = _Replay | Sampled  # what a replayed rule may roll


def outcomes(run: Callable[[_Replay], T], most_rolls: int = 8) -> list[tuple[float, T]]:
    """Every result of `run` with its chance: `run` is played again for each sequence of
    six-sided rolls it asks for (a depth-first walk; `most_rolls` bounds the walk)."""
    found: list[tuple[float, T]] = []
    stack: list[list[int]] = [[]]
    while stack:
        rolls = stack.pop()
        try:
            result = run(_Replay(rolls))
        except _Unrolled:
            if len(rolls) >= most_rolls:
                raise TooManyRolls(
                    f"this battle takes more than {most_rolls} die rolls to forecast"
                ) from None
            stack.extend([*rolls, r] for r in range(6, 0, -1))
            continue
        found.append((6.0 ** -len(rolls), result))
    return found


def distribution(play: Callable[[Dice], T]) -> tuple[list[tuple[float, T]], bool, int]:
    """`play`'s results with their chances, whether they are exact, and how many seeded
    plays stand for them when they are not (0 when exact)."""
    try:
        return outcomes(play, MOST_ROLLS), True, 0
    except TooManyRolls:  # volleys above ten: played SAMPLES times with seeded dice
        dice = Sampled(Rng(Rng.new_state(SEED)))
        return [(1.0 / SAMPLES, play(dice)) for _ in range(SAMPLES)], False, SAMPLES


class ForecastGame:
    """The game a rule function takes when the odds play it (a rule_game.RuleGame): its
    data, the forecast's dice and a log nobody reads (odds_sea.py, odds_base.py)."""

    def __init__(self, data: Mapping[str, object], dice: Dice) -> None:
        # a forecast's board holds only the keys the rule it plays reads (odds_sea.py
        # builds two fleets, odds_base.py a port): the layout's type for those rules
        self.data = cast(HgwBoard, data)
        self.dice = dice

    def roll(self, count: int, who: str, why: str, sides: int = 6) -> list[int]:
        return self.dice.roll(count, who, why, sides)

    def log(self, text: str, to: Any = None) -> None:
        return None

    def mark_irreversible(self) -> None:
        # a forecast has no undo: a leader marker it turns over (leaders.reveal) needs no mark
        return None
