"""A game's rows on the path every move takes, in SQLAlchemy Core.

Each move reads the game's row and its seats and writes the row back with one new
action row. Through the ORM's identity map and unit of work this was half the
server's time per move; here it is one SELECT, one UPDATE that checks the version
it read, and one INSERT, prebuilt and run on the session's connection (the ORM's
execute adds 40 µs even to a plain statement). The `Game` objects handed out are
transient (no session tracks them), so nothing is written behind the caller's back:
`write_game` is the only way their changes reach the database. Rare changes (a new
game, a seat taken) still go through the ORM.

Seats change far less often than they are read (on every move, twice for an AI's),
so `SeatBook` remembers them per game for a while; whoever changes seats or a
player's name in this process tells it at once.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, Update, bindparam, insert, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from grognard.core.game import Action

from .expiring import ExpiringCache
from .models import ActionRecord, Game, Seat, User
from .payloads import SeatInfo

GAMES = cast(Table, Game.__table__)
ACTIONS = cast(Table, ActionRecord.__table__)

#: Every column of a game but its snapshot, which is read only on a cache miss.
_GAME_COLUMNS = [column for column in GAMES.columns if column.key != "snapshot"]
_SELECT_GAME = select(*_GAME_COLUMNS).where(Game.id == bindparam("game_id"))
_SELECT_GAME_FOR_UPDATE = _SELECT_GAME.with_for_update()

#: The columns a change may alter (the snapshot is written when given).
_CHANGING = (
    "version",
    "status",
    "active_roles",
    "turns",
    "result",
    "finish_reason",
    "rematch_id",
    "updated_at",
)


def _update_game(*columns: str) -> Update:
    # built once with bound parameters: SQLAlchemy compiles and keys it once too
    return (
        update(GAMES)
        .where(GAMES.c.id == bindparam("b_id"), GAMES.c.version == bindparam("b_read_version"))
        .values({name: bindparam(name) for name in columns})
    )


_UPDATE_GAME = _update_game(*_CHANGING)
_UPDATE_GAME_AND_SNAPSHOT = _update_game(*_CHANGING, "snapshot")
_INSERT_ACTION = insert(ACTIONS)

_SELECT_SEATS = (
    select(
        Seat.game_id,
        Seat.role,
        Seat.position,
        Seat.kind,
        Seat.user_id,
        Seat.agent,
        Seat.invite_token,
        User.display_name,
    )
    .outerjoin(User, User.id == Seat.user_id)
    .where(Seat.game_id.in_(bindparam("game_ids", expanding=True)))
    .order_by(Seat.game_id, Seat.position)
)


def read_game(db: Session, game_id: str, *, for_update: bool = False) -> Game | None:
    """The game's row as a transient `Game` (its snapshot not loaded), or None. With
    `for_update`, the row stays locked to this transaction where the database can."""
    query = _SELECT_GAME_FOR_UPDATE if for_update else _SELECT_GAME
    row = db.connection().execute(query, {"game_id": game_id}).first()
    return None if row is None else Game(**row._asdict())


def write_game(db: Session, game: Game, read_version: int) -> None:
    """Write a changed game back, with its snapshot when one was set. Raises
    StaleDataError when the row is no longer at `read_version` (another process
    changed the game meanwhile)."""
    values: dict[str, Any] = {name: getattr(game, name) for name in _CHANGING}
    values.update(b_id=game.id, b_read_version=read_version)
    snapshot = game.__dict__.get("snapshot")
    statement = _UPDATE_GAME
    if snapshot is not None:
        values["snapshot"] = snapshot
        statement = _UPDATE_GAME_AND_SNAPSHOT
    written = db.connection().execute(statement, values)
    if written.rowcount != 1:
        raise StaleDataError(f"game {game.id} is no longer at version {read_version}")


def action_row(game: Game, ply: int, role: str, action: Action, user_id: int | None) -> dict[str, Any]:
    """The row of an action accepted at `game`'s current version."""
    return {
        "game_id": game.id,
        "ply": ply,
        "role": role,
        "action": list(action),
        "user_id": user_id,
        "undone": False,
        "version": game.version,
        "created_at": game.updated_at,
    }


def insert_actions(db: Session, rows: list[dict[str, Any]]) -> None:
    """Write action rows (one statement, however many)."""
    if rows:
        db.connection().execute(_INSERT_ACTION, rows)


def read_seats(db: Session, game_ids: list[str]) -> dict[str, list[SeatInfo]]:
    """The seats of each game, in seating order, with their players' names."""
    out: dict[str, list[SeatInfo]] = {gid: [] for gid in game_ids}
    if not game_ids:
        return out
    for game_id, role, position, kind, user_id, agent, token, name in db.connection().execute(
        _SELECT_SEATS, {"game_ids": game_ids}
    ):
        out[game_id].append(SeatInfo(role, position, kind, user_id, agent, token, name))
    return out


class SeatBook:
    """The seats of games, remembered for `ttl` seconds (a bound on how stale they
    can be when another process changes them; this process forgets at once)."""

    def __init__(self, ttl: float = 30.0, size: int = 1024) -> None:
        self._seats: ExpiringCache[str, list[SeatInfo]] = ExpiringCache(ttl, size)

    def of(self, db: Session, game_id: str) -> list[SeatInfo]:
        seats = self._seats.get(game_id)
        if seats is None:
            since = self._seats.generation
            seats = read_seats(db, [game_id])[game_id]
            self._seats.put(game_id, seats, since=since)
        return seats

    def forget(self, game_id: str) -> None:
        self._seats.drop(game_id)

    def forget_all(self) -> None:
        self._seats.drop_where(lambda _seats: True)

    def forget_player(self, user_id: int) -> None:
        """A player's name changed: forget every game they sit in."""
        self._seats.drop_where(lambda seats: any(s.user_id == user_id for s in seats))
