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
connection without a word) with a plain 414.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: Longest request target (path and query) a websocket upgrade may have.
MAX_WEBSOCKET_TARGET = 4096


class GuardedH11Protocol(H11Protocol):
    #: Seconds a request has to arrive whole (set by `guarded_h11`).
    head_timeout: float = 10.0
    _deadline: asyncio.TimerHandle | None = None
    #: whether the client has sent anything (a browser's speculative connection
    #: sends nothing: it is closed without an answer, as a keep-alive one is)
    _heard: bool = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        self._heard = True
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()  # the websocket protocol takes the connection over
        if len(event.target) > MAX_WEBSOCKET_TARGET:
            self._answer_and_close(414, b"URI Too Long", b"the websocket URL is too long")
            return
        super().handle_websocket_upgrade(event)

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

    def _answer_and_close(self, status: int, phrase: bytes, detail: bytes) -> None:
        body = b'{"detail": "' + detail + b'"}'
        head = b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\n" % (status, phrase)
        head += b"content-length: %d\r\nconnection: close\r\n\r\n" % len(body)
        self.transport.write(head + body)
        self.transport.close()


def guarded_h11(head_timeout: float) -> type[GuardedH11Protocol]:
    """The protocol class for uvicorn's `http=` setting, with this deadline. The
    default deadline is the module's own class: uvicorn's worker processes receive
    their settings pickled, and only a class found by name pickles."""
    if head_timeout == GuardedH11Protocol.head_timeout:
        return GuardedH11Protocol
    return type("GuardedH11Protocol", (GuardedH11Protocol,), {"head_timeout": head_timeout})


#: Seconds a keep-alive connection may stay idle between requests.
KEEP_ALIVE_SECONDS = 5
#: Seconds a request has to arrive whole once its connection is open.
REQUEST_SECONDS = 10.0
#: Largest request head (request line and headers) h11 buffers before answering 400.
MAX_REQUEST_HEAD = 16 * 1024
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
