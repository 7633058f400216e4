"""The part of a game that a rule played by the odds too may use (issue 21, typed state).

Most HGW rule functions take the live `HgwState`. A few battles and strikes are also
played by the odds, on a copy of the data with forecast dice (odds_dice.ForecastGame):
those take a `RuleGame`, which both satisfy, so mypy checks that they read the data,
roll and log, and nothing the forecast does not have (the flow, the RNG, the meta).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from .layout import HgwBoard


class RuleGame(Protocol):
    """A game's data, its logged dice (`State.roll`), its log (`State.log`) and the mark
    that undo may not cross a hidden reveal (`State.mark_irreversible`)."""

    # read-only to the protocol, so that the live state's `HgwData` (a richer layout)
    # satisfies it as well as a forecast's board
    @property
    def data(self) -> HgwBoard: ...

    def roll(self, count: int, who: str, why: str, sides: int = 6) -> list[int]: ...

    def log(self, text: str, to: Iterable[str] | None = None) -> None: ...

    def mark_irreversible(self) -> None: ...
