"""Websocket connections by game, and pushing messages to them from any thread.

Game changes are made in worker threads, under the game's lock; each connection has
an outgoing queue on its own event loop, filled with `loop.call_soon_threadsafe`, so
messages reach a client in the order the changes were committed and a slow client
never holds up the game (past `max_pending` waiting messages it is dropped).
Changes made by other processes of the same server reach these sockets too
(notify.py, peers.py).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

#: Put in a connection's queue to make its sender close the socket.
CLOSE = None
#: "Try again later": the client fell `max_pending` messages behind.
CLOSE_TOO_SLOW = 1013
#: The session the socket was opened with ended (logout, or a new sign-in).
CLOSE_SIGNED_OUT = 4401
#: Characters a socket may have waiting (about 4 MB of JSON, mostly ASCII).
MAX_PENDING_CHARS = 4 * 1024 * 1024


@dataclass(eq=False)
class Connection:
    game_id: str
    #: The seat (role) this socket follows; None = observer.
    role: str | None
    user_id: int | None
    loop: asyncio.AbstractEventLoop
    max_pending: int
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    dropped: bool = False
    #: how many lines of its seat's log this socket has been sent (changed only
    #: under the game's lock, so in the order the messages go out)
    log_sent: int = 0
    #: the SHA-256 of the session token it was opened with (closed at logout)
    session: str | None = None
    #: the close code its sender sends when it finds CLOSE in the queue
    close_code: int = 1001
    #: called on the loop when the connection is dropped for falling behind (its
    #: sender may be stuck writing to a client that does not read)
    on_drop: Callable[[], None] | None = None
    #: characters waiting in the queue may not pass this either (a late Viktory II
    #: view is tens of KB: `max_pending` of them alone would be megabytes)
    max_pending_chars: int = MAX_PENDING_CHARS
    pending_chars: int = 0
    #: the game version of the last view this socket was sent (changed under the
    #: game's lock too): a change heard from another process skips the sockets
    #: this process already brought that far
    version_sent: int = -1

    def push(self, text: str | None) -> bool:
        """Queue a message from any thread; False once the connection is gone."""
        if self.dropped:
            return False
        try:
            self.loop.call_soon_threadsafe(self._put, text)
        except RuntimeError:  # the loop is closed
            self.dropped = True
            return False
        return True

    def _put(self, text: str | None) -> None:
        """On the connection's loop: queue `text`, or drop the connection when
        `max_pending` messages wait already (every message goes through here,
        the answers to the client's own pings too)."""
        if self.dropped:
            return
        if text is not CLOSE and (
            self.queue.qsize() >= self.max_pending or self.pending_chars + len(text) > self.max_pending_chars
        ):
            self.dropped = True
            self.close_code = CLOSE_TOO_SLOW
            text = CLOSE
            if self.on_drop is not None:
                self.on_drop()
        if text is not CLOSE:
            self.pending_chars += len(text)
        self.queue.put_nowait(text)

    async def next_message(self) -> str | None:
        """The next message to send (CLOSE: close the socket), off the queue."""
        text = await self.queue.get()
        if text is not CLOSE:
            self.pending_chars -= len(text)
        return text

    def offer(self, text: str) -> None:
        """Queue a message from the connection's own loop, under the same cap."""
        self._put(text)

    def end(self, code: int) -> None:
        """Close this socket with `code` (from any thread)."""
        self.close_code = code
        self.push(CLOSE)


class Hub:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: dict[str, set[Connection]] = {}

    def add(self, connection: Connection) -> None:
        with self._lock:
            self._games.setdefault(connection.game_id, set()).add(connection)

    def remove(self, connection: Connection) -> None:
        with self._lock:
            connections = self._games.get(connection.game_id)
            if connections is not None:
                connections.discard(connection)
                if not connections:
                    del self._games[connection.game_id]

    def connections(self, game_id: str) -> list[Connection]:
        with self._lock:
            return [c for c in self._games.get(game_id, ()) if not c.dropped]

    def close_where(self, ended: Callable[[Connection], bool], code: int = CLOSE_SIGNED_OUT) -> None:
        """Close every socket `ended` picks (the sockets of a session that ended)."""
        with self._lock:
            picked = [c for group in self._games.values() for c in group if ended(c)]
        for connection in picked:
            connection.end(code)

    def game_ids(self) -> list[str]:
        """The games that have sockets here."""
        with self._lock:
            return list(self._games)

    def close_all(self) -> None:
        with self._lock:
            everyone = [c for group in self._games.values() for c in group]
        for connection in everyone:
            connection.push(CLOSE)
