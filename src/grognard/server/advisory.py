"""A process's own PostgreSQL session for advisory locks, and the locks' keys.

Two parts of the server hold session-level advisory locks: the AI claims of
claims.py (one lock per game) and the search slots of searchslots.py (one lock per
slot and per user's slot). Both need the same two things, kept here once:

- **a key** per lock name: 64 bits of a blake2b hash of the database, the schema and
  the name, so that two servers (or two test schemas) on one PostgreSQL cluster never
  share a lock. Two names sharing a key (odds about 2^-64 per pair) would only make
  their holders take turns;
- **a connection of the process's own**, on the event loop, opened on first use and
  again after it was lost: session locks stay with the session that took them (a
  pooled connection would hand them to whoever borrows it next), and a session that
  ends frees its locks at once, so a killed process leaves nothing stale behind. A new
  session holds none of the old one's locks: the caller is told (`on_new`) so that it
  forgets what it thought it held.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine, text

from .notify import psycopg_conninfo


def advisory_key(label: str) -> int:
    """The advisory lock key of `label`: a signed 64-bit integer, as PostgreSQL takes."""
    digest = hashlib.blake2b(label.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class AdvisorySession:
    """This process's lock session on `engine`'s database (the module's docstring)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._conninfo = psycopg_conninfo(engine.url)
        #: "database\\0schema", read on first use
        self.namespace: str | None = None
        self._conn: Any = None  # psycopg.AsyncConnection
        # Opening awaits: without this, two callers who both find no connection would
        # both open one, and the first would be dropped still open (its locks with it).
        self._opening = asyncio.Lock()

    def key(self, *parts: str) -> int:
        """The key of the lock named by `parts` in this database and schema."""
        assert self.namespace is not None, "key asked before the session's first connection"
        return advisory_key("\0".join([self.namespace, *parts]))

    async def connection(self, on_new: Callable[[], None]) -> Any:
        """The session's connection, opened again (calling `on_new` first) if it was lost."""
        import psycopg

        async with self._opening:
            if self.namespace is None:
                self.namespace = await asyncio.to_thread(self._read_namespace)
            if self._conn is None or self._conn.closed:
                on_new()
                self._conn = await psycopg.AsyncConnection.connect(self._conninfo, autocommit=True)
            return self._conn

    async def unlock(self, key: int) -> None:
        """Give back one lock of this session (raises psycopg.Error when the session is lost)."""
        await self._conn.execute("SELECT pg_advisory_unlock(%s)", (key,))

    async def close(self) -> None:
        async with self._opening:  # a connection being opened is closed too, not leaked
            if self._conn is not None:
                await self._conn.close()  # ends the session: its locks go with it
                self._conn = None

    def _read_namespace(self) -> str:
        with self._engine.connect() as connection:
            database, schema = connection.execute(text("SELECT current_database(), current_schema()")).one()
        return f"{database}\0{schema}"
