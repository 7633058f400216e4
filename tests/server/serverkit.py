"""Helpers for the server tests: `Player`, a user of one shared TestClient with a
cookie jar of their own, and small shortcuts."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from grognard.server.guards import Limits
from grognard.server.service import GameService

#: The `make_app` fixture: create_app on the test's database, keyword arguments passed on.
AppFactory = Callable[..., FastAPI]

#: The limits of the in-process tests: their players all come from one address
#: ("testclient"), so the bounds per address on what many players would do (issue 27)
#: are lifted; the tests of those bounds give limits of their own.
ONE_ADDRESS_FOR_ALL = Limits.shared_address()


def games_of(client: TestClient) -> GameService:
    service: GameService = client.app.state.server.games  # type: ignore[attr-defined]
    return service


class Player:
    """One person using the shared TestClient: their own cookies and CSRF token.
    Every text they receive (HTTP bodies and websocket messages) is kept in `seen`."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies = type(client.cookies)()
        self.seen: list[str] = []
        self.user: dict[str, Any] | None = None

    @property
    def jar(self) -> dict[str, str]:
        return {cookie.name: cookie.value or "" for cookie in self.cookies.jar}

    @property
    def csrf(self) -> str | None:
        return self.jar.get("grognard_csrf")

    def _use(self) -> None:
        self.client.cookies = self.cookies

    def _keep(self) -> None:
        self.cookies = type(self.client.cookies)(self.client.cookies)
        self.client.cookies = type(self.client.cookies)()

    def request(self, method: str, url: str, *, csrf: bool = True, **kwargs: Any) -> Any:
        self._use()
        headers = dict(kwargs.pop("headers", None) or {})
        if csrf and method != "GET" and self.csrf:
            headers.setdefault("X-CSRF-Token", self.csrf)
        try:
            response = self.client.request(method, url, headers=headers, **kwargs)
        finally:
            self._keep()
        self.seen.append(response.text)
        return response

    def get(self, url: str, **kwargs: Any) -> Any:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, body: Any = None, **kwargs: Any) -> Any:
        if body is not None:
            kwargs["json"] = body
        return self.request("POST", url, **kwargs)

    def ok(self, method: str, url: str, body: Any = None, status: int | None = None) -> Any:
        """The JSON of a request that must succeed."""
        response = self.request(method, url, json=body) if body is not None else self.request(method, url)
        expected = (status,) if status else (200, 201)
        assert response.status_code in expected, f"{method} {url}: {response.status_code} {response.text}"
        return response.json()

    def guest(self, name: str | None = None) -> Player:
        self.user = self.ok("POST", "/api/guest", {"name": name} if name else None)["user"]
        return self

    def register(self, username: str, password: str) -> Player:
        self.user = self.ok("POST", "/api/register", {"username": username, "password": password})["user"]
        return self

    def websocket(self, game_id: str, seat: str | None = None, **kwargs: Any) -> Any:
        """A websocket session with this player's cookies (they are sent on entering it)."""
        url = f"/ws/games/{game_id}" + (f"?seat={seat}" if seat else "")
        return _CookieSocket(self, url, kwargs)


class _CookieSocket:
    def __init__(self, player: Player, url: str, kwargs: dict[str, Any]) -> None:
        self.player, self.url, self.kwargs = player, url, kwargs

    def __enter__(self) -> Any:
        self.player._use()
        try:
            self.session = self.player.client.websocket_connect(self.url, **self.kwargs)
            return self.session.__enter__()
        finally:
            self.player._keep()

    def __exit__(self, *exc: object) -> Any:
        return self.session.__exit__(*exc)


def drain(player: Player, socket: Any) -> list[dict[str, Any]]:
    """Every message the server queued for this socket so far: ping, read to the pong."""
    ping_id = secrets.token_hex(4)
    socket.send_json({"type": "ping", "id": ping_id})
    out: list[dict[str, Any]] = []
    while True:
        text = socket.receive_text()
        message = json.loads(text)
        if message["type"] == "pong" and message["id"] == ping_id:
            return out
        player.seen.append(text)
        out.append(message)


def create(player: Player, ruleset: str, seats: dict[str, str], **extra: Any) -> dict[str, Any]:
    game: dict[str, Any] = player.ok("POST", "/api/games", {"ruleset": ruleset, "seats": seats, **extra}, 201)
    return game
