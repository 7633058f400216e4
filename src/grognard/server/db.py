"""Database engine and schema migrations.

SQLite (a file, by default `./grognard.db`) or PostgreSQL, chosen by a SQLAlchemy
URL: the `database_url` argument, else `GROGNARD_DATABASE_URL`, else the default.
The Alembic migrations shipped in `migrations/` run at start-up from a Config built
here, so no alembic.ini is needed at run time.
"""

from __future__ import annotations

import math
import os
import threading
import time
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, OperationalError
from sqlalchemy.pool import StaticPool

from grognard.core.errors import BadSetting, GrognardError

from .fairgate import FairGate

DEFAULT_DATABASE_URL = "sqlite:///./grognard.db"
DATABASE_URL_ENV = "GROGNARD_DATABASE_URL"
MIGRATIONS = Path(__file__).parent / "migrations"
URL_EXAMPLES = "sqlite:///FILE or postgresql://USER@HOST/DATABASE"
#: The advisory lock (PostgreSQL) held while the schema is migrated: "grognard" in ASCII.
MIGRATION_LOCK = 0x67726F676E617264


class DatabaseUnavailable(GrognardError):
    """A database that a valid URL names, but that cannot be opened or reached."""


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def resolve_database_url(database_url: str | None = None) -> str:
    """The URL to use; `postgres://` and `postgresql://` get the psycopg 3 driver."""
    url = database_url or os.environ.get(DATABASE_URL_ENV) or DEFAULT_DATABASE_URL
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def database_url(text: str) -> URL:
    """The URL `text` stands for; BadSetting, with what to write, when it is none."""
    try:
        return make_url(text)
    except ArgumentError:
        raise BadSetting(f"{text!r} is not a database URL: write {URL_EXAMPLES}") from None


def is_in_memory(url: URL) -> bool:
    return url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:")


def make_engine(database_url_text: str) -> Engine:
    url = database_url(database_url_text)
    shown = url.render_as_string(hide_password=True)
    try:
        if url.get_backend_name() != "sqlite":
            return create_engine(url, pool_pre_ping=True)
        kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False, "timeout": 30}}
        if is_in_memory(url):
            kwargs["poolclass"] = StaticPool  # one shared in-memory database
        engine = create_engine(url, **kwargs)
    except NoSuchModuleError:
        raise BadSetting(f"grognard cannot use the database {shown}: write {URL_EXAMPLES}") from None
    except ModuleNotFoundError as exc:
        raise BadSetting(
            f"the driver for {shown} is not installed (no module {exc.name!r}): "
            "pip install 'grognard[postgres]' (from a checkout: pip install -e '.[postgres]')"
        ) from None
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def write_gate(engine: Engine) -> AbstractContextManager[object]:
    """What every writing transaction holds: for SQLite, one lock per process.

    SQLite lets one connection write at a time; a second writer gets SQLITE_BUSY and
    its busy handler polls with sleeps of 1, 2, 5, 10 ... 100 ms, so a writer that
    arrives during another's commit can wait far longer than the commit took (this
    was the whole p99 of the load benchmark). Queueing writers on an in-process lock
    instead hands the database over the moment it is free, to each client in turn
    (fairgate.py: one client's burst of writes does not hold up everyone's moves).
    PostgreSQL locks rows, so its writers need no gate. Take it after any game lock,
    never the other way round.
    """
    if engine.dialect.name == "sqlite":
        return FairGate()
    return nullcontext()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        # FULL: a committed transaction survives even a power cut, not only a killed process.
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA busy_timeout=30000")
    finally:
        cursor.close()


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to `revision` (the latest by default). The first use of the
    database: DatabaseUnavailable, with the database's own words, if it cannot be
    opened or reached."""
    config = alembic_config()
    try:
        with engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                # server processes starting together migrate one after the other
                # (the lock is the transaction's, so it goes with the commit)
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    except OperationalError as exc:
        shown = engine.url.render_as_string(hide_password=True)
        raise DatabaseUnavailable(f"cannot open the database {shown}: {_first_line(exc)}") from None
    except DBAPIError as exc:
        # a database that can be read but not written, and was never migrated (a
        # read-only PostgreSQL answers CREATE TABLE with an InternalError): one line,
        # not Alembic's traceback (issue 27, item 7)
        shown = engine.url.render_as_string(hide_password=True)
        raise DatabaseUnavailable(f"cannot migrate the database {shown}: {_first_line(exc)}") from None


def _first_line(exc: DBAPIError) -> str:
    return str(exc.orig).strip().splitlines()[0] if exc.orig is not None else str(exc)


def check_writable(engine: Engine) -> None:
    """DatabaseUnavailable, with the database's own words, when it can be read but
    not written (a read-only file or mount, a read-only PostgreSQL server or role):
    such a server would start, report ready, and then fail every move. Writes one
    row as it is and rolls back."""
    try:
        with engine.connect() as connection, connection.begin() as transaction:
            connection.execute(text("UPDATE alembic_version SET version_num = version_num"))
            transaction.rollback()
    except DBAPIError as exc:
        shown = engine.url.render_as_string(hide_password=True)
        raise DatabaseUnavailable(f"the database {shown} cannot be written: {_first_line(exc)}") from None


class WriteProbe:
    """Whether the database can be written now, for `/api/health` (issue 27, item
    6: it said ok while PostgreSQL was read-only, so a load balancer kept sending
    moves to a server that refused them all). One trial write (rolled back) at most
    every `seconds`, however often the health check is asked."""

    def __init__(self, engine: Engine, seconds: float = 5.0) -> None:
        self.engine = engine
        self.seconds = seconds
        self._checked = -math.inf
        self._problem: str | None = None
        self._lock = threading.Lock()

    def problem(self) -> str | None:
        """None when the database takes a write, else why not (in the database's words)."""
        with self._lock:
            now = time.monotonic()
            if now - self._checked >= self.seconds:
                try:
                    check_writable(self.engine)
                    self._problem = None
                except DatabaseUnavailable as exc:
                    self._problem = str(exc)
                self._checked = now
            return self._problem


def write_failure(exc: DBAPIError) -> str | None:
    """Why a database operation failed when it is the database's state, not the
    request (a read-only or full disk, an unreachable server), in words for a
    client; None for anything else (a bug: answered 500)."""
    message = _first_line(exc).lower()
    if "readonly" in message or "read-only" in message:
        return "the database is read-only"
    if "full" in message or "no space" in message or "could not extend" in message:
        return "the database's disk is full"
    if isinstance(exc, OperationalError):
        return "the database cannot be reached or is busy"
    return None
