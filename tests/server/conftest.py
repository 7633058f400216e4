"""Fixtures for the server tests: a database per test (a temporary SQLite file, and
also a fresh PostgreSQL schema when GROGNARD_TEST_POSTGRES_URL is set), app
factories, and the test rulesets tiny and blockskirmish, each in a registry of its own."""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "core"))

from blockgame import BLOCKSKIRMISH
from serverkit import ONE_ADDRESS_FOR_ALL, AppFactory
from tinygame import TINY

from grognard.core.registry import Registry
from grognard.server import create_app
from grognard.server.db import resolve_database_url

POSTGRES_ENV = "GROGNARD_TEST_POSTGRES_URL"
DATABASES = ["sqlite"] + (["postgresql"] if os.environ.get(POSTGRES_ENV) else [])


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A server bug could leave a test waiting on a websocket forever: with
    pytest-timeout installed, every server test gets a generous limit."""
    if not config.pluginmanager.hasplugin("timeout"):
        return
    here = Path(__file__).resolve().parent
    for item in items:
        if here in item.path.resolve().parents and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(int(os.environ.get("GROGNARD_TEST_TIMEOUT", "120"))))


@pytest.fixture(params=DATABASES)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'grognard.db'}"
        return
    base = resolve_database_url(os.environ[POSTGRES_ENV])
    schema = f"t_{secrets.token_hex(6)}"
    admin = create_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in base else "?"
    yield f"{base}{separator}options=-csearch_path%3D{schema}"
    with admin.begin() as conn:
        conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


@pytest.fixture
def tiny_registry() -> Registry:
    registry = Registry()
    registry.register(TINY)
    return registry


@pytest.fixture
def blocks_registry() -> Registry:
    registry = Registry()
    registry.register(BLOCKSKIRMISH)
    return registry


@pytest.fixture
def make_app(database_url: str) -> Iterator[AppFactory]:
    """create_app on this test's database; engines are disposed afterwards."""
    made: list[FastAPI] = []

    def factory(**kwargs: Any) -> FastAPI:
        kwargs.setdefault("ai_move_budget", 30.0)
        kwargs.setdefault("limits", ONE_ADDRESS_FOR_ALL)  # every player is "testclient"
        app = create_app(database_url, **kwargs)
        made.append(app)
        return app

    yield factory
    for app in made:
        engine = app.state.server.engine
        # once an app has stopped, nothing may still hold a connection (AI threads included)
        assert engine.pool.checkedout() == 0, engine.pool.status()
        engine.dispose()


@pytest.fixture
def client(make_app: AppFactory) -> Iterator[TestClient]:
    """A running app with the default registry (Viktory II)."""
    with TestClient(make_app()) as test_client:
        yield test_client


@pytest.fixture
def tiny_client(make_app: AppFactory, tiny_registry: Registry) -> Iterator[TestClient]:
    """A running app that plays only the tiny test ruleset."""
    with TestClient(make_app(registry=tiny_registry)) as test_client:
        yield test_client
