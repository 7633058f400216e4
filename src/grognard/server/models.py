"""The server's tables (SQLAlchemy 2 ORM). Alembic migrations in `migrations/` create
them; a test checks that the migrations and these models agree.

A game is stored as its replay header (ruleset, versions, scenario, options, seed),
its action log (`actions`, one row per accepted action, undone ones flagged) and the
latest snapshot (`State.to_json()` as JSON text). `version` counts the changes of a
game; it is the optimistic-concurrency token clients send as `expected_version`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

GameId = str
UserId = int

#: Game status values.
ACTIVE = "active"
FINISHED = "finished"

#: Seat kinds: who plays a role.
SEAT_ME = "me"
SEAT_HOTSEAT = "hotseat"
SEAT_INVITE = "invite"
SEAT_AI = "ai"
SEAT_KINDS = (SEAT_ME, SEAT_HOTSEAT, SEAT_INVITE, SEAT_AI)

#: What happens to a seat whose time ran out (deadlines.py).
EXPIRY_AI = "ai"
EXPIRY_FORFEIT = "forfeit"
EXPIRY_RULES = (EXPIRY_AI, EXPIRY_FORFEIT)


class Base(DeclarativeBase):
    pass


class User(Base):
    """A registered account (username and argon2 hash) or an anonymous guest."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str | None] = mapped_column(String(40), unique=True)
    display_name: Mapped[str] = mapped_column(String(40))
    password_hash: Mapped[str | None] = mapped_column(String(255))
    is_guest: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: opt-in turn e-mails (mail.py): the address, whether to send, and the secret of
    #: the unsubscribe link (a link that works without signing in)
    email: Mapped[str | None] = mapped_column(String(254))
    email_turns: Mapped[bool] = mapped_column(Boolean, default=False)
    unsubscribe_token: Mapped[str | None] = mapped_column(String(64))

    __table_args__ = (UniqueConstraint("unsubscribe_token", name="uq_users_unsubscribe_token"),)


class LoginSession(Base):
    """A cookie session: only the SHA-256 of the random token is stored."""

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Game(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(40))
    ruleset_version: Mapped[int] = mapped_column(Integer)
    rng_version: Mapped[int] = mapped_column(Integer)
    scenario: Mapped[str] = mapped_column(String(80))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: decimal text (a server seed has 256 bits); secret until the game is over
    seed: Mapped[str] = mapped_column(String(80))
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer)
    snapshot: Mapped[str] = mapped_column(Text, deferred=True)
    active_roles: Mapped[list[str]] = mapped_column(JSON)
    #: role -> [version, fingerprint of its legal actions]
    turns: Mapped[dict[str, list[Any]]] = mapped_column(JSON)
    result: Mapped[dict[str, float] | None] = mapped_column(JSON)
    finish_reason: Mapped[str | None] = mapped_column(String(120))
    public: Mapped[bool] = mapped_column(Boolean)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    rematch_of: Mapped[str | None] = mapped_column(String(24))
    rematch_id: Mapped[str | None] = mapped_column(String(24))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: time control: days a seat has for each move (None: no clock), and what
    #: happens when they run out (EXPIRY_AI or EXPIRY_FORFEIT)
    move_days: Mapped[int | None] = mapped_column(Integer)
    on_expiry: Mapped[str | None] = mapped_column(String(16))
    #: the players let spectators read their chat (chat.py); spectators' own chat is apart
    players_chat_public: Mapped[bool] = mapped_column(Boolean, default=False)

    # Every UPDATE checks the version it read (optimistic concurrency between
    # server processes); the code sets the next version itself.
    __mapper_args__ = {"version_id_col": version, "version_id_generator": False}  # noqa: RUF012


class Seat(Base):
    """Who plays one role of a game: the creator ("me", "hotseat"), an invited user
    (`user_id` None until the invite is claimed) or a server AI (`agent`)."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "role", name="uq_seats_game_role"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(40))
    position: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    agent: Mapped[str | None] = mapped_column(String(40))
    invite_token: Mapped[str | None] = mapped_column(String(64), unique=True)


class ActionRecord(Base):
    """One accepted action; `ply` is its index in the game's history. An undone
    action keeps its row with `undone` set; the replay is the rows not undone."""

    __tablename__ = "actions"
    __table_args__ = (Index("ix_actions_game_ply", "game_id", "ply"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    ply: Mapped[int] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(40))
    action: Mapped[list[Any]] = mapped_column(JSON)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    undone: Mapped[bool] = mapped_column(Boolean)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatMessage(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    author: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    #: "players" or "spectators": the chat it was posted in (chat.py)
    channel: Mapped[str] = mapped_column(String(16), default="players")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TurnClock(Base):
    """A person's seat that is to play: since which game version its choices stand,
    when its time runs out (None without a time control) and what was already done
    about it (each set once, by an UPDATE guarded on NULL: see deadlines.py)."""

    __tablename__ = "turn_clocks"
    __table_args__ = (UniqueConstraint("game_id", "role", name="uq_turn_clocks_game_role"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    role: Mapped[str] = mapped_column(String(40))
    since_version: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    due_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)
    remind_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    notified_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    reminded_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    expired_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
