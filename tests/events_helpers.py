"""Helpers for the events API tests: a small client that speaks the API, and the row counts of every table."""

import uuid

from sqlalchemy import func, select

from webapp.events.models import Base

RULESET = "azrm-2026"


def incident(ruling="r_east_early_chombo", **fields):
    """An incident body as the phone's log writes it."""
    return {
        "at": "2026-11-23T14:05:00.000Z",
        "rulesetId": RULESET,
        "rulingId": ruling,
        "player": "Player One",
        "session": "Round 1",
        "table": "3",
        "seat": "E",
        "points": None,
        "note": "",
        **fields,
    }


def version(record_id=None, parents=(), kind="incident", body=None, deleted=False, version_id=None):
    """One version in the upload format; a new incident unless told otherwise."""
    if body is None and not deleted:
        body = incident() if kind == "incident" else {"name": "Player One"}
    return {
        "record_id": record_id or str(uuid.uuid4()),
        "version_id": version_id or str(uuid.uuid4()),
        "parents": list(parents),
        "kind": kind,
        "deleted": deleted,
        "body": body,
    }


def row_counts(app):
    """{table: number of rows}, to show that a refused request wrote nothing."""
    database = app.extensions["events.db"]
    with database.reading() as session:
        return {
            name: session.scalar(select(func.count()).select_from(table))
            for name, table in Base.metadata.tables.items()
        }


class Device:
    """One phone: its credential, and an access token once signed in."""

    def __init__(self, client, credential, event_id):
        self.client, self.credential, self.event_id = client, credential, event_id
        self.token = None

    def sign_in(self):
        response = self.client.post(
            "/api/auth/token", json={"credential_id": self.credential["id"], "secret": self.credential["secret"]}
        )
        assert response.status_code == 200, response.json
        self.token = response.json["access_token"]
        return self

    @property
    def headers(self):
        return {"Authorization": f"Bearer {self.token}"}

    def get(self, path, headers=None):
        return self.client.get(f"/api/events/{self.event_id}{path}", headers={**self.headers, **(headers or {})})

    def post(self, path, json=None, **kwargs):
        return self.client.post(
            f"/api/events/{self.event_id}{path}", json={} if json is None else json, headers=self.headers, **kwargs
        )

    def upload(self, *versions):
        return self.post("/versions", {"versions": list(versions)})

    def statuses(self, *versions):
        response = self.upload(*versions)
        assert response.status_code == 200, response.json
        return [result["status"] for result in response.json["results"]]

    def invite(self, role="referee", **fields):
        response = self.post("/invites", {"role": role, **fields})
        assert response.status_code == 201, response.json
        return response.json

    def add_device(self, role="referee", name="Referee"):
        """Invite a device and accept the invitation as it; return the new signed-in device."""
        invite = self.invite(role)
        token = invite["link"].split("#", 1)[1]
        response = self.client.post("/api/invites/accept", json={"invite": token, "display_name": name})
        assert response.status_code == 201, response.json
        return Device(self.client, response.json["credential"], self.event_id).sign_in()

    def changes(self, since="0", scope="event", limit=1000):
        response = self.get(f"/changes?since={since}&limit={limit}&scope={scope}")
        assert response.status_code == 200, response.json
        return response.json


def create_event(client, league=None, ruleset=RULESET, name="Autumn Cup", headers=None, **fields):
    """A new event; returns its head referee's device, signed in."""
    body = {
        "name": name,
        "ruleset_id": ruleset,
        "starts_on": "2026-11-23",
        "ends_on": "2026-11-24",
        "sessions": ["Round 1", "Round 2"],
        "display_name": "Head Referee",
        **fields,
    }
    if league is not None:
        body["league"] = league
    response = client.post("/api/events", json=body, headers=headers or {})
    assert response.status_code == 201, response.json
    return Device(client, response.json["credential"], response.json["event"]["id"]).sign_in()


def league_of_two_weeks(client, first_day="2026-11-02"):
    """A league's two events, week 1 (on `first_day`) and week 2 (the default dates), each with its head referee."""
    week1 = create_event(
        client, league={"name": "Arizona League"}, name="Week 1", starts_on=first_day, ends_on=first_day
    )
    league_id = week1.get("").json["event"]["league"]["id"]
    week2 = create_event(client, league={"id": league_id}, name="Week 2", headers=week1.headers)
    return week1, week2
