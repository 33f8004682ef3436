"""Each device's last contact and what it still has to send, for the head referee's view (issue 36, live half).

Revision ID: 0004_live_contact
Revises: 0003_json_bodies_quota
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa


revision = '0004_live_contact'
down_revision = '0003_json_bodies_quota'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('credentials') as batch:
        batch.add_column(sa.Column('last_contact_at', sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column('pending', sa.Integer(), nullable=True))


def downgrade():
    # Not in batch mode: SQLite (3.35 and later) drops a column in place, where copying the table would break the
    # foreign keys of the versions that name its credentials (as 0003's downgrade).
    op.drop_column('credentials', 'pending')
    op.drop_column('credentials', 'last_contact_at')
