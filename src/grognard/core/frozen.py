"""A game's position kept for later (`State.freeze`), made into a game only if asked.

An RL environment holds the position before each step for an info that is seldom read;
cloning the game for it cost a decode of the whole data every step. Freezing encodes the
data once (the bytes are immutable, so the copy can never alias the game) and `thaw`
decodes it on the first read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

import msgspec

if TYPE_CHECKING:
    from .game import State

S = TypeVar("S", bound="State")

_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode


class Frozen(Generic[S]):
    """A game's position as it was when frozen (`State.freeze`): its data as JSON bytes,
    its history and undo window; `thaw` makes the game (once: every caller shares it)."""

    __slots__ = ("_blob", "_history", "_kind", "_logs", "_meta", "_ruleset", "_thawed", "_undo")

    def __init__(self, game: S) -> None:
        self._kind, self._ruleset, self._meta = type(game), game.ruleset, game.meta
        self._blob = _encode(game.data)
        self._history = list(game.history)
        self._undo = (game._undo_from, game._undo_base, game._undo_by_seat, game.keep_undo)
        self._logs = game.log_snapshot()  # the twin's views need not filter the log again
        self._thawed: S | None = None

    @property
    def plies(self) -> int:
        """How many actions had been played when it was frozen."""
        return len(self._history)

    def thaw(self) -> S:
        if self._thawed is None:
            twin = self._kind(self._ruleset, self._meta, _decode(self._blob))
            twin.history = self._history
            twin._undo_from, twin._undo_base, twin._undo_by_seat, twin.keep_undo = self._undo
            twin.adopt_log_snapshot(self._logs)
            self._thawed = twin
        return self._thawed
