"""Spectator chat: each chat message belongs to the players' or the spectators' chat,
and a game says whether spectators may read its players' chat (chat.py).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


# Plain ALTER TABLE, never a batch: on SQLite a batch copies the table, drops the
# old one and renames the copy, and with foreign keys on, dropping `games` deletes
# every row that cascades from it (seats, actions, chat). SQLite adds a NOT NULL
# column with a default in place, and drops a column in place since 3.35.


def upgrade() -> None:
    # every message written before spectators could chat was a player's
    op.add_column(
        "chat", sa.Column("channel", sa.String(length=16), nullable=False, server_default="players")
    )
    # closed to spectators unless the players open it
    op.add_column(
        "games", sa.Column("players_chat_public", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("games", "players_chat_public")
    op.drop_column("chat", "channel")
