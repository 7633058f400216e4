"""The advisory lock keys that claims.py and searchslots.py share (advisory.py)."""

from __future__ import annotations

from sqlalchemy import create_engine

from grognard.server.advisory import AdvisorySession, advisory_key


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
