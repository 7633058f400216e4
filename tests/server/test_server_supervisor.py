"""The supervisor of `grognard serve --workers N` (issue 27, item 10): a worker
killed with -9 was replaced only after 55-60 s, the health-check timeout chosen for
slow start-ups. Now a dead worker is replaced at once, a starting one has the long
timeout, a serving one a short one."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from uvicorn.config import Config

from grognard.server import supervisor
from grognard.server.supervisor import READY_TIMEOUT, WorkerSupervisor


class FakeWorker:
    started: ClassVar[list[FakeWorker]] = []

    def __init__(self, _config: Any = None, _sockets: Any = None, alive: bool = True) -> None:
        self.alive = alive
        self.asked: list[float] = []
        self.answer: bool | None = True
        self.exitcode: int | None = None if alive else -9
        self.pid = id(self)
        self.process = self

    def is_alive(self) -> bool:
        return self.alive

    def _healthcheck(self, timeout: float) -> bool | None:
        self.asked.append(timeout)
        return self.answer

    def kill(self) -> None:
        self.alive = False

    def join(self) -> None:
        pass

    def start(self) -> None:
        FakeWorker.started.append(self)


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> WorkerSupervisor:
    monkeypatch.setattr(supervisor, "Process", FakeWorker)
    FakeWorker.started = []
    config = Config("grognard.server.run:app_from_environment", workers=2, timeout_worker_healthcheck=60)
    return WorkerSupervisor(config, sockets=[])


def test_a_dead_worker_is_replaced_before_anyone_is_asked(watched: WorkerSupervisor) -> None:
    serving, dead = FakeWorker(), FakeWorker(alive=False)
    watched.processes = [serving, dead]  # type: ignore[list-item]
    watched.keep_subprocess_alive()
    assert watched.processes[0] is serving and watched.processes[1] in FakeWorker.started
    assert dead.asked == []  # not pinged: a dead worker's pipe is not read until a timeout


def test_a_starting_worker_has_the_long_timeout_a_serving_one_the_short(watched: WorkerSupervisor) -> None:
    worker = FakeWorker()
    worker.answer = False  # alive, still starting
    watched.processes = [worker]  # type: ignore[list-item]
    watched.keep_subprocess_alive()
    worker.answer = True  # it serves now
    watched.keep_subprocess_alive()
    watched.keep_subprocess_alive()
    assert worker.asked == [60, 60, READY_TIMEOUT]
    worker.answer = None  # hung: no answer within the short timeout
    watched.keep_subprocess_alive()
    assert watched.processes[0] is not worker and not worker.alive
