"""The snapshot a joining phone reads instead of the whole changes feed: each record's current heads (a conflict's
every head), not every version ever sent (issue 36: after a flood, the next phone to join had 1.04 GB to read)."""

import re

from flask import Blueprint, Response, request
from sqlalchemy import bindparam, or_, select

from . import auth
from .db import database
from .errors import ApiError, Invalid
from .feed import _scope, _version_query
from .models import Record, Space, Version
from .request_data import DIGITS
from .shapes import version_text

bp = Blueprint("snapshot", __name__)  # registered by the /api blueprint (api.py)

# `<feed cursor>.<record cursor>`: the feed's sequence number when the snapshot began (the same on every page), and
# the last record of the page before.
CURSOR = re.compile(r"([0-9]{1,18})\.([0-9]{1,10})", re.ASCII)
MAX_RECORD_PK = 2**31 - 1
DEFAULT_LIMIT, MAX_LIMIT = 200, 1000  # records a page

SPACE_SEQ = select(Space.last_seq).where(Space.id == bindparam("space_id"))
HEADS_NAMED = _version_query(
    Version.space_id == bindparam("space_id"), Version.version_id.in_(bindparam("ids", expanding=True))
)


def _page_args():
    """(feed cursor, record cursor, limit) from the query; (None, 0, …) for the first page."""
    raw = request.args.get("after")
    match = None if raw is None else CURSOR.fullmatch(raw)
    if raw is not None and (match is None or int(match.group(2)) > MAX_RECORD_PK):
        raise Invalid("after", "Not a cursor this API gave.")
    raw_limit = request.args.get("limit", str(DEFAULT_LIMIT))
    if not DIGITS.fullmatch(raw_limit) or not 1 <= int(raw_limit) <= MAX_LIMIT:
        raise Invalid("limit", f"Expected a whole number from 1 to {MAX_LIMIT}.")
    if match is None:
        return None, 0, int(raw_limit)
    return int(match.group(1)), int(match.group(2)), int(raw_limit)


@bp.get("/events/<event_id>/snapshot")
def snapshot(event_id):
    """A page of the event's records (and the roster) with their current heads, in the records' order; follow `next`
    until it is null, then read the changes feed from `since` (versions stored meanwhile come again there: a phone
    applies a version once)."""
    since, after, limit = _page_args()
    scope = _scope()
    with database().reading() as session:
        who = auth.caller(session, event_id)
        if scope == "league" and who.event.league_id is None:
            raise ApiError(404, "no_league", "This event is not part of a league.")
        space_id = who.event.space_id
        connection = session.connection()
        if since is None:  # read before the records: what changes after it, the feed gives again
            since = connection.execute(SPACE_SEQ, {"space_id": space_id}).scalar_one()
        where = [Record.space_id == space_id, Record.pk > after]
        if scope == "event":
            where.append(or_(Record.kind == "player", Record.event_id == who.event.id))
        records = connection.execute(
            select(Record.pk, Record.record_id, Record.heads).where(*where).order_by(Record.pk).limit(limit + 1)
        ).all()
        more = len(records) > limit
        records = records[:limit]
        ids = [head for record in records for head in record.heads]
        rows = connection.execute(HEADS_NAMED, {"space_id": space_id, "ids": ids}).all() if ids else []
    order = {record.record_id: index for index, record in enumerate(records)}
    rows.sort(key=lambda row: (order[row.record_id], row.seq))  # the records' order, a conflict's heads oldest first
    head = who.role == "head"
    page = ",".join(version_text(row, with_credential=head) for row in rows)
    cursor = f'"{since}.{records[-1].pk}"' if more else "null"
    return Response(f'{{"heads":[{page}],"next":{cursor},"since":"{since}"}}\n', mimetype="application/json")
