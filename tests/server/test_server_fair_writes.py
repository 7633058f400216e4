"""The SQLite write gate serves clients in turn (issue 27: one client's burst of
writes, 15 guests making their first public games at once, held every other
player's move behind all of its commits)."""

from __future__ import annotations

import threading
import time

from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.concurrency import run_in_threadpool
from starlette.responses import PlainTextResponse

from grognard.server.clients import ClientBoundMiddleware
from grognard.server.db import make_engine, write_gate
from grognard.server.fairgate import WRITER, FairGate, as_writer


def _wait_until(condition: object, what: str) -> None:
    """Poll `condition()` (no timing asserted: only a bound on a wait that cannot fail)."""
    deadline = time.monotonic() + 30
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, what
        time.sleep(0.002)


def test_a_writer_waits_for_one_write_of_each_other_writer_not_a_whole_burst() -> None:
    gate = FairGate()
    served: list[str] = []

    def write(writer: str) -> None:
        def inside() -> None:
            with gate:
                served.append(writer)

        as_writer(writer, inside)

    threads: list[threading.Thread] = []

    def arrive(writer: str) -> None:
        before = sum(gate.waiting().values())
        thread = threading.Thread(target=write, args=(writer,))
        thread.start()
        threads.append(thread)
        _wait_until(lambda: sum(gate.waiting().values()) == before + 1, f"{writer} waits")

    with gate:  # a write under way: everyone after it waits
        for _ in range(4):
            arrive("10.0.0.66")  # a burst from one client
        arrive("10.0.0.2")  # a player's move, after the burst
        arrive("")  # the server's own work
        assert gate.waiting() == {"10.0.0.66": 4, "10.0.0.2": 1, "": 1}
    for thread in threads:
        thread.join(30)
    assert served == ["10.0.0.66", "10.0.0.2", "", "10.0.0.66", "10.0.0.66", "10.0.0.66"]
    assert gate.waiting() == {}
    with gate:  # free again, taken at once
        pass


def test_the_sqlite_write_gate_is_fair() -> None:
    assert isinstance(write_gate(make_engine("sqlite://")), FairGate)


def test_a_request_writes_as_its_client_address() -> None:
    """The middleware names the request's address as the writer, in the request's
    worker threads too, and only for the request."""
    app = FastAPI()
    seen: list[str] = []

    @app.get("/who")
    async def who() -> PlainTextResponse:
        seen.append(await run_in_threadpool(WRITER.get))
        return PlainTextResponse("ok")

    app.add_middleware(ClientBoundMiddleware, per_address=8)
    with TestClient(app, client=("10.1.2.3", 5000)) as client:
        assert client.get("/who").status_code == 200
    assert seen == ["10.1.2.3"]
    assert WRITER.get() == ""
