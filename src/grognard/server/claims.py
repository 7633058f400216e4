"""Which process moves a game's AI seats: a PostgreSQL advisory lock per game.

Every process of a server may be asked to move a game's AI: the one whose request
made it the AI's turn, every other process on hearing of that change, every process
at start-up. Only one of them may think about a move (the row's version check would
refuse a second commit anyway, but not the second agent's wasted thinking, nor the
log lines of two AIs at work). So the AI runner claims the game first: a
session-level advisory lock, held on this process's claims connection while its
AI moves (one move or a run of them) and released after; a process whose claim is
refused leaves the game to the holder. The lock goes with its session, so a process
that dies frees its games at once.

One claims connection per process, on the event loop (advisory.AdvisorySession,
shared with the search slots' way of holding locks): a claim is one short query. The
lock key is 64 bits of a hash of the database, schema and game id (advisory.py).

With SQLite (one process) `Claims` grants every claim at once.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from sqlalchemy import Engine

from .advisory import AdvisorySession

log = logging.getLogger("grognard.server.claims")


class Claims:
    """One process alone on its database: every claim is granted."""

    #: True when other processes may claim the same games
    shared = False

    async def start(self) -> None:
        """Open what claims need (nothing here)."""

    async def claim(self, game_id: str) -> bool:
        """True when this process may move the game's AI now (until `release`)."""
        return True

    async def release(self, game_id: str) -> None:
        """Give the game back (no-op when it was not claimed here)."""

    async def close(self) -> None:
        """Release every claim."""


class PostgresClaims(Claims):
    shared = True

    def __init__(self, engine: Engine) -> None:
        self._session = AdvisorySession(engine)
        self._connecting: asyncio.Lock | None = None
        self._held: set[str] = set()

    async def start(self) -> None:
        self._connecting = asyncio.Lock()  # made on the loop that uses it
        await self._connection()

    def key(self, game_id: str) -> int:
        """The game's advisory lock key: a signed 64-bit integer."""
        return self._session.key(game_id)

    async def _connection(self) -> Any:
        assert self._connecting is not None, "claims used before start()"
        async with self._connecting:
            return await self._session.connection(on_new=self._held.clear)

    async def claim(self, game_id: str) -> bool:
        import psycopg

        if game_id in self._held:  # session locks nest: never take one twice
            return True
        try:
            conn = await self._connection()
            cursor = await conn.execute("SELECT pg_try_advisory_lock(%s)", (self.key(game_id),))
            row = await cursor.fetchone()
        except psycopg.Error as exc:
            # the database is out of reach: no move could be saved anyway; the AI
            # moves again when the listener is back (peers.Peers.gap kicks every game)
            log.warning("cannot claim the AI of game %s: %s", game_id, exc)
            return False
        granted = bool(row and row[0])
        if granted:
            self._held.add(game_id)
        return granted

    async def release(self, game_id: str) -> None:
        import psycopg

        if game_id not in self._held:
            return
        self._held.discard(game_id)
        try:
            await self._session.unlock(self.key(game_id))
        except psycopg.Error as exc:  # a lost session holds no lock any more
            log.warning("releasing the AI of game %s: %s", game_id, exc)

    async def close(self) -> None:
        await self._session.close()
        self._held.clear()


def make_claims(engine: Engine) -> Claims:
    return PostgresClaims(engine) if engine.dialect.name == "postgresql" else Claims()
