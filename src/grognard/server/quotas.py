"""Quotas of games per user (issue 27, items 2 and 5): one guest made 40 games with a
strong search seat in 8 s, and 15 guests filled the lobby with 601 open games.
`quota_refusal` says why a user may not make one more now (429 at the route)."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from .models import ACTIVE, SEAT_AI, SEAT_INVITE, Game, Seat
from .newgames import NewGame


def quota_refusal(
    sessions: sessionmaker[Session], user_id: int, settings: NewGame, ai_games: int, open_games: int
) -> str | None:
    """Why `user_id` may not make this game now, or None: at most `ai_games` games
    of theirs with an AI seat in progress, and `open_games` public games of theirs
    with a seat waiting for a player."""
    wants_ai = any(spec.startswith(f"{SEAT_AI}:") for spec in settings.seats.values())
    wants_open = settings.public and SEAT_INVITE in settings.seats.values()
    if not wants_ai and not wants_open:
        return None
    mine = select(Game.id).where(Game.created_by == user_id, Game.status == ACTIVE)
    with sessions() as db:
        if wants_ai:
            having_ai = mine.where(Game.id.in_(select(Seat.game_id).where(Seat.kind == SEAT_AI)))
            count = db.scalar(select(func.count()).select_from(having_ai.subquery())) or 0
            if count >= ai_games:
                return f"you have {count} games against the AI in progress: finish or resign one first"
        if wants_open:
            open_seat = select(Seat.game_id).where(Seat.kind == SEAT_INVITE, Seat.user_id.is_(None))
            waiting = mine.where(Game.public.is_(True), Game.id.in_(open_seat))
            count = db.scalar(select(func.count()).select_from(waiting.subquery())) or 0
            if count >= open_games:
                return f"you have {count} public games waiting for players: wait until they fill up"
    return None
