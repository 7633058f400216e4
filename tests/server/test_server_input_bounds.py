"""Every input has a bounded cost and a 4xx with a reason (issue 8, section 2): JSON
depth on every JSON input, NUL and control characters at the edge (the same answer
on SQLite and PostgreSQL: these tests run on both when PostgreSQL is configured),
and websocket messages that cannot be answered normally."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import Player, create
from starlette.websockets import WebSocketDisconnect

from grognard.server.api_ws import _receive, answer_to
from grognard.server.hub import CLOSE, CLOSE_TOO_SLOW, Connection
from grognard.server.inputs import MAX_JSON_DEPTH, BadInput, check_json_value, clean_name, decode_json


def refused(response: Any, status: int, *words: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert list(body) == ["detail"] and isinstance(body["detail"], str), body
    for word in words:
        assert word in body["detail"], body["detail"]
    detail: str = body["detail"]
    return detail


@pytest.fixture
def table(tiny_client: TestClient) -> Iterator[tuple[Player, dict[str, Any]]]:
    host = Player(tiny_client).guest()
    yield host, create(host, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def deep_text(depth: int) -> str:
    """`nested(depth)` as JSON text (the json module cannot write it that deep)."""
    return "[" * depth + "1" + "]" * depth


JSON = {"Content-Type": "application/json"}


# ----- JSON depth -----------------------------------------------------------------------------
def test_depth_is_checked_without_recursion() -> None:
    check_json_value(nested(MAX_JSON_DEPTH))
    with pytest.raises(BadInput, match="deeper than"):
        check_json_value(nested(MAX_JSON_DEPTH + 1))
    with pytest.raises(BadInput, match="deeper than"):
        check_json_value({"a": nested(MAX_JSON_DEPTH)})
    with pytest.raises(BadInput, match="deeper than"):
        decode_json("[" * 100_000)  # deeper than the decoder recurses: still a reason
    with pytest.raises(BadInput, match="NUL"):
        check_json_value({"key\x00": 1})


def test_deep_json_bodies_are_422_and_the_connection_lives(table: tuple[Player, dict[str, Any]]) -> None:
    host, game = table
    url = f"/api/games/{game['id']}/actions"
    for depth in (MAX_JSON_DEPTH + 1, 1000, 20_000):
        body = f'{{"seat": "north", "action": ["pick", {deep_text(depth)}], "expected_version": 1}}'
        refused(host.post(url, content=body, headers=JSON), 422, "nested deeper")
    new_game = f'{{"ruleset": "tiny", "seats": {{}}, "seed": 1, "moves": [["north", {deep_text(800)}]]}}'
    refused(host.post("/api/games", content=new_game, headers=JSON), 422, "nested deeper")
    # the next request is answered as usual
    answer = host.post(url, {"seat": "north", "action": ["pick", 1], "expected_version": game["version"]})
    assert answer.status_code == 200, answer.text


def test_deep_options_on_the_roles_endpoint_are_422(tiny_client: TestClient) -> None:
    options = '{"players": ' + deep_text(900) + "}"
    answer = tiny_client.get("/api/rulesets/tiny/roles", params={"options": options})
    refused(answer, 422, "options", "nested deeper")
    refused(tiny_client.get("/api/rulesets/tiny/roles", params={"options": '{"a": "\\u0000"}'}), 422, "NUL")


# ----- NUL and control characters -------------------------------------------------------------------
def test_nul_in_texts_is_refused_alike_on_every_database(table: tuple[Player, dict[str, Any]]) -> None:
    """A NUL gave PostgreSQL's 500 "text fields cannot contain NUL"; now 4xx everywhere."""
    host, game = table
    gid = game["id"]
    refused(host.post(f"/api/games/{gid}/chat", {"text": "hi\x00there"}), 422, "NUL")
    refused(Player(host.client).post("/api/guest", {"name": "ana\x00"}), 422, "NUL")
    refused(Player(host.client).post("/api/login", {"username": "dave\x00", "password": "x" * 8}), 422, "NUL")
    refused(Player(host.client).post("/api/register", {"username": "d\x00ve", "password": "x" * 8}), 422)
    refused(host.get("/api/games/ab%00cd"), 400, "U+0000")
    refused(host.get(f"/api/games/{gid}/replay/0?seat=no%00rth"), 400, "U+0000")
    refused(host.post("/api/invites/tok%00en"), 400, "U+0000")
    refused(host.post(f"/api/games/{gid}/join", {"seat": "ea\x00st"}), 422, "NUL")
    with pytest.raises(WebSocketDisconnect) as closed, host.websocket("ab%00cd") as socket:
        socket.receive_text()
    assert closed.value.code == 4400
    # nothing was stored, and the game still answers
    assert host.ok("GET", f"/api/games/{gid}")["chat"] == []


def test_chat_refuses_control_characters_but_keeps_line_breaks(table: tuple[Player, dict[str, Any]]) -> None:
    host, game = table
    url = f"/api/games/{game['id']}/chat"
    refused(host.post(url, {"text": "bell\x07"}), 422, "U+0007")
    refused(host.post(url, {"text": "esc\x1b[31m"}), 422, "U+001B")
    refused(host.post(url, {"text": "c1\x9b"}), 422, "U+009B")
    said = host.ok("POST", url, {"text": "two\nlines\tand a tab"})
    assert said["text"] == "two\nlines\tand a tab"


def test_chat_refuses_invisible_characters_but_keeps_joiners(table: tuple[Player, dict[str, Any]]) -> None:
    """API.md promised it and chat took them (issue 27, item 9): a bidi override
    reverses what others read after it, a zero-width space hides in a word."""
    host, game = table
    url = f"/api/games/{game['id']}/chat"
    for bad, code in (("gg\u202eez", "U+202E"), ("zero\u200bwidth", "U+200B"), ("\ufeffbom", "U+FEFF")):
        refused(host.post(url, {"text": bad}), 422, f"invisible character {code}")
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # an emoji sequence needs its joiners
    assert host.ok("POST", url, {"text": f"gg {family}"})["text"] == f"gg {family}"
    assert host.ok("POST", url, {"text": "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"})  # Persian ZWNJ


def test_names_refuse_invisible_characters() -> None:
    for bad in (
        "zero\u200bwidth",
        "joiner\u200d",
        "bom\ufeff",
        "rtl\u202eover",
        "line\u2028sep",
        "tab\tname",
    ):
        with pytest.raises(BadInput, match="U\\+"):
            clean_name(bad)
    with pytest.raises(BadInput, match="surrogate"):
        clean_name("lone\ud800")
    assert clean_name("\uff44\uff41\uff56\uff45") == "dave"  # full-width letters fold (NFKC)
    assert clean_name("\ufb01sh") == "fish"


# ----- websockets ----------------------------------------------------------------------------------
def test_pings_answers_include_a_lone_surrogate_id(table: tuple[Player, dict[str, Any]]) -> None:
    """A ping id with a lone surrogate killed the socket without a close frame."""
    host, game = table
    with host.websocket(game["id"], "north") as socket:
        assert socket.receive_json()["type"] == "state"
        socket.send_text('{"type": "ping", "id": "\\ud800"}')
        error = socket.receive_json()
        assert error["type"] == "error" and "surrogate" in error["detail"]
        socket.send_text('{"type": "ping", "id": ' + deep_text(900) + "}")
        assert "nested deeper" in socket.receive_json()["detail"]
        socket.send_text(json.dumps({"type": "ping", "id": "x" * 500}))
        assert socket.receive_json()["type"] == "error"
        socket.send_text('{"type": "ping", "id": "\\ud83d\\ude00"}')  # a proper pair is fine
        assert socket.receive_json() == {"type": "pong", "id": "\U0001f600"}
        socket.send_json({"type": "ping", "id": 7})
        assert socket.receive_json() == {"type": "pong", "id": 7}


def test_answers_to_client_messages() -> None:
    assert answer_to('{"type": "ping", "id": "a"}') == {"type": "pong", "id": "a"}
    assert answer_to(None)["type"] == "error"  # a binary message
    assert answer_to("x" * 5000)["type"] == "error"
    assert answer_to('{"type": "move"}')["type"] == "error"
    assert answer_to('{"type": "ping", "id": true}')["type"] == "error"
    assert answer_to('{"type": "ping", "id": 1e400}')["type"] == "error"
    assert answer_to('{"type": "ping", "id": 99999999999999999999999}')["type"] == "error"


class _FloodingClient:
    """A client that sends pings and never reads a pong."""

    def __init__(self, pings: int) -> None:
        self.pings = pings

    async def receive(self) -> dict[str, Any]:
        await asyncio.sleep(0)
        if self.pings == 0:
            return {"type": "websocket.disconnect", "code": 1000}
        self.pings -= 1
        return {"type": "websocket.receive", "text": '{"type": "ping", "id": 1}'}


def test_pongs_wait_in_the_capped_queue_and_a_flood_is_dropped() -> None:
    """Pongs went round the send-queue cap: a client that pinged without reading grew
    the server by a gigabyte. They now share the cap, and overflowing it drops the
    connection (close code 1013)."""

    async def flood() -> tuple[Connection, list[str], int]:
        drops: list[str] = []
        connection = Connection(
            game_id="g", role=None, user_id=None, loop=asyncio.get_running_loop(), max_pending=5
        )
        connection.on_drop = lambda: drops.append("dropped")
        client = _FloodingClient(1000)
        await _receive(client, connection)  # type: ignore[arg-type]
        assert client.pings > 900  # it stopped reading the flood at the drop
        return connection, drops, connection.queue.qsize()

    connection, drops, waiting = asyncio.run(flood())
    assert connection.dropped and connection.close_code == CLOSE_TOO_SLOW == 1013
    assert drops == ["dropped"]
    assert waiting == 6  # five pongs, then the CLOSE that replaced the sixth
    items = [connection.queue.get_nowait() for _ in range(waiting)]
    assert items[-1] is CLOSE and all(item is not CLOSE for item in items[:-1])


def test_the_queue_is_capped_in_characters_too() -> None:
    """A few big views (tens of KB late in a Viktory II game) weigh more than many
    pongs: the queue also has a budget of characters."""

    async def fill() -> tuple[Connection, list[str | None]]:
        connection = Connection(
            game_id="g", role=None, user_id=None, loop=asyncio.get_running_loop(), max_pending=100
        )
        connection.max_pending_chars = 250
        connection.offer("x" * 100)
        connection.offer("y" * 100)
        assert not connection.dropped and connection.pending_chars == 200
        assert await connection.next_message() == "x" * 100  # sent: its characters are freed
        connection.offer("z" * 100)
        assert not connection.dropped and connection.pending_chars == 200
        connection.offer("w" * 100)  # 300 > 250
        return connection, [connection.queue.get_nowait() for _ in range(connection.queue.qsize())]

    connection, left = asyncio.run(fill())
    assert connection.dropped and connection.close_code == 1013
    assert left == ["y" * 100, "z" * 100, CLOSE]
