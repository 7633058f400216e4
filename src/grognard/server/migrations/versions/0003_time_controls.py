"""Time controls and turn notices: per-game days per move, per-seat turn clocks,
opt-in turn e-mails on users.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("move_days", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("on_expiry", sa.String(length=16), nullable=True))
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("email", sa.String(length=254), nullable=True))
        # existing accounts have not opted in
        batch.add_column(sa.Column("email_turns", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("unsubscribe_token", sa.String(length=64), nullable=True))
        batch.create_unique_constraint("uq_users_unsubscribe_token", ["unsubscribe_token"])
    op.create_table(
        "turn_clocks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=24), nullable=False),
        sa.Column("role", sa.String(length=40), nullable=False),
        sa.Column("since_version", sa.Integer(), nullable=False),
        sa.Column("started_at", _WHEN, nullable=False),
        sa.Column("due_at", _WHEN, nullable=True),
        sa.Column("remind_at", _WHEN, nullable=True),
        sa.Column("notified_at", _WHEN, nullable=True),
        sa.Column("reminded_at", _WHEN, nullable=True),
        sa.Column("expired_at", _WHEN, nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "role", name="uq_turn_clocks_game_role"),
    )
    op.create_index("ix_turn_clocks_due_at", "turn_clocks", ["due_at"])


def downgrade() -> None:
    op.drop_index("ix_turn_clocks_due_at", table_name="turn_clocks")
    op.drop_table("turn_clocks")
    with op.batch_alter_table("users") as batch:
        batch.drop_constraint("uq_users_unsubscribe_token", type_="unique")
        batch.drop_column("unsubscribe_token")
        batch.drop_column("email_turns")
        batch.drop_column("email")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("on_expiry")
        batch.drop_column("move_days")
