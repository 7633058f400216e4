"""Alembic environment: run with the connection the server passes in
`config.attributes["connection"]` (see grognard.server.db.upgrade), or, for a developer
running `alembic -x url=... revision --autogenerate`, with an engine made from that URL."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from grognard.server.db import make_engine, resolve_database_url
from grognard.server.models import Base


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations() -> None:
    given = context.config.attributes.get("connection")
    if isinstance(given, Connection):
        _run(given)
        return
    url = context.get_x_argument(as_dictionary=True).get("url")
    engine = make_engine(resolve_database_url(url))
    with engine.begin() as connection:
        _run(connection)
    engine.dispose()


run_migrations()
