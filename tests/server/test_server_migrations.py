"""Schema migrations keep every game: 0002 turns the seed column into decimal text
(server seeds have 256 bits since RNG version 2, issue 8.1)."""

from __future__ import annotations

import sqlalchemy as sa

from grognard.server.db import make_engine, upgrade


def test_0002_keeps_old_seeds_and_holds_256_bit_ones(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        upgrade(engine, "0001")
        games = sa.table(
            "games",
            *(sa.column(name) for name in ("id", "ruleset", "ruleset_version", "rng_version", "scenario",
                                           "options", "seed", "status", "version", "snapshot",
                                           "active_roles", "turns", "public", "created_at", "updated_at")),
        )
        row = {
            "id": "old", "ruleset": "viktory2", "ruleset_version": 1, "rng_version": 1,
            "scenario": "standard", "options": "{}", "seed": 2**31 - 1, "status": "active", "version": 1,
            "snapshot": "{}",
            "active_roles": "[]", "turns": "{}", "public": False,
            "created_at": sa.func.now(), "updated_at": sa.func.now(),
        }
        with engine.begin() as connection:
            connection.execute(games.insert().values(**row))
        upgrade(engine)
        big = str(2**256 - 1)
        with engine.begin() as connection:
            connection.execute(games.insert().values(**{**row, "id": "new", "seed": big, "rng_version": 2}))
            seeds = dict(connection.execute(sa.text("SELECT id, seed FROM games")).all())
        assert seeds == {"old": str(2**31 - 1), "new": big}
    finally:
        engine.dispose()
