"""The SQLite write gate, shared fairly between clients (issue 27).

Every writing transaction on SQLite holds one gate per process (db.write_gate), and
each commit waits for the disk (synchronous=FULL: an fsync, 2-5 ms on a quiet disk,
tens of milliseconds on a busy one). A plain lock serves whoever grabs it: one
client's burst of writes (15 guests making their first 20 public games at once)
queued ahead of every other player's move, whose commit then waited for all of
theirs: the lobby flood took the other players' move p99 from 32 to 191 ms.

`FairGate` is that lock with a queue per client: the holder hands the gate straight
to the next client in turn (round-robin over the clients with writes waiting), so a
player's move waits for at most one write of each other client that is writing, not
for a whole burst of one. Uncontended it costs what a lock does.

The client is `WRITER`, a context variable: the client address of the request
(clients.ClientBoundMiddleware sets it; worker threads of the request inherit it),
`ai:<user>` for the moves of the server's AI (ai.py), "" for the server's own work.
"""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from contextvars import ContextVar
from types import TracebackType
from typing import Any, TypeVar

T = TypeVar("T")

#: Who the current work writes for (see the module's docstring).
WRITER: ContextVar[str] = ContextVar("grognard_writer", default="")


def as_writer(writer: str, function: Callable[..., T], *args: Any) -> T:
    """`function(*args)` with `WRITER` set to `writer` (for threads that do not
    inherit a request's context)."""
    token = WRITER.set(writer)
    try:
        return function(*args)
    finally:
        WRITER.reset(token)


class FairGate:
    """A lock (not reentrant) whose waiters are served round-robin by `WRITER`, each
    writer's own in the order they came."""

    def __init__(self) -> None:
        self._mutex = threading.Lock()
        self._held = False
        #: writers with threads waiting, the next to be served first
        self._waiting: OrderedDict[str, deque[threading.Lock]] = OrderedDict()

    def waiting(self) -> dict[str, int]:
        """Threads waiting, by writer (for tests and diagnostics)."""
        with self._mutex:
            return {writer: len(queue) for writer, queue in self._waiting.items()}

    def __enter__(self) -> FairGate:
        with self._mutex:
            if not self._held:
                self._held = True
                return self
            turn = threading.Lock()
            turn.acquire()
            self._waiting.setdefault(WRITER.get(), deque()).append(turn)
        turn.acquire()  # released by the holder that hands the gate over to us
        return self

    def __exit__(
        self,
        _kind: type[BaseException] | None,
        _exc: BaseException | None,
        _tb: TracebackType | None,
    ) -> None:
        with self._mutex:
            if not self._waiting:
                self._held = False
                return
            writer, queue = next(iter(self._waiting.items()))
            turn = queue.popleft()
            del self._waiting[writer]
            if queue:  # its next write waits for every other writer's turn
                self._waiting[writer] = queue
            turn.release()  # the gate stays held: it is theirs now
