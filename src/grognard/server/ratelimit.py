"""Bounds on costly requests: token-bucket rate limits and a gate on concurrent work.

A sign-in costs one argon2 hash (64 MiB and tens of milliseconds, on purpose), a
replay step re-plays part of a game: without bounds, one client could take every
core and gigabytes of memory, or guess passwords as fast as the machine hashes.
The limits here answer 429 (too many requests from this address or for this
account) or 503 (the server is busy with others' hashing) with `Retry-After`.

The state is in memory, per process: several processes each allow the rate (the
bound per machine is the rate times the processes, still a bound).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from fastapi import HTTPException
from starlette.requests import HTTPConnection


@dataclass(frozen=True)
class Rate:
    """`burst` requests at once, then one more every `per` seconds."""

    burst: int
    per: float


class RateLimiter:
    """A token bucket per key (a client address, an account name), for at most
    `max_keys` keys: the least recently seen are forgotten first, so that a flood of
    distinct keys costs bounded memory (a forgotten key starts with a full bucket)."""

    def __init__(self, rate: Rate, what: str, max_keys: int = 65_536) -> None:
        self.rate = rate
        self.what = what
        self.max_keys = max_keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def wait_for(self, key: str, now: float | None = None) -> float:
        """Take one token for `key`: 0.0 when there was one, else the seconds until
        there will be (and nothing is taken)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, then = self._buckets.pop(key, (float(self.rate.burst), now))
            tokens = min(float(self.rate.burst), tokens + (now - then) / self.rate.per)
            wait = 0.0
            if tokens >= 1.0:
                tokens -= 1.0
            else:
                wait = (1.0 - tokens) * self.rate.per
            self._buckets[key] = (tokens, now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
            return wait

    def charge(self, key: str, tokens: float, now: float | None = None) -> None:
        """Take `tokens` more from `key`'s bucket for work found costly after the
        fact (it may go into debt, down to minus ten bursts: the next requests wait
        until it is paid back)."""
        if tokens <= 0:
            return
        now = time.monotonic() if now is None else now
        with self._lock:
            held, then = self._buckets.pop(key, (float(self.rate.burst), now))
            held = min(float(self.rate.burst), held + (now - then) / self.rate.per)
            self._buckets[key] = (max(held - tokens, -10.0 * self.rate.burst), now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)

    def check(self, key: str) -> None:
        """HTTPException 429 with Retry-After when `key` has no token left."""
        wait = self.wait_for(key)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise HTTPException(
                429,
                f"too many {self.what}: try again in {seconds} s",
                headers={"Retry-After": str(seconds)},
            )


class WorkGate:
    """At most `slots` pieces of costly work at once; a caller who finds every slot
    taken for `patience` seconds is answered 503 with Retry-After instead of
    queueing (a queue of argon2 hashes would be a queue of 64 MiB blocks)."""

    def __init__(self, slots: int, what: str, patience: float = 2.0) -> None:
        self.slots = slots
        self.what = what
        self.patience = patience
        self._semaphore = threading.BoundedSemaphore(slots)

    @contextmanager
    def slot(self) -> Iterator[None]:
        if not self._semaphore.acquire(timeout=self.patience):
            raise HTTPException(
                503,
                f"the server is busy with other {self.what}: try again in a second",
                headers={"Retry-After": "1"},
            )
        try:
            yield
        finally:
            self._semaphore.release()

    def try_take(self) -> bool:
        """Take a slot without waiting (for tests and diagnostics); `give_back` returns it."""
        return self._semaphore.acquire(blocking=False)

    def give_back(self) -> None:
        self._semaphore.release()


def client_address(conn: HTTPConnection) -> str:
    """The caller's address as the server sees it. Behind a reverse proxy this is the
    proxy's unless uvicorn trusts its X-Forwarded-For (`forwarded_allow_ips`; see
    docs/server.md): then every client would share one bucket."""
    return conn.client.host if conn.client is not None else "unknown"
