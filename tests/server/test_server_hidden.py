"""Hidden information stays hidden: a whole game of the tiny ruleset (secret picks,
private hands, a private discard pile) played by three people and watched by an
observer; no text any of them receives, over HTTP or websocket, holds a secret of
another seat at the moment they receive it."""

from __future__ import annotations

import random
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import Player, create, drain, games_of
from starlette.websockets import WebSocketDisconnect

ROLES = ("north", "east", "south")


def _check(
    client: TestClient, game_id: str, who: dict[str | None, Player], checked: dict[str | None, int]
) -> None:
    """Everything received since the last check, against the secrets of this moment."""
    state = games_of(client).cached_state(game_id)
    assert state is not None
    for role, player in who.items():
        hidden = state.hidden_tokens(role)  # type: ignore[attr-defined]
        for text in player.seen[checked[role] :]:
            leaked = sorted(token for token in hidden if token in text)
            assert not leaked, f"{role or 'observer'} was sent {leaked}"
        checked[role] = len(player.seen)


def test_no_seat_ever_receives_another_seats_secrets(tiny_client: TestClient) -> None:
    rng = random.Random(2024)
    players: dict[str | None, Player] = {role: Player(tiny_client).guest(role) for role in ROLES}
    players[None] = Player(tiny_client)  # an observer without a session
    host = players["north"]
    game = create(host, "tiny", {"north": "me", "east": "invite", "south": "invite"}, options={"swap": True})
    gid = game["id"]
    for role in ("east", "south"):
        players[role].ok("POST", f"/api/invites/{game['invites'][role]}")
    checked: dict[str | None, int] = dict.fromkeys(players, 0)
    with ExitStack() as stack:
        sockets = {role: stack.enter_context(p.websocket(gid, role)) for role, p in players.items()}
        seen_actions: set[str] = set()
        for _ in range(500):
            for who, player in players.items():
                drain(player, sockets[who])
            _check(tiny_client, gid, players, checked)
            state_of: dict[str, Any] = {r: players[r].ok("GET", f"/api/games/{gid}") for r in ROLES}
            players[None].ok("GET", f"/api/games/{gid}")
            players[None].ok("GET", "/api/lobby")
            players[None].ok("GET", f"/api/games/{gid}/replay/0")
            _check(tiny_client, gid, players, checked)
            current = state_of["north"]
            if current["status"] == "finished":
                break
            assert players[None].get(f"/api/games/{gid}/replay").status_code == 409
            role = rng.choice(current["active"])
            mine = state_of[role]
            assert list(mine["views"]) == [role]  # never another seat's view
            action = rng.choice(mine["views"][role]["legal"])
            seen_actions.add(action[0])
            body = {"seat": role, "action": action, "expected_version": mine["version"]}
            players[role].ok("POST", f"/api/games/{gid}/actions", body)
            _check(tiny_client, gid, players, checked)
        else:
            raise AssertionError("the game did not end")
    assert {"pick", "roll", "done"} <= seen_actions
    # once the game is over, everything may be shown
    assert players[None].get(f"/api/games/{gid}/replay").status_code == 200


def test_a_seat_cannot_follow_or_read_another_seat(tiny_client: TestClient) -> None:
    host, guest = Player(tiny_client).guest(), Player(tiny_client).guest()
    game = create(host, "tiny", {"north": "me", "east": "invite", "south": "hotseat"})
    gid = game["id"]
    guest.ok("POST", f"/api/invites/{game['invites']['east']}")
    seen = guest.ok("GET", f"/api/games/{gid}")
    assert list(seen["views"]) == ["east"] and seen["invites"] == {} and seen["observer"] is None
    with pytest.raises(WebSocketDisconnect) as refused_socket, guest.websocket(gid, "north"):
        pass
    assert refused_socket.value.code == 4403
    refused = guest.get(f"/api/games/{gid}/replay/0?seat=north")
    assert refused.status_code == 403
