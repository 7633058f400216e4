"""The two chats across server processes on one PostgreSQL (issue 9, section 4, with
issue 8's scale-out): a socket held by one process gets only the chat its reader may
read, and hears at once when the players share theirs through the other process."""

from __future__ import annotations

import json
from typing import Any

from test_server_scaleout import (  # noqa: F401 (postgres, pg_url, servers: fixtures)
    PATIENCE,
    Http,
    Server,
    _hotseat_game,
    _next_state,
    pg_url,
    postgres,
    servers,
)
from websockets.sync.client import ClientConnection


def next_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of this type (the views pushed meanwhile are skipped)."""
    while (message := json.loads(ws.recv(timeout=PATIENCE)))["type"] != kind:
        pass
    return message


def test_chat_reaches_only_its_readers_and_sharing_crosses_processes(servers: list[Server]) -> None:  # noqa: F811
    a, b = servers
    ann = Http(a.port)
    ann.call("POST", "/api/guest", {"name": "Ann"})
    game = _hotseat_game(ann)
    cid = Http(b.port)  # a spectator, talking to the other process
    cid.call("POST", "/api/guest", {"name": "Cid"})
    with ann.socket(game["id"], "red") as seat, Http(b.port).socket(game["id"]) as watching:
        assert _next_state(seat, 0)["version"] == game["version"]
        assert _next_state(watching, 0)["version"] == game["version"]
        # the spectator's message first, then ann's: ann's socket (process a) must
        # get ann's alone, in commit order, so the spectator's would have come first
        said = cid.call("POST", f"/api/games/{game['id']}/chat", {"text": "go north"})
        assert said["channel"] == "spectators"
        assert next_of(watching, "chat")["message"]["text"] == "go north"
        ann.call("POST", f"/api/games/{game['id']}/chat", {"text": "thinking"})
        assert next_of(seat, "chat")["message"]["text"] == "thinking"
        # ann shares through process a: the spectator's socket on b hears it, then
        # ann's next message
        ann.call("POST", f"/api/games/{game['id']}/chat/share", {"public": True})
        shared = next_of(watching, "chat_settings")
        assert shared == {"type": "chat_settings", "game": game["id"], "players_public": True}
        ann.call("POST", f"/api/games/{game['id']}/chat", {"text": "hello watchers"})
        message = next_of(watching, "chat")["message"]
        assert (message["channel"], message["text"]) == ("players", "hello watchers")
    assert [m["text"] for m in cid.at(b).call("GET", f"/api/games/{game['id']}")["chat"]] == [
        "go north", "thinking", "hello watchers"
    ]
