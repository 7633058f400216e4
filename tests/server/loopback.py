"""A real uvicorn server on 127.0.0.1 in a thread, with the connection limits
`grognard serve` sets, for the tests of what only a real socket shows (timeouts,
over-long request lines, websocket handshakes)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from fastapi import FastAPI

from grognard.server.protocol import uvicorn_options


@contextmanager
def serving(app: FastAPI, **overrides: Any) -> Iterator[int]:
    """Serve `app` on a free loopback port (yielded) until the block ends."""
    options: dict[str, Any] = {**uvicorn_options(), **overrides}
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on", **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(500):  # up to 10 s for the server to listen
            if server.started:
                break
            time.sleep(0.02)
        assert server.started, "the loopback server did not start"
        yield int(server.servers[0].sockets[0].getsockname()[1])
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def raw_exchange(port: int, data: bytes, wait: float = 15.0) -> bytes:
    """Send `data` on a fresh connection and read until the server closes it (or
    `wait` seconds pass: then what was read so far, with b"<open>" appended)."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        if data:
            sock.sendall(data)
        received = b""
        try:
            while chunk := sock.recv(65536):
                received += chunk
        except TimeoutError:
            return received + b"<open>"
        return received
