"""What the server does before its first request (issue 27): every ruleset loaded.
The registry imports a game on first use (issue 24); the first odds of a Victory
battle so imported Victory on the event loop, which answered no one meanwhile (half
a second: the odds attack's move p99)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import AppFactory

from grognard.core.registry import Registry


def test_every_ruleset_is_loaded_before_the_first_request(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    registry = Registry()
    registry.register_lazy("viktory2", "grognard.games.viktory2")
    imported: list[str] = []
    plain = importlib.import_module

    def import_module(name: str, package: str | None = None) -> Any:
        imported.append(name)
        return plain(name, package)

    monkeypatch.setattr(importlib, "import_module", import_module)
    app = make_app(registry=registry)
    assert "grognard.games.viktory2" not in imported  # made, not started
    with TestClient(app) as client:
        assert "grognard.games.viktory2" in imported  # started: loaded, no request yet
        imported.clear()
        assert client.get("/api/rulesets/viktory2/odds-form").status_code == 200
        assert "grognard.games.viktory2" not in imported  # not on a request
