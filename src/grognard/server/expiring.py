"""`ExpiringCache`: a small map, safe across threads, whose entries expire.

The server remembers a few things that are read on every request and change
rarely (who a session token belongs to, who sits in a game), each for a bounded
time: the bound is how stale an answer may be if a change made by another process
of the same server went unheard; this process drops an entry the moment it, or
another process (notify.py), changes it.

A reader that looked a value up in the database while it was being dropped must not
put the old value back: it passes the `generation` it saw before reading, and the
put is ignored when anything was dropped since.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ExpiringCache(Generic[K, V]):
    """Up to `size` entries, each kept `ttl` seconds at most; the least recently
    used goes first when it is full. A `ttl` of 0 keeps nothing."""

    def __init__(self, ttl: float, size: int) -> None:
        self.ttl = ttl
        self.size = size
        self._entries: OrderedDict[K, tuple[float, V]] = OrderedDict()
        self._lock = threading.Lock()
        self._generation = 0

    @property
    def generation(self) -> int:
        """Changes each time something is dropped (read it before a database read)."""
        return self._generation

    def get(self, key: K) -> V | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            if entry[0] <= time.monotonic():
                del self._entries[key]
                return None
            self._entries.move_to_end(key)
            return entry[1]

    def put(self, key: K, value: V, at_most: float | None = None, *, since: int | None = None) -> None:
        """Remember `value` for `ttl` seconds, or `at_most` when that is shorter;
        with `since`, only if nothing was dropped after that generation."""
        keep = self.ttl if at_most is None else min(self.ttl, at_most)
        if keep <= 0:
            return
        with self._lock:
            if since is not None and since != self._generation:
                return
            self._entries[key] = (time.monotonic() + keep, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def drop(self, key: K) -> None:
        with self._lock:
            self._generation += 1
            self._entries.pop(key, None)

    def drop_where(self, stale: Callable[[V], bool]) -> None:
        """Forget every entry whose value `stale` says has changed."""
        with self._lock:
            self._generation += 1
            for key in [k for k, (_, value) in self._entries.items() if stale(value)]:
                del self._entries[key]
