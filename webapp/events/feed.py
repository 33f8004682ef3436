"""Which versions a caller reads, as the API shows them: the scope asked for (the event, or its league) and the query
of versions with their authors' names. Shared by the changes feed (sync_routes.py) and the snapshot a joining phone
reads (snapshot_routes.py)."""

from flask import request
from sqlalchemy import Text, cast, select

from .errors import Invalid
from .models import Credential, Record, Version


def _scope():
    scope = request.args.get("scope", "event")
    if scope not in ("event", "league"):
        raise Invalid("scope", "Expected event or league.")
    return scope


# A version as the API shows it (shapes.version_text): its columns, its author's name and its record's alias_of; body
# and parents as the stored JSON text.
VERSION_COLUMNS = (
    Version.seq,
    Version.record_id,
    Version.version_id,
    cast(Version.parents, Text).label("parents"),
    Version.kind,
    Version.deleted,
    cast(Version.body, Text).label("body"),
    Version.event_id,
    Version.author_id,
    Credential.display_name,
    Version.received_at,
    Record.alias_of,
)


def _version_query(*where, limit=None):
    """The versions matching `where`, oldest first (at most `limit`), as rows of VERSION_COLUMNS."""
    return (
        select(*VERSION_COLUMNS)
        .select_from(Version)
        .join(Credential, Credential.id == Version.author_id)
        .join(Record, Record.pk == Version.record_pk)
        .where(*where)
        .order_by(Version.seq)
        .limit(limit)
    )
