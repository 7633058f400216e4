"""The supervisor of `grognard serve --workers N` (issue 27, item 10).

uvicorn's own supervisor checks each worker with one health-check timeout, used
both for a worker that is starting (importing every ruleset and migrating takes
long on a busy machine: 5 s killed every new worker, forever) and for one that is
serving. With the long timeout that starting needs, a worker killed with -9 was
replaced only after 55-60 s. This one tells them apart:

- a worker whose process has exited is replaced at once, before any other is asked;
- a worker that has never said it serves gets `start_timeout` seconds to answer;
- a worker that serves must answer within `ready_timeout` (its answer comes from a
  thread of its own, so a busy worker still answers within milliseconds).
"""

from __future__ import annotations

import logging
from socket import socket

from uvicorn.config import STARTUP_FAILURE, Config
from uvicorn.supervisors.multiprocess import Multiprocess, Process

log = logging.getLogger("uvicorn.error")

#: Seconds a serving worker has to answer a health check.
READY_TIMEOUT = 5.0


class WorkerSupervisor(Multiprocess):
    def __init__(self, config: Config, sockets: list[socket], ready_timeout: float = READY_TIMEOUT) -> None:
        super().__init__(config, sockets)
        self.ready_timeout = ready_timeout
        self._serving: set[int] = set()  # ids of the Process objects that said they serve

    def keep_subprocess_alive(self) -> None:
        if self.should_exit.is_set():
            return
        for idx, process in enumerate(self.processes):  # the dead first, without asking anyone
            if not process.process.is_alive():
                self._replace(idx, process)
        for idx, process in enumerate(self.processes):
            if self.should_exit.is_set():
                return
            serving = id(process) in self._serving
            started = process._healthcheck(
                self.ready_timeout if serving else self.config.timeout_worker_healthcheck
            )
            if started is True:
                self._serving.add(id(process))
            if started is None:
                log.warning("Child process [%s] did not answer its health check: replacing it", process.pid)
                self._replace(idx, process)

    def _replace(self, idx: int, process: Process) -> None:
        self._serving.discard(id(process))
        process.kill()
        process.join()
        if process.exitcode == STARTUP_FAILURE:
            log.error("Child process [%s] failed to start, stopping the parent process.", process.pid)
            self.should_exit.set()
            return
        if self.should_exit.is_set():
            return
        log.info("Child process [%s] died", process.pid)
        replacement = Process(self.config, self.sockets)
        replacement.start()
        self.processes[idx] = replacement
