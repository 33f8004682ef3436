"""Issue 36: a joining phone reads a compact snapshot (each record's current heads, a conflict's every head), then the
changes feed from where the snapshot began, instead of every version ever sent. SQLite and PostgreSQL."""

import pytest
from events_helpers import create_event, incident, league_of_two_weeks, version


@pytest.fixture
def head(api):
    return create_event(api)


def snapshot(device, limit=200, scope="event", after=None):
    """Every page of the snapshot: (versions, the `since` of each page, pages read)."""
    versions, sinces, pages = [], [], 0
    while True:
        query = f"?limit={limit}&scope={scope}" + (f"&after={after}" if after else "")
        response = device.get(f"/snapshot{query}")
        assert response.status_code == 200, response.json
        versions += response.json["heads"]
        sinces.append(response.json["since"])
        pages += 1
        after = response.json["next"]
        if after is None:
            return versions, sinces, pages


def edited(device, times):
    """A record edited `times` times after its first version; returns its versions."""
    versions = [version(body=incident(note="0"))]
    for n in range(1, times + 1):
        versions.append(version(versions[0]["record_id"], [versions[-1]["version_id"]], body=incident(note=str(n))))
    assert device.statuses(*versions) == ["accepted"] * len(versions)
    return versions


def test_the_snapshot_holds_each_records_heads_not_its_history(head):
    referee = head.add_device(name="Bruno")
    many = edited(head, 30)
    player = version(kind="player", body={"name": "Ada"})
    gone = version()
    head.statuses(player, gone)
    head.statuses(version(gone["record_id"], [gone["version_id"]], deleted=True))
    base = version(body=incident(note="base"))
    head.statuses(base)
    ours, theirs = (version(base["record_id"], [base["version_id"]], body=incident(note=n)) for n in ("a", "b"))
    assert head.statuses(ours) == ["accepted"] and head.statuses(theirs) == ["conflict"]

    feed = head.changes()["changes"]
    heads, sinces, _ = snapshot(referee)
    assert len(feed) == 31 + 2 + 1 + 1 + 2
    assert [(h["record_id"], h["version_id"]) for h in heads] == [
        (many[-1]["record_id"], many[-1]["version_id"]),
        (player["record_id"], player["version_id"]),
        (gone["record_id"], feed[-4]["version_id"]),
        (base["record_id"], ours["version_id"]),
        (base["record_id"], theirs["version_id"]),
    ]
    by_id = {change["version_id"]: change for change in feed}
    assert all(h == {**by_id[h["version_id"]], "author": h["author"]} for h in heads)  # as the feed gives each
    assert heads[2]["deleted"] is True and heads[2]["body"] is None
    assert heads[0]["author"]["credential_id"] is None  # a referee reads names, not credential ids
    assert sinces == [str(feed[-1]["seq"])]


def test_the_snapshot_pages_keep_the_feed_cursor_where_it_began(head):
    first = [version() for _ in range(5)]
    head.statuses(*first)
    page = head.get("/snapshot?limit=2").json
    assert len(page["heads"]) == 2 and page["since"] == "5"
    later = version()
    head.statuses(later, version(first[0]["record_id"], [first[0]["version_id"]]))  # stored while the phone reads
    rest, sinces, pages = snapshot(head, limit=2, after=page["next"])
    assert set(sinces) == {"5"} and pages == 2  # the 3 records left and the new one
    read = {h["version_id"] for h in page["heads"] + rest}
    assert {v["version_id"] for v in first[1:]} | {later["version_id"]} <= read
    # What was stored after the snapshot began comes again in the feed from its cursor: nothing is missed.
    assert [c["seq"] for c in head.changes(since="5")["changes"]] == [6, 7]


@pytest.mark.parametrize(
    "query, field",
    [("?after=12", "after"), ("?after=1.x", "after"), ("?after=1.99999999999", "after"), ("?limit=0", "limit")],
)
def test_a_snapshot_cursor_or_limit_that_is_not_ours_is_a_422(head, query, field):
    response = head.get(f"/snapshot{query}")
    assert (response.status_code, response.json["error"], response.json["field"]) == (422, "invalid", field)


def test_a_leagues_snapshot_holds_its_other_events_incidents_and_the_roster(api):
    week1, week2 = league_of_two_weeks(api)
    player = version(kind="player", body={"name": "Ada"})
    strike = version(body=incident(player="", playerId=player["record_id"], at="2026-11-02T20:00:00+01:00"))
    week1.statuses(player, strike)
    assert [h["record_id"] for h in snapshot(week2)[0]] == [player["record_id"]]
    assert [h["record_id"] for h in snapshot(week2, scope="league")[0]] == [player["record_id"], strike["record_id"]]
    response = create_event(api).get("/snapshot?scope=league")
    assert (response.status_code, response.json["error"]) == (404, "no_league")
