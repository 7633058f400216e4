"""Saved games replayed in a worker process (issue 27, item 4).

A new game from a saved game plays every move of it again, each checked as if its
player had sent it: pure Python for a while (600 Viktory II moves, about 60 ms; an
HGW save of 2 356 moves, 2.6 s). In a thread of the server that work holds the
interpreter's lock, and every other request's thread, the event loop included, waits
up to a switch interval (5 ms) each time it gives the lock up for its own input or
output: 4 clients posting a 600-move save took the other players' move p99 from 32
to 138 ms. `ReplayDesk` plays the moves in a worker process instead (cpuwork.py:
lowered priority, killed past a wall-clock backstop); the server only decodes the
resulting snapshot (a few milliseconds), and charges the caller the CPU the worker
spent (guards.Limits.saved_games_per_caller).

A ruleset that is not grognard's own (a test's registry) is replayed in the thread,
as is everything where the server runs no worker processes (`processes=False`).
"""

from __future__ import annotations

import queue
from typing import Any

import msgspec
from fastapi import HTTPException

from grognard.core.game import Ruleset, State

from .cpuwork import CpuTimeout, CpuWorker
from .newgames import new_state
from .refusals import Invalid, TooCostly

#: Wall-clock seconds a replay may take in a worker process before it is stopped: its
#: CPU is bounded by the saved game's CPU budget already (413, counted in the worker);
#: this is a backstop for a worker that the load of the machine starves (it runs at a
#: lower priority than the server), far above what the longest real saves take.
REPLAY_WALL_SECONDS = 60.0


def replayed(
    ruleset_id: str,
    scenario: str,
    options: dict[str, Any],
    seed: int | None,
    moves: list[list[Any]],
    rng_version: int,
    cpu_budget: float | None,
) -> tuple[str, Any]:
    """In a worker process: ("ok", the state's snapshot as JSON bytes) after `moves`,
    or ("invalid" | "costly", the reason) for a move that cannot be played or a
    replay past its CPU budget (newgames.new_state says which)."""
    from grognard.games import REGISTRY

    try:
        ruleset = REGISTRY.get(ruleset_id)
        state = new_state(ruleset, scenario, options, seed, moves, rng_version, cpu_budget)
    except Invalid as exc:
        return "invalid", exc.reason
    except TooCostly as exc:
        return "costly", exc.reason
    return "ok", state.encode_json()


def is_grognards(ruleset: Ruleset) -> bool:
    """Whether `ruleset` is the one of that id in grognard's registry (what a worker
    process knows)."""
    from grognard.games import REGISTRY

    return ruleset.id in REGISTRY.ids() and REGISTRY.get(ruleset.id) is ruleset


class ReplayDesk:
    """Worker processes for saved games' moves, `slots` of them (the server's gate on
    saved games replayed at once lets no more in), each started on first use."""

    def __init__(self, slots: int, processes: bool, wall_seconds: float = REPLAY_WALL_SECONDS) -> None:
        self.wall_seconds = wall_seconds
        self._all = [CpuWorker() for _ in range(slots)] if processes else []
        self._workers: queue.SimpleQueue[CpuWorker] = queue.SimpleQueue()
        for worker in self._all:
            self._workers.put(worker)
        #: saved games replayed in a worker process (for tests and diagnostics)
        self.replayed = 0

    @property
    def processes(self) -> bool:
        return bool(self._all)

    def close(self) -> None:
        """Stop the worker processes (a replay under way is killed)."""
        for worker in self._all:
            worker.stop()

    def replayer(self) -> Replay:
        """A replay for one new game (call it as newgames.new_state; its `cpu` is the
        CPU it spent in a worker process)."""
        return Replay(self)

    def _run(self, args: tuple[Any, ...]) -> tuple[tuple[str, Any], float]:
        worker = self._workers.get()  # the server's gate leaves one free
        try:
            answer: tuple[str, Any] = worker.run(replayed, args, self.wall_seconds)
            self.replayed += 1
            return answer, worker.last_cpu
        except CpuTimeout:
            raise HTTPException(
                503,
                f"the server is too busy to replay this saved game within {self.wall_seconds:g} s: "
                "try again later",
                headers={"Retry-After": "30"},
            ) from None
        finally:
            self._workers.put(worker)


class Replay:
    """newgames.new_state, in a worker process of `desk` when it has them and the
    ruleset is grognard's own, else in this thread. `cpu`: the seconds of CPU the
    worker spent (0 in the thread: the caller counts its own thread's time)."""

    def __init__(self, desk: ReplayDesk) -> None:
        self.desk = desk
        self.cpu = 0.0

    def __call__(
        self,
        ruleset: Ruleset,
        scenario: str,
        options: dict[str, Any],
        seed: int | None,
        moves: list[list[Any]],
        rng_version: int,
        cpu_budget: float | None = None,
    ) -> State:
        if not moves or not self.desk.processes or not is_grognards(ruleset):
            return new_state(ruleset, scenario, options, seed, moves, rng_version, cpu_budget)
        args = (ruleset.id, scenario, options, seed, moves, rng_version, cpu_budget)
        (kind, found), self.cpu = self.desk._run(args)
        if kind == "invalid":
            raise Invalid(found)
        if kind == "costly":
            raise TooCostly(found)
        return ruleset.state_class.from_json(ruleset, msgspec.json.decode(found))
