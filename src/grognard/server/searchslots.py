"""Searches thinking at once across every process of a server (issue 27, item 2).

Each process shares its own search workers fairly (aiqueue.FairLane), but those
bounds are per process: with `--workers 2` on PostgreSQL one guest's flood of HGW
games with a strong search seat had four searches thinking at once on a two-core
machine, and one user two at once (one per process). Here the bounds hold for the
whole server, through the database:

- at most `total` searches at once (by default one per core of the machine,
  `guards.Limits.searches_at_once`): a search holds one of `total` slot locks;
- at most `per_user` of one user's searches at once (`Limits.ai_thinking_per_user`):
  it holds one of the user's `per_user` locks too.

The locks are PostgreSQL session-level advisory locks, on a connection of this
process's own: a process that dies (killed with -9 too) frees its slots at once,
with its session, so nothing stale is left to expire. A search that finds no slot
free waits, trying again when a search of this process ends and at least every
`poll_max` seconds (another process's end is not announced); its wait is bounded by
the AI runner (`AiRunner.queue_patience`: then it plays a random move). Only the
moves already holding a slot of their own process's lane try (a few per process),
so the polling costs a few short queries a second at most.

Lock keys are 64 bits of a hash of the database, schema and the slot's name, and the
connection is the process's own lock session, both as for claims.py (advisory.py).
With SQLite (one process) the lanes' bounds are the server's: `SearchSlots` grants at
once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Hashable
from typing import Any

from sqlalchemy import Engine

from .advisory import AdvisorySession

log = logging.getLogger("grognard.server.searchslots")

#: the first of a set of advisory lock keys whose lock this session can take, or no row
_TRY_ONE = "SELECT k FROM unnest(%s::bigint[]) AS k WHERE pg_try_advisory_lock(k) LIMIT 1"


class SearchSlots:
    """One process alone on its database: the lanes of aiqueue.py bound it."""

    #: True when the bounds are kept across processes
    shared = False

    async def acquire(self, owner: Hashable) -> None:
        """Wait until one of `owner`'s searches may think (until `release`)."""

    async def release(self, owner: Hashable) -> None:
        """Give back what `acquire` took for one of `owner`'s searches."""

    async def close(self) -> None:
        """Give back everything."""


class PostgresSearchSlots(SearchSlots):
    shared = True

    def __init__(
        self, engine: Engine, total: int, per_user: int, poll: float = 0.05, poll_max: float = 0.5
    ) -> None:
        if total < 1 or per_user < 1:
            raise ValueError(f"search slots need total >= 1 and per_user >= 1, not {total}, {per_user}")
        self._session = AdvisorySession(engine)
        self.total, self.per_user = total, per_user
        self._poll, self._poll_max = poll, poll_max
        self._lock: asyncio.Lock | None = None  # made on the loop that uses it
        self._ended: asyncio.Event | None = None  # set when a search of this process ends
        #: the (user key, slot key) pairs this process holds, by owner
        self._held: dict[Hashable, list[tuple[int, int]]] = {}
        #: releases of slots taken by a wait given up meanwhile
        self._late: set[asyncio.Future[None]] = set()

    def _key(self, *name: object) -> int:
        return self._session.key("search", *map(repr, name))

    def slot_keys(self) -> list[int]:
        return [self._key("slot", k) for k in range(self.total)]

    def user_keys(self, owner: Hashable) -> list[int]:
        return [self._key("user", owner, k) for k in range(self.per_user)]

    async def _connection(self) -> Any:
        return await self._session.connection(on_new=self._held.clear)

    def _on_loop(self) -> tuple[asyncio.Lock, asyncio.Event]:
        """The lock and the event, made on the loop that uses them."""
        if self._lock is None or self._ended is None:
            self._lock, self._ended = asyncio.Lock(), asyncio.Event()
        return self._lock, self._ended

    async def _try_one(self, conn: Any, keys: list[int]) -> int | None:
        mine = {key for pairs in self._held.values() for pair in pairs for key in pair}
        free = [key for key in keys if key not in mine]  # session locks nest: never twice
        if not free:
            return None
        row = await (await conn.execute(_TRY_ONE, (free,))).fetchone()
        return None if row is None else int(row[0])

    async def try_acquire(self, owner: Hashable) -> bool:
        """Take a slot and one of the owner's locks now if both are free: True when taken."""
        lock, _ended = self._on_loop()
        async with lock:  # one query at a time on the connection, and on _held
            conn = await self._connection()
            user = await self._try_one(conn, self.user_keys(owner))
            if user is None:
                return False
            slot = await self._try_one(conn, self.slot_keys())
            if slot is None:
                await self._session.unlock(user)
                return False
            self._held.setdefault(owner, []).append((user, slot))
            return True

    async def acquire(self, owner: Hashable) -> None:
        import psycopg

        delay = self._poll
        while True:
            # shielded: a wait given up while a try is under way must not cut the
            # try between its queries; a slot it took then is given back
            attempt = asyncio.ensure_future(self.try_acquire(owner))
            try:
                if await asyncio.shield(attempt):
                    return
            except asyncio.CancelledError:
                attempt.add_done_callback(lambda done: self._give_back_if_taken(done, owner))
                raise
            except psycopg.Error as exc:  # out of reach: try again, as for a busy slot
                log.warning("cannot take a search slot: %s", exc)
            _lock, ended = self._on_loop()
            ended.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ended.wait(), delay)
            delay = min(2 * delay, self._poll_max)

    def _give_back_if_taken(self, attempt: asyncio.Future[bool], owner: Hashable) -> None:
        if not attempt.cancelled() and attempt.exception() is None and attempt.result():
            task = asyncio.ensure_future(self.release(owner))
            self._late.add(task)
            task.add_done_callback(self._late.discard)

    async def release(self, owner: Hashable) -> None:
        import psycopg

        lock, ended = self._on_loop()
        async with lock:
            pairs = self._held.get(owner)
            if not pairs:
                return
            pair = pairs.pop()
            if not pairs:
                del self._held[owner]
            try:
                for key in pair:
                    await self._session.unlock(key)
            except psycopg.Error as exc:  # a lost session holds no lock any more
                log.warning("giving back a search slot: %s", exc)
        ended.set()

    async def close(self) -> None:
        # the late give-backs first, so that none is left pending on a closed loop
        loop = asyncio.get_running_loop()
        await asyncio.gather(*[t for t in self._late if t.get_loop() is loop], return_exceptions=True)
        await self._session.close()
        self._held.clear()


def make_search_slots(engine: Engine, total: int, per_user: int) -> SearchSlots:
    if engine.dialect.name == "postgresql":
        return PostgresSearchSlots(engine, total, per_user)
    return SearchSlots()
