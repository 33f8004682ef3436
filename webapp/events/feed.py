"""Which versions a caller reads, as the API shows them: the scope asked for (the event, or its league) and the query
of versions with their authors' names. Shared by the changes feed (sync_routes.py) and the snapshot a joining phone
reads (snapshot_routes.py)."""

from flask import request
from sqlalchemy import Text, cast, select
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement

from .errors import Invalid
from .models import Credential, Record, Version


def _scope():
    scope = request.args.get("scope", "event")
    if scope not in ("event", "league"):
        raise Invalid("scope", "Expected event or league.")
    return scope


class moment_text(FunctionElement):  # noqa: N801 (an SQL function, named as one)
    """A stored moment as the API writes it (shapes.moment: ISO 8601 in UTC to the millisecond, truncated, with a Z),
    written by the database: the changes feed sends every version to every phone, and making 800,000 datetimes and
    formatting them in Python was a tenth of the app's CPU when 200 referees synced."""

    type = Text()
    inherit_cache = True


@compiles(moment_text, "sqlite")
def _moment_text_sqlite(element, compiler, **kw):
    """SQLAlchemy stores a SQLite moment as 'YYYY-MM-DD HH:MM:SS.ffffff' in UTC: cut and joined, no rounding."""
    column = compiler.process(element.clauses, **kw)
    return f"substr({column}, 1, 10) || 'T' || substr({column}, 12, 12) || 'Z'"


@compiles(moment_text, "postgresql")
def _moment_text_postgresql(element, compiler, **kw):
    column = compiler.process(element.clauses, **kw)
    return f"""to_char({column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')"""


# A version as the API shows it (shapes.version_text): its columns, its author's name and its record's alias_of; body
# and parents as the stored JSON text, its moment as text.
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
    moment_text(Version.received_at).label("received_at"),
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
