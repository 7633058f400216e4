"""Searches thinking at once across the processes of a server (issue 27, item 2):
with `--workers 2` on PostgreSQL each process ran its own two searches and each user
one search per process. The bounds are advisory locks in the database
(searchslots.py): two `PostgresSearchSlots` on one database are two processes."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, text
from test_server_scaleout import pg_url, postgres  # noqa: F401  (fixtures: a database of its own)

from grognard.server.db import make_engine
from grognard.server.searchslots import PostgresSearchSlots, SearchSlots, make_search_slots


@pytest.fixture
def engine(pg_url: str) -> Iterator[Engine]:  # noqa: F811
    made = make_engine(pg_url)
    yield made
    made.dispose()


def test_searches_at_once_and_one_users_searches_are_bounded_across_processes(engine: Engine) -> None:
    async def scene() -> None:
        a = PostgresSearchSlots(engine, total=2, per_user=1)  # one process
        b = PostgresSearchSlots(engine, total=2, per_user=1)  # another, on the same database
        try:
            assert await a.try_acquire(1)  # user 1 searches in process a
            assert not await b.try_acquire(1)  # and not at once in process b too
            assert await b.try_acquire(2)  # the second of the server's two slots
            assert not await a.try_acquire(3)  # none left, whichever process asks
            await a.release(1)
            assert await b.try_acquire(3)  # a freed slot is any process's
            assert not await a.try_acquire(1)  # both taken by b's users again
        finally:
            await a.close()
            await b.close()

    asyncio.run(scene())


def test_a_killed_process_frees_its_search_slots_with_its_session(engine: Engine) -> None:
    """Nothing stale is left by a process killed with -9: its database session ends,
    and the advisory locks go with it."""

    async def scene() -> None:
        dying = PostgresSearchSlots(engine, total=1, per_user=1)
        other = PostgresSearchSlots(engine, total=1, per_user=1)
        try:
            assert await dying.try_acquire(1)
            assert not await other.try_acquire(2)
            pid = dying._session._conn.info.backend_pid
            with engine.begin() as connection:  # as when the process is killed: its session ends
                # (waiting until the backend has gone: without a timeout it only signals it)
                connection.execute(text("SELECT pg_terminate_backend(:pid, 60000)"), {"pid": pid})
            assert await other.try_acquire(1)  # the slot and user 1's lock both
        finally:
            await dying.close()
            await other.close()

    asyncio.run(scene())


def test_a_waiting_search_takes_the_slot_freed_in_another_process_and_a_given_up_one_takes_none(
    engine: Engine,
) -> None:
    async def scene() -> None:
        a = PostgresSearchSlots(engine, total=1, per_user=1)
        b = PostgresSearchSlots(engine, total=1, per_user=1)
        try:
            assert await a.try_acquire(1)
            given_up = asyncio.create_task(b.acquire(3))
            waiting = asyncio.create_task(b.acquire(2))
            await asyncio.sleep(0.3)
            assert not waiting.done() and not given_up.done()
            given_up.cancel()
            await asyncio.gather(given_up, return_exceptions=True)
            await a.release(1)  # another process's: b is not told, it tries again
            await asyncio.wait_for(waiting, 30)
            assert not await a.try_acquire(3)  # b holds the slot for user 2 alone
            await b.release(2)
            assert await a.try_acquire(3)
        finally:
            await a.close()
            await b.close()

    asyncio.run(scene())


def test_one_process_on_sqlite_has_no_shared_bound(tmp_path: object) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/one.db")
    try:
        slots = make_search_slots(engine, total=1, per_user=1)
        assert type(slots) is SearchSlots and not slots.shared
    finally:
        engine.dispose()
