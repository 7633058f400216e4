"""What the routes share: one `Server` per app, kept in `app.state.server`."""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker
from starlette.requests import HTTPConnection

from grognard.core.registry import Registry

from .settings import Settings

if TYPE_CHECKING:
    from .accounts import Account
    from .ai import AiRunner
    from .hub import Hub
    from .service import GameService
    from .sessioncache import SessionCache


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
    #: recently looked-up sessions: token hash -> account
    callers: SessionCache[Account]


def server_of(conn: HTTPConnection) -> Server:
    server: Server = conn.app.state.server
    return server
