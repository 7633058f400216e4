"""The lobby: the public games with an open seat, and the caller's own games."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from .db import as_utc
from .gamerows import read_seats
from .models import ACTIVE, SEAT_INVITE, Game, Seat, TurnClock
from .payloads import SeatInfo, game_header, my_roles


def lobby_of(db: Session, user_id: int | None, limit: int = 100) -> dict[str, Any]:
    """The games open to all (newest first) and the caller's own (latest played
    first), each with its header, and for the caller's the earliest deadline of a seat
    of theirs."""
    open_ids = list(
        db.scalars(
            select(Game.id)
            .join(Seat, Seat.game_id == Game.id)
            .where(Game.public.is_(True), Game.status == ACTIVE)
            .where(Seat.kind == SEAT_INVITE, Seat.user_id.is_(None))
            .group_by(Game.id, Game.created_at)
            .order_by(Game.created_at.desc())
            .limit(limit)
        )
    )
    mine_ids: list[str] = []
    if user_id is not None:
        mine_ids = list(
            db.scalars(
                select(Game.id)
                .join(Seat, Seat.game_id == Game.id)
                .where(Seat.user_id == user_id)
                .group_by(Game.id, Game.updated_at)
                .order_by(Game.updated_at.desc())
                .limit(limit)
            )
        )
    ids = list(dict.fromkeys(open_ids + mine_ids))
    games = {g.id: g for g in db.scalars(select(Game).where(Game.id.in_(ids)))}
    seats = read_seats(db, ids)
    due = _my_deadlines(db, mine_ids, seats, user_id)
    return {
        "open": [game_header(games[i], seats[i], user_id) for i in open_ids],
        "mine": [dict(game_header(games[i], seats[i], user_id), my_deadline=due.get(i)) for i in mine_ids],
    }


def _my_deadlines(
    db: Session, game_ids: list[str], seats: dict[str, list[SeatInfo]], user_id: int | None
) -> dict[str, str]:
    """For the lobby: per game under a time control, the earliest time by which one
    of the caller's seats must move (deadlines.py keeps a clock only for seats to play)."""
    if not game_ids or user_id is None:
        return {}
    rows = db.execute(
        select(TurnClock.game_id, TurnClock.role, TurnClock.due_at).where(
            TurnClock.game_id.in_(game_ids), TurnClock.due_at.is_not(None)
        )
    ).all()
    earliest: dict[str, datetime] = {}
    for game_id, role, at in rows:
        if at is not None and role in my_roles(seats.get(game_id, []), user_id):
            when = as_utc(at)
            earliest[game_id] = min(earliest.get(game_id, when), when)
    return {game_id: when.isoformat() for game_id, when in earliest.items()}
