"""`create_app`: the grognard web server (FastAPI).

    from grognard.server import create_app
    app = create_app("sqlite:///games.db")       # or postgresql://user@host/db

The database URL comes from the argument, else `GROGNARD_DATABASE_URL`, else
`sqlite:///./grognard.db`; the schema is migrated on creation. Every error answers
`{"detail": reason}` with a 4xx status; nothing answers with a traceback.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import sessionmaker
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import JSONResponse, Response

from grognard.core.registry import Registry

from . import accounts, api_games, api_odds, api_why, api_ws, apidocs, mail
from .ai import AiRunner
from .claims import make_claims
from .clients import ClientBoundMiddleware
from .context import Server
from .db import (
    WriteProbe,
    check_writable,
    make_engine,
    resolve_database_url,
    upgrade,
    utcnow,
    write_failure,
    write_gate,
)
from .deadlines import Clock, DeadlineWatch
from .expiring import ExpiringCache
from .gcpolicy import GcPolicy
from .guards import Guards, Limits
from .hub import Hub
from .mail import make_mailer
from .middleware import (
    BodyLimitMiddleware,
    CsrfMiddleware,
    JsonGuardMiddleware,
    SecurityHeadersMiddleware,
    UrlGuardMiddleware,
)
from .notify import make_feed
from .peers import Peers
from .refusals import Refusal
from .searchslots import make_search_slots
from .service import GameService
from .settings import KIB, Settings
from .webfiles import WebFiles

log = logging.getLogger("grognard.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


def create_app(
    database_url: str | None = None,
    *,
    registry: Registry | None = None,
    ai_move_budget: float = 10.0,
    ai_workers: int = 4,
    ai_search_processes: int = 0,
    max_body_bytes: int = 64 * KIB,
    secure_cookies: bool = False,
    live_games: int = 256,
    session_cache_seconds: float = 10.0,
    migrate: bool = True,
    gc_full_every: float | None = None,
    limits: Limits | None = None,
    smtp_url: str | None = None,
    public_url: str | None = None,
    clock: Clock | None = None,
    deadline_scan_seconds: float = 60.0,
    odds_processes: bool = False,
    replay_processes: bool = False,
) -> FastAPI:
    """The app, its database migrated (unless `migrate=False`). `registry` defaults to
    every ruleset grognard plays (`grognard.games.REGISTRY`). `gc_full_every` (what
    `grognard serve` sets) runs the garbage collector's full collections on a timer
    of that many seconds instead of whenever CPython would: see `gcpolicy`. Leave it
    None where many apps share a process (tests). `limits` bounds sign-ins and
    replays (see guards.Limits). A database that cannot be written when it is
    migrated raises DatabaseUnavailable: better than a server that starts and then
    fails every move. `smtp_url` (else GROGNARD_SMTP_URL) sends opt-in turn e-mails
    whose links start with `public_url` (else GROGNARD_PUBLIC_URL); `clock` and
    `deadline_scan_seconds` drive the time controls (deadlines.py; tests move the clock).
    `odds_processes` computes battle odds in worker processes that a costly battle
    cannot hold past its budget (oddsdesk.py; what `grognard serve` sets), and
    `replay_processes` plays saved games' moves in worker processes (savedgames.py; set
    by `grognard serve` too).
    A bad SMTP URL raises BadSetting."""
    if registry is None:
        from grognard.games import REGISTRY

        registry = REGISTRY
    settings = Settings(
        database_url=resolve_database_url(database_url),
        max_body_bytes=max_body_bytes,
        ai_move_budget=ai_move_budget,
        ai_workers=ai_workers,
        ai_search_processes=ai_search_processes,
        secure_cookies=secure_cookies,
        live_games=live_games,
        session_cache_seconds=session_cache_seconds,
    )
    mailer = make_mailer(smtp_url, public_url)  # a bad SMTP URL stops here, before any connection
    engine = make_engine(settings.database_url)
    if migrate:
        upgrade(engine)
        check_writable(engine)
    sessions = sessionmaker(engine, expire_on_commit=False)
    hub = Hub()
    gate = write_gate(engine)
    feed = make_feed(engine)  # other processes on a PostgreSQL database: see notify.py
    games = GameService(sessions, registry, hub, settings, gate, feed)
    claims = make_claims(engine)
    limits = limits or Limits()
    ai = AiRunner(
        games,
        settings.ai_move_budget,
        settings.ai_workers,
        claims,
        settings.ai_search_processes,
        per_user=limits.ai_thinking_per_user,
        shared_searches=make_search_slots(engine, limits.searches_at_once, limits.ai_thinking_per_user),
    )
    callers: ExpiringCache[str, accounts.Account] = ExpiringCache(settings.session_cache_seconds, 4096)
    server = Server(settings, engine, sessions, gate, registry, hub, games, ai, callers, feed, claims)
    deadlines = DeadlineWatch(sessions, gate, games, ai, mailer, clock or utcnow, deadline_scan_seconds)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # Every ruleset loaded before the first request: the registry imports a game on
        # first use (issue 24), and the first odds of a Victory battle imported it on
        # the event loop, which then answered no one for that half second (the odds
        # attack's move p99); in a worker thread it holds the interpreter as long.
        await asyncio.to_thread(load_rulesets, registry)
        await asyncio.to_thread(accounts.dummy_hash)  # before the first login, not in it
        ai.start()
        peers = Peers(server)
        await peers.start()
        for game_id in await run_in_threadpool(games.games_waiting_for_ai):
            ai.kick(game_id)
        collector = GcPolicy(gc_full_every) if gc_full_every is not None else None
        if collector is not None:
            collector.start()
        app.state.gc = collector
        deadlines.start()  # after a restart its first scan catches up with every due clock
        try:
            yield
        finally:
            await deadlines.stop()
            hub.close_all()
            await ai.close()
            await peers.stop()
            await asyncio.to_thread(guards.odds_desk.close)
            await asyncio.to_thread(guards.replays.close)
            if collector is not None:
                await collector.stop()

    app = FastAPI(
        title="grognard",
        summary="Board wargames with the rules enforced and hidden information hidden.",
        lifespan=lifespan,
        docs_url=None,  # apidocs serves /api/docs without a CDN
        openapi_url="/api/openapi.json",
        redoc_url=None,
    )
    apidocs.install(app, "/api/openapi.json")
    app.state.server = server
    app.state.deadlines = deadlines
    guards = app.state.guards = Guards.of_limits(limits, odds_processes, replay_processes)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Refusal, _refused)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(DBAPIError, _database_error)
    app.add_exception_handler(Exception, _server_error)
    # added innermost first: a request meets them in the opposite order
    # the unsubscribe link is its own secret and is followed from a mail, without a session
    app.add_middleware(
        CsrfMiddleware, exempt=accounts.CSRF_EXEMPT, by_secret=frozenset({mail.UNSUBSCRIBE_PATH})
    )
    app.add_middleware(JsonGuardMiddleware)
    app.add_middleware(
        BodyLimitMiddleware,
        limit=settings.max_body_bytes,
        by_path={"/api/games": settings.max_new_game_bytes},
    )
    app.add_middleware(UrlGuardMiddleware)
    app.add_middleware(
        ClientBoundMiddleware,
        per_address=limits.requests_per_address,
        running_per_address=limits.requests_running_per_address,
    )
    app.add_middleware(SecurityHeadersMiddleware)  # outermost: every answer gets its headers
    app.include_router(accounts.router)
    app.include_router(api_games.router)
    app.include_router(api_odds.router)
    app.include_router(api_why.router)
    app.include_router(api_ws.router)
    app.include_router(mail.router)

    probe = WriteProbe(engine)

    @app.get("/api/health", tags=["server"])
    def health() -> Response:
        """ok, or 503 naming why the database cannot be written (for a load balancer)."""
        problem = probe.problem()
        if problem is not None:
            return JSONResponse(
                {"ok": False, "database": problem, "rulesets": registry.ids()},
                status_code=503,
                headers={"Retry-After": "30"},
            )
        return JSONResponse({"ok": True, "rulesets": registry.ids()})

    if (WEB_DIR / "index.html").is_file():
        app.mount("/", WebFiles(WEB_DIR), name="web")
    return app


def load_rulesets(registry: Registry) -> None:
    """Load each ruleset of `registry` now (a lazily registered one imports its game)."""
    for ruleset_id in registry.ids():
        registry.get(ruleset_id)


async def _http_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    return JSONResponse({"detail": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)


async def _refused(_request: Request, exc: Exception) -> Response:
    """The game layer's refusal (refusals.py), answered as every other error is."""
    assert isinstance(exc, Refusal)
    return JSONResponse({"detail": exc.reason}, status_code=exc.status)


def _where(location: tuple[object, ...]) -> str:
    parts = [str(p) for p in location if p != "body"] or ["body"]
    return ".".join(parts)


async def _validation_error(_request: Request, exc: Exception) -> Response:
    """A readable reason for a malformed body or parameter (422)."""
    assert isinstance(exc, RequestValidationError)
    reasons = []
    for error in exc.errors()[:5]:
        message = str(error.get("msg", "invalid"))
        if error.get("type") == "json_invalid":
            message = f"malformed JSON ({error.get('ctx', {}).get('error', 'cannot parse')})"
        reasons.append(f"{_where(tuple(error.get('loc', ())))}: {message}")
    return JSONResponse({"detail": "; ".join(reasons) or "invalid request"}, status_code=422)


async def _database_error(request: Request, exc: Exception) -> Response:
    """503 with the reason when the database cannot take a write now (read-only,
    full disk, unreachable): the client may try again later; anything else is a bug."""
    assert isinstance(exc, DBAPIError)
    reason = write_failure(exc)
    if reason is None:
        return await _server_error(request, exc)
    log.error("%s %s: %s", request.method, request.url.path, str(exc.orig).strip().splitlines()[0])
    return JSONResponse(
        {"detail": f"the server cannot use its database now ({reason}): try again later"},
        status_code=503,
        headers={"Retry-After": "30"},
    )


async def _server_error(request: Request, exc: Exception) -> Response:
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return JSONResponse({"detail": "internal server error"}, status_code=500)
