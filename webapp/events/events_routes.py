"""Events: a head referee creates one (and becomes its first credential), reads, edits, closes and reopens it."""

import hmac

from flask import Blueprint, current_app, jsonify
from sqlalchemy import select

from . import auth, ratelimit
from . import validation as check
from .db import database
from .errors import ApiError, Invalid
from .models import Credential, Event, League, Record, Space, now
from .request_data import json_body
from .shapes import credential_json, event_json, new_credential_json

bp = Blueprint("events", __name__)  # registered by the /api blueprint (api.py)

EVENT_FIELDS = {"name", "ruleset_id", "starts_on", "ends_on", "sessions"}


def event_fields(data, partial=False):
    """The editable fields of an event, checked (schemas/event.schema.json); with partial, only those present."""
    given = {key: data[key] for key in EVENT_FIELDS if key in data}
    check.by_schema("event", given, partial=partial)
    fields = {}
    if "name" in given:
        fields["name"] = check.text(given, "name", max_len=check.MAX_NAME, required=True, empty=False).strip()
    if "ruleset_id" in given:
        fields["ruleset_id"] = check.ruleset_id(given, "ruleset_id")
    for key in ("starts_on", "ends_on"):
        if key in given:
            fields[key] = check.day(given, key)
    if "sessions" in given or not partial:
        labels = given.get("sessions", [])
        for index, label in enumerate(labels):
            if not label.strip():
                raise Invalid(
                    f"sessions[{index}]",
                    f"Expected a session label of 1 to {check.MAX_SESSION} characters.",
                    "required",
                )
        fields["sessions"] = labels
    return fields


def _check_dates(event):
    if event.ends_on < event.starts_on:
        raise Invalid("ends_on", "The event cannot end before it starts.")


def _league_of(session, data):
    """The league the new event joins: a new one by name, or an existing one the caller is a head referee in."""
    league = data.get("league")
    if league is None:
        return None
    check.require_object(league, "league")
    check.only_keys(league, {"id", "name"}, "league")
    if "id" in league:
        who = auth.caller(session)
        auth.require_role(who, "head")
        if who.event.league_id is None or who.event.league_id != league["id"]:
            raise ApiError(
                403, "forbidden", "Only a head referee of one of the league's events may add an event.", "league.id"
            )
        return session.get(League, league["id"])
    name = check.text(league, "name", "league", max_len=check.MAX_NAME, required=True, empty=False).strip()
    space = Space(last_seq=0)
    session.add(space)
    session.flush()
    created = League(id=auth.new_id(), name=name, space_id=space.id)
    session.add(created)
    session.flush()
    return created


def _check_creation_key(data):
    """When the server sets EVENT_CREATION_KEY, only those who know it may create events."""
    expected = current_app.config.get("EVENT_CREATION_KEY")
    given = data.get("creation_key")
    if expected and not (isinstance(given, str) and hmac.compare_digest(given.encode(), expected.encode())):
        raise ApiError(
            403, "creation_key", "This server needs its event creation key to create an event.", "creation_key"
        )


@bp.post("/events")
def create_event():
    """Create an event and the head referee's credential (its secret is shown only in this answer)."""
    ratelimit.per_address("RATE_LIMIT_EVENT_CREATION", "create-event")
    data = json_body()
    check.only_keys(data, EVENT_FIELDS | {"display_name", "league", "creation_key"})
    _check_creation_key(data)
    fields = event_fields(data)
    display_name = check.text(data, "display_name", max_len=100, required=True, empty=False).strip()
    secret = auth.new_secret()
    secret_hash = auth.hash_secret(secret)  # before the transaction: hashing is slow on purpose
    with database().writing() as session:
        league = _league_of(session, data)
        if league is None:
            space = Space(last_seq=0)
            session.add(space)
            session.flush()
            space_id = space.id
        else:
            space_id = league.space_id
        event = Event(id=auth.new_id(), league_id=league.id if league else None, space_id=space_id, **fields)
        _check_dates(event)
        session.add(event)
        session.flush()  # the rows refer to each other: insert them in order
        credential = Credential(
            id=auth.new_id(), event_id=event.id, role="head", display_name=display_name, secret_hash=secret_hash
        )
        session.add(credential)
        session.flush()
        body = {"event": event_json(event, league), "credential": new_credential_json(credential, secret)}
    return jsonify(body), 201


def _league(session, event):
    return session.get(League, event.league_id) if event.league_id else None


@bp.get("/events/<event_id>")
def get_event(event_id):
    """The event, and who the caller is in it."""
    with database().reading() as session:
        who = auth.caller(session, event_id)
        league = _league(session, who.event)
        return jsonify({"event": event_json(who.event, league), "me": credential_json(who.credential)})


@bp.patch("/events/<event_id>")
def edit_event(event_id):
    """The head referee edits the name, ruleset, dates or sessions of an open event."""
    data = json_body()
    with database().writing() as session:
        who = auth.caller(session, event_id)
        auth.require_role(who, "head")
        auth.require_open(who.event)
        check.only_keys(data, EVENT_FIELDS)
        fields = event_fields(data, partial=True)
        if fields.get("ruleset_id", who.event.ruleset_id) != who.event.ruleset_id and session.scalar(
            select(Record.pk).where(Record.event_id == who.event.id, Record.kind == "incident").limit(1)
        ):
            raise ApiError(
                409, "ruleset_in_use", "Incidents were recorded under this event's ruleset: it stays.", "ruleset_id"
            )
        for key, value in fields.items():
            setattr(who.event, key, value)
        _check_dates(who.event)
        return jsonify({"event": event_json(who.event, _league(session, who.event))})


def _set_closed(event_id, closed):
    json_body()
    with database().writing() as session:
        who = auth.caller(session, event_id)
        auth.require_role(who, "head")
        if closed and who.event.closed_at is None:
            who.event.closed_at = now()
        elif not closed:
            who.event.closed_at = None
        return jsonify({"event": event_json(who.event, _league(session, who.event))})


@bp.post("/events/<event_id>/close")
def close_event(event_id):
    """Close the event: every write is refused until the head referee reopens it."""
    return _set_closed(event_id, True)


@bp.post("/events/<event_id>/reopen")
def reopen_event(event_id):
    return _set_closed(event_id, False)


@bp.get("/events/<event_id>/league")
def league_events(event_id):
    """The league of the event and all its events, so a phone can name the events of the league's incidents."""
    with database().reading() as session:
        who = auth.caller(session, event_id)
        league = _league(session, who.event)
        if league is None:
            raise ApiError(404, "no_league", "This event is not part of a league.")
        events = session.scalars(select(Event).where(Event.league_id == league.id).order_by(Event.starts_on, Event.id))
        return jsonify(
            {
                "league": {"id": league.id, "name": league.name},
                "events": [event_json(event, league) for event in events],
            }
        )
