"""The advisory lock keys that claims.py and searchslots.py share (advisory.py)."""

from __future__ import annotations

import asyncio

from sqlalchemy import create_engine
from test_server_scaleout import pg_url, postgres  # noqa: F401  (fixtures: a database of its own)

from grognard.server.advisory import AdvisorySession, advisory_key
from grognard.server.db import make_engine


def session(namespace: str) -> AdvisorySession:
    made = AdvisorySession(create_engine("postgresql+psycopg://u@127.0.0.1:1/db"))
    made.namespace = namespace  # as read from the database on first use
    return made


def test_a_key_is_a_signed_64_bit_integer_as_postgresql_takes() -> None:
    keys = [advisory_key(f"game-{n}") for n in range(2000)]
    assert all(-(2**63) <= k < 2**63 for k in keys)
    assert any(k < 0 for k in keys) and any(k > 0 for k in keys)  # the whole signed range
    assert len(set(keys)) == len(keys)


def test_two_processes_agree_on_a_name_and_two_schemas_never_share_it() -> None:
    here, again = session("grognard\0public"), session("grognard\0public")
    other_schema = session("grognard\0test_7")
    assert here.key("game-1") == again.key("game-1")
    assert here.key("game-1") != other_schema.key("game-1")
    assert here.key("search", "slot") != here.key("searchslot")  # parts stay apart


def test_callers_asking_at_once_share_one_session_and_none_is_left_open(pg_url: str) -> None:  # noqa: F811
    """Opening a connection awaits: two callers who both found none used to open two,
    and the first was dropped still open (a ResourceWarning when collected)."""

    async def scene() -> None:
        engine = make_engine(pg_url)
        made = AdvisorySession(engine)
        news: list[int] = []
        try:
            conns = await asyncio.gather(*(made.connection(lambda: news.append(1)) for _ in range(4)))
            assert len({id(c) for c in conns}) == 1
            assert news == [1]  # one new session, told once
        finally:
            await made.close()
            engine.dispose()
        assert all(c.closed for c in conns)

    asyncio.run(scene())
