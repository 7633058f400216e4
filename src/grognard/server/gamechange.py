"""One change to one game, as the service makes it (service.py `_change`): what it
read, what it leaves to do after the commit, the checks a change makes before it
touches anything, and how a changed state is recorded in the game row."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from grognard.core.game import Role, State

from .db import utcnow
from .models import ACTIVE, FINISHED, SEAT_HOTSEAT, Game
from .newgames import rules_reason, turns_after
from .payloads import SeatInfo
from .refusals import Conflict, NotYours


@dataclass
class Change:
    """One change to one game: what it read, and what it leaves to do."""

    db: Session
    game: Game
    seats: list[SeatInfo]
    state: State
    #: the State object was changed: replace it in the cache, or drop it on failure
    changed: bool = False
    #: the game row changed: push every connected seat its view after the commit
    notify: bool = False
    #: a seat changed hands: read the seats again before answering
    seats_changed: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    #: writes that cannot wait for the commit's flush (statements, rows that need a
    #: flush first): run under the write gate, just before the commit
    writes: list[Callable[[], object]] = field(default_factory=list)


def record(tx: Change) -> None:
    """Record the state in the game row: snapshot, active roles, result, turns, version."""
    game, state = tx.game, tx.state
    game.version = game.version + 1
    game.snapshot = state.encode_json().decode()
    game.updated_at = utcnow()
    if state.is_over() and game.status != FINISHED:
        game.status = FINISHED
        game.result = state.result()
        game.finish_reason = rules_reason(state)
    game.active_roles = [] if game.status == FINISHED else state.active_roles()
    game.turns = turns_after(game.turns, state, game.version, game.status == FINISHED)
    tx.notify = True


def require_seat(tx: Change, user_id: int | None, role: str) -> None:
    seat = next((s for s in tx.seats if s.role == role), None)
    if seat is None:
        roles = ", ".join(s.role for s in tx.seats)
        raise NotYours(f"this game has no seat {role!r}; its seats: {roles}")
    if not seat.held_by(user_id):
        raise NotYours(f"the seat {role!r} is not yours")


def require_playing(tx: Change) -> None:
    if tx.game.status != ACTIVE:
        raise Conflict(f"the game is over: {tx.game.finish_reason}")


def require_version(tx: Change, expected: int | None, role: Role) -> None:
    """`expected` (the version the client saw) is stale once `role`'s legal actions
    changed after it; other seats' moves that leave them alone do not count."""
    if expected is None:
        return
    version = tx.game.version
    changed = int(tx.game.turns.get(role, [version])[0])
    if expected > version:
        raise Conflict(f"no version {expected} yet: the game is at version {version}")
    if expected < changed:
        raise Conflict(
            f"stale version {expected}: the choices of {role} changed at version {changed} "
            f"(the game is at version {version}); reload it",
        )


def require_no_seat_yet(tx: Change, user_id: int) -> None:
    """One seat per account in a public game: else one visitor could take every
    open seat. Only the creator of a game with hot-seat seats (who chose to play
    several roles at one screen) may hold more than one."""
    held = [s.role for s in tx.seats if s.held_by(user_id)]
    hot_seat = tx.game.created_by == user_id and any(s.kind == SEAT_HOTSEAT for s in tx.seats)
    if held and not hot_seat:
        raise Conflict(f"you already play {held[0]} in this game: a player takes one seat of a public game")
