"""Persistence: a new server on the same database has every accepted action, even
when the old one was killed; AI seats pick up where they were; the migrations
build exactly the tables the models describe."""

from __future__ import annotations

import json
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create, games_of

from grognard.core.registry import Registry
from grognard.server.db import make_engine
from grognard.server.models import ActionRecord, Base

SHORT = {"turn_limit": 5}


def _random_moves(player: Player, game: dict[str, Any], rng: random.Random, count: int) -> dict[str, Any]:
    for _ in range(count):
        if game["status"] != "active":
            break
        role = rng.choice([r for r in game["my_seats"] if r in game["active"]])
        action = rng.choice(game["views"][role]["legal"])
        body = {"seat": role, "action": action, "expected_version": game["version"]}
        game = player.ok("POST", f"/api/games/{game['id']}/actions", body)
    return game


def test_a_new_server_on_the_same_database_has_the_same_game(
    make_app: AppFactory, tiny_registry: Registry, database_url: str
) -> None:
    rng = random.Random(9)
    with TestClient(make_app(registry=tiny_registry)) as first:
        me = Player(first).guest()
        game = create(me, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})
        game = _random_moves(me, game, rng, 9)
        before = games_of(first).cached_state(game["id"])
        assert before is not None
        # The first server is still up and never shut down cleanly: the second one
        # can only know the game from the database.
        with TestClient(make_app(registry=tiny_registry)) as second:
            me.client = second
            again = me.ok("GET", f"/api/games/{game['id']}")
            after = games_of(second).cached_state(game["id"])
            assert after is not None and after is not before
            assert after.same_as(before) and after.history == before.history
            assert again["version"] == game["version"] and again["views"] == game["views"]
            final = _random_moves(me, again, rng, 500)
            assert final["status"] == "finished"
    engine = make_engine(database_url)
    with engine.connect() as conn:
        rows = conn.execute(
            ActionRecord.__table__.select()
            .where(ActionRecord.game_id == game["id"], ActionRecord.undone.is_(False))
            .order_by(ActionRecord.ply)
        ).all()
    engine.dispose()
    assert [row.ply for row in rows] == list(range(final["plies"]))


def test_ai_seats_resume_after_a_restart(make_app: AppFactory, tiny_registry: Registry) -> None:
    first_app = make_app(registry=tiny_registry)
    with TestClient(first_app) as first:
        first_app.state.server.ai.kick = lambda game_id: None  # the AI never gets to move
        me = Player(first).guest()
        game = create(me, "tiny", {"north": "me", "east": "ai:random", "south": "ai:random"})
        game = me.ok(
            "POST",
            f"/api/games/{game['id']}/actions",
            {"seat": "north", "action": ["pick", 2], "expected_version": game["version"]},
        )
        assert game["active"] == ["east", "south"]
    with TestClient(make_app(registry=tiny_registry)) as second:
        me.client = second
        with me.websocket(game["id"], "north") as ws:
            for _ in range(20):
                message = ws.receive_json()
                if message["view"]["board"]["revealed"]:
                    break
        assert message["view"]["board"]["revealed"]  # both AIs picked, the picks were shown


def test_the_migrations_build_the_models_tables(database_url: str, make_app: AppFactory) -> None:
    make_app()
    engine = make_engine(database_url)
    with engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    engine.dispose()
    assert differences == []


# ----- a real server process, killed ------------------------------------------------------
class _Http:
    """A tiny cookie-keeping JSON client over real HTTP (standard library only)."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def call(self, method: str, path: str, body: Any = None) -> Any:
        headers = {"Content-Type": "application/json"}
        for cookie in self.jar:
            if cookie.name == "grognard_csrf" and cookie.value:
                headers["X-CSRF-Token"] = cookie.value
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        with self.opener.open(request, timeout=30) as response:
            return json.loads(response.read())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _start_server(database_url: str, log: Path) -> tuple[subprocess.Popen[bytes], _Http]:
    port = _free_port()
    with log.open("ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "grognard.server", "--port", str(port), "--database-url", database_url],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    http = _Http(port)
    for _ in range(600):  # up to about a minute on a slow machine
        if process.poll() is not None:
            raise AssertionError(f"the server stopped: {log.read_text()[-2000:]}")
        try:
            http.call("GET", "/api/health")
            return process, http
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not start")


def test_a_killed_server_loses_no_accepted_action(database_url: str, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    process, http = _start_server(database_url, log)
    try:
        http.call("POST", "/api/guest")
        game = http.call(
            "POST",
            "/api/games",
            {
                "ruleset": "viktory2",
                "seats": {"red": "me", "yellow": "hotseat"},
                "options": {"turn_limit": 5},
            },
        )
        rng = random.Random(4)
        for _ in range(12):
            role = game["active"][0]
            body = {
                "seat": role,
                "action": rng.choice(game["views"][role]["legal"]),
                "expected_version": game["version"],
            }
            game = http.call("POST", f"/api/games/{game['id']}/actions", body)
            if game["status"] != "active":
                break
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    process, second = _start_server(database_url, log)
    try:
        second.jar = http.jar
        second.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.jar))
        again = second.call("GET", f"/api/games/{game['id']}")
        assert again["version"] == game["version"] and again["plies"] == game["plies"]
        assert again["views"] == game["views"]
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
