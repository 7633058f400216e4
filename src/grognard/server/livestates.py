"""The live `State` of recently used games, kept in memory between requests.

Rebuilding a mid-game state from its snapshot costs milliseconds; applying one move
costs a tenth of one. So the service keeps each recent game's State under the version
it is at (least recently used out first, `Settings.live_games` at most), and loads a
game's state the cheapest way that is still exact: the cached one when its version is
the row's; the cached one caught up by the few moves another process made since; else
the snapshot. A cached state is only ever filed under a version it is at.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

import msgspec
from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from grognard.core.game import Ruleset, State, as_action

from .models import ActionRecord, Game

#: Most moves `_catch_up` applies; past it the snapshot is read instead.
CATCH_UP_MOVES = 64
_MOVES_SINCE = (
    select(ActionRecord.version, ActionRecord.role, ActionRecord.action)
    .where(
        ActionRecord.game_id == bindparam("game_id"),
        ActionRecord.version > bindparam("version"),
        # not past the version read: later moves may be committed meanwhile
        ActionRecord.version <= bindparam("until"),
        ActionRecord.undone.is_(False),
    )
    .order_by(ActionRecord.ply)
)


class LiveStates:
    """Game id -> (version, State), bounded; `load` is the one way a service reads a
    game's state. Callers hold the game's lock around `load` and any change."""

    def __init__(self, size: int, ruleset_of: Callable[[str], Ruleset]) -> None:
        self._size = size
        self._ruleset_of = ruleset_of
        self._states: OrderedDict[str, tuple[int, State]] = OrderedDict()
        self._lock = threading.Lock()

    def peek(self, game_id: str) -> State | None:
        """The live state in memory, if any (for tests and diagnostics)."""
        with self._lock:
            hit = self._states.get(game_id)
        return hit[1] if hit else None

    def remember(self, game_id: str, version: int, state: State) -> None:
        with self._lock:
            self._states[game_id] = (version, state)
            self._states.move_to_end(game_id)
            while len(self._states) > self._size:
                self._states.popitem(last=False)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._states.pop(game_id, None)

    def load(self, db: Session, game: Game) -> State:
        """The state of `game` at its row's version (or a little newer: see below)."""
        with self._lock:
            hit = self._states.get(game.id)
            if hit is not None and hit[0] == game.version:
                self._states.move_to_end(game.id)
                return hit[1]
        if hit is not None and hit[0] < game.version:
            caught_up = self._catch_up(db, game, *hit)
            if caught_up is not None:
                self.remember(game.id, game.version, caught_up)
                return caught_up
        ruleset = self._ruleset_of(game.ruleset)
        # The snapshot with its own version, read together: another process may have
        # changed the game since `game` was read (not when it was read FOR UPDATE), and
        # the cache must never file a state under a version it is not at. A reader
        # that did not lock the row may so get a state a little newer than its row.
        row = db.execute(select(Game.version, Game.snapshot).where(Game.id == game.id)).one()
        state = ruleset.state_class.from_json(ruleset, msgspec.json.decode(row.snapshot or "null"))
        self.remember(game.id, row.version, state)
        return state

    def _catch_up(self, db: Session, game: Game, version: int, state: State) -> State | None:
        """The live state at `version` brought to the game's version by applying the
        moves made since (another process made them), when every version between was
        one move (no undo, seat change or resignation) and they are few: a move is
        applied in ~0.1 ms, where reading and decoding a mid-game snapshot takes ~2.
        None when it cannot be done: the caller reads the snapshot. Under the game's lock."""
        if game.version - version > CATCH_UP_MOVES:
            return None
        rows = (
            db.connection()
            .execute(_MOVES_SINCE, {"game_id": game.id, "version": version, "until": game.version})
            .all()
        )
        if [row.version for row in rows] != list(range(version + 1, game.version + 1)):
            return None
        try:
            for row in rows:
                state.apply(row.role, as_action(row.action))
        except Exception:  # a partly applied state must not be used again
            self.forget(game.id)
            return None
        return state
