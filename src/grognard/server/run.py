"""`serve()`: run the server with uvicorn (what `grognard serve` calls).

python -m grognard.server --port 8000 --database-url sqlite:///games.db
python -m grognard.server --workers 4 --database-url postgresql://user@host/db

With `--workers N` uvicorn starts N processes that share the listening socket (and
restarts one that dies); they meet in the PostgreSQL database, which carries the
notices between them (notify.py). SQLite is for one process: `--workers 2` on it is
refused. Any other process manager can run the same app through the factory
`app_from_environment` (configured by environment variables), e.g.

    GROGNARD_DATABASE_URL=postgresql://... gunicorn -w 4 -k uvicorn.workers.UvicornWorker \
        'grognard.server.run:app_from_environment()'
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import errno
import os
import socket
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from grognard.core.errors import BadSetting, GrognardError

from .db import (
    DATABASE_URL_ENV,
    DEFAULT_DATABASE_URL,
    is_in_memory,
    make_engine,
    resolve_database_url,
    upgrade,
)
from .db import database_url as database_url_of
from .mail import PUBLIC_URL_ENV, SMTP_URL_ENV, make_mailer
from .protocol import uvicorn_options

if TYPE_CHECKING:
    from fastapi import FastAPI

SECURE_COOKIES_ENV = "GROGNARD_SECURE_COOKIES"
#: Seconds between the garbage collector's full collections (see gcpolicy.py).
FULL_COLLECTION_EVERY = 300.0


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    *,
    secure_cookies: bool | None = None,
    log_level: str = "info",
    announce: Callable[[], None] | None = None,
    workers: int = 1,
    smtp_url: str | None = None,
    public_url: str | None = None,
) -> None:
    """Serve until interrupted, in `workers` processes (more than one needs
    PostgreSQL). `secure_cookies` defaults to the environment variable
    GROGNARD_SECURE_COOKIES=1 (set it behind HTTPS). `announce` is called once the
    database is open and migrated, just before the server listens. A database that
    cannot be used raises BadSetting or DatabaseUnavailable, with the reason."""
    import uvicorn

    from .app import create_app

    if secure_cookies is None:
        secure_cookies = _secure_cookies_from_environment()
    # turn e-mails (mail.py): checked here first, then left in the environment, where
    # every worker process reads them
    make_mailer(smtp_url, public_url)
    if smtp_url is not None:
        os.environ[SMTP_URL_ENV] = smtp_url
    if public_url is not None:
        os.environ[PUBLIC_URL_ENV] = public_url
    url = resolve_database_url(database_url)
    parsed = database_url_of(url)
    if is_in_memory(parsed):
        raise BadSetting(
            "an in-memory database would lose every game when the server stops: "
            "name a file, e.g. sqlite:///grognard.db"
        )
    if workers < 1:
        raise BadSetting(f"--workers must be 1 or more, not {workers}")
    if workers > 1 and parsed.get_backend_name() != "postgresql":
        raise BadSetting(
            f"--workers {workers} needs PostgreSQL (--database-url postgresql://USER@HOST/DATABASE): "
            "SQLite serves one process"
        )
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": log_level,
        "log_config": log_config(log_level),
        **uvicorn_options(),  # protocol.py: every connection limit
    }
    if workers == 1:
        app = create_app(
            url,
            secure_cookies=secure_cookies,
            gc_full_every=FULL_COLLECTION_EVERY,
            ai_search_processes=SEARCH_PROCESSES,
            odds_processes=True,
            replay_processes=True,
        )
        _check_free(host, port)
        if announce is not None:
            announce()
        uvicorn.run(app, **options)
        return
    # Migrate here, once: a database that cannot be used is one clear line before
    # any worker starts. The workers read their settings from the environment.
    engine = make_engine(url)
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    _check_free(host, port)
    os.environ[DATABASE_URL_ENV] = url
    os.environ[SECURE_COOKIES_ENV] = "1" if secure_cookies else "0"
    if announce is not None:
        announce()
    config = uvicorn.Config(
        f"{__name__}:app_from_environment",
        factory=True,
        workers=workers,
        timeout_worker_healthcheck=WORKER_HEALTHCHECK_SECONDS,
        **options,
    )
    # uvicorn.run's supervisor, but a dead worker is replaced at once (supervisor.py)
    from .supervisor import WorkerSupervisor

    with contextlib.suppress(KeyboardInterrupt):
        WorkerSupervisor(config, sockets=[config.bind_socket()]).run()


#: How long the supervisor waits for a starting worker process to answer its
#: health check before killing and replacing it. uvicorn's 5 s is shorter than a
#: worker's start (importing every ruleset, migrating) on a busy machine: the
#: supervisor then killed each new worker before it could answer, forever, and the
#: server never served. A serving worker must answer within 5 s, and a dead one is
#: replaced at once (supervisor.py).
WORKER_HEALTHCHECK_SECONDS = 60


#: Processes for the search levels' thinking, apart from the server's own (see
#: ai.py): two, one per core of the reference machine.
SEARCH_PROCESSES = 2


def app_from_environment() -> FastAPI:
    """The app as `grognard serve` makes it, configured by the environment
    (GROGNARD_DATABASE_URL, GROGNARD_SECURE_COOKIES): what each worker process
    runs, and what another process manager can run (see the module's docstring).
    The migrations are run too; on PostgreSQL processes starting together take
    turns (db.upgrade holds a lock)."""
    from .app import create_app

    return create_app(
        secure_cookies=_secure_cookies_from_environment(),
        gc_full_every=FULL_COLLECTION_EVERY,
        ai_search_processes=SEARCH_PROCESSES,
        odds_processes=True,
        replay_processes=True,
    )


def _secure_cookies_from_environment() -> bool:
    return os.environ.get(SECURE_COOKIES_ENV, "") in ("1", "true", "yes")


def log_config(log_level: str) -> dict[str, Any]:
    """uvicorn's logging, with grognard's own loggers (the AI, the notices between
    processes) written the same way at the same level."""
    from uvicorn.config import LOG_LEVELS, LOGGING_CONFIG

    level = LOG_LEVELS.get(log_level.lower())
    if level is None:
        raise BadSetting(f"unknown log level {log_level!r}: choose one of {', '.join(LOG_LEVELS)}")
    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["grognard"] = {"handlers": ["default"], "level": level, "propagate": False}
    return config


def _check_free(host: str, port: int) -> None:
    """BadSetting when nothing can listen on host:port (another server there, an
    address of no interface here), before anyone is told to open it."""
    try:
        socket.create_server((host, port)).close()
    except OSError as exc:
        why = "in use" if exc.errno == errno.EADDRINUSE else (exc.strerror or str(exc)).lower()
        raise BadSetting(f"cannot listen on {host}:{port}: {why} (choose another --port or --host)") from None


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m grognard.server", description="Run the grognard server.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--database-url",
        default=None,
        help=f"SQLAlchemy URL (default: ${DATABASE_URL_ENV}, else {DEFAULT_DATABASE_URL})",
    )
    parser.add_argument("--log-level", default="info")
    parser.add_argument(
        "--smtp-url", default=None, help=f"turn e-mails through this SMTP server (${SMTP_URL_ENV})"
    )
    parser.add_argument(
        "--public-url", default=None, help=f"the address in e-mailed links (${PUBLIC_URL_ENV})"
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (more than 1 needs PostgreSQL)"
    )
    args = parser.parse_args(argv)
    try:
        serve(
            args.host,
            args.port,
            args.database_url,
            log_level=args.log_level,
            workers=args.workers,
            smtp_url=args.smtp_url,
            public_url=args.public_url,
        )
    except BadSetting as exc:
        parser.exit(2, f"{parser.prog}: error: {exc}\n")
    except GrognardError as exc:
        parser.exit(1, f"{parser.prog}: error: {exc}\n")
