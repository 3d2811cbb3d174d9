"""The server's first schema: tables, seats, hands, events, uploaded records.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("variant", sa.Text),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("match_seed", sa.BigInteger, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("grace", sa.Float, nullable=False),
        sa.Column("pause", sa.Float, nullable=False),
        sa.Column("spectator_hash", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("result", sa.Text),
    )
    op.create_index("tables_status_updated", "tables", ["status", "updated"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(64)),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("player_id", sa.String(64)),
        sa.Column("player_name", sa.String(64)),
        sa.Column("connected", sa.Boolean, nullable=False),
        sa.Column("replaced_since", sa.Float),
    )
    op.create_table(
        "hands",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("context", sa.Text, nullable=False),
        sa.Column("deal", sa.Text, nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("shuffled", sa.Text, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("hand", sa.Integer, primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("actor", sa.Integer, nullable=False),
        sa.Column("event", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "records",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for name in ("records", "events", "hands", "seats", "tables"):
        op.drop_table(name)
