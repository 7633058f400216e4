"""What the routes share: one `Server` per app, kept in `app.state.server`."""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker
from starlette.requests import HTTPConnection

from grognard.core.registry import Registry

from .claims import Claims
from .notify import Feed
from .settings import Settings

if TYPE_CHECKING:
    from .accounts import Account
    from .ai import AiRunner
    from .expiring import ExpiringCache
    from .hub import Hub
    from .service import GameService


@dataclass
class Server:
    settings: Settings
    engine: Engine
    sessions: sessionmaker[Session]
    #: held by every writing transaction (see db.write_gate)
    write_gate: AbstractContextManager[object]
    registry: Registry
    hub: Hub
    games: GameService
    ai: AiRunner
    #: sessions looked up in the last seconds, token hash -> account: every request
    #: asks who its caller is, and a database query each time was a tenth of the
    #: server's CPU under load (a logout elsewhere reaches this process that late)
    callers: ExpiringCache[str, Account]
    #: notices to and from the other processes on the database (none on SQLite)
    feed: Feed = field(default_factory=Feed)
    #: which process moves a game's AI (every claim granted on SQLite)
    ai_claims: Claims = field(default_factory=Claims)


def server_of(conn: HTTPConnection) -> Server:
    server: Server = conn.app.state.server
    return server
