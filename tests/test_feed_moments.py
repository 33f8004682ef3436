"""The moment a version was received, as the changes feed, the snapshot and a record's history write it: the database
formats it (feed.moment_text), and it must say exactly what shapes.moment says of the stored moment, on SQLite and
PostgreSQL: ISO 8601 in UTC, milliseconds truncated, never rounded up to the next second or day."""

from datetime import UTC, datetime

import pytest
from events_helpers import create_event, version
from sqlalchemy import update

from webapp.events.models import Version
from webapp.events.shapes import moment

MOMENTS = [
    datetime(2026, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC),
    datetime(2026, 1, 2, 3, 4, 5, 123_999, tzinfo=UTC),
    datetime(2026, 11, 23, 14, 5, 0, 0, tzinfo=UTC),
    datetime(2027, 6, 1, 9, 0, 0, 999, tzinfo=UTC),
]


@pytest.mark.parametrize("at", MOMENTS, ids=moment)
def test_the_feed_history_and_snapshot_say_the_stored_moment_to_the_millisecond(api, events_app, at):
    head = create_event(api)
    sent = version()
    assert head.statuses(sent) == ["accepted"]
    with events_app.extensions["events.db"].writing() as session:
        session.execute(update(Version).where(Version.version_id == sent["version_id"]).values(received_at=at))
    [change] = head.changes()["changes"]
    [history] = head.get(f"/records/{sent['record_id']}").json["versions"]
    [snapshot] = head.get("/snapshot").json["heads"]
    assert change["received_at"] == history["received_at"] == snapshot["received_at"] == moment(at)
    assert moment(at)[:19] == at.strftime("%Y-%m-%dT%H:%M:%S")
