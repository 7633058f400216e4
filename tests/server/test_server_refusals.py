"""The game layer refuses without HTTP (refusals.py); the routes answer each kind of
refusal with its status and reason (the websocket's close codes: test_server_errors.py)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from serverkit import games_of

from grognard.server.refusals import Conflict, Invalid, NotFound, NotYours, Refusal, TooCostly, Unavailable


def test_each_kind_of_refusal_names_its_own_status() -> None:
    kinds = {NotFound: 404, NotYours: 403, Conflict: 409, Invalid: 422, TooCostly: 413, Unavailable: 503}
    for kind, status in kinds.items():
        refusal = kind("why")
        assert isinstance(refusal, Refusal) and refusal.status == status and refusal.reason == "why"


def test_the_service_refuses_an_unknown_game_without_fastapi(tiny_client: TestClient) -> None:
    with pytest.raises(NotFound, match="no game 'nope'"):
        games_of(tiny_client).get("nope", None)


def test_a_refusal_reaches_a_client_as_its_status_and_reason(tiny_client: TestClient) -> None:
    answer = tiny_client.get("/api/games/nope")
    assert answer.status_code == 404
    assert answer.json() == {"detail": "no game 'nope'"}
