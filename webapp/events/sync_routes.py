"""The sync API: upload a batch of versions, follow the changes feed, list and read conflicts and record histories."""

from flask import Blueprint, Response, jsonify
from sqlalchemy import bindparam, or_, select

from . import auth, live, quota, sync
from .db import database
from .errors import ApiError
from .feed import _scope, _version_query, feed_texts
from .models import Record, Space, Version
from .request_data import json_body, page_args
from .shapes import version_json

bp = Blueprint("sync", __name__)  # registered by the /api blueprint (api.py)

MAX_RECORD_PK = 2**31 - 1  # records.pk is a 32-bit integer on PostgreSQL: a larger cursor is not one we gave
STORED = ("accepted", "conflict")  # the outcomes that store a version (not duplicate, not refused)


@bp.post("/events/<event_id>/versions")
def upload(event_id):
    """Store a batch of versions; the answer says, per version, accepted, duplicate, conflict or refused (why)."""
    data = json_body(scan=False)  # each version is checked alone (sync.py): one bad version never refuses the batch
    quota.check_versions((_claims_if_any() or {}).get("c"))
    with database().writing() as session:
        who = auth.caller(session, event_id)
        auth.require_role(who, "head", "referee")
        auth.require_open(who.event)
        versions = sync.envelopes(data)
        quota.check_bytes(who)
        results, last_seq = sync.store_batch(session, who, versions)
        stored = sum(result.get("status") in STORED for result in results)
        quota.count_bytes(session, who, stored, len(versions))
    quota.count_versions(who.credential.id, stored)
    live.live().space_changed(who.event.space_id, last_seq)  # committed: the phones' next polls read it
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
    if "seq" in result:
        live.live().space_changed(who.event.space_id, result["seq"])
    return jsonify(result)


def _with_authors(session, who, *where, limit=None):
    """Versions as the API shows them, with credential ids only for a head referee (who revokes devices)."""
    head = who.role == "head"
    rows = session.execute(_version_query(*where, limit=limit)).all()
    return [version_json(row, with_credential=head) for row in rows]


LAST_SEQ = select(Space.last_seq).where(Space.id == bindparam("space_id"))


@bp.get("/events/<event_id>/changes")
def changes(event_id):
    """Versions stored after the cursor, oldest first; follow `next` until `more` is false. Every phone reads every
    version, so the page is written as text from the stored JSON (shapes.version_text), not read and encoded again.
    The last page carries an ETag: a poll that sends it back is answered 304 without a query while the space stores
    nothing new (live.py)."""
    since, limit = page_args("since", 200, 1000)
    scope = _scope()
    tag = live.unchanged_feed(_claims_if_any, event_id, since, scope)
    if tag is not None:
        return Response(status=304, headers={"ETag": tag})
    with database().reading() as session:
        who = live.trusted(_claims_if_any(), event_id) or auth.caller(session, event_id).known()
        if scope == "league" and who.league_id is None:
            raise ApiError(404, "no_league", "This event is not part of a league.")
        place = {"space_id": who.space_id, "event_id": who.event_id}
        # read before the page: every version up to it is committed, so the page holds them all
        last_seq = session.connection().execute(LAST_SEQ, place).scalar_one()
        # through the session's connection: plain rows, without the ORM's per-row work
        texts, cursor, more = feed_texts().page(session.connection(), scope, place, since, limit, who.role == "head")
    page = ",".join(texts)
    response = Response(
        f'{{"changes":[{page}],"more":{"true" if more else "false"},"next":"{cursor}"}}\n', mimetype="application/json"
    )
    if not more:
        live.live().space_changed(who.space_id, last_seq)
        response.headers["ETag"] = live.feed_tag(who.space_id, last_seq, cursor, scope)
    return response


def _claims_if_any():
    """The token's claims when its signature holds, else None (the database path then says what is wrong)."""
    try:
        return auth.token_claims()
    except ApiError:
        return None


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
            heads = _with_authors(session, who, Version.record_pk == record.pk, Version.version_id.in_(record.heads))
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
        versions = _with_authors(session, who, Version.record_pk == record.pk, limit=1000)
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
