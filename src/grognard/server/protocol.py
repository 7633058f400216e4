"""`guarded_h11`: uvicorn's HTTP/1.1 protocol with a deadline on receiving a request.

uvicorn closes a connection that stays idle *between* requests (its keep-alive
timeout), but not one that never sends its first request, nor one that sends half a
request line or half a body and stops: each such socket held a file descriptor
forever, and about 1 100 of them exhausted the process's. This protocol gives every
request `head_timeout` seconds from the moment the connection opens (or the
previous answer was sent) to arrive whole, head and body; past it the connection is
closed (with a 408 when part of a request came). A reverse proxy in front does the
same for the open internet (see docs/server.md); this keeps the server safe on its
own too.

It also answers an over-long websocket upgrade request (uvicorn hands the request
to the websocket library, whose lines are capped at 8 KiB and which then closed the
connection without a word) with a plain 414, and a request head over
`MAX_REQUEST_HEAD` with a 400 however it arrives (h11's own bound only applies to a
head that arrives in several pieces, and it then closed without an answer the
client could read).

One address may hold at most `max_per_address` connections here (issue 27): past
it a new one is answered 503 and closed at once, so that one client's idle,
half-sent or kept-alive connections can never take the process's whole
`limit_concurrency`. A connection that becomes a websocket leaves this count (the
app bounds websockets itself, api_ws.py). A reverse proxy that uvicorn trusts
(`forwarded_allow_ips`) is not counted: every client arrives through it, so it must
bound connections per client itself, and the app bounds requests in flight per
forwarded address (middleware.ClientBoundMiddleware).
"""

from __future__ import annotations

import asyncio
import weakref
from collections import Counter
from typing import Any

import h11
from uvicorn.middleware.proxy_headers import _TrustedHosts
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

#: Longest request target (path and query) a websocket upgrade may have.
MAX_WEBSOCKET_TARGET = 4096
#: Largest request head (request line and headers) before answering 400.
MAX_REQUEST_HEAD = 16 * 1024
#: Connections one address may hold at once (websockets apart); see `uvicorn_options`.
MAX_CONNECTIONS_PER_ADDRESS = 64
#: Seconds a connection answered with an error keeps reading (and discarding) what
#: the client still sends, so that its answer is not lost to a reset.
LINGER_SECONDS = 1.0

# open connections per address, per server (a process may run several in tests)
_open: weakref.WeakKeyDictionary[ServerState, Counter[str]] = weakref.WeakKeyDictionary()
_trusted: dict[str, _TrustedHosts] = {}


def open_connections(server_state: ServerState) -> Counter[str]:
    """The count of open (not websocket) connections per address of one server."""
    counts = _open.get(server_state)
    if counts is None:
        counts = _open[server_state] = Counter()
    return counts


def _is_trusted_proxy(config: Any, host: str) -> bool:
    if not getattr(config, "proxy_headers", False):
        return False
    allowed = config.forwarded_allow_ips
    key = allowed if isinstance(allowed, str) else ",".join(allowed)
    trusted = _trusted.get(key)
    if trusted is None:
        trusted = _trusted[key] = _TrustedHosts(allowed)
    return host in trusted


class GuardedH11Protocol(H11Protocol):
    #: Seconds a request has to arrive whole (set by `guarded_h11`).
    head_timeout: float = 10.0
    #: Connections one address may hold (set by `guarded_h11`).
    max_per_address: int = MAX_CONNECTIONS_PER_ADDRESS
    _deadline: asyncio.TimerHandle | None = None
    #: whether the client has sent anything (a browser's speculative connection
    #: sends nothing: it is closed without an answer, as a keep-alive one is)
    _heard: bool = False
    #: the address this connection is counted under (None: not counted)
    _counted: str | None = None
    #: an error was answered: what still comes is read and dropped until the close
    _lingering: bool = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else None
        if host is not None and not _is_trusted_proxy(self.config, host):
            counts = open_connections(self.server_state)
            if counts[host] >= self.max_per_address:
                self._answer_and_close(
                    503, b"Service Unavailable", b"too many connections from this address", linger=False
                )
                return
            counts[host] += 1
            self._counted = host
        self._arm()

    def data_received(self, data: bytes) -> None:
        self._heard = True
        if self._lingering:
            return
        if self._head_too_long(data):
            self._answer_and_close(400, b"Bad Request", b"the request head is over 16 KiB")
            return
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._uncount()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()  # the websocket protocol takes the connection over
        if len(event.target) > MAX_WEBSOCKET_TARGET:
            self._answer_and_close(414, b"URI Too Long", b"the websocket URL is too long")
            return
        self._uncount()  # websockets have bounds of their own (api_ws.py)
        super().handle_websocket_upgrade(event)

    def _uncount(self) -> None:
        host, self._counted = self._counted, None
        if host is not None:
            counts = open_connections(self.server_state)
            counts[host] -= 1
            if counts[host] <= 0:
                del counts[host]

    def _head_too_long(self, data: bytes) -> bool:
        """Whether the head of the request being received passes MAX_REQUEST_HEAD,
        counting what h11 holds already and `data`."""
        if self.conn.their_state is not h11.IDLE:
            return False
        pending = self.conn.trailing_data[0] + data
        end = pending.find(b"\r\n\r\n", 0, MAX_REQUEST_HEAD + 4)
        if end < 0:
            end = pending.find(b"\n\n", 0, MAX_REQUEST_HEAD + 2)
        return end < 0 and len(pending) > MAX_REQUEST_HEAD

    # ----- the deadline ------------------------------------------------------------------------
    def _receiving(self) -> bool:
        """Whether part of a request has arrived and the rest is awaited."""
        state = self.conn.their_state
        return state is h11.SEND_BODY or (state is h11.IDLE and bool(self.conn.trailing_data[0]))

    def _watch(self) -> None:
        if self.transport.get_protocol() is not self:
            # a websocket took the connection over (uvicorn gave the transport its
            # protocol, and h11 still holds the request): no deadline from here on,
            # or its 408 would be written into the websocket's frames (it was, after
            # 10 s, breaking every websocket)
            self._disarm()
            return
        if self._receiving():
            if self._deadline is None:  # from the first byte, not reset by each one
                self._arm()
        elif self.conn.their_state is not h11.IDLE:
            self._disarm()  # the request is whole: the app has it
        elif self.cycle is not None:
            self._disarm()  # between requests: uvicorn's keep-alive timeout applies

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.head_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self._heard and (self.cycle is None or self.cycle.response_complete):
            self._answer_and_close(408, b"Request Timeout", b"the request did not arrive in time")
        else:
            self.transport.close()

    def _answer_and_close(self, status: int, phrase: bytes, detail: bytes, *, linger: bool = True) -> None:
        """Write a short error answer and close. With `linger`, the write side is
        closed first and what the client still sends is read and dropped for
        LINGER_SECONDS: closing with unread bytes makes the kernel send a reset,
        which may destroy the answer before the client reads it."""
        body = b'{"detail": "' + detail + b'"}'
        head = b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\n" % (status, phrase)
        head += b"content-length: %d\r\nconnection: close\r\n\r\n" % len(body)
        self.transport.write(head + body)
        if linger and self.transport.can_write_eof():
            self._disarm()
            self._lingering = True
            self.transport.write_eof()
            self.loop.call_later(LINGER_SECONDS, self.transport.close)
            return
        self.transport.close()


def guarded_h11(
    head_timeout: float, max_per_address: int = MAX_CONNECTIONS_PER_ADDRESS
) -> type[GuardedH11Protocol]:
    """The protocol class for uvicorn's `http=` setting, with this deadline and
    bound per address. The defaults are the module's own class: uvicorn's worker
    processes receive their settings pickled, and only a class found by name pickles."""
    if head_timeout == GuardedH11Protocol.head_timeout and max_per_address == MAX_CONNECTIONS_PER_ADDRESS:
        return GuardedH11Protocol
    return type(
        "GuardedH11Protocol",
        (GuardedH11Protocol,),
        {"head_timeout": head_timeout, "max_per_address": max_per_address},
    )


#: Seconds a keep-alive connection may stay idle between requests.
KEEP_ALIVE_SECONDS = 5
#: Seconds a request has to arrive whole once its connection is open.
REQUEST_SECONDS = 10.0
#: Connections and requests at once; past it uvicorn answers 503 (a process has
#: 1 024 file descriptors by default, and the database and logs need some).
MAX_CONCURRENCY = 900
#: Largest websocket message a client may send (clients only send pings).
WS_MAX_BYTES = 16 * 1024
#: Incoming websocket messages buffered per socket before reading from it pauses.
WS_MAX_QUEUE = 16
#: Seconds between the server's websocket pings, and to wait for each pong: a
#: client that vanished without closing is dropped after at most their sum.
WS_PING_SECONDS = 20.0


def uvicorn_options(request_seconds: float = REQUEST_SECONDS) -> dict[str, object]:
    """The connection limits `grognard serve` gives uvicorn (keyword arguments of
    `uvicorn.run` / `uvicorn.Config`)."""
    return {
        "http": guarded_h11(request_seconds),
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "h11_max_incomplete_event_size": MAX_REQUEST_HEAD,
        "limit_concurrency": MAX_CONCURRENCY,
        "ws_max_size": WS_MAX_BYTES,
        "ws_max_queue": WS_MAX_QUEUE,
        "ws_ping_interval": WS_PING_SECONDS,
        "ws_ping_timeout": WS_PING_SECONDS,
    }
