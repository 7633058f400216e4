"""Where the database is: the argument, else GROGNARD_DATABASE_URL, else ./grognard.db."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from grognard.server import create_app
from grognard.server.db import DEFAULT_DATABASE_URL, resolve_database_url


def test_the_database_url_comes_from_the_argument_the_environment_or_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("GROGNARD_DATABASE_URL", raising=False)
    assert resolve_database_url(None) == DEFAULT_DATABASE_URL == "sqlite:///./grognard.db"
    monkeypatch.setenv("GROGNARD_DATABASE_URL", "sqlite:///from-env.db")
    assert resolve_database_url(None) == "sqlite:///from-env.db"
    assert resolve_database_url("sqlite:///given.db") == "sqlite:///given.db"
    assert resolve_database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert resolve_database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"


def test_create_app_uses_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "env.db"
    monkeypatch.setenv("GROGNARD_DATABASE_URL", f"sqlite:///{path}")
    app = create_app()
    try:
        with TestClient(app) as client:
            health = client.get("/api/health").json()
            assert health["ok"] and "viktory2" in health["rulesets"]
            assert client.post("/api/guest").status_code == 200
    finally:
        app.state.server.engine.dispose()
    assert path.is_file()
    create_app(f"sqlite:///{path}").state.server.engine.dispose()  # migrating again is a no-op
