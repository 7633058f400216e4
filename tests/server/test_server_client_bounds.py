"""What one client may hold open (issue 27, item 1): connections per address at the
socket, websockets per address and per session, observers per game, requests in
flight per address; and request heads over 16 KiB however they arrive (item 8).
Each refusal has its code and its reason."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from loopback import serving
from serverkit import AppFactory, Player, create
from starlette.types import Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from grognard.core.registry import Registry
from grognard.server.clients import CLOSE_GAME_FULL, CLOSE_TOO_MANY, ClientBoundMiddleware
from grognard.server.guards import Limits
from grognard.server.protocol import MAX_REQUEST_HEAD, guarded_h11

HEALTH = b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n"


def _from(address: str, port: int) -> socket.socket:
    """A connection to the loopback server from `address` (any 127.x.y.z is loopback)."""
    sock = socket.socket()
    sock.settimeout(10)
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def _read_all(sock: socket.socket) -> bytes:
    received = b""
    with contextlib.suppress(TimeoutError, ConnectionResetError):
        while chunk := sock.recv(65536):
            received += chunk
    return received


def _answer(sock: socket.socket, request: bytes) -> bytes:
    sock.sendall(request)
    received = b""
    while b"\r\n\r\n" not in received or not received.endswith(b"}"):
        chunk = sock.recv(65536)
        if not chunk:
            break
        received += chunk
    return received


@pytest.fixture
def port(make_app: AppFactory, tiny_registry: Registry) -> Iterator[int]:
    with serving(make_app(registry=tiny_registry), http=guarded_h11(10.0, max_per_address=3)) as bound:
        yield bound


def test_one_address_holds_at_most_its_connections(port: int) -> None:
    """Idle connections from one address (the slowloris of the review) take only
    that address's share: the next one is answered 503 with the reason, while another
    address is served."""
    held = [_from("127.0.0.2", port) for _ in range(3)]
    try:
        time.sleep(0.2)  # the server has counted them
        extra = _from("127.0.0.2", port)
        answer = _read_all(extra)
        extra.close()
        assert answer.startswith(b"HTTP/1.1 503 ") and b"too many connections from this address" in answer
        other = _from("127.0.0.3", port)
        assert _answer(other, HEALTH).startswith(b"HTTP/1.1 200 ")
        other.close()
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.2)  # closed connections give their places back
    again = _from("127.0.0.2", port)
    assert _answer(again, HEALTH).startswith(b"HTTP/1.1 200 ")
    again.close()


def test_a_trusted_proxy_is_not_bounded_by_connections(port: int) -> None:
    """127.0.0.1 is a proxy uvicorn trusts by default: every client comes through it,
    so its connections are not counted (the app bounds its forwarded clients)."""
    held = [_from("127.0.0.1", port) for _ in range(4)]
    try:
        assert _answer(held[-1], HEALTH).startswith(b"HTTP/1.1 200 ")
    finally:
        for sock in held:
            sock.close()


def test_a_long_head_sent_in_pieces_is_400(port: int) -> None:
    """65 KB of head in 4 KiB pieces was dropped without an answer: now a 400 the
    client reads, the rest of what it sends read and dropped."""
    sock = _from("127.0.0.4", port)
    head = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 65_000
    with contextlib.suppress(OSError):  # the server may have closed before the last pieces
        for start in range(0, len(head), 4096):
            sock.sendall(head[start : start + 4096])
            time.sleep(0.002)
    answer = _read_all(sock)
    sock.close()
    assert answer.startswith(b"HTTP/1.1 400 ") and b"over 16 KiB" in answer


def test_a_whole_head_over_16_kib_is_400_and_one_under_it_is_served(port: int) -> None:
    """A whole head over the limit was accepted (17-65 KB) when it came in one piece."""
    sock = _from("127.0.0.5", port)
    big = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (MAX_REQUEST_HEAD + 100) + b"\r\n\r\n"
    sock.sendall(big)
    answer = _read_all(sock)
    sock.close()
    assert answer.startswith(b"HTTP/1.1 400 ")
    fits = _from("127.0.0.5", port)
    small = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (MAX_REQUEST_HEAD - 200) + b"\r\n\r\n"
    assert _answer(fits, small).startswith(b"HTTP/1.1 200 ")
    fits.close()


def _refusal(player: Player, game_id: str, seat: str | None = None) -> WebSocketDisconnect:
    with pytest.raises(WebSocketDisconnect) as closed, player.websocket(game_id, seat) as opened:
        opened.receive_json()
        opened.receive_json()
    return closed.value


def _tiny(make_app: AppFactory, tiny_registry: Registry, **limits: Any) -> TestClient:
    return TestClient(make_app(registry=tiny_registry, limits=Limits(**limits)))


def test_websockets_per_address_are_bounded(make_app: AppFactory, tiny_registry: Registry) -> None:
    with _tiny(make_app, tiny_registry, websockets_per_address=2) as client:
        host = Player(client).guest()
        game = create(host, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})
        with host.websocket(game["id"]) as one, host.websocket(game["id"], "north") as two:
            assert one.receive_json()["type"] == two.receive_json()["type"] == "state"
            refused = _refusal(Player(client), game["id"])  # another session, the same address
            assert refused.code == CLOSE_TOO_MANY and "from this address" in refused.reason
        with host.websocket(game["id"]) as again:  # closed sockets give their places back
            assert again.receive_json()["type"] == "state"


def test_websockets_per_session_are_bounded(make_app: AppFactory, tiny_registry: Registry) -> None:
    with _tiny(make_app, tiny_registry, websockets_per_session=1) as client:
        host = Player(client).guest()
        game = create(host, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})
        with host.websocket(game["id"], "north") as one:
            assert one.receive_json()["type"] == "state"
            refused = _refusal(host, game["id"], "east")
            assert refused.code == CLOSE_TOO_MANY and "for this session" in refused.reason
            with Player(client).websocket(game["id"]) as anonymous:  # no session: the address bound alone
                assert anonymous.receive_json()["type"] == "state"


def test_observers_of_one_game_are_bounded(make_app: AppFactory, tiny_registry: Registry) -> None:
    with _tiny(make_app, tiny_registry, observers_per_game=1) as client:
        host = Player(client).guest()
        game = create(host, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})
        other = create(host, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})
        with Player(client).websocket(game["id"]) as watcher:
            assert watcher.receive_json()["type"] == "state"
            refused = _refusal(Player(client), game["id"])
            assert refused.code == CLOSE_GAME_FULL and "observers already" in refused.reason
            with (
                host.websocket(game["id"], "north") as player,
                Player(client).websocket(other["id"]) as elsewhere,
            ):
                assert player.receive_json()["type"] == elsewhere.receive_json()["type"] == "state"


def test_requests_in_flight_per_address_are_bounded() -> None:
    """Behind a trusted proxy every client's connections come from the proxy: the
    forwarded address (the scope's client) has its own bound on requests at once."""
    release = asyncio.Event()

    async def slow(scope: Scope, receive: Receive, send: Send) -> None:
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    bound = ClientBoundMiddleware(slow, per_address=2)

    async def call(address: str) -> list[Message]:
        sent: list[Message] = []

        async def send(message: Message) -> None:
            sent.append(message)

        async def receive() -> Message:
            return {"type": "http.request", "body": b""}

        scope = {
            "type": "http",
            "client": (address, 1),
            "path": "/",
            "method": "GET",
            "headers": [],
        }
        await bound(scope, receive, send)
        return sent

    async def scene() -> None:
        waiting = [asyncio.create_task(call("10.9.9.9")) for _ in range(2)]
        await asyncio.sleep(0)
        third = await call("10.9.9.9")
        assert third[0]["status"] == 429
        assert "too many requests at once" in json.loads(third[1]["body"])["detail"]
        other = asyncio.create_task(call("10.9.9.8"))
        await asyncio.sleep(0)
        release.set()
        assert [m[0]["status"] for m in await asyncio.gather(*waiting, other)] == [200, 200, 200]
        assert (await call("10.9.9.9"))[0]["status"] == 200  # the places came back

    asyncio.run(scene())


def test_requests_running_per_address_are_bounded_the_rest_wait_their_turn() -> None:
    """15 requests of one client running at once (a lobby flood) left another player's
    move a sixteenth of the interpreter: a few of one address run at once, the rest
    wait in order, not refused, while another address's request runs at once."""
    releases: dict[str, asyncio.Event] = {}
    order: list[str] = []

    async def slow(scope: Scope, receive: Receive, send: Send) -> None:
        name = scope["path"]
        order.append(name)
        await releases.setdefault(name, asyncio.Event()).wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    bound = ClientBoundMiddleware(slow, per_address=8, running_per_address=2)

    async def call(address: str, name: str) -> int:
        sent: list[Message] = []

        async def send(message: Message) -> None:
            sent.append(message)

        async def receive() -> Message:
            return {"type": "http.request", "body": b""}

        scope = {"type": "http", "client": (address, 1), "path": name, "method": "GET", "headers": []}
        await bound(scope, receive, send)
        status: int = sent[0]["status"]
        return status

    async def settle() -> None:
        for _ in range(5):
            await asyncio.sleep(0)

    async def scene() -> None:
        flood = [asyncio.create_task(call("10.9.9.9", f"/a{i}")) for i in range(5)]
        await settle()
        assert order == ["/a0", "/a1"] and bound.running["10.9.9.9"] == 2
        assert bound.in_flight["10.9.9.9"] == 5  # the others wait, not refused
        other = asyncio.create_task(call("10.9.9.8", "/b"))
        await settle()
        assert order[-1] == "/b"  # another client runs at once
        releases["/b"].set()
        assert await other == 200
        for i in range(5):
            releases.setdefault(f"/a{i}", asyncio.Event()).set()
            await settle()
        assert await asyncio.gather(*flood) == [200] * 5
        assert order == ["/a0", "/a1", "/b", "/a2", "/a3", "/a4"]  # in the order they came
        assert not bound.running and not bound.in_flight

    asyncio.run(scene())
