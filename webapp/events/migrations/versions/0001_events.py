"""Events, leagues, credentials, invites, and the records and versions that phones sync.

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('spaces',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('last_seq', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_spaces'))
    )
    op.create_table('leagues',
    sa.Column('id', sa.String(length=40), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('space_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['space_id'], ['spaces.id'], name=op.f('fk_leagues_space_id_spaces')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_leagues')),
    sa.UniqueConstraint('space_id', name=op.f('uq_leagues_space_id'))
    )
    op.create_table('events',
    sa.Column('id', sa.String(length=40), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('ruleset_id', sa.String(length=100), nullable=False),
    sa.Column('starts_on', sa.Date(), nullable=False),
    sa.Column('ends_on', sa.Date(), nullable=False),
    sa.Column('sessions', sa.JSON(), nullable=False),
    sa.Column('league_id', sa.String(length=40), nullable=True),
    sa.Column('space_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], name=op.f('fk_events_league_id_leagues')),
    sa.ForeignKeyConstraint(['space_id'], ['spaces.id'], name=op.f('fk_events_space_id_spaces')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_events'))
    )
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_events_league_id'), ['league_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_events_space_id'), ['space_id'], unique=False)

    op.create_table('invites',
    sa.Column('id', sa.String(length=40), nullable=False),
    sa.Column('event_id', sa.String(length=40), nullable=False),
    sa.Column('role', sa.String(length=10), nullable=False),
    sa.Column('secret_hash', sa.String(length=200), nullable=False),
    sa.Column('max_uses', sa.Integer(), nullable=False),
    sa.Column('uses', sa.Integer(), nullable=False),
    sa.Column('created_by', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_invites_event_id_events')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_invites'))
    )
    with op.batch_alter_table('invites', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_invites_event_id'), ['event_id'], unique=False)

    op.create_table('credentials',
    sa.Column('id', sa.String(length=40), nullable=False),
    sa.Column('event_id', sa.String(length=40), nullable=False),
    sa.Column('role', sa.String(length=10), nullable=False),
    sa.Column('display_name', sa.String(length=100), nullable=False),
    sa.Column('secret_hash', sa.String(length=200), nullable=False),
    sa.Column('invite_id', sa.String(length=40), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_credentials_event_id_events')),
    sa.ForeignKeyConstraint(['invite_id'], ['invites.id'], name=op.f('fk_credentials_invite_id_invites')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_credentials'))
    )
    with op.batch_alter_table('credentials', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_credentials_event_id'), ['event_id'], unique=False)

    op.create_table('records',
    sa.Column('pk', sa.Integer(), nullable=False),
    sa.Column('space_id', sa.Integer(), nullable=False),
    sa.Column('record_id', sa.String(length=100), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('event_id', sa.String(length=40), nullable=False),
    sa.Column('created_by', sa.String(length=40), nullable=False),
    sa.Column('heads', sa.JSON(), nullable=False),
    sa.Column('in_conflict', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['created_by'], ['credentials.id'], name=op.f('fk_records_created_by_credentials')),
    sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_records_event_id_events')),
    sa.ForeignKeyConstraint(['space_id'], ['spaces.id'], name=op.f('fk_records_space_id_spaces')),
    sa.PrimaryKeyConstraint('pk', name=op.f('pk_records')),
    sa.UniqueConstraint('space_id', 'record_id', name=op.f('uq_records_space_id_record_id'))
    )
    with op.batch_alter_table('records', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_records_event_id'), ['event_id'], unique=False)
        batch_op.create_index('ix_records_space_id_in_conflict', ['space_id', 'in_conflict'], unique=False)

    op.create_table('versions',
    sa.Column('pk', sa.Integer(), nullable=False),
    sa.Column('space_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.BigInteger(), nullable=False),
    sa.Column('record_pk', sa.Integer(), nullable=False),
    sa.Column('record_id', sa.String(length=100), nullable=False),
    sa.Column('version_id', sa.String(length=100), nullable=False),
    sa.Column('parents', sa.JSON(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('deleted', sa.Boolean(), nullable=False),
    sa.Column('body', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('event_id', sa.String(length=40), nullable=False),
    sa.Column('author_id', sa.String(length=40), nullable=False),
    sa.Column('received_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['author_id'], ['credentials.id'], name=op.f('fk_versions_author_id_credentials')),
    sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_versions_event_id_events')),
    sa.ForeignKeyConstraint(['record_pk'], ['records.pk'], name=op.f('fk_versions_record_pk_records')),
    sa.ForeignKeyConstraint(['space_id'], ['spaces.id'], name=op.f('fk_versions_space_id_spaces')),
    sa.PrimaryKeyConstraint('pk', name=op.f('pk_versions')),
    sa.UniqueConstraint('space_id', 'seq', name=op.f('uq_versions_space_id_seq')),
    sa.UniqueConstraint('space_id', 'version_id', name=op.f('uq_versions_space_id_version_id'))
    )
    with op.batch_alter_table('versions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_versions_record_pk'), ['record_pk'], unique=False)



def downgrade():
    with op.batch_alter_table('versions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_versions_record_pk'))

    op.drop_table('versions')
    with op.batch_alter_table('records', schema=None) as batch_op:
        batch_op.drop_index('ix_records_space_id_in_conflict')
        batch_op.drop_index(batch_op.f('ix_records_event_id'))

    op.drop_table('records')
    with op.batch_alter_table('credentials', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_credentials_event_id'))

    op.drop_table('credentials')
    with op.batch_alter_table('invites', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_invites_event_id'))

    op.drop_table('invites')
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_events_space_id'))
        batch_op.drop_index(batch_op.f('ix_events_league_id'))

    op.drop_table('events')
    op.drop_table('leagues')
    op.drop_table('spaces')
