"""Who a session token belongs to, remembered for a few seconds.

Every request asks who its caller is, and a player's requests come seconds apart: a
database query each time was a tenth of the server's CPU under load. An entry lives
`ttl` seconds at most, never past its session's end, and this process drops it the
moment the session ends here (logout, login, register). Another process serving the
same database may honour a session ended elsewhere for up to `ttl` seconds: the price
of not asking the database, kept short.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Generic, TypeVar

A = TypeVar("A")


@dataclass(frozen=True)
class _Entry(Generic[A]):
    account: A
    user_id: int
    until: float  # time.monotonic()


class SessionCache(Generic[A]):
    def __init__(self, ttl: float, size: int = 4096) -> None:
        self.ttl = ttl
        self.size = size
        self._entries: OrderedDict[str, _Entry[A]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, token_hash: str) -> A | None:
        """The account of a session seen lately and still valid, else None (ask the database)."""
        with self._lock:
            entry = self._entries.get(token_hash)
            if entry is None:
                return None
            if entry.until <= time.monotonic():
                del self._entries[token_hash]
                return None
            return entry.account

    def put(self, token_hash: str, account: A, user_id: int, session_left: float) -> None:
        """Remember a session the database vouched for; `session_left` is how many
        seconds it has before it expires."""
        if self.ttl <= 0:
            return
        until = time.monotonic() + min(self.ttl, session_left)
        with self._lock:
            self._entries[token_hash] = _Entry(account, user_id, until)
            self._entries.move_to_end(token_hash)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def drop(self, token_hash: str) -> None:
        with self._lock:
            self._entries.pop(token_hash, None)

    def drop_user(self, user_id: int) -> None:
        """Forget every session of a user (their account changed, or they were signed out)."""
        with self._lock:
            for key in [k for k, e in self._entries.items() if e.user_id == user_id]:
                del self._entries[key]
