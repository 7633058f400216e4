"""Seeds as decimal text: server games draw 256-bit seeds (RNG version 2).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    # batch mode: SQLite cannot alter a column's type in place, so the table is copied
    with op.batch_alter_table("games") as batch:
        batch.alter_column(
            "seed",
            existing_type=sa.BigInteger(),
            type_=sa.String(length=80),
            existing_nullable=False,
            postgresql_using="seed::text",
        )


def downgrade() -> None:
    # only seeds that fit in 64 bits go back; 256-bit seeds make this fail loudly
    with op.batch_alter_table("games") as batch:
        batch.alter_column(
            "seed",
            existing_type=sa.String(length=80),
            type_=sa.BigInteger(),
            existing_nullable=False,
            postgresql_using="seed::bigint",
        )
