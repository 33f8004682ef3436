"""Roster players compared by name: a player's normalized name, and the player an id is an alias of.

Revision ID: 0002_player_aliases
Revises: 0001
Create Date: 2026-11-26
"""
from alembic import op
import sqlalchemy as sa


revision = '0002_player_aliases'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('records') as batch:
        batch.add_column(sa.Column('name_key', sa.String(length=400), nullable=True))
        batch.add_column(sa.Column('alias_of', sa.String(length=100), nullable=True))
        batch.create_index('ix_records_space_id_name_key', ['space_id', 'name_key'], unique=False)


def downgrade():
    with op.batch_alter_table('records') as batch:
        batch.drop_index('ix_records_space_id_name_key')
        batch.drop_column('alias_of')
        batch.drop_column('name_key')
