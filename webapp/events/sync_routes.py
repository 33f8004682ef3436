"""The sync API: upload a batch of versions, follow the changes feed, list and read conflicts and record histories."""

from flask import jsonify, request
from sqlalchemy import or_, select

from . import auth, sync
from .api import bp, json_body, page_args
from .errors import ApiError, Invalid
from .events_routes import database
from .models import Credential, Record, Version
from .shapes import version_json

MAX_RECORD_PK = 2**31 - 1  # records.pk is a 32-bit integer on PostgreSQL: a larger cursor is not one we gave


@bp.post("/events/<event_id>/versions")
def upload(event_id):
    """Store a batch of versions; the answer says, per version, accepted, duplicate, conflict or refused (why)."""
    data = json_body()
    with database().writing() as session:
        who = auth.caller(session, event_id)
        auth.require_role(who, "head", "referee")
        auth.require_open(who.event)
        versions = sync.envelopes(data)
        results = sync.store_batch(session, who, versions)
    return jsonify({"results": results})


@bp.post("/events/<event_id>/players/merge")
def merge_players(event_id):
    """A head referee's "same person": one roster player becomes another id of another player (an alias)."""
    data = json_body()
    with database().writing() as session:
        who = auth.caller(session, event_id)
        auth.require_role(who, "head")
        auth.require_open(who.event)
        player_id, into = sync.merge_request(data)
        result = sync.merge_player(session, who, player_id, into)
    return jsonify(result)


def _scope():
    scope = request.args.get("scope", "event")
    if scope not in ("event", "league"):
        raise Invalid("scope", "Expected event or league.")
    return scope


def _visible(who, scope):
    """What a caller reads: the event's incidents and the roster, or with scope=league every league event's too."""
    if scope == "league":
        if who.event.league_id is None:
            raise ApiError(404, "no_league", "This event is not part of a league.")
        return Version.space_id == who.event.space_id
    return (Version.space_id == who.event.space_id) & or_(Version.kind == "player", Version.event_id == who.event.id)


def _with_authors(session, query, who):
    """Versions as the API shows them: with their author's name, a roster player's `alias_of`, and credential ids
    only for a head referee (who revokes devices)."""
    rows = session.execute(
        query.add_columns(Credential.display_name, Record.alias_of)
        .join(Credential, Credential.id == Version.author_id)
        .join(Record, Record.pk == Version.record_pk)
    ).all()
    head = who.role == "head"
    return [version_json(version, name, with_credential=head, alias_of=alias_of) for version, name, alias_of in rows]


@bp.get("/events/<event_id>/changes")
def changes(event_id):
    """Versions stored after the cursor, oldest first; follow `next` until `more` is false."""
    since, limit = page_args("since", 200, 1000)
    scope = _scope()
    with database().reading() as session:
        who = auth.caller(session, event_id)
        page = _with_authors(
            session,
            select(Version).where(_visible(who, scope), Version.seq > since).order_by(Version.seq).limit(limit + 1),
            who,
        )
    more = len(page) > limit
    page = page[:limit]
    return jsonify({"changes": page, "next": str(page[-1]["seq"] if page else since), "more": more})


@bp.get("/events/<event_id>/conflicts")
def conflicts(event_id):
    """Records with more than one head, for the head referee to settle (a version whose parents are all the heads)."""
    after, limit = page_args("after", 50, 200, cursor_max=MAX_RECORD_PK)
    with database().reading() as session:
        who = auth.caller(session, event_id)
        auth.require_role(who, "head")
        records = session.scalars(
            select(Record)
            .where(
                Record.space_id == who.event.space_id,
                Record.in_conflict.is_(True),
                Record.pk > after,
                or_(Record.kind == "player", Record.event_id == who.event.id),
            )
            .order_by(Record.pk)
            .limit(limit + 1)
        ).all()
        more = len(records) > limit
        records = records[:limit]
        items = []
        for record in records:
            heads = _with_authors(
                session,
                select(Version)
                .where(Version.record_pk == record.pk, Version.version_id.in_(record.heads))
                .order_by(Version.seq),
                who,
            )
            items.append(
                {"record_id": record.record_id, "kind": record.kind, "event_id": record.event_id, "heads": heads}
            )
    return jsonify({"conflicts": items, "next": str(records[-1].pk) if more else None})


@bp.get("/events/<event_id>/records/<path:record_id>")
def record_history(event_id, record_id):
    """Every version of one record, oldest first, with its current heads (readable as the changes feed is)."""
    with database().reading() as session:
        who = auth.caller(session, event_id)
        record = session.scalar(
            select(Record).where(Record.space_id == who.event.space_id, Record.record_id == record_id)
        )
        if record is None:  # a space holds one event, or a league whose events all read each other's incidents
            raise ApiError(404, "not_found", "No such record in this event.")
        versions = _with_authors(
            session, select(Version).where(Version.record_pk == record.pk).order_by(Version.seq).limit(1000), who
        )
    return jsonify(
        {
            "record_id": record.record_id,
            "kind": record.kind,
            "event_id": record.event_id,
            "heads": list(record.heads),
            "in_conflict": record.in_conflict,
            "versions": versions,
        }
    )
