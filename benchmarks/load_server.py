"""Server load benchmark: N concurrent games played over HTTP + websockets.

    PYTHONPATH=src python benchmarks/load_server.py        # 200 games from ply 600, 5 s think, hot-seat
    PYTHONPATH=src python benchmarks/load_server.py --opponent ai:heuristic --json /tmp/ai.json

It starts the real server (`python -m grognard.server`, as `grognard serve` runs it)
on a free port of 127.0.0.1 with a temporary SQLite database (or `--database-url`),
waits for `/api/health`, then runs N scripted clients in one asyncio process. Each
client is one guest who owns a 2-player Viktory II game and follows each of its
seats on its own websocket (permessage-deflate on, as browsers ask for it), as the
web client does. The game holds both seats (`me` + `hotseat`), or the first seat
against the server's AI (`--opponent ai:heuristic`), whose moves load the server
but are not timed. Games start mid-play (`--from-ply`, default 600 random moves,
sent with the new game), where a game's log, history and snapshot have grown as
they do in real play. The client repeatedly picks a random legal action
(random.Random seeded per client) from the latest view of a seat of its own that
is to act and POSTs it with `expected_version`, pausing `--think` seconds on
average between its moves. Per action it records

- the round trip: from sending the POST until the acting seat's websocket delivers
  the `state` message with the new version;
- the POST alone: from sending it until its answer is read.

A client stops after `--actions` actions, at the end of its game, or when the play
phase has lasted `--seconds`, whichever comes first. Every wait has a timeout and the
server is stopped at the end: the run always ends by itself. Only loopback is used.

The report: games, actions (and every game change, the AI's included), throughput,
p50/p90/p99/max of both latencies, errors by kind, and the CPU time of the server
process over the play phase (psutil when it is installed, else /proc/PID/stat), also
as a percentage of one core; the client's own CPU time too, since it shares the
machine. `--json PATH` writes it all; `--py-spy OUT` profiles the server meanwhile.
`load_curve.py` runs it at several think times and draws the curve.

`--processes N` (PostgreSQL) starts N server processes on one database, each on a
port of its own, as a scale-out deployment runs them. Client i sends its requests to
process i mod N and holds its websockets on process i+1 mod N, so with N >= 2 every
pushed view has crossed from one process to another (LISTEN/NOTIFY): the round
trip measures the path a load balancer's users take at worst. The server CPU is
the sum over the processes. `load_scaleout.py` compares 1 and 2 processes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib
import json
import os
import platform
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

ROOT = Path(__file__).resolve().parent.parent
RULESET = "viktory2"
HTTP_TIMEOUT = 30.0  # seconds for any one HTTP call
WS_TIMEOUT = 30.0  # seconds to wait for the websocket to show a version
SETUP_TIMEOUT = 120.0  # seconds for all the guests, games and sockets to be ready
SETUP_CONCURRENCY = 16  # clients setting up at once (setup is not what is measured)
STARTUP_TIMEOUT = 60.0  # seconds for the server to answer /api/health
MAX_ERRORS_PER_GAME = 5  # a client gives up after this many failed actions
AI_TIMEOUT = 60.0  # seconds a client waits for the AI's next move


class _Versioned(msgspec.Struct):
    """The part of a POST answer the client reads (msgspec skips the rest)."""

    version: int


_decode_versioned = msgspec.json.Decoder(_Versioned).decode
_decode_message = msgspec.json.Decoder(dict[str, Any]).decode


def client_address(index: int) -> str:
    """The address client `index` says it comes from (a loopback address, only ever
    sent as a header)."""
    return f"127.1.{index // 250}.{index % 250 + 1}"


# ----- the server process ---------------------------------------------------------------------
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """`python -m grognard.server` on 127.0.0.1, logging to a file in `workdir`."""

    def __init__(self, database_url: str, workdir: Path, log_level: str, name: str = "server") -> None:
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / f"{name}.log"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), env.get("PYTHONPATH", "")) if p)
        self._log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "grognard.server",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--database-url",
                database_url,
                "--log-level",
                log_level,
            ],
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )

    @property
    def pid(self) -> int:
        return self.proc.pid

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    async def wait_healthy(self, timeout: float = STARTUP_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        async with httpx.AsyncClient(base_url=self.base_url, timeout=2.0) as http:
            while True:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.log_tail()}")
                with contextlib.suppress(httpx.HTTPError):
                    answer = await http.get("/api/health")
                    if answer.status_code == 200 and answer.json().get("ok"):
                        return
                if time.monotonic() > deadline:
                    raise RuntimeError(f"no /api/health after {timeout:.0f} s:\n{self.log_tail()}")
                await asyncio.sleep(0.1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=15)
        self._log.close()


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads): psutil if installed, else
    /proc/PID/stat (Linux)."""
    try:
        psutil = importlib.import_module("psutil")
    except ImportError:
        pass
    else:
        times = psutil.Process(pid).cpu_times()
        return float(times.user + times.system)
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (comm) "; fields[0] is field 3
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # fields 14 utime and 15 stime


def cpu_source() -> str:
    try:
        importlib.import_module("psutil")
    except ImportError:
        return "/proc/PID/stat"
    return "psutil"


class Profiler:
    """`py-spy record` attached to the server for the play phase (if asked for)."""

    def __init__(self, out: str | None, pid: int, gil_only: bool = False) -> None:
        self.out = out
        self.proc: subprocess.Popen[bytes] | None = None
        if out is None:
            return
        exe = shutil.which("py-spy")
        if exe is None:
            print("py-spy is not installed (pip install py-spy): no profile", file=sys.stderr)
            return
        fmt = "raw" if out.endswith(".txt") else "speedscope" if out.endswith(".json") else "flamegraph"
        command = [exe, "record", "--pid", str(pid), "--output", out, "--format", fmt, "--nonblocking"]
        if gil_only:
            command.append("--gil")  # only the thread holding the GIL: where the CPU goes
        self.proc = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # py-spy writes its output on SIGINT
        try:
            _, err = self.proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.communicate(timeout=10)
            err = b"timed out"
        if self.proc.returncode not in (0, -signal.SIGINT):
            print(
                f"py-spy failed ({self.proc.returncode}): {err.decode(errors='replace')[-500:]}",
                file=sys.stderr,
            )
        else:
            print(f"profile written to {self.out}")


# ----- the clients ----------------------------------------------------------------------------
@dataclass
class Results:
    round_trips: list[float] = field(default_factory=list)  # seconds
    posts: list[float] = field(default_factory=list)  # seconds
    #: per action: (client, perf_counter() at the POST, round trip, POST alone)
    samples: list[tuple[int, float, float, float]] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    #: game changes seen over the play phase (the clients' moves, and the AI's)
    changes: int = 0
    games_ready: int = 0
    games_finished: int = 0  # games that reached their end within the run

    def error(self, kind: str) -> None:
        self.errors[kind] += 1


class SeatFeed:
    """One seat's websocket: keeps the latest `state` message and when each version
    arrived, and wakes whoever waits for a version."""

    def __init__(self, role: str, ws: ClientConnection) -> None:
        self.role = role
        self.ws = ws
        self.version = -1
        self.message: dict[str, Any] = {}
        self.arrived: dict[int, float] = {}
        self.closed: str | None = None
        self._changed = asyncio.Event()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                now = time.perf_counter()
                message = _decode_message(raw)
                if message.get("type") != "state":
                    continue
                version = int(message["version"])
                if version > self.version:
                    self.version = version
                    self.message = message
                    self.arrived[version] = now
                    if len(self.arrived) > 8:
                        del self.arrived[min(self.arrived)]
                    self._changed.set()
            self.closed = f"ws_closed_{self.ws.close_code}"
        except WebSocketException as exc:
            self.closed = f"ws_{type(exc).__name__}"
        except (OSError, msgspec.DecodeError) as exc:
            self.closed = f"ws_{type(exc).__name__}"
        self._changed.set()

    async def wait_version(self, version: int, timeout: float = WS_TIMEOUT) -> float:
        """perf_counter() when the first message with at least `version` arrived."""
        async with asyncio.timeout(timeout):
            while self.version < version:
                if self.closed is not None:
                    raise ConnectionError(self.closed)
                self._changed.clear()
                await self._changed.wait()
        return min(t for v, t in self.arrived.items() if v >= version)

    @property
    def legal(self) -> list[Any]:
        view = self.message.get("view") or {}
        if self.message.get("status") != "active" or self.role not in self.message.get("active", []):
            return []
        return list(view.get("legal") or [])

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(5):
                await self.ws.close()
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


def moves_to(ply: int, players: int, seed: int, rng: random.Random) -> list[list[Any]]:
    """The first `ply` moves of a random game (fewer if it ends sooner: the game must
    still be on), played here and sent with the new game, so that the server plays
    from mid-game with everything a game has grown by then (log, history, board)."""
    from grognard.games import REGISTRY

    state = REGISTRY.get(RULESET).new_game(None, {"players": players}, seed)
    state.keep_undo = False
    moves: list[list[Any]] = []
    while len(moves) < ply:
        role = rng.choice(state.active_roles())
        action = rng.choice(state.legal_actions(role))
        state.apply(role, action)
        if state.is_over():
            break
        moves.append([role, list(action)])
    return moves


class Player:
    """One guest with one game: every seat on one screen (hot-seat), or the first
    seat against the server's AI; one websocket per seat of theirs."""

    def __init__(
        self,
        index: int,
        base_url: str,
        seed: int,
        from_ply: int = 0,
        opponent: str = "hotseat",
        compression: str | None = "deflate",  # what browsers negotiate
        ws_url: str | None = None,
    ) -> None:
        self.index = index
        self.base_url = base_url
        #: the server process that holds this client's websockets (default: base_url's)
        self.ws_url = ws_url or base_url
        self.rng = random.Random(seed * 1_000_003 + index)
        self.game_seed = self.rng.randrange(2**31)
        self.from_ply = from_ply
        self.opponent = opponent
        self.compression = compression
        self.http = httpx.AsyncClient(
            base_url=base_url,
            timeout=HTTP_TIMEOUT,
            # uvicorn closes a connection idle for 5 s: drop it first, or a POST sent on it
            # as it closes fails with ReadError (the usual keep-alive race)
            limits=httpx.Limits(max_connections=2, max_keepalive_connections=2, keepalive_expiry=4.0),
            # each client is a player of its own: from 127.0.0.1, a proxy the server trusts
            # by default, with an address of its own, as behind a reverse proxy; else every
            # client would share one address's bounds (server/clients.py)
            headers={"X-Forwarded-For": client_address(index)},
        )
        self.game_id = ""
        self.feeds: list[SeatFeed] = []

    async def setup(self, roles: list[str]) -> None:
        answer = await self.http.post("/api/guest", json={"name": f"bench-{self.index}"})
        answer.raise_for_status()
        self.http.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
        seats = {role: ("me" if i == 0 else self.opponent) for i, role in enumerate(roles)}
        moves = moves_to(self.from_ply, len(roles), self.game_seed, self.rng) if self.from_ply else []
        answer = await self.http.post(
            "/api/games",
            json={
                "ruleset": RULESET,
                "options": {"players": len(roles)},
                "seats": seats,
                "seed": self.game_seed,
                "moves": moves,
            },
        )
        answer.raise_for_status()
        game = answer.json()
        self.game_id = game["id"]
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        ws_base = self.ws_url.replace("http://", "ws://", 1)
        for role in game["my_seats"]:
            ws = await connect(
                f"{ws_base}/ws/games/{self.game_id}?seat={role}",
                additional_headers={"Cookie": cookie, "X-Forwarded-For": client_address(self.index)},
                max_size=None,
                compression=self.compression,
                ping_interval=None,
                open_timeout=HTTP_TIMEOUT,
            )
            self.feeds.append(SeatFeed(role, ws))
        for feed in self.feeds:
            await feed.wait_version(game["version"])

    async def play(self, actions: int, deadline: float, think: float, results: Results) -> None:
        first_version = self.feeds[0].version
        try:
            await self._play(actions, deadline, think, results)
        finally:
            results.changes += self.feeds[0].version - first_version

    async def _play(self, actions: int, deadline: float, think: float, results: Results) -> None:
        done = failures = 0
        if think > 0:  # staggered start: the clients' first moves spread as later ones are
            await asyncio.sleep(min(self.rng.uniform(0, 2 * think), max(0.0, deadline - time.monotonic())))
        while done < actions and time.monotonic() < deadline and failures < MAX_ERRORS_PER_GAME:
            closed = next((f.closed for f in self.feeds if f.closed), None)
            if closed is not None:
                results.error(closed)
                return
            status = self.feeds[0].message.get("status")
            if status != "active":
                results.games_finished += 1
                return
            ready = [f for f in self.feeds if f.legal]
            if not ready and self.opponent == "hotseat":
                results.error("no_legal_action")
                return
            if not ready:  # the AI is to move: its moves come over the socket (not timed)
                try:
                    await self.feeds[0].wait_version(self.feeds[0].version + 1, timeout=AI_TIMEOUT)
                except TimeoutError:
                    results.error("ai_timeout")
                    return
                except ConnectionError as exc:
                    results.error(str(exc) or "ws_closed")
                    return
                continue
            feed = self.rng.choice(ready)
            action = self.rng.choice(feed.legal)
            body = {"seat": feed.role, "action": action, "expected_version": feed.version}
            started = time.perf_counter()
            try:
                answer = await self.http.post(f"/api/games/{self.game_id}/actions", json=body)
                answered = time.perf_counter()
                if answer.status_code != 200:
                    results.error(f"http_{answer.status_code}")
                    failures += 1
                    # resynchronise: wait until every socket is at the game's version
                    current = max(f.version for f in self.feeds)
                    for f in self.feeds:
                        await f.wait_version(current)
                    continue
                version = _decode_versioned(answer.content).version
                arrived = await feed.wait_version(version)
                for other in self.feeds:  # the next choice needs every seat's fresh view
                    if other is not feed:
                        await other.wait_version(version)
            except TimeoutError:
                results.error("ws_timeout")
                failures += 1
                continue
            except ConnectionError as exc:
                results.error(str(exc) or "ws_closed")
                return
            except httpx.TimeoutException:
                results.error("http_timeout")
                failures += 1
                continue
            except httpx.HTTPError as exc:
                results.error(f"http_{type(exc).__name__}")
                failures += 1
                continue
            results.posts.append(answered - started)
            results.round_trips.append(arrived - started)
            results.samples.append((self.index, started, arrived - started, answered - started))
            done += 1
            if think > 0:
                await asyncio.sleep(
                    min(self.rng.uniform(0, 2 * think), max(0.0, deadline - time.monotonic()))
                )
        if self.feeds and self.feeds[0].message.get("status") not in (None, "active"):
            results.games_finished += 1

    async def close(self) -> None:
        for feed in self.feeds:
            await feed.close()
        with contextlib.suppress(Exception):
            await self.http.aclose()


async def roles_of(base_url: str) -> list[str]:
    async with httpx.AsyncClient(base_url=base_url, timeout=HTTP_TIMEOUT) as http:
        answer = await http.get("/api/rulesets")
        answer.raise_for_status()
        for ruleset in answer.json():
            if ruleset["id"] == RULESET:
                scenario = ruleset["scenarios"][0]["id"]
                roles: list[str] = ruleset["roles"][scenario]
                return roles
    raise RuntimeError(f"the server has no ruleset {RULESET!r}")


@dataclass
class Run:
    results: Results
    started: float  # perf_counter() at the start of the play phase
    wall: float
    server_cpu: float
    client_cpu: float
    client_gc_pauses: list[float]  # seconds, each collection of the client during play


class ClientGcPauses:
    """Times every garbage collection of this process until stop()."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._started = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self._started)

    def stop(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._callback)


async def run_clients(args: argparse.Namespace, servers: list[ServerProcess]) -> Run:
    results = Results()
    server = servers[0]
    roles = await roles_of(server.base_url)
    compression = None if args.no_compression else "deflate"
    n = len(servers)
    players = [
        Player(
            i,
            servers[i % n].base_url,
            args.seed,
            args.from_ply,
            args.opponent,
            compression,
            ws_url=servers[(i + 1) % n].base_url,
        )
        for i in range(args.games)
    ]
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def set_up(player: Player) -> Player | None:
        async with gate:
            try:
                await player.setup(roles)
            except Exception as exc:
                results.error(f"setup_{type(exc).__name__}")
                return None
            return player

    try:
        try:
            # a game from mid-play is set up by replaying its moves, on both sides
            async with asyncio.timeout(SETUP_TIMEOUT + args.games * args.from_ply / 2000):
                ready = [p for p in await asyncio.gather(*(set_up(p) for p in players)) if p is not None]
        except TimeoutError:
            results.error("setup_timeout")
            ready = [p for p in players if p.feeds and all(f.version > 0 for f in p.feeds)]
        results.games_ready = len(ready)
        print(f"{len(ready)} games ready; playing (at most {args.actions} actions each, {args.seconds:g} s)")

        # The client's own pauses would count as server latency: its garbage collector
        # (a full collection over 200 games' views takes ~0.2 s) is off while playing,
        # unless --client-gc; its pauses are recorded either way.
        gc.collect()
        gc.freeze()
        if not args.client_gc:
            gc.disable()
        gc_pauses = ClientGcPauses()
        profiler = Profiler(args.py_spy, server.pid, args.py_spy_gil)
        cpu0 = sum(process_cpu_seconds(s.pid) for s in servers)
        client0 = time.process_time()
        wall0 = time.perf_counter()
        deadline = time.monotonic() + args.seconds
        try:
            # every wait inside play() is bounded; this is the last safety net
            async with asyncio.timeout(args.seconds + HTTP_TIMEOUT + WS_TIMEOUT + 10):
                await asyncio.gather(
                    *(p.play(args.actions, deadline, args.think, results) for p in ready),
                    return_exceptions=False,
                )
        except TimeoutError:
            results.error("play_timeout")
        wall = time.perf_counter() - wall0
        server_cpu = sum(process_cpu_seconds(s.pid) for s in servers) - cpu0
        client_cpu = time.process_time() - client0
        gc_pauses.stop()
        gc.enable()
        gc.unfreeze()
        profiler.stop()
        return Run(results, wall0, wall, server_cpu, client_cpu, gc_pauses.pauses)
    finally:
        await asyncio.gather(*(p.close() for p in players), return_exceptions=True)


# ----- the report -----------------------------------------------------------------------------
def percentile(ordered: Sequence[float], p: float) -> float:
    """Linear interpolation between closest ranks (numpy's default); nan when empty."""
    if not ordered:
        return float("nan")
    rank = (len(ordered) - 1) * p / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def latency_summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(s * 1000 for s in samples)
    return {
        "count": len(ordered),
        "mean_ms": sum(ordered) / len(ordered) if ordered else float("nan"),
        "p50_ms": percentile(ordered, 50),
        "p90_ms": percentile(ordered, 90),
        "p99_ms": percentile(ordered, 99),
        "max_ms": ordered[-1] if ordered else float("nan"),
    }


def git_commit() -> str | None:
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
        )
        if out.returncode == 0:
            return out.stdout.strip()
    return None


def build_report(args: argparse.Namespace, run: Run, database: str) -> dict[str, Any]:
    results = run.results
    actions = len(results.round_trips)
    cores = os.cpu_count() or 1
    return {
        "benchmark": "load_server",
        "settings": {
            "games": args.games,
            "actions_per_game": args.actions,
            "seconds": args.seconds,
            "think_s": args.think,
            "from_ply": args.from_ply,
            "opponent": args.opponent,
            "ws_compression": not args.no_compression,
            "seed": args.seed,
            "database": database,
            "processes": args.processes,
        },
        "machine": {
            "cores": cores,
            "python": platform.python_version(),
            "platform": platform.platform(),
            "commit": git_commit(),
        },
        "games_ready": results.games_ready,
        "games_finished": results.games_finished,
        "actions": actions,
        "wall_s": run.wall,
        "play_started_monotonic": run.started,  # time.perf_counter(), for matching server-side logs
        "actions_per_s": actions / run.wall if run.wall > 0 else 0.0,
        # every change of every game, the AI's moves included
        "changes_per_s": results.changes / run.wall if run.wall > 0 else 0.0,
        "round_trip": latency_summary(results.round_trips),
        "post": latency_summary(results.posts),
        "errors": dict(sorted(results.errors.items())),
        "server_cpu_s": run.server_cpu,
        "server_cpu_pct_of_one_core": 100 * run.server_cpu / run.wall if run.wall > 0 else 0.0,
        "client_cpu_s": run.client_cpu,
        "client_cpu_pct_of_one_core": 100 * run.client_cpu / run.wall if run.wall > 0 else 0.0,
        "cpu_source": cpu_source(),
        "client_gc": {
            "enabled": args.client_gc,
            "collections": len(run.client_gc_pauses),
            "max_ms": 1000 * max(run.client_gc_pauses, default=0.0),
            "total_ms": 1000 * sum(run.client_gc_pauses),
        },
        "goal": {
            "p99_ms": 50,
            "games": 200,
            "met": actions > 0 and latency_summary(results.round_trips)["p99_ms"] <= 50,
        },
    }


def print_report(report: dict[str, Any]) -> None:
    s = report["settings"]
    print()
    print(
        f"grognard server load: {s['games']} games x {s['actions_per_game']} actions, "
        f"think {s['think_s'] * 1000:g} ms, from ply {s['from_ply']}, other seats {s['opponent']}, "
        f"{s['database']}, {s.get('processes', 1)} server process(es), "
        f"{report['machine']['cores']} cores"
    )
    print(
        f"  games ready       {report['games_ready']:>9}   "
        f"finished during the run: {report['games_finished']}"
    )
    print(
        f"  actions           {report['actions']:>9}   in {report['wall_s']:.1f} s = "
        f"{report['actions_per_s']:.1f} actions/s ({report['changes_per_s']:.1f} game changes/s with "
        "the other seats')"
    )
    print(f"  {'latency (ms)':<16} {'p50':>9} {'p90':>9} {'p99':>9} {'max':>9} {'mean':>9}")
    for label, key in (("round trip", "round_trip"), ("POST alone", "post")):
        q = report[key]
        print(
            f"  {label:<16} {q['p50_ms']:>9.1f} {q['p90_ms']:>9.1f} {q['p99_ms']:>9.1f} "
            f"{q['max_ms']:>9.1f} {q['mean_ms']:>9.1f}"
        )
    print(
        f"  server CPU        {report['server_cpu_s']:>9.1f} s = {report['server_cpu_pct_of_one_core']:.0f}% "
        f"of one core ({report['cpu_source']})"
    )
    print(
        f"  client CPU        {report['client_cpu_s']:>9.1f} s = {report['client_cpu_pct_of_one_core']:.0f}% "
        "of one core (this process, same machine)"
    )
    cgc = report["client_gc"]
    if cgc["collections"]:
        print(
            f"  client GC         {cgc['collections']:>9} collections, longest {cgc['max_ms']:.0f} ms "
            "(these pauses are in the latencies)"
        )
    errors = report["errors"]
    print("  errors            " + (", ".join(f"{k}: {v}" for k, v in errors.items()) if errors else "none"))
    goal = report["goal"]
    verdict = "met" if goal["met"] else "NOT met"
    print(f"  goal p99 <= {goal['p99_ms']} ms at {goal['games']} games: {verdict} at {s['games']} games")


# ----- main -----------------------------------------------------------------------------------
def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200, help="concurrent games, one client each (200)")
    parser.add_argument("--actions", type=int, default=20, help="actions per game at most (20)")
    parser.add_argument("--seconds", type=float, default=120.0, help="play phase limit in seconds (120)")
    parser.add_argument(
        "--think",
        type=float,
        default=5.0,
        help="mean pause between a client's actions in seconds, uniform on [0, 2*think] (5; 0: flat out)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds every client's choices and game (1)")
    parser.add_argument(
        "--opponent",
        default="hotseat",
        help="who plays the other seats: hotseat (the client, on its own screen; default) or "
        "ai:<agent> (the server's AI, e.g. ai:heuristic): its moves load the server but are not timed",
    )
    parser.add_argument(
        "--no-compression",
        action="store_true",
        help="websockets without permessage-deflate (browsers always ask for it, and the server "
        "spends CPU compressing every pushed view)",
    )
    parser.add_argument(
        "--from-ply",
        type=int,
        default=600,
        help="start every game after this many random moves, sent with the new game (600; 0: from "
        "the start); a random 2-player game lasts about 1 300 moves, and grows as it goes",
    )
    parser.add_argument(
        "--database-url",
        default=None,
        help="the server's SQLAlchemy URL (default: a new SQLite file in a temporary directory); "
        "a PostgreSQL database given here should be empty or a throwaway",
    )
    parser.add_argument("--json", default=None, metavar="PATH", help="write the report as JSON")
    parser.add_argument("--samples", default=None, metavar="PATH", help="write every action's timings as CSV")
    parser.add_argument(
        "--py-spy",
        default=None,
        metavar="OUT",
        help="profile the server with py-spy during the play phase: OUT.svg flame graph, "
        "OUT.txt collapsed stacks, OUT.json speedscope",
    )
    parser.add_argument(
        "--py-spy-gil", action="store_true", help="with --py-spy: sample only the thread holding the GIL"
    )
    parser.add_argument(
        "--client-gc",
        action="store_true",
        help="keep the client's garbage collector on while playing (its pauses then add to the latencies)",
    )
    parser.add_argument("--log-level", default="warning", help="the server's log level (warning)")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes on the one database (1); more than 1 needs a PostgreSQL --database-url: "
        "clients post to one process and hold their websockets on the next",
    )
    args = parser.parse_args(argv)
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    if args.processes > 1 and not (args.database_url or "").startswith("postgres"):
        parser.error("--processes above 1 needs --database-url postgresql://... (SQLite serves one process)")
    if args.games < 1 or args.actions < 1 or args.seconds <= 0 or args.think < 0 or args.from_ply < 0:
        parser.error(
            "--games and --actions must be at least 1, --seconds positive, "
            "--think and --from-ply not negative"
        )
    return args


def describe_database(url: str) -> str:
    return url.split("://", 1)[0].split("+", 1)[0]


def write_samples(path: str, run: Run) -> None:
    """One line per action, in the order the POSTs were sent."""
    lines = ["client,sent_s,round_trip_ms,post_ms"]
    for client, sent, round_trip, post in sorted(run.results.samples, key=lambda s: s[1]):
        lines.append(f"{client},{sent - run.started:.4f},{round_trip * 1000:.2f},{post * 1000:.2f}")
    Path(path).write_text("\n".join(lines) + "\n")


async def amain(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="grognard-load-") as tmp:
        database_url = args.database_url or f"sqlite:///{tmp}/load.db"
        servers: list[ServerProcess] = []
        try:
            # one after the other: each migrates the schema at start-up
            for index in range(args.processes):
                servers.append(ServerProcess(database_url, Path(tmp), args.log_level, f"server{index}"))
                await servers[-1].wait_healthy()
                shown = describe_database(database_url)
                print(f"server pid {servers[-1].pid} on {servers[-1].base_url} ({shown})")
            run = await run_clients(args, servers)
        finally:
            for server in servers:
                server.stop()
        errors_logged = [
            line for server in servers for line in server.log_tail(2000).splitlines() if "Traceback" in line
        ]
        report = build_report(args, run, describe_database(database_url))
        if args.samples:
            write_samples(args.samples, run)
        report["server_tracebacks"] = len(errors_logged)
        if errors_logged:
            for server in servers:
                print(f"{server.log_path.name}: the last lines:\n{server.log_tail(40)}")
            print(f"the servers logged {len(errors_logged)} tracebacks")
        return report


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    report = asyncio.run(amain(args))
    print_report(report)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
        print(f"report written to {args.json}")
    return 0 if report["actions"] > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
