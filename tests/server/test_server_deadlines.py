"""Time controls (issue 9 section 4): days per move, kept in the database; on expiry
a server AI takes the seat or the seat forfeits, as the creator chose; each expiry
acted on once. The clock is a hand-moved one: no test sleeps."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from fastapi import FastAPI
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create, games_of
from sqlalchemy import select, update

from grognard.core.registry import Registry
from grognard.server.db import alembic_config, make_engine, upgrade
from grognard.server.deadlines import DeadlineWatch
from grognard.server.models import Seat, TurnClock

#: a time far from any real one: the test clock never meets the wall clock
START = datetime(2031, 3, 1, 12, 0, tzinfo=UTC)
SEATS = {"north": "me", "east": "hotseat", "south": "hotseat"}


class HandClock:
    """The time the server sees: moved by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> HandClock:
    return HandClock()


@pytest.fixture
def app(make_app: AppFactory, tiny_registry: Registry, clock: HandClock) -> FastAPI:
    # the periodic scan runs once at start-up, then not within a test: scans are called
    return make_app(registry=tiny_registry, clock=clock, deadline_scan_seconds=3600)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def watch_of(app: FastAPI) -> DeadlineWatch:
    watch: DeadlineWatch = app.state.deadlines
    return watch


def clocks(app: FastAPI, game_id: str) -> dict[str, Any]:
    with app.state.server.sessions() as db:
        rows = db.scalars(select(TurnClock).where(TurnClock.game_id == game_id)).all()
        return {row.role: row for row in rows}


def as_utc(moment: datetime | None) -> datetime | None:
    # SQLite gives back naive datetimes (stored as UTC), PostgreSQL aware ones
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def test_time_control_is_checked_and_shown(client: TestClient) -> None:
    me = Player(client).guest()
    for bad, field in (
        ({"move_days": 0}, "move_days"),
        ({"move_days": 3, "on_expiry": "shrug"}, "on_expiry"),
    ):
        response = me.post("/api/games", {"ruleset": "tiny", "seats": SEATS, **bad})
        assert response.status_code == 422 and field in response.json()["detail"]
    game = create(me, "tiny", SEATS, move_days=3, on_expiry="forfeit")
    assert game["time_control"] == {"move_days": 3, "on_expiry": "forfeit"}
    assert create(me, "tiny", SEATS)["time_control"] is None


def test_each_seat_to_play_gets_a_deadline_of_n_days(client: TestClient, app: FastAPI) -> None:
    me = Player(client).guest()
    game = create(me, "tiny", SEATS, move_days=2)
    waiting = clocks(app, game["id"])
    assert sorted(waiting) == sorted(game["active"])  # the tiny game starts with every seat picking
    for clock in waiting.values():
        assert as_utc(clock.due_at) == START + timedelta(days=2)
        # the reminder goes out with a quarter of the time left
        assert as_utc(clock.remind_at) == START + timedelta(days=1, hours=12)
    # the game shows each seat's deadline
    shown = me.ok("GET", f"/api/games/{game['id']}")["deadlines"]
    assert shown == {role: (START + timedelta(days=2)).isoformat() for role in game["active"]}


def test_a_game_without_time_control_never_expires(
    client: TestClient, app: FastAPI, clock: HandClock
) -> None:
    me = Player(client).guest()
    game = create(me, "tiny", SEATS)
    assert all(c.due_at is None for c in clocks(app, game["id"]).values())
    clock.advance(days=400)
    assert watch_of(app).scan()["expired"] == 0
    assert me.ok("GET", f"/api/games/{game['id']}")["status"] == "active"


def test_expiry_forfeits_the_seat_when_the_creator_chose_so(
    client: TestClient, app: FastAPI, clock: HandClock
) -> None:
    me = Player(client).guest()
    game = create(me, "tiny", SEATS, move_days=1, on_expiry="forfeit")
    clock.advance(hours=23)
    assert watch_of(app).scan()["expired"] == 0  # not yet
    clock.advance(hours=2)
    assert watch_of(app).scan()["expired"] == 1  # the first seat found ends the game
    final = me.ok("GET", f"/api/games/{game['id']}")
    assert final["status"] == "finished"
    loser = final["finish_reason"].removesuffix(" ran out of time")
    assert loser in SEATS and final["result"][loser] == 0.0
    assert sum(final["result"].values()) == pytest.approx(1.0)
    assert clocks(app, game["id"]) == {}  # a finished game keeps no clock
    assert watch_of(app).scan()["expired"] == 0


def test_expiry_hands_the_seat_to_the_ai_which_plays_on(
    client: TestClient, app: FastAPI, clock: HandClock
) -> None:
    me = Player(client).guest()
    game = create(me, "tiny", {"north": "me", "east": "ai:random", "south": "ai:random"}, move_days=1)
    assert "north" in game["active"]
    clock.advance(days=1, minutes=1)
    assert watch_of(app).scan()["expired"] == 1
    after = me.ok("GET", f"/api/games/{game['id']}")
    north = next(s for s in after["seats"] if s["role"] == "north")
    assert north["kind"] == "ai"
    assert "north" not in after["my_seats"]
    # the AI now plays every seat: the game runs to its end without anyone
    for _ in range(200):
        after = me.ok("GET", f"/api/games/{game['id']}")
        if after["status"] == "finished":
            break
        with me.websocket(game["id"]) as socket:
            socket.receive_json()
    # the tiny game's own winner line (State.end_reason), not a bare "the game is over"
    assert after["status"] == "finished" and after["finish_reason"].endswith(" points")


def test_a_move_restarts_that_seats_clock(client: TestClient, app: FastAPI, clock: HandClock) -> None:
    me = Player(client).guest()
    game = create(me, "tiny", SEATS, move_days=1, on_expiry="forfeit")
    clock.advance(hours=20)
    role = game["active"][0]
    action = game["views"][role]["legal"][0]
    body = {"seat": role, "action": action, "expected_version": game["version"]}
    moved = me.ok("POST", f"/api/games/{game['id']}/actions", body)
    fresh = clocks(app, game["id"])
    for other in moved["active"]:
        if other != role:
            # a seat whose choices did not change keeps its deadline
            assert as_utc(fresh[other].due_at) == START + timedelta(days=1)
    if role in moved["active"]:
        assert as_utc(fresh[role].due_at) == START + timedelta(hours=20, days=1)
    else:
        assert role not in fresh  # a seat with nothing to do has no clock
    # the answer to the move shows the deadlines as they now stand
    assert moved["deadlines"] == {r: as_utc(c.due_at).isoformat() for r, c in fresh.items()}  # type: ignore[union-attr]


def test_deadlines_survive_a_restart(make_app: AppFactory, tiny_registry: Registry, clock: HandClock) -> None:
    first = make_app(registry=tiny_registry, clock=clock, deadline_scan_seconds=3600)
    with TestClient(first) as client:
        me = Player(client).guest()
        game = create(me, "tiny", SEATS, move_days=2, on_expiry="forfeit")
    clock.advance(days=3)
    second = make_app(registry=tiny_registry, clock=clock, deadline_scan_seconds=3600)
    with TestClient(second) as client:
        watch_of(second).scan()  # the start-up scan may have done it already: either way, once
        me.client = client
        final = me.ok("GET", f"/api/games/{game['id']}")
    assert final["status"] == "finished" and final["finish_reason"].endswith("ran out of time")


def test_an_expiry_is_acted_on_once_by_whichever_process_claims_it(
    client: TestClient, app: FastAPI, clock: HandClock
) -> None:
    """Two processes scanning the same due clock: the guarded UPDATE in the expiring
    transaction lets one act; the other's claim finds it taken and changes nothing."""
    me = Player(client).guest()
    game = create(me, "tiny", SEATS, move_days=1, on_expiry="forfeit")
    role = game["active"][0]
    clock_row = clocks(app, game["id"])[role]
    sessions = app.state.server.sessions
    with sessions() as db:  # another process got there first
        db.execute(update(TurnClock).where(TurnClock.id == clock_row.id).values(expired_at=START))
        db.commit()

    def claim(db: Any) -> bool:
        won = db.connection().execute(
            update(TurnClock)
            .where(TurnClock.id == clock_row.id, TurnClock.expired_at.is_(None))
            .values(expired_at=START)
        )
        return bool(won.rowcount == 1)

    outcome = games_of(client).expire(game["id"], role, clock_row.since_version, claim)
    assert outcome.payload.get("expired") is None
    assert me.ok("GET", f"/api/games/{game['id']}")["status"] == "active"  # rolled back
    # and a stale clock (the seat moved since) is refused even when unclaimed
    stale = games_of(client).expire(game["id"], role, clock_row.since_version - 1, lambda db: True)
    assert stale.payload.get("expired") is None
    assert me.ok("GET", f"/api/games/{game['id']}")["status"] == "active"


def test_two_processes_scanning_at_once_expire_a_seat_once(
    make_app: AppFactory, tiny_registry: Registry, clock: HandClock
) -> None:
    """Two apps on one database (two server processes) scan the same due clocks at
    the same moment: between them each seat's expiry is acted on exactly once."""
    first = make_app(registry=tiny_registry, clock=clock, deadline_scan_seconds=3600)
    second = make_app(registry=tiny_registry, clock=clock, deadline_scan_seconds=3600)
    with TestClient(first) as one, TestClient(second):
        me = Player(one).guest()
        games = [create(me, "tiny", SEATS, move_days=1, on_expiry="ai")["id"] for _ in range(3)]
        due_roles = {game_id: set(clocks(first, game_id)) for game_id in games}
        due = sum(len(roles) for roles in due_roles.values())
        clock.advance(days=2)
        start = threading.Barrier(2)
        counts: list[int] = []

        def scan(app: FastAPI) -> None:
            start.wait()
            counts.append(watch_of(app).scan()["expired"])

        threads = [threading.Thread(target=scan, args=(app,)) for app in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sum(counts) == due  # every seat once, whichever process took it
        # read from the database: each app caches the seats it last saw (on PostgreSQL
        # the other process's notice refreshes them; SQLite serves one process)
        with first.state.server.sessions() as db:
            for game_id in games:
                ai_roles = db.scalars(
                    select(Seat.role).where(Seat.game_id == game_id, Seat.kind == "ai")
                ).all()
                assert set(ai_roles) == due_roles[game_id]


def test_resign_clears_the_clocks_and_a_rematch_keeps_the_time_control(
    client: TestClient, app: FastAPI
) -> None:
    me = Player(client).guest()
    game = create(me, "tiny", SEATS, move_days=5, on_expiry="forfeit")
    role = game["active"][0]
    over = me.ok("POST", f"/api/games/{game['id']}/resign", {"seat": role})
    assert over["status"] == "finished" and clocks(app, game["id"]) == {}
    rematch_id = me.ok("POST", f"/api/games/{game['id']}/rematch")["id"]
    rematch = me.ok("GET", f"/api/games/{rematch_id}")
    assert rematch["time_control"] == {"move_days": 5, "on_expiry": "forfeit"}
    assert set(rematch["deadlines"]) == set(rematch["active"])
    assert set(clocks(app, rematch_id)) == set(rematch["active"])


def test_migration_0003_keeps_games_and_accounts_and_goes_back(database_url: str) -> None:
    """Games and accounts from before 0003 get no clock and no e-mails; 0003 can be
    taken back to 0002 and applied again."""
    engine = make_engine(database_url)
    try:
        upgrade(engine, "0002")
        with engine.begin() as connection:
            connection.execute(
                sa.text(
                    "INSERT INTO users (id, username, display_name, password_hash, is_guest, created_at) "
                    "VALUES (1, NULL, 'Old', NULL, :guest, :now)"
                ),
                {"guest": True, "now": START},
            )
        upgrade(engine)
        with engine.begin() as connection:
            user = connection.execute(sa.text("SELECT email, email_turns FROM users")).one()
            assert user.email is None and not user.email_turns
            assert connection.execute(sa.text("SELECT count(*) FROM turn_clocks")).scalar() == 0
        with engine.begin() as connection:
            config = alembic_config()
            config.attributes["connection"] = connection
            command.downgrade(config, "0002")
        assert "turn_clocks" not in sa.inspect(engine).get_table_names()
        upgrade(engine)
        assert "turn_clocks" in sa.inspect(engine).get_table_names()
    finally:
        engine.dispose()
