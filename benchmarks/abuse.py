"""Availability under abuse (issue 27): each abuse pattern, from one client, while
normal players play; the victims' figures per pattern.

    PYTHONPATH=src python benchmarks/abuse.py                       # SQLite, one process
    PYTHONPATH=src python benchmarks/abuse.py --database-url postgresql://... --workers 2
    PYTHONPATH=src python benchmarks/abuse.py --seconds 10 --only observers,odds
    PYTHONPATH=src python benchmarks/abuse.py --behind-proxy     # every client through a proxy

It starts the real server (`python -m grognard.server`, as `grognard serve` runs it)
on a free port of 127.0.0.1. Every client has a loopback address of its own (the
whole 127.0.0.0/8 is loopback on Linux): the victims 127.0.0.2 onwards, each attacker
127.0.0.100 onwards, so that the server's bounds per address see distinct clients.
With `--behind-proxy` every client connects from 127.0.0.1, the proxy the server
trusts by default (uvicorn's FORWARDED_ALLOW_IPS), and names its own address in
`X-Forwarded-For`, as nginx does for each client (docs/server.md, "Behind a reverse
proxy"): the bounds must then tell the clients apart by the forwarded address alone.
The slowloris phase is left out there: a proxy reads a request's head before it
forwards anything, so half-sent heads never reach the server (the proxy's own
timeouts bound them). Nothing leaves the machine.

Victims, all the time: `--players` guests each playing a hot-seat Viktory II game
(a random legal move every 0.2 s; the round trip of each POST is timed) and
`--ai-players` guests each playing against the heuristic AI (each AI move is timed
from the moment the AI is to move until its move reaches the player's websocket).

Phases, `--seconds` each, one after the other: a baseline with no attack, then each
attack from one address (bounded in count; it stops at the end of its phase):

- observers: up to 1 000 observer websockets on one victim's game, held open;
- slowloris: up to 1 000 TCP connections sending half a request head, reopened
  at once when the server closes them after its deadline, a second after a refusal;
- ai_flood: 15 guests each making up to 40 HGW games with the strong search AI on
  the first seat (it thinks at once); their games are resigned at the phase's end;
- odds: 48 concurrent Victory battle-odds calls of 18 to 20 blocks a side (2-3 s of
  CPU each when computed), distinct battles so that the cache does not answer;
- saved_games: 4 concurrent new games from a 600-move Viktory II save;
- lobby: 15 guests each making public games with an open seat as fast as they can.

The attacks run in a process of their own, the victims in this one (both on the
machine that runs the server: on a loaded machine every figure is slower).

Per phase: the victims' move round trip p50/p99, the AI reply p50/p99, how many of
the victims' requests were refused (any 429/503 or failed connection), and what the
attacker got (counts by answer), and the machine's load average at the phase's end
(the latency goals can only be judged on a quiet machine). The run ends by itself:
every wait has a timeout and the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
VICTIM_BASE = 2
ATTACKER_BASE = 100
HTTP_TIMEOUT = 30.0
PHASES = ("baseline", "observers", "slowloris", "ai_flood", "odds", "saved_games", "lobby")


def address(n: int) -> str:
    return f"127.0.0.{n}"


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# ----- the server ------------------------------------------------------------------------------
class Server:
    def __init__(self, database_url: str, workers: int, workdir: Path) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), env.get("PYTHONPATH", "")) if p)
        self.log_path = workdir / "server.log"
        self._log = self.log_path.open("wb")
        command = [sys.executable, "-m", "grognard.server", "--host", "127.0.0.1", "--port", str(self.port)]
        command += ["--database-url", database_url, "--workers", str(workers), "--log-level", "warning"]
        self.proc = subprocess.Popen(command, env=env, stdout=self._log, stderr=subprocess.STDOUT)

    async def wait_healthy(self, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        async with httpx.AsyncClient(base_url=self.base, timeout=2.0) as http:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited:\n{self.log_path.read_text()[-3000:]}")
                with contextlib.suppress(httpx.HTTPError):
                    if (await http.get("/api/health")).status_code == 200:
                        return
                await asyncio.sleep(0.2)
        raise RuntimeError("the server did not answer /api/health")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=20)
        self._log.close()


#: the trusted proxy's address (uvicorn trusts 127.0.0.1's X-Forwarded-For by default)
PROXY = "127.0.0.1"
#: --behind-proxy: set in the victims' process and in the attackers' (`run_attack`)
BEHIND_PROXY = {"on": False}


class Client:
    """One guest from one loopback address (or, behind the proxy, from the proxy's
    address, naming its own in X-Forwarded-For)."""

    def __init__(self, base: str, source: str) -> None:
        self.base, self.source = base, source
        proxied = BEHIND_PROXY["on"]
        self.local = PROXY if proxied else source
        self.forwarded = {"X-Forwarded-For": source} if proxied else {}
        self.http = httpx.AsyncClient(
            base_url=base,
            timeout=HTTP_TIMEOUT,
            headers=self.forwarded,
            transport=httpx.AsyncHTTPTransport(local_address=self.local),
            limits=httpx.Limits(max_connections=8, keepalive_expiry=4.0),
        )

    async def guest(self) -> httpx.Response:
        answer = await self.http.post("/api/guest", json={})
        if answer.status_code == 200:
            self.http.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
        return answer

    async def socket(self, game_id: str, seat: str | None = None) -> ClientConnection:
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        url = f"ws://127.0.0.1:{self.base.rsplit(':', 1)[1]}/ws/games/{game_id}" + (
            f"?seat={seat}" if seat else ""
        )
        return await connect(
            url,
            additional_headers={**self.forwarded, **({"Cookie": cookie} if cookie else {})},
            local_addr=(self.local, 0),
            open_timeout=10,
        )

    async def close(self) -> None:
        await self.http.aclose()


# ----- the victims -----------------------------------------------------------------------------
class Figures:
    def __init__(self) -> None:
        self.phase = "setup"
        self.moves: dict[str, list[float]] = {}
        self.ai: dict[str, list[float]] = {}
        self.refused: Counter[str] = Counter()

    def add(self, kind: dict[str, list[float]], seconds: float) -> None:
        kind.setdefault(self.phase, []).append(seconds)


async def hot_seat_player(base: str, n: int, figures: Figures, stop: asyncio.Event) -> None:
    client = Client(base, address(n))
    rng = random.Random(n)
    try:
        await client.guest()
        game: dict[str, Any] = {"status": "finished"}
        while not stop.is_set():
            if game["status"] != "active":
                answer = await client.http.post(
                    "/api/games", json={"ruleset": "viktory2", "seats": {"red": "me", "yellow": "hotseat"}}
                )
                if answer.status_code != 201:
                    figures.refused[figures.phase] += 1
                    await asyncio.sleep(1)
                    continue
                game = answer.json()
            role = next(r for r in game["active"])
            action = rng.choice(game["views"][role]["legal"])
            body = {"seat": role, "action": action, "expected_version": game["version"]}
            started = time.perf_counter()
            try:
                answer = await client.http.post(f"/api/games/{game['id']}/actions", json=body)
            except httpx.HTTPError:
                figures.refused[figures.phase] += 1
                await asyncio.sleep(0.5)
                continue
            if answer.status_code == 200:
                figures.add(figures.moves, time.perf_counter() - started)
                game = answer.json()
            elif answer.status_code in (429, 503) or answer.status_code >= 500:
                figures.refused[figures.phase] += 1
            else:  # stale: read it again
                game = (await client.http.get(f"/api/games/{game['id']}")).json()
            await asyncio.sleep(0.2)
    finally:
        await client.close()


async def ai_player(base: str, n: int, figures: Figures, stop: asyncio.Event) -> None:
    """Plays red against the heuristic; times each AI move from the moment the AI is
    to move (the answer to red's move, or the AI's previous move) to its arrival."""
    client = Client(base, address(n))
    rng = random.Random(n)
    try:
        await client.guest()
        while not stop.is_set():
            answer = await client.http.post(
                "/api/games", json={"ruleset": "viktory2", "seats": {"red": "me", "yellow": "ai:heuristic"}}
            )
            if answer.status_code != 201:
                figures.refused[figures.phase] += 1
                await asyncio.sleep(1)
                continue
            game = answer.json()
            async with await client.socket(game["id"], "red") as ws:
                view = json.loads(await asyncio.wait_for(ws.recv(), 10))
                await play_against_ai(client, ws, view, rng, figures, stop)
    finally:
        await client.close()


async def play_against_ai(
    client: Client,
    ws: ClientConnection,
    state: dict[str, Any],
    rng: random.Random,
    figures: Figures,
    stop: asyncio.Event,
) -> None:
    game_id = state["game"]
    waiting_since = time.perf_counter()
    while not stop.is_set() and state["status"] == "active":
        if "red" in state["active"]:
            await asyncio.sleep(0.2)
            action = rng.choice(state["view"]["legal"])
            body = {"seat": "red", "action": action, "expected_version": state["version"]}
            try:
                answer = await client.http.post(f"/api/games/{game_id}/actions", json=body)
            except httpx.HTTPError:
                figures.refused[figures.phase] += 1
                continue
            if answer.status_code != 200:
                if answer.status_code in (429, 503) or answer.status_code >= 500:
                    figures.refused[figures.phase] += 1
                continue
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), 60))
        except TimeoutError:
            figures.add(figures.ai, 60.0)
            return
        if message.get("type") != "state" or message["version"] <= state["version"]:
            continue
        now = time.perf_counter()
        if "red" not in state["active"]:  # the AI was to move, and moved
            figures.add(figures.ai, now - waiting_since)
        state = message
        if "red" not in state["active"]:
            waiting_since = now


# ----- the attacks -----------------------------------------------------------------------------
Attack = Callable[[str, int, str, float, Counter[str]], Coroutine[Any, Any, None]]


async def observers(base: str, n: int, victim_game: str, seconds: float, got: Counter[str]) -> None:
    client = Client(base, address(n))
    held: list[ClientConnection] = []
    deadline = time.monotonic() + seconds
    try:
        for _ in range(1000):
            if time.monotonic() > deadline:
                break
            try:
                ws = await client.socket(victim_game)
                first = json.loads(await asyncio.wait_for(ws.recv(), 5))
                got[first.get("type", "?")] += 1
                held.append(ws)
            except Exception as exc:  # refused (closed with its code) or failed
                got[getattr(getattr(exc, "rcvd", None), "code", type(exc).__name__)] += 1
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
    finally:
        for ws in held:
            with contextlib.suppress(Exception):
                await ws.close()
        await client.close()


async def slowloris(base: str, n: int, _game: str, seconds: float, got: Counter[str]) -> None:
    port = int(base.rsplit(":", 1)[1])
    deadline = time.monotonic() + seconds
    open_ones: list[asyncio.StreamWriter] = []

    async def one() -> None:
        while time.monotonic() < deadline:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address(n), 0))
            except OSError:
                got["connect failed"] += 1
                await asyncio.sleep(0.5)
                continue
            open_ones.append(writer)
            writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
            try:
                answer = await asyncio.wait_for(reader.read(200), max(0.1, deadline - time.monotonic()))
                line = answer.split(b"\r\n", 1)[0].decode(errors="replace") or "closed"
            except (TimeoutError, OSError):
                line = "held"
            got[line] += 1
            writer.close()
            open_ones.remove(writer)
            if " 503 " in line:  # refused: holding is the point, so wait before trying again
                await asyncio.sleep(1.0)

    await asyncio.gather(*(one() for _ in range(1000)))
    for writer in open_ones:
        writer.close()


async def ai_flood(base: str, n: int, _game: str, seconds: float, got: Counter[str]) -> None:
    deadline = time.monotonic() + seconds
    made: list[tuple[Client, str]] = []
    clients = [Client(base, address(n)) for _ in range(15)]
    try:
        for client in clients:
            answer = await client.guest()
            got[f"guest {answer.status_code}"] += 1
            if answer.status_code != 200:
                continue
            for _ in range(40):
                if time.monotonic() > deadline:
                    break
                body = {"ruleset": "hgw", "seats": {"axis": "ai:search-strong", "soviet": "me"}}
                answer = await client.http.post("/api/games", json=body)
                got[f"game {answer.status_code}"] += 1
                if answer.status_code == 201:
                    made.append((client, answer.json()["id"]))
                else:
                    break
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
    finally:
        for client, game_id in made:
            with contextlib.suppress(httpx.HTTPError):
                await client.http.post(f"/api/games/{game_id}/resign", json={"seat": "soviet"})
        for client in clients:
            await client.close()


async def odds(base: str, n: int, _game: str, seconds: float, got: Counter[str]) -> None:
    deadline = time.monotonic() + seconds
    client = Client(base, address(n))
    await client.guest()
    battles = [
        (a, d, t) for a in (18, 19, 20) for d in (18, 19, 20) for t in ("clear", "forest", "marsh", "desert")
    ]

    async def caller(i: int) -> None:
        k = i
        while time.monotonic() < deadline:
            a, d, terrain = battles[k % len(battles)]
            k += 48
            body = {"attacker": {"IN": a}, "defender": {"IN": d}, "terrain": terrain}
            try:
                answer = await client.http.post("/api/rulesets/victory/odds", json=body)
                got[str(answer.status_code)] += 1
                if answer.status_code == 429:
                    await asyncio.sleep(min(5.0, float(answer.headers.get("Retry-After", "1"))))
            except httpx.HTTPError as exc:
                got[type(exc).__name__] += 1

    try:
        await asyncio.gather(*(caller(i) for i in range(48)))
    finally:
        await client.close()


def saved_game_body(plies: int) -> dict[str, Any]:
    from grognard.core.replay import make_replay
    from grognard.games import REGISTRY

    state = REGISTRY.get("viktory2").new_game(None, {}, 5)
    rng = random.Random(5)
    for _ in range(plies):
        role = state.active_roles()[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
    replay = make_replay(state, digests=[])
    keys = ("ruleset", "scenario", "options", "seed", "ruleset_version", "rng_version")
    return {
        **{k: replay[k] for k in keys},
        "moves": replay["actions"],
        "seats": {"red": "me", "yellow": "hotseat"},
    }


async def saved_games(base: str, n: int, _game: str, seconds: float, got: Counter[str]) -> None:
    body = saved_game_body(600)  # made before the attack's time starts
    deadline = time.monotonic() + seconds
    client = Client(base, address(n))
    await client.guest()

    async def poster() -> None:
        while time.monotonic() < deadline:
            try:
                answer = await client.http.post("/api/games", json=body)
                got[str(answer.status_code)] += 1
                if answer.status_code == 201:
                    game_id = answer.json()["id"]
                    await client.http.post(f"/api/games/{game_id}/resign", json={"seat": "red"})
                elif answer.status_code == 429:
                    await asyncio.sleep(min(5.0, float(answer.headers.get("Retry-After", "1"))))
            except httpx.HTTPError as exc:
                got[type(exc).__name__] += 1

    try:
        await asyncio.gather(*(poster() for _ in range(4)))
    finally:
        await client.close()


async def lobby(base: str, n: int, _game: str, seconds: float, got: Counter[str]) -> None:
    deadline = time.monotonic() + seconds
    clients = [Client(base, address(n)) for _ in range(15)]

    async def flood(client: Client) -> None:
        answer = await client.guest()
        got[f"guest {answer.status_code}"] += 1
        if answer.status_code != 200:
            return
        body = {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "invite"}, "public": True}
        for _ in range(200):
            if time.monotonic() > deadline:
                return
            answer = await client.http.post("/api/games", json=body)
            got[f"game {answer.status_code}"] += 1
            if answer.status_code != 201:
                await asyncio.sleep(1)

    try:
        await asyncio.gather(*(flood(c) for c in clients))
    finally:
        for client in clients:
            await client.close()


ATTACKS: dict[str, Attack] = {
    "observers": observers,
    "slowloris": slowloris,
    "ai_flood": ai_flood,
    "odds": odds,
    "saved_games": saved_games,
    "lobby": lobby,
}


def run_attack(name: str, base: str, n: int, game_id: str, seconds: float, proxied: bool) -> dict[str, int]:
    """One attack, in the attackers' process; what it got."""
    BEHIND_PROXY["on"] = proxied
    got: Counter[str] = Counter()
    asyncio.run(ATTACKS[name](base, n, game_id, seconds, got))
    return {str(k): v for k, v in got.items()}


# ----- the run ---------------------------------------------------------------------------------
async def first_game(host: Client, tries: int = 10) -> dict[str, Any]:
    """The game the observers pile onto (tried again: a refusal must not end the run)."""
    body = {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "hotseat"}}
    for _ in range(tries):
        answer = await host.http.post("/api/games", json=body)
        if answer.status_code == 201:
            game: dict[str, Any] = answer.json()
            return game
        await asyncio.sleep(1)
    raise RuntimeError(f"the host could not make a game: {answer.status_code} {answer.text[:200]}")


async def run(args: argparse.Namespace) -> dict[str, Any]:
    workdir = Path(tempfile.mkdtemp(prefix="grognard-abuse-"))
    url = args.database_url or f"sqlite:///{workdir / 'abuse.db'}"
    server = Server(url, args.workers, workdir)
    attackers = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    BEHIND_PROXY["on"] = args.behind_proxy
    report: dict[str, Any] = {
        "database": url.split(":", 1)[0],
        "workers": args.workers,
        "behind_proxy": args.behind_proxy,
        "phases": {},
    }
    figures, stop = Figures(), asyncio.Event()
    victims: list[asyncio.Task[None]] = []
    try:
        await server.wait_healthy()
        victims = [
            asyncio.create_task(hot_seat_player(server.base, VICTIM_BASE + i, figures, stop))
            for i in range(args.players)
        ]
        victims += [
            asyncio.create_task(ai_player(server.base, VICTIM_BASE + args.players + i, figures, stop))
            for i in range(args.ai_players)
        ]
        # a game for the observers to pile onto
        host = Client(server.base, address(VICTIM_BASE + args.players + args.ai_players))
        await host.guest()
        watched = await first_game(host)
        await asyncio.sleep(3)  # the victims have started
        loop = asyncio.get_running_loop()
        phases = [p for p in PHASES if p == "baseline" or not args.only or p in args.only]
        if args.behind_proxy:  # the proxy holds half-sent heads, not the server (docstring)
            phases = [p for p in phases if p != "slowloris"]
        for k, phase in enumerate(phases):
            figures.phase = phase
            got: Counter[str] = Counter()
            started = time.monotonic()
            if phase == "baseline":
                await asyncio.sleep(args.seconds)
            else:  # in a process of its own: its CPU is not the victims' client's
                attack = loop.run_in_executor(
                    attackers,
                    run_attack,
                    phase,
                    server.base,
                    ATTACKER_BASE + k,
                    watched["id"],
                    args.seconds,
                    args.behind_proxy,
                )
                got.update(await asyncio.wait_for(attack, args.seconds + 300))
            moves, ai = figures.moves.get(phase, []), figures.ai.get(phase, [])
            report["phases"][phase] = {
                "seconds": round(time.monotonic() - started, 1),
                "moves": len(moves),
                "move_p50_ms": _ms(percentile(moves, 0.5)),
                "move_p99_ms": _ms(percentile(moves, 0.99)),
                "ai_moves": len(ai),
                "ai_p50_ms": _ms(percentile(ai, 0.5)),
                "ai_p99_ms": _ms(percentile(ai, 0.99)),
                "victims_refused": figures.refused.get(phase, 0),
                "attacker_got": dict(got),
                # the machine's 1-minute load at the phase's end: a figure measured on
                # a busy machine says what the bounds hold, not the latency goals
                "load_average": round(os.getloadavg()[0], 1),
            }
            print(json.dumps({phase: report["phases"][phase]}), flush=True)
            figures.phase = f"after {phase}"
            await asyncio.sleep(2)  # what the attack left behind settles
        stop.set()
        await asyncio.wait(victims, timeout=90)
        for task in victims:
            task.cancel()
        await host.close()
    finally:
        # however the run ends (an attack that failed too), the victims stop: their
        # loops end on `stop` (a cancellation alone can be lost inside a wait_for)
        stop.set()
        for task in victims:
            task.cancel()
        await asyncio.wait(victims or [asyncio.create_task(asyncio.sleep(0))], timeout=30)
        attackers.shutdown(wait=False, cancel_futures=True)
        server.stop()
    return report


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (more than 1 needs PostgreSQL)"
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="each phase's length (20)")
    parser.add_argument("--players", type=int, default=4, help="hot-seat victims (4)")
    parser.add_argument("--ai-players", type=int, default=2, help="victims playing the heuristic AI (2)")
    parser.add_argument("--only", type=lambda s: set(s.split(",")), default=None, help="attacks to run (all)")
    parser.add_argument("--json", default=None, help="write the report here")
    parser.add_argument(
        "--behind-proxy",
        action="store_true",
        help="every client through a trusted proxy (127.0.0.1), told apart by X-Forwarded-For",
    )
    args = parser.parse_args(argv)
    report = asyncio.run(run(args))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
