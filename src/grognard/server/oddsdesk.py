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
  caller spends more than the rate's share of a core, however costly its battles;
- where the server runs them in worker processes (`processes`, as `grognard serve`
  does: cpuwork.py), a calculation holds no lock of the server's and is stopped past
  `budget` seconds (503 with the reason).
"""

from __future__ import annotations

import queue
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any

import msgspec
from fastapi import HTTPException

from grognard.core.odds import BadBattle

from .cpuwork import CpuTimeout, CpuWorker
from .ratelimit import RateLimiter, WorkGate

#: Seconds a calculation may take in a worker process before it is stopped.
ODDS_BUDGET = 10.0


def odds_of(ruleset_id: str, battle: Any) -> tuple[bool, Any]:
    """In a worker process: (True, the odds as JSON) of a battle of a ruleset of
    grognard's registry, or (False, the reason) for a bad battle."""
    from grognard.games import REGISTRY

    try:
        return True, REGISTRY.get(ruleset_id).odds(battle).to_json()
    except BadBattle as exc:
        return False, str(exc)


def battle_key(ruleset: str, version: int, battle: Any) -> str:
    """The cache key of a battle: its canonical JSON, with the ruleset's id and version."""
    return f"{ruleset}:{version}:" + msgspec.json.encode(battle, order="sorted").decode()


class OddsDesk:
    def __init__(
        self,
        limiter: RateLimiter,
        gate: WorkGate,
        per_address: int,
        cpu_per_token: float,
        entries: int,
        processes: bool = False,
        budget: float = ODDS_BUDGET,
    ) -> None:
        self.limiter = limiter
        self.gate = gate
        self.per_address = per_address
        self.cpu_per_token = cpu_per_token
        self.entries = entries
        self.budget = budget
        self._answers: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._in_flight: Counter[str] = Counter()
        self._lock = threading.Lock()
        #: one worker process per slot of the gate (started on first use)
        self._workers: queue.SimpleQueue[CpuWorker] | None = None
        self._all: list[CpuWorker] = []
        if processes:
            self._workers = queue.SimpleQueue()
            self._all = [CpuWorker() for _ in range(gate.slots)]
            for worker in self._all:
                self._workers.put(worker)

    def close(self) -> None:
        """Stop the worker processes (a calculation under way is killed)."""
        for worker in self._all:
            worker.stop()

    def _elsewhere(self, callers: list[str], ruleset_id: str, battle: Any) -> dict[str, Any]:
        """The odds from a worker process, within the budget; its CPU time (the
        worker's start apart; not the wall-clock time, which other work on a loaded
        machine stretches) is charged to `callers`."""
        assert self._workers is not None
        worker = self._workers.get()  # the gate leaves one free
        try:
            ok, odds = worker.run(odds_of, (ruleset_id, battle), self.budget)
        except CpuTimeout:
            raise HTTPException(
                503,
                f"this battle takes more than {self.budget:g} s to compute: try a smaller one",
                headers={"Retry-After": "10"},
            ) from None
        finally:
            self._charge(callers, worker.last_cpu)
            self._workers.put(worker)
        if not ok:
            raise BadBattle(odds)
        result: dict[str, Any] = odds
        return result

    def answer(
        self,
        callers: list[str],
        address: str,
        key: str,
        compute: Callable[[], dict[str, Any]],
        remote: tuple[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The odds under `key`, remembered or computed now (call in a worker
        thread): in a worker process when the desk has them and `remote` (the
        ruleset's id in grognard's registry, the battle) is given, else by
        `compute` in this thread. The time is charged to each of `callers`
        (rate-limit keys)."""
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
                if remote is not None and self._workers is not None:
                    odds = self._elsewhere(callers, *remote)
                else:
                    started = time.thread_time()
                    try:
                        odds = compute()
                    finally:
                        self._charge(callers, time.thread_time() - started)
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

    def _charge(self, callers: list[str], seconds: float) -> None:
        for caller in callers:
            self.limiter.charge(caller, seconds / self.cpu_per_token - 1.0)
