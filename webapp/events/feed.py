"""Which versions a caller reads, as the API shows them: the scope asked for (the event, or its league) and the query
of versions with their authors' names. Shared by the changes feed (sync_routes.py) and the snapshot a joining phone
reads (snapshot_routes.py), and the texts of the versions the feed has sent (VersionTexts)."""

import threading

from flask import current_app, request
from sqlalchemy import Text, bindparam, cast, or_, select
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement

from .errors import Invalid
from .models import Credential, Record, Version
from .shapes import version_text


def _scope():
    scope = request.args.get("scope", "event")
    if scope not in ("event", "league"):
        raise Invalid("scope", "Expected event or league.")
    return scope


class moment_text(FunctionElement):
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


def _numbers(*where):
    """A page of the feed as numbers: (seq, version_id, kind) of the versions of a space (`space_id`) after a cursor
    (`since`), at most `limit`, oldest first."""
    return (
        select(Version.seq, Version.version_id, Version.kind)
        .where(Version.space_id == bindparam("space_id"), Version.seq > bindparam("since"), *where)
        .order_by(Version.seq)
        .limit(bindparam("limit"))
    )


# Built once, as the feed is read after every upload of every phone (building a statement costs more than running it).
PAGE_NUMBERS = {
    # the event's incidents and the roster
    "event": _numbers(or_(Version.kind == "player", Version.event_id == bindparam("event_id"))),
    # every incident of the league's events and the roster
    "league": _numbers(),
}
VERSIONS_AT = _version_query(
    Version.space_id == bindparam("space_id"), Version.seq.in_(bindparam("seqs", expanding=True))
)
KEPT_TEXTS = 20_000  # about 10 MB per process: every version of a large event


class VersionTexts:
    """The feed's text of each version this process has sent. A version never changes once stored, and every phone
    of the event reads every version (200 referees: each version read 200 times), so its text is made once: a page
    then reads only its versions' numbers, and the rows of the versions it has not sent yet. A roster player's text
    is never kept, as it names its record's current `alias_of`, which a merge changes."""

    def __init__(self, size=KEPT_TEXTS):
        self.size = size
        self.texts = {}  # (space id, seq, version id, with the author's credential) -> text; oldest first
        self.lock = threading.Lock()

    def page(self, connection, scope, place, since, limit, head):
        """(the texts of the page's versions, oldest first; its last version's seq, or `since`; whether more follow).
        `place`: the space's and event's ids; `head`: texts with the authors' credential ids (for the head referee)."""
        numbers = connection.execute(PAGE_NUMBERS[scope], {**place, "since": since, "limit": limit + 1}).all()
        more = len(numbers) > limit
        numbers = numbers[:limit]
        space_id = place["space_id"]
        keys = [(space_id, seq, version_id, head) for seq, version_id, _kind in numbers]
        texts = [self.texts.get(key) for key in keys]
        missing = [number.seq for number, text in zip(numbers, texts, strict=True) if text is None]
        if missing:
            rows = connection.execute(VERSIONS_AT, {"space_id": space_id, "seqs": missing})
            made = {row.seq: version_text(row, with_credential=head) for row in rows}
            for index, number in enumerate(numbers):
                if texts[index] is None:
                    texts[index] = made[number.seq]
                    if number.kind != "player":
                        self._keep(keys[index], texts[index])
        return texts, numbers[-1].seq if numbers else since, more

    def _keep(self, key, text):
        with self.lock:
            self.texts[key] = text
            while len(self.texts) > self.size:
                del self.texts[next(iter(self.texts))]


def init_app(app):
    app.extensions["events.feed_texts"] = VersionTexts()


def feed_texts():
    return current_app.extensions["events.feed_texts"]
