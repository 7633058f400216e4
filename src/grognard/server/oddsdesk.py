"""Bounds on the cost of battle odds (issue 27, item 3).

A Victory 20-against-20 battle costs 0.8-3.5 s of CPU a call, so a rate limit
counting calls never triggered (each call outlasted the refill), and 48 calls at
once took another player's page from 2 ms to 2 s. `OddsDesk` bounds the cost:

- the same battle is computed once: answers are remembered (LRU), keyed by the
  ruleset, its version and the battle's canonical JSON;
- at most `per_address` calculations of one address at once (429), and `gate`
  (a few in all) for everyone (503 after a short wait);
- each call is charged its CPU time against the caller's odds rate (one token per
  `cpu_per_token` seconds): a caller whose battles are costly waits longer, and no
  caller spends more than the rate's share of a core, however costly its battles.
"""

from __future__ import annotations

import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any

import msgspec
from fastapi import HTTPException

from .ratelimit import RateLimiter, WorkGate


def battle_key(ruleset: str, version: int, battle: Any) -> str:
    """The cache key of a battle: its canonical JSON, with the ruleset's id and version."""
    return f"{ruleset}:{version}:" + msgspec.json.encode(battle, order="sorted").decode()


class OddsDesk:
    def __init__(
        self, limiter: RateLimiter, gate: WorkGate, per_address: int, cpu_per_token: float, entries: int
    ) -> None:
        self.limiter = limiter
        self.gate = gate
        self.per_address = per_address
        self.cpu_per_token = cpu_per_token
        self.entries = entries
        self._answers: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._in_flight: Counter[str] = Counter()
        self._lock = threading.Lock()

    def answer(
        self, callers: list[str], address: str, key: str, compute: Callable[[], dict[str, Any]]
    ) -> dict[str, Any]:
        """The odds under `key`, remembered or computed now (in a worker thread); the
        CPU time is charged to each of `callers` (rate-limit keys)."""
        with self._lock:
            known = self._answers.get(key)
            if known is not None:
                self._answers.move_to_end(key)
                return known
            if self._in_flight[address] >= self.per_address:
                raise HTTPException(
                    429,
                    f"{self.per_address} odds calculations from this address are under way: "
                    "wait for their answers",
                    headers={"Retry-After": "1"},
                )
            self._in_flight[address] += 1
        try:
            with self.gate.slot():
                started = time.thread_time()
                odds = compute()
                spent = time.thread_time() - started
            for caller in callers:
                self.limiter.charge(caller, spent / self.cpu_per_token - 1.0)
            with self._lock:
                self._answers[key] = odds
                while len(self._answers) > self.entries:
                    self._answers.popitem(last=False)
            return odds
        finally:
            with self._lock:
                self._in_flight[address] -= 1
                if self._in_flight[address] <= 0:
                    del self._in_flight[address]
