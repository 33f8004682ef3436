"""Record bodies stored as compact UTF-8 JSON (they were escaped ASCII with spaces, up to three times their size), and
each credential's stored bytes, for its storage quota (issue 36).

Revision ID: 0003_json_bodies_quota
Revises: 0002_player_aliases
Create Date: 2026-11-28
"""
import json
from collections import defaultdict

from alembic import op
import sqlalchemy as sa


revision = '0003_json_bodies_quota'
down_revision = '0002_player_aliases'
branch_labels = None
depends_on = None

CHUNK = 2000  # versions read and rewritten at a time
ENVELOPE_BYTES = 150  # a version's ids, parents and flags, beside its body (webapp/events/quota.py)


def compact(text):
    """The JSON text as the app now stores it: UTF-8, no spaces."""
    return json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))


def upgrade():
    with op.batch_alter_table('credentials') as batch:
        batch.add_column(sa.Column('stored_bytes', sa.BigInteger(), server_default='0', nullable=False))
    connection = op.get_bind()
    postgres = connection.dialect.name == 'postgresql'
    # PostgreSQL's driver would parse a json column: read it as text, write text cast back to json.
    read = sa.text(
        'SELECT pk, author_id, '
        + ('CAST(body AS text), CAST(parents AS text)' if postgres else 'body, parents')
        + ' FROM versions WHERE pk > :after ORDER BY pk LIMIT :chunk'
    )
    write = sa.text(
        'UPDATE versions SET '
        + ('body = CAST(:body AS json), parents = CAST(:parents AS json)' if postgres else 'body = :body, parents = :parents')
        + ' WHERE pk = :pk'
    )
    stored = defaultdict(int)
    after = 0
    while True:
        rows = connection.execute(read, {'after': after, 'chunk': CHUNK}).all()
        if not rows:
            break
        changed = []
        for pk, author, body, parents in rows:
            new_body = None if body is None or body == 'null' else compact(body)
            new_parents = compact(parents)
            stored[author] += ENVELOPE_BYTES + len((new_body or '').encode())
            if (new_body, new_parents) != (body, parents):
                changed.append({'pk': pk, 'body': new_body, 'parents': new_parents})
        if changed:
            connection.execute(write, changed)
        after = rows[-1][0]
    if stored:
        connection.execute(
            sa.text('UPDATE credentials SET stored_bytes = :stored WHERE id = :id'),
            [{'id': author, 'stored': total} for author, total in stored.items()],
        )


def downgrade():
    # Not in batch mode: SQLite (3.35 and later) drops a column in place, where copying the table would break the
    # foreign keys of the versions that name its credentials.
    op.drop_column('credentials', 'stored_bytes')
