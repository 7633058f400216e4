"""The spectators' chat, apart from the players' (issue 9, section 4): spectators
post and read their own; the players' chat reaches them only while the players
allow it; players read the spectators' chat only once the game is over."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from serverkit import Player, create, drain, games_of

from grognard.server.db import make_engine, upgrade
from grognard.server.guards import Limits
from grognard.server.ratelimit import Rate


@pytest.fixture
def table(tiny_client: TestClient) -> tuple[Player, Player, Player, dict[str, Any]]:
    """Host (north, south hot-seat) and guest (east) play; a third user watches."""
    host, guest = Player(tiny_client).guest("Host"), Player(tiny_client).guest("Guest")
    watcher = Player(tiny_client).guest("Watcher")
    game = create(host, "tiny", {"north": "me", "east": "invite", "south": "hotseat"}, public=True)
    guest.ok("POST", f"/api/invites/{game['invites']['east']}")
    return host, guest, watcher, game


def chat_of(player: Player, game: dict[str, Any]) -> list[tuple[str, str, str]]:
    got = player.ok("GET", f"/api/games/{game['id']}")
    return [(m["channel"], m["author"], m["text"]) for m in got["chat"]]


def chats(messages: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(m["message"]["channel"], m["message"]["text"]) for m in messages if m["type"] == "chat"]


def test_spectators_and_players_each_read_only_their_own_chat(table: Any) -> None:
    host, guest, watcher, game = table
    url = f"/api/games/{game['id']}/chat"
    with guest.websocket(game["id"], "east") as seat, watcher.websocket(game["id"]) as watching:
        drain(guest, seat), drain(watcher, watching)
        said = watcher.ok("POST", url, {"text": "nice opening"}, 201)
        assert said["channel"] == "spectators"
        host.ok("POST", url, {"text": "good luck"}, 201)
        assert chats(drain(guest, seat)) == [("players", "good luck")]
        assert chats(drain(watcher, watching)) == [("spectators", "nice opening")]
    assert chat_of(guest, game) == [("players", "Host", "good luck")]
    assert chat_of(watcher, game) == [("spectators", "Watcher", "nice opening")]
    # nothing of the players' talk anywhere in what the watcher received
    assert not any("good luck" in text for text in watcher.seen)
    assert not any("nice opening" in text for text in guest.seen + host.seen)


def test_the_chat_settings_say_who_posts_and_reads_what(table: Any) -> None:
    host, _, watcher, game = table
    mine = host.ok("GET", f"/api/games/{game['id']}")["chat_settings"]
    theirs = watcher.ok("GET", f"/api/games/{game['id']}")["chat_settings"]
    assert mine == {"post": "players", "read": ["players"], "players_public": False}
    assert theirs == {"post": "spectators", "read": ["spectators"], "players_public": False}


def test_players_may_open_their_chat_to_spectators_and_close_it(table: Any) -> None:
    host, guest, watcher, game = table
    url = f"/api/games/{game['id']}/chat"
    host.ok("POST", url, {"text": "before"}, 201)
    with watcher.websocket(game["id"]) as watching:
        drain(watcher, watching)
        assert guest.ok("POST", f"{url}/share", {"public": True}) == {"players_public": True}
        assert [m for m in drain(watcher, watching) if m["type"] == "chat_settings"] == [
            {"type": "chat_settings", "game": game["id"], "players_public": True}
        ]
        # the history too, and what is said from now on
        assert chat_of(watcher, game) == [("players", "Host", "before")]
        host.ok("POST", url, {"text": "while open"}, 201)
        assert chats(drain(watcher, watching)) == [("players", "while open")]
        # a spectator still posts into the spectators' chat, which players do not read
        assert watcher.ok("POST", url, {"text": "hello"}, 201)["channel"] == "spectators"
        assert chats(drain(watcher, watching)) == [("spectators", "hello")]
        assert chat_of(host, game) == [("players", "Host", "before"), ("players", "Host", "while open")]
        host.ok("POST", f"{url}/share", {"public": False})
        host.ok("POST", url, {"text": "closed again"}, 201)
        assert chats(drain(watcher, watching)) == []
    assert chat_of(watcher, game) == [("spectators", "Watcher", "hello")]
    settings = watcher.ok("GET", f"/api/games/{game['id']}")["chat_settings"]
    assert settings["players_public"] is False


def test_only_players_decide_and_the_game_version_stays(table: Any) -> None:
    host, _, watcher, game = table
    response = watcher.post(f"/api/games/{game['id']}/chat/share", {"public": True})
    assert response.status_code == 403 and "players" in response.json()["detail"]
    assert host.post(f"/api/games/{game['id']}/chat/share", {"public": "maybe"}).status_code == 422
    assert host.post("/api/games/nosuchgame/chat/share", {"public": True}).status_code == 404
    before = host.ok("GET", f"/api/games/{game['id']}")["version"]
    host.ok("POST", f"/api/games/{game['id']}/chat/share", {"public": True})
    # not a move: the players' concurrency token is untouched
    assert host.ok("GET", f"/api/games/{game['id']}")["version"] == before


def test_a_player_watching_without_a_seat_is_not_coached(table: Any) -> None:
    """A player's observer socket (no seat) still gets no spectators' chat."""
    host, _, watcher, game = table
    with host.websocket(game["id"]) as watching:
        drain(host, watching)
        watcher.ok("POST", f"/api/games/{game['id']}/chat", {"text": "move east!"}, 201)
        assert chats(drain(host, watching)) == []


def test_players_read_the_spectators_chat_once_the_game_is_over(table: Any) -> None:
    _, guest, watcher, game = table
    watcher.ok("POST", f"/api/games/{game['id']}/chat", {"text": "well played"}, 201)
    assert chat_of(guest, game) == []
    guest.ok("POST", f"/api/games/{game['id']}/resign", {"seat": "east"})
    assert chat_of(guest, game) == [("spectators", "Watcher", "well played")]
    assert guest.ok("GET", f"/api/games/{game['id']}")["chat_settings"]["read"] == ["players", "spectators"]


def test_migration_0004_files_old_messages_under_the_players_chat(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        upgrade(engine, "0003")
        with engine.begin() as connection:
            connection.execute(sa.text(
                "INSERT INTO games (id, ruleset, ruleset_version, rng_version, scenario, options, seed,"
                " status, version, snapshot, active_roles, turns, public, created_at, updated_at)"
                " VALUES ('old', 'tiny', 1, 2, 'standard', '{}', '1', 'active', 1, '{}', '[]', '{}',"
                " false, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            ))
            connection.execute(sa.text(
                "INSERT INTO chat (game_id, author, text, created_at)"
                " VALUES ('old', 'Ana', 'hi', CURRENT_TIMESTAMP)"
            ))
        upgrade(engine)
        with engine.begin() as connection:
            assert connection.execute(sa.text("SELECT channel FROM chat")).scalars().all() == ["players"]
            shared = connection.execute(sa.text("SELECT players_chat_public FROM games")).scalars().all()
        assert [bool(value) for value in shared] == [False]
    finally:
        engine.dispose()


def test_chat_is_rate_limited_per_address(make_app: Any, tiny_registry: Any) -> None:
    """Anyone watching may chat, and guests cost nothing: each address has a rate."""
    limits = Limits(chat_per_address=Rate(burst=3, per=3600.0))
    with TestClient(make_app(registry=tiny_registry, limits=limits)) as client:
        host, watcher = Player(client).guest("Host"), Player(client).guest("Watcher")
        game = create(host, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})
        url = f"/api/games/{game['id']}/chat"
        for text in ("one", "two", "three"):
            watcher.ok("POST", url, {"text": text}, 201)
        limited = host.post(url, {"text": "four"})  # the test client: one address for all
        assert limited.status_code == 429 and int(limited.headers["Retry-After"]) >= 1
        said = watcher.ok("GET", f"/api/games/{game['id']}")["chat"]
        assert [m["text"] for m in said] == ["one", "two", "three"]


def test_a_message_heard_from_another_process_goes_to_the_readers_of_when_it_was_posted(
    table: Any, tiny_client: TestClient
) -> None:
    """Another process's notices are handled out of order (a message is pushed from a
    worker thread, a sharing at once), so the readers of a message are those of the
    moment it was posted, which the notice carries: a players' message posted before
    the players shared their chat must not reach a spectator who hears of it after."""
    host, _, watcher, game = table
    host.ok("POST", f"/api/games/{game['id']}/chat", {"text": "before sharing"}, 201)
    host.ok("POST", f"/api/games/{game['id']}/chat/share", {"public": True})
    chats_service = games_of(tiny_client).chats
    message_id = max(m["id"] for m in host.ok("GET", f"/api/games/{game['id']}")["chat"])
    with watcher.websocket(game["id"]) as watching:
        drain(watcher, watching)
        chats_service.push_posted(game["id"], message_id, False)  # posted while private
        assert chats(drain(watcher, watching)) == []
        chats_service.push_posted(game["id"], message_id, True)  # had it been posted shared
        assert chats(drain(watcher, watching)) == [("players", "before sharing")]
