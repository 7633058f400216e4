"""Bounds per client on what it holds open: websockets and requests in flight
(issue 27).

uvicorn accepts `protocol.MAX_CONCURRENCY` connections and requests at once for
everyone; one client that opened that many observer sockets made every other
client's requests answer 503. Here each client address (the forwarded one behind a
trusted proxy), each session and each game has a share of its own, well below the
total, so that what one client holds never exhausts the server:

- websockets per address and per session, and observers per game
  (`Holdings.open_socket`): a refused socket is opened and closed with 4429 (too
  many from this client) or 4503 (the game has all the observers it may have);
- HTTP requests in flight per address (`ClientBoundMiddleware`): 429. Directly
  connected clients are bounded sooner by their connections (protocol.py); this is
  the bound for clients behind a trusted proxy, whose connections all come from it.
- HTTP requests running at once per address (`ClientBoundMiddleware`): the others
  wait their turn, in order, without an answer (not refused). Every running request
  shares the interpreter with every other: 15 of one client running at once (a lobby
  flood's game creations, 10-15 ms of CPU each) gave another player's move a
  sixteenth of the CPU while they lasted. A few at a time keep one client's share
  small, and a browser (6 connections to a site) rarely waits.
  The middleware also names the address as the writer of what the request writes
  (fairgate.WRITER): the SQLite write gate serves writers in turn.

The counts are per process, in memory, on the event loop (no lock needed).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass

from starlette.types import ASGIApp, Receive, Scope, Send

from .fairgate import WRITER
from .middleware import send_error

#: Close code: too many websockets from this address or session (4000 + 429).
CLOSE_TOO_MANY = 4429
#: Close code: the game has all the observers it may have (4000 + 503).
CLOSE_GAME_FULL = 4503


class Refused(Exception):
    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass(frozen=True)
class SocketBounds:
    per_address: int
    per_session: int
    observers_per_game: int


class Holdings:
    """Open websockets by address, by session and (observers) by game."""

    def __init__(self, bounds: SocketBounds) -> None:
        self.bounds = bounds
        self.by_address: Counter[str] = Counter()
        self.by_session: Counter[str] = Counter()
        self.observers: Counter[str] = Counter()

    def open_socket(self, address: str, session: str | None, game_id: str, observer: bool) -> None:
        """Count a socket in, or raise Refused with its close code and reason."""
        bounds = self.bounds
        if self.by_address[address] >= bounds.per_address:
            raise Refused(
                CLOSE_TOO_MANY,
                f"too many websockets from this address (at most {bounds.per_address})",
            )
        if session is not None and self.by_session[session] >= bounds.per_session:
            raise Refused(
                CLOSE_TOO_MANY,
                f"too many websockets for this session (at most {bounds.per_session})",
            )
        if observer and self.observers[game_id] >= bounds.observers_per_game:
            raise Refused(
                CLOSE_GAME_FULL,
                f"this game has {bounds.observers_per_game} observers already: try again later",
            )
        self.by_address[address] += 1
        if session is not None:
            self.by_session[session] += 1
        if observer:
            self.observers[game_id] += 1

    def close_socket(self, address: str, session: str | None, game_id: str, observer: bool) -> None:
        _down(self.by_address, address)
        if session is not None:
            _down(self.by_session, session)
        if observer:
            _down(self.observers, game_id)


def _down(counts: Counter[str], key: str) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]


class ClientBoundMiddleware:
    """At most `per_address` HTTP requests of one client address in flight at once
    (429 past it), of which `running_per_address` run at once (the others wait their
    turn, first come first served). The address is the forwarded one behind a
    trusted proxy (uvicorn's proxy headers run before the app)."""

    def __init__(self, app: ASGIApp, per_address: int, running_per_address: int | None = None) -> None:
        self.app = app
        self.per_address = per_address
        self.running_per_address = running_per_address or per_address
        self.in_flight: Counter[str] = Counter()
        #: requests running now, by address (for tests and diagnostics)
        self.running: Counter[str] = Counter()
        #: the turns of each address with requests in flight
        self._turns: dict[str, asyncio.Semaphore] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = str(client[0]) if client else "unknown"
        writer = WRITER.set(address)  # what the request (and its worker threads) writes
        try:
            await self._bounded(address, scope, receive, send)
        finally:
            WRITER.reset(writer)

    async def _bounded(self, address: str, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.in_flight[address] >= self.per_address:
            await send_error(
                send,
                429,
                f"too many requests at once from this address (at most {self.per_address})",
                {"Retry-After": "1"},
            )
            return
        self.in_flight[address] += 1
        turns = self._turns.get(address)
        if turns is None:
            turns = self._turns[address] = asyncio.Semaphore(self.running_per_address)
        try:
            async with turns:
                self.running[address] += 1
                try:
                    await self.app(scope, receive, send)
                finally:
                    _down(self.running, address)
        finally:
            _down(self.in_flight, address)
            if address not in self.in_flight:
                del self._turns[address]
