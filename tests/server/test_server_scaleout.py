"""Several server processes on one PostgreSQL database (issue 8, section 4).

Real processes (`python -m grognard.server`, uvicorn on loopback ports), real
websockets: a change made through one process reaches the sockets held by the
other, ended sessions and changed seats are forgotten by both, and each AI move
is thought about and made by exactly one of them. Plus `--workers`: refused on
SQLite, served by uvicorn's worker processes on PostgreSQL.

The database is the suite's throwaway PostgreSQL (GROGNARD_TEST_POSTGRES_URL, set
by scripts/test); run alone, this module starts one of its own the same way.
"""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from glob import glob
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create, games_of
from sqlalchemy import create_engine, select, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from grognard.core.registry import Registry
from grognard.server.db import resolve_database_url
from grognard.server.expiring import ExpiringCache
from grognard.server.hub import CLOSE_SIGNED_OUT
from grognard.server.models import ActionRecord

POSTGRES_ENV = "GROGNARD_TEST_POSTGRES_URL"
#: Seconds a socket waits for a message that must come (a generous bound, not a speed check).
PATIENCE = 60.0
SHORT = {"turn_limit": 3}


# ----- PostgreSQL: the suite's, or one of our own --------------------------------------
def _own_postgres(folder: Path) -> tuple[str, list[str], str]:
    """Start a throwaway cluster as scripts/test-postgres does: (url, run prefix, bin)."""
    found = sorted(glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.fail(f"these tests need PostgreSQL: run scripts/test, or set {POSTGRES_ENV}")
    bin_dir = str(Path(found[-1]).parent)
    run: list[str] = []
    if os.getuid() == 0:  # initdb refuses to run as root
        shutil.chown(folder, "postgres")
        run = ["runuser", "-u", "postgres", "--"]
    port = _free_port()
    subprocess.run(
        [*run, f"{bin_dir}/initdb", "-D", f"{folder}/data", "-A", "trust", "-U", "postgres"],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [*run, f"{bin_dir}/pg_ctl", "-D", f"{folder}/data", "-l", f"{folder}/log", "-w", "-o",
         f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off", "start"],
        check=True, capture_output=True,
    )  # fmt: skip
    return f"postgresql://postgres@127.0.0.1:{port}/postgres", run, bin_dir


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    if os.environ.get(POSTGRES_ENV):
        yield os.environ[POSTGRES_ENV]
        return
    folder = Path(tempfile.mkdtemp(prefix="grognard-pg."))
    url, run, bin_dir = _own_postgres(folder)
    try:
        yield url
    finally:
        subprocess.run([*run, f"{bin_dir}/pg_ctl", "-D", f"{folder}/data", "-m", "fast", "-w", "stop"],
                       check=False, capture_output=True)  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(postgres: str) -> Iterator[str]:
    """A fresh schema for this test, as a URL both server processes are given."""
    base = resolve_database_url(postgres)
    schema = f"t_{secrets.token_hex(6)}"
    admin = create_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in base else "?"
    yield f"{base}{separator}options=-csearch_path%3D{schema}"
    with admin.begin() as conn:
        conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


# ----- real server processes ------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Http:
    """A cookie-keeping JSON client over real HTTP; `at` is the process it talks to."""

    def __init__(self, port: int, jar: CookieJar | None = None) -> None:
        self.port = port
        self.jar = jar if jar is not None else CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.ProxyHandler({}), urllib.request.HTTPCookieProcessor(self.jar)
        )

    def at(self, server: Server) -> Http:
        """The same person (the same cookies), talking to another process."""
        return Http(server.port, self.jar)

    def copy_at(self, server: Server) -> Http:
        """A copy of today's cookies, talking to another process (this one's later
        cookie changes do not reach the copy)."""
        jar = CookieJar()
        for cookie in self.jar:
            jar.set_cookie(cookie)
        return Http(server.port, jar)

    @property
    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def call(self, method: str, path: str, body: Any = None) -> Any:
        headers = {"Content-Type": "application/json"}
        for cookie in self.jar:
            if cookie.name == "grognard_csrf" and cookie.value:
                headers["X-CSRF-Token"] = cookie.value
        data = json.dumps(body).encode() if body is not None else None
        url = f"http://127.0.0.1:{self.port}{path}"
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with self.opener.open(request, timeout=PATIENCE) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"{method} {path}: {exc.code} {exc.read()[:300]!r}") from None

    def socket(self, game_id: str, seat: str | None = None) -> ClientConnection:
        query = f"?seat={seat}" if seat else ""
        headers = {"Cookie": self.cookie_header} if seat else None
        return connect(
            f"ws://127.0.0.1:{self.port}/ws/games/{game_id}{query}",
            additional_headers=headers,
            proxy=None,
            open_timeout=PATIENCE,
        )


class Server:
    def __init__(self, database_url: str, log: Path, *extra: str) -> None:
        self.port = _free_port()
        self.log = log
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "grognard.server", "--port", str(self.port),
                 "--database-url", database_url, *extra],
                stdout=out,
                stderr=subprocess.STDOUT,
            )  # fmt: skip
        probe = Http(self.port)
        deadline = time.monotonic() + PATIENCE  # a bound on start-up, not a measurement
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server stopped: {log.read_text()[-2000:]}")
            try:
                probe.call("GET", "/api/health")
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        self.stop()
        raise AssertionError(f"the server did not start: {log.read_text()[-2000:]}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=PATIENCE)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def servers(pg_url: str, tmp_path: Path) -> Iterator[list[Server]]:
    """Two server processes on one database, logging grognard's debug lines."""
    started: list[Server] = []
    try:
        for name in ("a", "b"):
            started.append(Server(pg_url, tmp_path / f"{name}.log", "--log-level", "debug"))
        yield started
    finally:
        for server in started:
            server.stop()


def _grognard_lines(log: Path, count: int) -> str:
    """The last lines a server logged, but its access log and websocket chatter."""
    lines = [line for line in log.read_text().splitlines() if "HTTP/1.1" not in line and " < " not in line]
    return f"{log.name}:\n" + "\n".join(lines[-count:])


def _next_state(ws: ClientConnection, version: int) -> dict[str, Any]:
    """The first state message at `version` or later (chat messages are skipped)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=PATIENCE))
        if message["type"] == "state" and message["version"] >= version:
            return message


def _move(who: Http, game: dict[str, Any], pick: int = 0) -> dict[str, Any]:
    role = game["active"][0]
    legal = game["views"][role]["legal"]
    body = {"seat": role, "action": legal[pick % len(legal)], "expected_version": game["version"]}
    answer: dict[str, Any] = who.call("POST", f"/api/games/{game['id']}/actions", body)
    return answer


def _hotseat_game(who: Http) -> dict[str, Any]:
    game: dict[str, Any] = who.call(
        "POST",
        "/api/games",
        {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "hotseat"}, "options": SHORT},
    )
    return game


# ----- a change made in one process reaches the other's sockets ---------------------------
def test_a_move_posted_to_one_process_is_pushed_to_a_socket_held_by_the_other(
    servers: list[Server],
) -> None:
    a, b = servers
    ann = Http(a.port)
    ann.call("POST", "/api/guest", {"name": "Ann"})
    game = _hotseat_game(ann)
    with ann.at(b).socket(game["id"], "red") as seat, Http(b.port).socket(game["id"]) as observer:
        assert _next_state(seat, 0)["version"] == game["version"]
        assert _next_state(observer, 0)["version"] == game["version"]
        for pick in range(5):
            game = _move(ann, game, pick)  # posted to process a
            pushed = _next_state(seat, game["version"])  # held by process b
            assert pushed["version"] == game["version"]
            assert pushed["view"]["legal"] == game["views"]["red"]["legal"]
            assert _next_state(observer, game["version"])["version"] == game["version"]
        said = ann.call("POST", f"/api/games/{game['id']}/chat", {"text": "hello from a"})
        while (message := json.loads(seat.recv(timeout=PATIENCE)))["type"] != "chat":
            pass
        assert message["message"]["text"] == "hello from a" and message["message"] == said


def test_a_process_that_lost_its_listening_connection_catches_up_when_it_is_back(
    servers: list[Server], pg_url: str
) -> None:
    """The database ends the listening sessions; a move made right then has its
    notice lost for them. Once listening again, a process pushes every game with
    sockets there its newest view, so b's socket still gets the move."""
    a, b = servers
    ann = Http(a.port)
    ann.call("POST", "/api/guest")
    game = _hotseat_game(ann)
    engine = create_engine(resolve_database_url(pg_url))
    try:
        with ann.at(b).socket(game["id"], "red") as seat:
            _next_state(seat, game["version"])
            with engine.begin() as conn:
                ended = conn.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()"
                    )
                ).all()
            assert len(ended) == 2  # both processes' listeners
            game = _move(ann, game)  # through a, while nobody listens (each waits 0.5 s to reconnect)
            assert _next_state(seat, game["version"])["version"] == game["version"]
    finally:
        engine.dispose()
    for server in servers:
        server.stop()
    assert "listening for other processes' changes again" in b.log.read_text()


# ----- caches of sessions and seats ------------------------------------------------------------
def test_a_logout_a_new_name_and_a_taken_seat_are_forgotten_by_the_other_process(
    servers: list[Server],
) -> None:
    """Process b remembers sessions (10 s) and seats (30 s); each change made through
    process a must reach it at once. To know that b has heard a notice, the test
    waits for a later change to reach b's socket: notices are heard in commit order."""
    a, b = servers
    host = Http(a.port)
    host.call("POST", "/api/guest", {"name": "Host"})
    board: dict[str, Any] = host.call(
        "POST",
        "/api/games",
        {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "invite"}, "public": True, "options": SHORT},
    )
    bob, lea = Http(a.port), Http(a.port)
    bob.call("POST", "/api/guest", {"name": "Bob"})
    lea.call("POST", "/api/guest", {"name": "Lea"})
    # their sessions as they are now, kept on b (a logout deletes the browser's cookie)
    bob_before, lea_before = bob.copy_at(b), lea.copy_at(b)
    host_on_b = host.at(b)

    def yellow_on_b() -> list[str | None]:
        seats = host_on_b.call("GET", f"/api/games/{board['id']}")["seats"]
        return [s["player"] for s in seats if s["role"] == "yellow"]

    with host_on_b.socket(board["id"], "red") as red_on_b:
        version = _next_state(red_on_b, 0)["version"]
        # b remembers both sessions and the open seat
        assert lea_before.call("GET", "/api/me")["user"]["name"] == "Lea"
        assert bob_before.call("GET", "/api/me")["user"]["name"] == "Bob"
        assert yellow_on_b() == [None]

        lea.call("POST", "/api/logout")  # through a
        bob.call("POST", f"/api/games/{board['id']}/join", {"seat": "yellow"})  # through a
        _next_state(red_on_b, version + 1)  # b has heard the join, so the logout too
        assert lea_before.call("GET", "/api/me")["user"] is None
        assert yellow_on_b() == ["Bob"]

        # a guest becomes an account: a new name, and the guest's session ends
        bob.call("POST", "/api/register", {"username": "robert", "password": "correct horse 42"})
        host.call("POST", f"/api/games/{board['id']}/chat", {"text": "welcome"})  # through a
        while json.loads(red_on_b.recv(timeout=PATIENCE))["type"] != "chat":
            pass
        assert bob_before.call("GET", "/api/me")["user"] is None
        assert bob.at(b).call("GET", "/api/me")["user"]["name"] == "robert"
        assert yellow_on_b() == ["robert"]


def test_a_logout_through_one_process_closes_that_sessions_sockets_on_the_other(
    servers: list[Server],
) -> None:
    """Issue 8.3 across processes: a session that ended must stop receiving its
    seats' views on every process, closed with the documented code 4401."""
    a, b = servers
    ann = Http(a.port)
    ann.call("POST", "/api/guest", {"name": "Ann"})
    game = _hotseat_game(ann)
    with ann.at(b).socket(game["id"], "red") as red_on_b:
        _next_state(red_on_b, 0)
        ann.call("POST", "/api/logout")  # through a
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                red_on_b.recv(timeout=PATIENCE)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_SIGNED_OUT


# ----- AI seats: one process thinks, once --------------------------------------------------------
AI_MOVE = re.compile(r"game ([\w-]+) version (\d+): the AI of (\w+) moves")
AI_ELSEWHERE = re.compile(r"game ([\w-]+): its AI moves in another process")


def test_each_ai_move_is_made_by_exactly_one_of_two_processes(servers: list[Server], pg_url: str) -> None:
    """Every process is told when an AI is to move (the one that made the change,
    the other by its notice): the advisory lock lets one think. Without it the
    other process would think about the same versions (and lose the commit). The
    human's moves go to either process in turn."""
    a, b = servers
    ann = Http(a.port)
    ann.call("POST", "/api/guest")
    game = ann.call(
        "POST",
        "/api/games",
        # a seed of its own: the same dice every run (the AI's own draws still depend
        # on which process made its earlier moves)
        {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "ai:random"}, "options": SHORT, "seed": 8},
    )
    rng = random.Random(8)
    through = [ann, ann.at(b)]
    state: dict[str, Any] = {}
    try:
        with ann.at(b).socket(game["id"]) as observer:
            state = _next_state(observer, 0)
            while state["status"] == "active":
                if state["active"] != ["red"]:
                    state = _next_state(observer, state["version"] + 1)
                    continue
                who = through[rng.randrange(2)]
                game = who.call("GET", f"/api/games/{game['id']}")
                legal = game["views"]["red"]["legal"]
                body = {"seat": "red", "action": rng.choice(legal), "expected_version": game["version"]}
                game = who.call("POST", f"/api/games/{game['id']}/actions", body)
                state = _next_state(observer, game["version"])
    except TimeoutError:
        raise AssertionError(
            f"stuck at version {state.get('version')}, active {state.get('active')}:\n"
            + "\n".join(_grognard_lines(server.log, 15) for server in servers)
        ) from None
    for server in servers:
        server.stop()  # every log line is written

    engine = create_engine(resolve_database_url(pg_url))
    with engine.connect() as conn:
        rows = conn.execute(
            select(ActionRecord.version, ActionRecord.role, ActionRecord.user_id)
            .where(ActionRecord.game_id == game["id"])
            .order_by(ActionRecord.ply)
        ).all()
    engine.dispose()
    ai_rows = [row for row in rows if row.role == "yellow"]
    # enough AI moves for both processes to have had their turn at claiming one (a
    # three-turn game gives the AI about ten moves or more; "more than 10" failed on a
    # game where it made exactly 10)
    assert len(ai_rows) >= 5 and all(row.user_id is None for row in ai_rows)

    thought: dict[str, list[tuple[int, str]]] = {}
    elsewhere: dict[str, int] = {}
    for server, name in ((a, "a"), (b, "b")):
        log = server.log.read_text()
        thought[name] = [(int(v), role) for g, v, role in AI_MOVE.findall(log) if g == game["id"]]
        elsewhere[name] = sum(1 for g in AI_ELSEWHERE.findall(log) if g == game["id"])
    everything = sorted(thought["a"] + thought["b"])
    # each move was thought about once, by one process, at the version it was made from
    made = sorted((row.version - 1, row.role) for row in ai_rows)
    assert everything == made, {"thought": thought, "made": made}
    # and process b did take part: it claimed moves, or was refused the claim
    assert thought["b"] or elsewhere["b"]


# ----- a stale live state catches up by applying the moves made elsewhere -----------------------
def test_a_process_catches_up_with_moves_made_by_another_by_applying_them(
    make_app: AppFactory, tiny_registry: Registry
) -> None:
    """Two apps on one database (either kind): the second's live state, left behind
    by moves made through the first, is brought forward by applying those moves (the
    same object, no snapshot read) and ends up the same as the first's; past an undo,
    which no action row records, it is read from the snapshot again."""
    with (
        TestClient(make_app(registry=tiny_registry)) as first,
        TestClient(make_app(registry=tiny_registry)) as second,
    ):
        me = Player(first).guest()
        game = create(me, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"}, seed=0)
        gid = game["id"]
        me.client = second
        me.ok("GET", f"/api/games/{gid}")
        behind = games_of(second).cached_state(gid)
        assert behind is not None
        me.client = first
        moves = [("north", ["pick", 3]), ("east", ["pick", 1]), ("south", ["pick", 1])]
        for role, action in [*moves, ("north", ["roll"]), ("north", ["stake", 2])]:
            body = {"seat": role, "action": action, "expected_version": game["version"]}
            game = me.ok("POST", f"/api/games/{gid}/actions", body)
        me.client = second
        seen = me.ok("GET", f"/api/games/{gid}")
        caught_up, reference = games_of(second).cached_state(gid), games_of(first).cached_state(gid)
        assert caught_up is behind  # moved forward in place: no snapshot was decoded
        assert (
            reference is not None and caught_up.same_as(reference) and caught_up.history == reference.history
        )
        assert seen["views"] == game["views"] and seen["version"] == game["version"]

        me.client = first
        game = me.ok("POST", f"/api/games/{gid}/undo", {"seat": "north", "expected_version": game["version"]})
        me.client = second
        seen = me.ok("GET", f"/api/games/{gid}")
        reread = games_of(second).cached_state(gid)
        assert reread is not caught_up and reread is not None  # read from the snapshot
        assert seen["views"] == game["views"] and seen["plies"] == 4


# ----- --workers ---------------------------------------------------------------------------------
def test_serve_refuses_several_workers_on_sqlite(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from grognard.cli import run

    database = tmp_path / "games.db"
    code = run(["serve", "--workers", "2", "--database-url", f"sqlite:///{database}", "--port", "1"])
    out, err = capsys.readouterr()
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("grognard: error: --workers 2 needs PostgreSQL"), err
    assert "open http" not in out and not database.exists()  # nothing started, nothing made


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(p) for p in (task / "children").read_text().split()]
    return found


def test_serve_with_two_workers_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    """`--workers 2`: two worker processes behind one port; moves posted on new
    connections (the kernel hands each to either worker) all reach one socket."""
    server = Server(pg_url, tmp_path / "workers.log", "--workers", "2")
    try:
        # uvicorn's workers are spawned processes (beside them: multiprocessing's resource tracker)
        workers = [
            pid
            for pid in _children(server.process.pid)
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
        ]
        assert len(workers) == 2, workers
        ann = Http(server.port)
        ann.call("POST", "/api/guest")
        game = _hotseat_game(ann)
        with ann.socket(game["id"], "red") as seat:
            _next_state(seat, 0)
            for pick in range(8):
                game = _move(ann, game, pick)
                assert _next_state(seat, game["version"])["version"] == game["version"]
    finally:
        server.stop()
    assert server.process.returncode == 0
    assert all(not Path(f"/proc/{pid}").exists() for pid in workers)  # the workers stopped too


def test_a_value_read_while_it_was_dropped_is_not_remembered() -> None:
    """A request reads a session or seats from the database while another process's
    notice drops them: the old value it read must not go back into the cache."""
    cache: ExpiringCache[str, str] = ExpiringCache(ttl=60.0, size=8)
    since = cache.generation  # before the database read
    cache.drop("seats of g1")  # a notice heard meanwhile
    cache.put("seats of g1", "as read before the change", since=since)
    assert cache.get("seats of g1") is None
    since = cache.generation
    cache.put("seats of g1", "as read after the change", since=since)
    assert cache.get("seats of g1") == "as read after the change"
