"""The whole suite's set-up: running in parallel (pytest-xdist, `scripts/check` runs
`-n <cores>`).

Each test already keeps its own files (tmp_path), ports (bound to port 0) and
PostgreSQL schema. What workers would still share is the throwaway PostgreSQL
database of scripts/test-postgres: its LISTEN/NOTIFY channels and advisory locks
belong to the database, so a scale-out test on one worker would hear another's.
Each worker therefore gets a database of its own on the same server, created
here and named in GROGNARD_TEST_POSTGRES_URL before any test reads it, and
dropped when the worker ends.
"""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import settings
from sqlalchemy import Engine

# Hypothesis's default deadline (200 ms an example) measures wall time, which a loaded
# CI machine or a second xdist worker stretches: a property test must fail on a wrong
# answer, never on a slow one (no test asserts on wall-clock time).
settings.register_profile("grognard", deadline=None)
settings.load_profile("grognard")

POSTGRES_ENV = "GROGNARD_TEST_POSTGRES_URL"
_made: list[tuple[str, str]] = []  # (server URL, database) this worker created


def _admin(url: str) -> Engine:
    from sqlalchemy import create_engine

    from grognard.server.db import resolve_database_url

    return create_engine(resolve_database_url(url), isolation_level="AUTOCOMMIT")


def pytest_configure(config: pytest.Config) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    url = os.environ.get(POSTGRES_ENV)
    if not worker or not url:
        return
    from sqlalchemy import text
    from sqlalchemy.engine import make_url

    base = make_url(url)
    name = f"{base.database or 'postgres'}_{re.sub(r'[^a-z0-9]', '_', worker.lower())}"
    admin = _admin(url)
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))  # left by a killed run
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    _made.append((url, name))
    os.environ[POSTGRES_ENV] = base.set(database=name).render_as_string(hide_password=False)


def pytest_unconfigure(config: pytest.Config) -> None:
    from sqlalchemy import text

    while _made:
        url, name = _made.pop()
        os.environ[POSTGRES_ENV] = url
        admin = _admin(url)
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
