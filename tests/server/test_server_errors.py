"""Every bad request gets a 4xx status and `{"detail": reason}`, never a traceback."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create
from starlette.websockets import WebSocketDisconnect

from grognard.core.registry import Registry


def refused(response: Any, status: int, *words: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert list(body) == ["detail"] and isinstance(body["detail"], str), body
    assert "Traceback" not in response.text
    for word in words:
        assert word in body["detail"], body["detail"]
    detail: str = body["detail"]
    return detail


@pytest.fixture
def table(tiny_client: TestClient) -> Iterator[tuple[Player, Player, dict[str, Any]]]:
    """A tiny game: the host holds north and south, the guest east."""
    host, guest = Player(tiny_client).guest(), Player(tiny_client).guest()
    game = create(host, "tiny", {"north": "me", "east": "invite", "south": "hotseat"})
    game = guest.ok("POST", f"/api/invites/{game['invites']['east']}")
    yield host, guest, game


def act(player: Player, game: dict[str, Any], seat: str, action: Any, version: Any = None) -> Any:
    body = {
        "seat": seat,
        "action": action,
        "expected_version": game["version"] if version is None else version,
    }
    return player.post(f"/api/games/{game['id']}/actions", body)


def test_unknown_game_is_404(table: tuple[Player, Player, dict[str, Any]]) -> None:
    host, _, game = table
    refused(host.get("/api/games/nope"), 404, "no game")
    refused(act(host, {**game, "id": "nope"}, "north", ["pick", 1]), 404)
    refused(host.post("/api/games/nope/undo", {"seat": "north"}), 404)
    refused(host.get("/api/games/nope/replay"), 404)
    refused(host.get("/api/games/nope/replay/0"), 404)
    refused(host.post("/api/invites/not-a-token"), 404, "invite")
    refused(host.get("/api/no/such/path"), 404)
    with pytest.raises(WebSocketDisconnect) as closed, host.websocket("nope", "north") as opened:
        opened.receive_text()  # refusals open the socket, then close it with the code
    assert closed.value.code == 4404


def test_wrong_seat_is_403(table: tuple[Player, Player, dict[str, Any]]) -> None:
    host, guest, game = table
    refused(act(guest, game, "north", ["pick", 1]), 403, "not yours")
    refused(act(host, game, "east", ["pick", 1]), 403, "not yours")
    refused(act(host, game, "west", ["pick", 1]), 403, "no seat 'west'")
    refused(guest.post(f"/api/games/{game['id']}/resign", {"seat": "south"}), 403)
    refused(guest.post(f"/api/games/{game['id']}/undo", {"seat": "north"}), 403)
    outsider = Player(host.client).guest()
    # an outsider's chat goes to the spectators' chat (test_server_spectator_chat.py);
    # only players open theirs to spectators
    refused(outsider.post(f"/api/games/{game['id']}/chat/share", {"public": True}), 403, "players")
    refused(outsider.post(f"/api/games/{game['id']}/rematch"), 403)
    with pytest.raises(WebSocketDisconnect) as closed, outsider.websocket(game["id"], "east") as opened:
        opened.receive_text()  # refusals open the socket, then close it with the code
    assert closed.value.code == 4403


def test_not_signed_in_is_401(table: tuple[Player, Player, dict[str, Any]]) -> None:
    _, _, game = table
    anonymous = Player(table[0].client)
    refused(act(anonymous, game, "north", ["pick", 1]), 401, "guest")
    refused(anonymous.post("/api/games", {"ruleset": "tiny", "seats": {}}), 401)
    with pytest.raises(WebSocketDisconnect) as closed, anonymous.websocket(game["id"], "north") as opened:
        opened.receive_text()  # refusals open the socket, then close it with the code
    assert closed.value.code == 4401


def test_stale_and_illegal_actions_are_409(table: tuple[Player, Player, dict[str, Any]]) -> None:
    host, guest, game = table
    refused(act(host, game, "north", ["pick", 4]), 409, "not a legal action", "Pick 1, 2 or 3")
    refused(act(host, game, "north", ["pick", 1.0]), 409, "not a legal action")
    refused(act(host, game, "north", ["pick", True]), 409, "not a legal action")
    refused(act(host, game, "north", ["pick", {"n": 1}]), 409, "not a legal action")
    refused(act(host, game, "north", ["pick", 1], version=game["version"] + 1), 409, "no version")
    after = host.ok(
        "POST",
        f"/api/games/{game['id']}/actions",
        {"seat": "north", "action": ["pick", 1], "expected_version": game["version"]},
    )
    # east's choices did not change when north picked: its version is not stale
    guest.ok(
        "POST",
        f"/api/games/{game['id']}/actions",
        {"seat": "east", "action": ["pick", 1], "expected_version": game["version"]},
    )
    refused(act(host, after, "north", ["pick", 2]), 409, "not to act now")
    refused(act(host, after, "south", ["roll"]), 409, "not a legal action")
    latest = host.ok(
        "POST",
        f"/api/games/{game['id']}/actions",
        {"seat": "south", "action": ["pick", 3], "expected_version": after["version"]},
    )
    # the picks were revealed: south's choices changed, so the old version is stale now
    refused(act(host, after, "south", ["roll"]), 409, "stale version")
    host.ok(
        "POST",
        f"/api/games/{game['id']}/actions",
        {"seat": "south", "action": ["roll"], "expected_version": latest["version"]},
    )
    refused(host.post(f"/api/games/{game['id']}/undo", {"seat": "south"}), 409, "nothing to undo")


def test_finished_games_refuse_changes_and_running_games_their_replay(
    table: tuple[Player, Player, dict[str, Any]],
) -> None:
    host, guest, game = table
    refused(host.get(f"/api/games/{game['id']}/replay"), 409, "still being played")
    refused(host.get(f"/api/games/{game['id']}/replay/0?seat=north"), 403, "observer")
    refused(host.get(f"/api/games/{game['id']}/replay/99"), 404, "steps 0 to 0")
    refused(host.get(f"/api/games/{game['id']}/replay/abc"), 422)
    refused(host.post(f"/api/games/{game['id']}/rematch"), 409, "still being played")
    guest.ok("POST", f"/api/games/{game['id']}/resign", {"seat": "east"})
    refused(guest.post(f"/api/games/{game['id']}/resign", {"seat": "east"}), 409, "over")
    refused(act(host, game, "north", ["pick", 1]), 409, "over")
    refused(host.post(f"/api/games/{game['id']}/undo", {"seat": "north"}), 409, "over")


def test_bad_bodies_are_4xx_with_a_reason(table: tuple[Player, Player, dict[str, Any]]) -> None:
    host, _, game = table
    url = f"/api/games/{game['id']}/actions"
    headers = {"Content-Type": "application/json"}
    refused(host.post(url, content=b'{"seat": "north", "action": [', headers=headers), 422, "malformed JSON")
    refused(host.post(url, content=b"[1, 2]", headers=headers), 422)
    refused(host.post(url, {"seat": "north", "action": ["pick", 1]}), 422, "expected_version")
    refused(host.post(url, {"seat": "north", "action": [], "expected_version": 1}), 422, "action")
    refused(host.post(url, {"seat": "north", "action": "pick", "expected_version": 1}), 422, "action")
    body = {"seat": "north", "action": ["pick", 1], "expected_version": 1, "extra": 1}
    refused(host.post(url, body), 422, "extra")
    refused(host.post(url, content=b"seat=north", headers={"Content-Type": "text/plain"}), 422)
    refused(host.post(f"/api/games/{game['id']}/chat", {"text": "x" * 501}), 422, "500")
    refused(host.post(f"/api/games/{game['id']}/chat", {"text": "   "}), 422)


def test_oversized_bodies_are_413(table: tuple[Player, Player, dict[str, Any]]) -> None:
    host, _, game = table
    url = f"/api/games/{game['id']}/chat"
    big = b'{"text": "' + b"x" * (70 * 1024) + b'"}'
    refused(host.post(url, content=big, headers={"Content-Type": "application/json"}), 413, "too large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: the size is counted as it streams
        for _ in range(70):
            yield b"x" * 1024

    refused(host.post(url, content=chunks(), headers={"Content-Type": "application/json"}), 413, "too large")
    refused(host.post(url, content=b"{}", headers={"Content-Length": "abc"}), 400, "Content-Length")


def test_bad_game_settings_are_422(tiny_client: TestClient) -> None:
    me = Player(tiny_client).guest()
    seats = {"north": "me", "east": "invite", "south": "hotseat"}

    def new(**body: Any) -> Any:
        return me.post("/api/games", {"ruleset": "tiny", "seats": seats, **body})

    refused(me.post("/api/games", {"ruleset": "chess", "seats": seats}), 422, "unknown ruleset")
    refused(new(scenario="marathon"), 422, "no scenario")
    refused(new(options={"sides": 7}), 422, "sides")
    refused(new(options={"colour": "red"}), 422, "unknown option")
    refused(new(seed=-1), 422, "seed")
    refused(new(seed=3), 422, "invited")
    refused(me.post("/api/games", {"ruleset": "tiny", "seats": {"north": "me"}}), 422, "missing: east, south")
    refused(new(seats={**seats, "west": "me"}), 422, "unknown: west")
    refused(new(seats={**seats, "east": "robot"}), 422, "unknown seat")
    refused(new(seats={**seats, "east": "ai:alphazero"}), 422, "alphazero")
    refused(new(seats=dict.fromkeys(seats, "ai:random")), 422, "person")


def test_cross_site_websocket_is_refused(table: tuple[Player, Player, dict[str, Any]]) -> None:
    host, _, game = table
    evil = {"headers": {"Origin": "https://evil.example"}}
    with pytest.raises(WebSocketDisconnect) as closed, host.websocket(game["id"], "north", **evil) as opened:
        opened.receive_text()  # refusals open the socket, then close it with the code
    assert closed.value.code == 4403
    with host.websocket(game["id"], "north", headers={"Origin": "http://testserver"}) as socket:
        assert socket.receive_json()["seat"] == "north"
        socket.send_text("hello")
        assert socket.receive_json()["type"] == "error"


class _Broken(Exception):
    pass


def test_a_server_bug_is_a_500_without_details(make_app: AppFactory, tiny_registry: Registry) -> None:
    app = make_app(registry=tiny_registry)
    with TestClient(app, raise_server_exceptions=False) as client:
        me = Player(client).guest()
        game = create(me, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})
        state = app.state.server.games.cached_state(game["id"])

        def explode(role: str, action: Any) -> None:
            raise _Broken("secret internals")

        state.apply = explode
        response = me.post(
            f"/api/games/{game['id']}/actions",
            {"seat": "north", "action": ["pick", 1], "expected_version": game["version"]},
        )
        refused(response, 500, "internal server error")
        assert "secret" not in response.text
        # the broken live state was dropped: the game reloads from its snapshot
        assert me.ok("GET", f"/api/games/{game['id']}")["version"] == game["version"]
        assert app.state.server.games.cached_state(game["id"]) is not state
