"""Worker processes for CPU-heavy work the server must be able to stop (issue 27).

A search move or a costly battle's odds is pure Python for seconds: in a thread of
the server it holds the interpreter's lock against every request meanwhile (one
odds call of 3 s took other players' moves from 44 to 358 ms at the median), and a
thread cannot be stopped. A `CpuWorker` runs such work in a process of its own, at
a lower CPU priority (`NICENESS`: the kernel runs the server's requests first), one
call at a time. The server lowers the process as soon as it exists: a spawned
process imports the module of its target, and with it the whole server package
(about a second of CPU), before its first line runs. A call that outlasts its
budget is stopped by killing the process (`CpuTimeout`), and the next call starts a
fresh one.

The function and its arguments are pickled: a function at a module's top level.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import time
from collections.abc import Callable
from multiprocessing.process import BaseProcess
from typing import Any

#: How much lower the workers' CPU priority is than the server's.
NICENESS = 10


def _niceness() -> int | None:
    try:
        return os.getpriority(os.PRIO_PROCESS, 0)
    except (OSError, AttributeError):  # not on every system
        return None


def _lower(pid: int, niceness: int) -> None:
    """Set process `pid`'s niceness (where the system has priorities)."""
    with contextlib.suppress(OSError, AttributeError):
        os.setpriority(os.PRIO_PROCESS, pid, niceness)


def _serve(connection: multiprocessing.connection.Connection, niceness: int) -> None:
    """A worker process: at `niceness` (the server lowered it as soon as it existed;
    this is for a system where that failed), imports the agents and the rulesets,
    then runs one call per message. Its first message says the niceness its own code
    started with."""
    started_at = _niceness()
    _lower(0, niceness)
    import grognard.agents  # noqa: F401  before the first call's budget starts
    from grognard.games import REGISTRY

    for ruleset_id in REGISTRY.ids():  # the registry imports a game on first use only
        REGISTRY.get(ruleset_id)
    connection.send(("ready", started_at))
    while True:
        try:
            function, args = connection.recv()
        except EOFError:
            return
        started = time.process_time()  # the call's own CPU: the load of others not counted
        try:
            result = function(*args)
        except Exception as exc:  # the caller reports it
            connection.send((False, repr(exc), time.process_time() - started))
        else:
            connection.send((True, result, time.process_time() - started))


class CpuTimeout(Exception):
    """The call outlasted its budget; its process was killed."""


class CpuWorker:
    """One process that runs calls one at a time, killed and replaced when a call
    outlasts its budget. Used from one thread at a time."""

    def __init__(self) -> None:
        self._process: BaseProcess | None = None
        self._connection: multiprocessing.connection.Connection | None = None
        #: CPU seconds the last call used in the process (its start apart); for a
        #: call stopped past its budget, the seconds it was given
        self.last_cpu = 0.0
        #: the niceness the process had when its own code began (after it imported the
        #: server's modules): the server's + NICENESS, or None where there is none
        self.started_niceness: int | None = None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def _start(self) -> multiprocessing.connection.Connection:
        if self._connection is not None and self._process is not None and self._process.is_alive():
            return self._connection
        self.stop()
        # spawn, not fork: the server runs threads and an event loop
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        niceness = min(19, (_niceness() or 0) + NICENESS)  # 19: the lowest
        process = context.Process(target=_serve, args=(theirs, niceness), daemon=True)
        process.start()
        if process.pid is not None:
            _lower(process.pid, niceness)  # before its imports, not after them
        theirs.close()
        ready = ours.recv()  # imports done: not part of any call's budget
        if not (isinstance(ready, tuple) and ready[0] == "ready"):
            raise RuntimeError("a worker process did not start")
        self.started_niceness = ready[1]
        self._process, self._connection = process, ours
        return ours

    def run(self, function: Callable[..., Any], args: tuple[Any, ...], budget: float) -> Any:
        """`function(*args)` in the process within `budget` seconds, else CpuTimeout
        (the process is killed); RuntimeError when it raised."""
        connection = self._start()
        started = time.monotonic()
        connection.send((function, args))
        if not connection.poll(budget):
            self.last_cpu = time.monotonic() - started
            self.stop()
            raise CpuTimeout(f"it took more than {budget:g} s")
        ok, result, self.last_cpu = connection.recv()
        if not ok:
            raise RuntimeError(f"it failed: {result}")
        return result

    def stop(self) -> None:
        process, self._process = self._process, None
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()
        if process is not None and process.is_alive():
            process.kill()
            process.join(5)
