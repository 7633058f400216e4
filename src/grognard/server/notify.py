"""Notices between the processes of one server, carried by PostgreSQL LISTEN/NOTIFY.

Several server processes (`grognard serve --workers N`, or any process manager) may
share one PostgreSQL database. Each keeps things the others can change: websockets
that must see every game change, and caches of sessions and seats. So a process
that changes something tells the others, through the database itself, with no
broker of its own:

- a game change or a chat message is announced *inside* its transaction
  (`pg_notify` is transactional), so the notice goes out exactly when the change is
  committed, never for a change that was rolled back, and in commit order;
- a logout, the end of a user's sessions or a new display name is announced right
  after its commit (`publish`);
- every process listens on one dedicated connection and hands each notice, on its
  event loop, to `peers.Peers`, which pushes the new views to its own sockets and
  forgets what went stale.

Notices are small (a game id and a version, never a view: a NOTIFY payload holds
at most 8000 bytes), so the receiving process reads the change from the database.
The channel is named after the database and schema, so servers on other schemas of
the same PostgreSQL never hear each other.

With SQLite (one process by construction) the `Feed` base class does nothing at all:
the embedded path pays nothing for scale-out.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Callable
from typing import Any

import msgspec
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL
from sqlalchemy.orm import Session

log = logging.getLogger("grognard.server.notify")

#: Seconds between attempts to listen again after the connection was lost (doubling).
RECONNECT_FIRST = 0.5
RECONNECT_MAX = 10.0


# ----- what one process tells the others ------------------------------------------------
class GameChanged(msgspec.Struct, tag="game", frozen=True):
    """A game reached `version`. `seats`: a seat changed hands; `ai`: an AI seat is to move."""

    game: str
    version: int
    seats: bool = False
    ai: bool = False


class ChatPosted(msgspec.Struct, tag="chat", frozen=True):
    game: str
    message: int
    #: whether the players' chat was open to spectators when the message was posted:
    #: the readers are decided by that, not by a sharing committed after it
    players_public: bool = False


class ChatShared(msgspec.Struct, tag="chat_shared", frozen=True):
    """The players opened their chat to spectators (`public`), or closed it."""

    game: str
    public: bool


class SessionEnded(msgspec.Struct, tag="session", frozen=True):
    """A logout: the session with this token hash is gone."""

    token_hash: str


class UserSessionsEnded(msgspec.Struct, tag="user", frozen=True):
    """Every session of this user is gone (a guest became an account)."""

    user: int


class PlayerRenamed(msgspec.Struct, tag="player", frozen=True):
    """This user's display name changed: the seats they hold show it."""

    user: int


Notice = GameChanged | ChatPosted | ChatShared | SessionEnded | UserSessionsEnded | PlayerRenamed


class _Envelope(msgspec.Struct, frozen=True):
    #: the process that sent it (a process ignores its own notices)
    origin: str
    notice: Notice


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(_Envelope)


def psycopg_conninfo(url: URL) -> str:
    """The libpq URI psycopg connects with, from a SQLAlchemy URL (options included)."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


def channel_for(database: str, schema: str) -> str:
    """A channel name (an identifier: at most 63 bytes) for one database and schema."""
    digest = hashlib.blake2b(f"{database}\0{schema}".encode(), digest_size=8).hexdigest()
    return f"grognard_{digest}"


class Feed:
    """Notices for a server that is alone on its database: nothing is sent or heard.
    The PostgreSQL subclass is `PostgresFeed`; `make_feed` picks one."""

    #: True when other processes may share the database (and so hear notices)
    shared = False

    def __init__(self) -> None:
        self.origin = secrets.token_hex(8)

    def publish_in(self, db: Session, notice: Notice) -> None:
        """Announce `notice` when `db`'s transaction commits (and only then)."""

    def publish(self, notice: Notice) -> None:
        """Announce `notice` now, from a worker thread (after a commit)."""

    async def start(self, on_notice: Callable[[Notice], None], on_gap: Callable[[], None]) -> None:
        """Listen: `on_notice` gets every other process's notice, on the event loop;
        `on_gap` is called after a lost connection was made again (notices sent
        meanwhile are lost: whatever depends on them must be refreshed)."""

    async def stop(self) -> None:
        """Stop listening."""


class PostgresFeed(Feed):
    shared = True

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self._engine = engine
        self._conninfo = psycopg_conninfo(engine.url)
        self.channel = ""
        self._task: asyncio.Task[None] | None = None
        self._on_notice: Callable[[Notice], None] = lambda _notice: None
        self._on_gap: Callable[[], None] = lambda: None

    def _payload(self, notice: Notice) -> dict[str, Any]:
        assert self.channel, "publish before start"
        return {"channel": self.channel, "payload": _encoder.encode(_Envelope(self.origin, notice)).decode()}

    def publish_in(self, db: Session, notice: Notice) -> None:
        db.connection().execute(_NOTIFY, self._payload(notice))

    def publish(self, notice: Notice) -> None:
        with self._engine.begin() as connection:
            connection.execute(_NOTIFY, self._payload(notice))

    async def start(self, on_notice: Callable[[Notice], None], on_gap: Callable[[], None]) -> None:
        """Returns once this process listens (so no change made after the app is up
        can be missed); the listening then goes on in a task of its own."""
        self._on_notice, self._on_gap = on_notice, on_gap
        with self._engine.connect() as connection:
            database, schema = connection.execute(text("SELECT current_database(), current_schema()")).one()
        self.channel = channel_for(database, schema)
        listening = asyncio.get_running_loop().create_future()
        self._task = asyncio.create_task(self._listen(listening), name="grognard-notices")
        await listening

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _listen(self, listening: asyncio.Future[None]) -> None:
        import psycopg

        delay = RECONNECT_FIRST
        lost = False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self._conninfo, autocommit=True) as conn:
                    await conn.execute(f'LISTEN "{self.channel}"')
                    if not listening.done():
                        listening.set_result(None)
                    if lost:
                        log.warning("listening for other processes' changes again")
                        lost = False
                        self._on_gap()
                    delay = RECONNECT_FIRST
                    async for notify in conn.notifies():
                        self._deliver(notify.payload)
            except psycopg.Error as exc:
                if not listening.done():
                    listening.set_exception(exc)
                    return
                if not lost:
                    log.warning("lost the connection that hears other processes' changes: %s", exc)
                lost = True
                await asyncio.sleep(delay)
                delay = min(2 * delay, RECONNECT_MAX)

    def _deliver(self, payload: str) -> None:
        try:
            envelope = _decoder.decode(payload)
        except msgspec.DecodeError:
            log.error("a notice on %s that no grognard sent: %r", self.channel, payload[:200])
            return
        if envelope.origin == self.origin:
            return
        try:
            self._on_notice(envelope.notice)
        except Exception:
            log.exception("a notice from another process could not be handled: %r", envelope.notice)


_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def make_feed(engine: Engine) -> Feed:
    """PostgreSQL: a feed that other processes hear. SQLite: none (one process)."""
    return PostgresFeed(engine) if engine.dialect.name == "postgresql" else Feed()
