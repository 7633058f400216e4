"""`serve()`: run the server with uvicorn (what `grognard serve` calls).

python -m grognard.server --port 8000 --database-url sqlite:///games.db
"""

from __future__ import annotations

import argparse
import errno
import os
import socket
from collections.abc import Callable, Sequence

from grognard.core.errors import BadSetting, GrognardError

from .db import DATABASE_URL_ENV, DEFAULT_DATABASE_URL, is_in_memory, resolve_database_url
from .db import database_url as database_url_of
from .protocol import uvicorn_options

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
) -> None:
    """Serve until interrupted. `secure_cookies` defaults to the environment variable
    GROGNARD_SECURE_COOKIES=1 (set it behind HTTPS). `announce` is called once the
    database is open and migrated, just before the server listens. A database that
    cannot be used raises BadSetting or DatabaseUnavailable, with the reason."""
    import uvicorn

    from .app import create_app

    if secure_cookies is None:
        secure_cookies = os.environ.get("GROGNARD_SECURE_COOKIES", "") in ("1", "true", "yes")
    if is_in_memory(database_url_of(resolve_database_url(database_url))):
        raise BadSetting(
            "an in-memory database would lose every game when the server stops: "
            "name a file, e.g. sqlite:///grognard.db"
        )
    app = create_app(database_url, secure_cookies=secure_cookies, gc_full_every=FULL_COLLECTION_EVERY)
    _check_free(host, port)
    if announce is not None:
        announce()
    uvicorn.run(app, host=host, port=port, log_level=log_level, **uvicorn_options())  # type: ignore[arg-type]


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
    args = parser.parse_args(argv)
    try:
        serve(args.host, args.port, args.database_url, log_level=args.log_level)
    except BadSetting as exc:
        parser.exit(2, f"{parser.prog}: error: {exc}\n")
    except GrognardError as exc:
        parser.exit(1, f"{parser.prog}: error: {exc}\n")
