"""Many games moving at once: moves made from many threads in different games are
all kept, each game's in order, with no deadlock between the per-game locks and the
database's write gate (db.write_gate), on SQLite and on PostgreSQL."""

from __future__ import annotations

import random
import threading
from typing import Any

from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create, drain, games_of
from sqlalchemy import select

from grognard.core.registry import Registry
from grognard.server.models import ActionRecord

GAMES = 6
MOVES = 12


def _play(player: Player, game: dict[str, Any], seed: int, moves: int, errors: list[str]) -> None:
    """Random legal moves in one game, straight through the service (as a worker
    thread of the app does for each request)."""
    service, user_id = games_of(player.client), player.user["id"] if player.user else -1
    rng = random.Random(seed)
    try:
        for _ in range(moves):
            if game["status"] != "active":
                return
            role = rng.choice([r for r in game["my_seats"] if r in game["active"]])
            action = rng.choice(game["views"][role]["legal"])
            game = service.act(game["id"], user_id, role, action, game["version"]).payload
    except Exception as exc:  # reported by the test
        errors.append(f"{game['id']}: {exc!r}")


def test_moves_in_many_games_at_once_are_all_kept_in_order(
    make_app: AppFactory, tiny_registry: Registry
) -> None:
    with TestClient(make_app(registry=tiny_registry)) as client:
        me = Player(client).guest()
        seats = {"north": "me", "east": "hotseat", "south": "hotseat"}
        games = [create(me, "tiny", seats, seed=100 + i) for i in range(GAMES)]
        errors: list[str] = []
        # Three threads per game: the per-game lock serialises each game's moves, the
        # write gate all writers; a stale expected_version is a 409, which `_play`
        # would report, so each thread plays its own game and the others only read it.
        barrier = threading.Barrier(GAMES)

        def worker(i: int) -> None:
            barrier.wait()
            _play(me, games[i], seed=i, moves=MOVES, errors=errors)

        def reader(i: int) -> None:
            for _ in range(MOVES):
                games_of(client).get(games[i]["id"], me.user["id"] if me.user else None)

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(GAMES)]
        threads += [threading.Thread(target=reader, args=(i,)) for i in range(GAMES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert not [t for t in threads if t.is_alive()], "a thread is stuck: lock-order deadlock?"
        assert errors == []

        engine = client.app.state.server.engine  # type: ignore[attr-defined]
        with engine.connect() as conn:
            for game in games:
                final = me.ok("GET", f"/api/games/{game['id']}")
                rows = select(ActionRecord.ply).where(ActionRecord.game_id == game["id"])
                plies = conn.scalars(rows.order_by(ActionRecord.id)).all()
                state = games_of(client).cached_state(game["id"])
                assert state is not None
                # every accepted move is in the database, written in the order played
                assert list(plies) == list(range(len(state.history))) and plies
                assert final["version"] == 1 + len(state.history)


def test_a_socket_attaching_while_another_process_moves_is_pushed_that_move(
    make_app: AppFactory, tiny_registry: Registry, monkeypatch: Any
) -> None:
    """Two apps on one database stand for two server processes. A socket attaches to
    process b while process a commits a move, and b hears of it (as peers.py does on a
    notice: `push_current`, which pushes only the sockets registered by then) in the
    middle of the attach. The socket must end on the new version: registered only
    after its first view was read, it was skipped and stayed on the old one."""
    with (
        TestClient(make_app(registry=tiny_registry)) as a_client,
        TestClient(make_app(registry=tiny_registry)) as b_client,
    ):
        me = Player(a_client).guest()
        game = create(me, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"}, seed=5)
        a, b = games_of(a_client), games_of(b_client)
        assert me.user is not None
        real_state = b._state
        heard: list[threading.Thread] = []
        moved: list[int] = []

        def state_while_a_moves(db: Any, row: Any) -> Any:
            if not heard:  # the attach reads the game: meanwhile a moves, b hears it
                role = game["active"][0]
                action = game["views"][role]["legal"][0]
                answer = a.act(game["id"], me.user["id"], role, action, game["version"]).payload
                moved.append(answer["version"])
                heard.append(threading.Thread(target=b.push_current, args=(game["id"],)))
                heard[0].start()
            return real_state(db, row)

        monkeypatch.setattr(b, "_state", state_while_a_moves)
        observer = Player(b_client)
        with observer.websocket(game["id"]) as socket:
            heard[0].join(timeout=30)
            assert not heard[0].is_alive()
            versions = [m["version"] for m in drain(observer, socket) if m["type"] == "state"]
        assert moved == [game["version"] + 1]
        assert versions[-1] == moved[0], versions
