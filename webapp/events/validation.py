"""Checks of what a client sends, field by field, with the same rules as the phone; each failure names its field."""

import json
import math
import re
from datetime import UTC, date, datetime, time, timedelta

from flask import current_app

from . import schemas
from .errors import Invalid
from .text_rule import id_problem, text_problem

# Lengths and ranges are the record schemas' (webapp/schemas), which the phone reads too (logic/records/*.js).
MAX_ID = schemas.rule_of("version", ["record_id"])["maxLength"]  # ids made on the phone: crypto.randomUUID() is 36
MAX_NAME = schemas.rule_of("event", ["name"])["maxLength"]
MAX_SESSION = schemas.rule_of("event", ["sessions", 0])["maxLength"]
MAX_TEXT = schemas.rule_of("incident", ["note"])["maxLength"]
MAX_POINTS = schemas.rule_of("incident", ["points"])["maximum"]
MAX_BODY_BYTES = 16_384  # every field at its longest, in 4-byte characters, still fits
MOMENT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$", re.ASCII)
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$", re.ASCII)


def require_object(value, field):
    if not isinstance(value, dict):
        raise Invalid(field, "Expected a JSON object.", "malformed")
    return value


def only_keys(obj, allowed, field=None):
    """Refuse keys the API does not know, so a typo is not silently dropped."""
    for key in obj:
        if key not in allowed:
            raise Invalid(_join(field, key), f"Unknown field '{key}'.", "unknown_field")


def _join(field, key):
    return f"{field}.{key}" if field else key


TEXT_MESSAGES = {
    "not_unicode": "Not valid Unicode text (half of a character, such as half an emoji).",
    "not_nfc": "Text must be in Unicode normalization form C (NFC).",
    "control_character": "Control characters are not allowed.",
    "bidi_control": "Characters that reverse the text's direction are not allowed.",
    "invisible": "This text has only invisible characters.",
}


def _message(code, rule):
    if code in TEXT_MESSAGES:
        return TEXT_MESSAGES[code]
    if code == "too_long":
        return f"At most {rule.get('maxLength', rule.get('maxItems'))} characters."
    if code == "required":
        return "This field is required."
    if code == "unknown_field":
        return "Unknown field: the API does not know it."
    if code == "unsupported_version":
        return "This server does not read this format version of the record (see docs/api.md, Record bodies)."
    if code == "duplicate":
        return "Each item must be different."
    return "Not valid here: " + rule.get("description", "see docs/api.md") + "."


def by_schema(kind, value, field=None, *, partial=False):
    """Refuse the first problem of `value` under the kind's schema (webapp/schemas), at its field; with `partial`,
    missing fields are not problems (an edit sends only what changes)."""
    for parts, code in schemas.problems(kind, value):
        if partial and code == "required" and len(parts) == 1 and parts[0] not in value:
            continue
        raise Invalid(schemas.dotted(field, parts), _message(code, schemas.rule_of(kind, parts)), code)
    return value


def text_rule(value, path, *, lines=False):
    """Refuse text that breaks the one text rule (text_rule.py), with the rule's code."""
    problem = text_problem(value, lines=lines)
    if problem:
        raise Invalid(path, TEXT_MESSAGES[problem], problem)
    return value


def text(obj, key, field=None, *, max_len=MAX_TEXT, required=False, empty=True, lines=False):
    """A text field (None when absent and optional) under the one text rule; tab and line breaks only with `lines`."""
    path = _join(field, key)
    value = obj.get(key)
    if value is None:
        if required:
            raise Invalid(path, "This field is required.", "required")
        return None
    if not isinstance(value, str):
        raise Invalid(path, "Expected text.")
    if len(value) > max_len:
        raise Invalid(path, f"At most {max_len} characters.", "too_long")
    text_rule(value, path, lines=lines)
    if not empty and not value.strip():
        raise Invalid(path, "This field must not be empty.", "required")
    return value


def opaque_id(value, path):
    """An id made elsewhere: any text of 1 to MAX_ID characters with no control character, compared as it is."""
    if not isinstance(value, str) or not value or len(value) > MAX_ID:
        raise Invalid(path, f"Expected an id: text of 1 to {MAX_ID} characters.")
    problem = id_problem(value)
    if problem:
        raise Invalid(path, TEXT_MESSAGES[problem], problem)
    return value


def day(obj, key, field=None):
    path = _join(field, key)
    value = obj.get(key)
    if not isinstance(value, str) or not DAY.match(value):
        raise Invalid(path, "Expected a date as YYYY-MM-DD.", "required" if value is None else "invalid")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise Invalid(path, "Not a real date.") from None


def moment(value, path):
    """An ISO 8601 date and time with its time zone (as the phone writes it), e.g. 2026-11-23T14:05:00.000Z."""
    if not isinstance(value, str) or not MOMENT.match(value):
        raise Invalid(path, "Expected an ISO 8601 date and time with a time zone, e.g. 2026-11-23T14:05:00Z.")
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00")[:35])
    except ValueError:
        raise Invalid(path, "Not a real date and time.") from None
    return value


EARLIEST_ZONE = timedelta(hours=14)  # the first day begins 14 h before UTC's in the easternmost time zone
LATEST_AHEAD = timedelta(days=1)


def within_event(value, path, event, now=None):
    """A moment no earlier than the event's first day (in any time zone) and no later than tomorrow by the server's
    clock: a phone whose clock is years off cannot put its incidents on other days than everyone else's."""
    at = datetime.fromisoformat(value.replace("Z", "+00:00")[:35])
    if at < datetime.combine(event.starts_on, time(), UTC) - EARLIEST_ZONE:
        raise Invalid(
            path,
            f"This is before the event's first day ({event.starts_on.isoformat()}): check the phone's date and time.",
            "before_event",
        )
    if at > (now or datetime.now(UTC)) + LATEST_AHEAD:
        raise Invalid(
            path, "This is later than tomorrow by the server's clock: check the phone's date and time.", "in_future"
        )
    return value


def integer(obj, key, field=None, *, default, low, high):
    path = _join(field, key)
    value = obj.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Invalid(path, f"Expected a whole number from {low} to {high}.")
    return value


def ruling_ids(ruleset_id):
    """The ruling ids of a loaded ruleset (None when no such ruleset is loaded)."""
    return current_app.extensions["rulesets"].ruling_ids(ruleset_id)


def ruleset_id(obj, key, field=None):
    path = _join(field, key)
    value = obj.get(key)
    if not isinstance(value, str) or len(value) > MAX_ID or ruling_ids(value) is None:
        raise Invalid(path, "Not a ruleset this server has loaded.", "unknown_ruleset")
    return value


def body_size(body, path):
    if len(json.dumps(body, ensure_ascii=False).encode()) > MAX_BODY_BYTES:
        raise Invalid(path, f"A record's body must be at most {MAX_BODY_BYTES} bytes of JSON.", "too_long")


def incident_body(body, path, event, record_id, player_state):
    """An incident as the phone's log keeps it (schemas/incident.schema.json); its ruleset must be the event's, its
    ruling one of that ruleset's, and its player a name, or the id of a roster player (`player_state(id)`: 'live',
    'deleted' or None), or both; a deleted roster player's id only with the name, which is how the incident still
    reads."""
    require_object(body, path)
    by_schema("incident", body, path)
    _own_id(body, path, record_id)
    within_event(body["at"], f"{path}.at", event)
    ruleset = ruleset_id(body, "rulesetId", path)
    if ruleset != event.ruleset_id:
        raise Invalid(f"{path}.rulesetId", f"This event is played under {event.ruleset_id}.", "ruleset_mismatch")
    if body["rulingId"] not in ruling_ids(ruleset):
        raise Invalid(f"{path}.rulingId", f"Not a ruling of {ruleset}.", "unknown_ruling")
    name = body.get("player")
    named = name is not None and bool(name.strip())
    player_id = body.get("playerId")
    if player_id is not None:
        state = player_state(player_id)
        if state is None:
            raise Invalid(f"{path}.playerId", "No roster player has this id.", "unknown_player")
        if state == "deleted" and not named:  # with the name as recorded, it still reads; without, it names no one
            raise Invalid(
                f"{path}.playerId", "This roster player was deleted: give the player's name too.", "deleted_player"
            )
    elif not named:
        raise Invalid(f"{path}.player", "Name the player, or give a roster player's id.", "required")
    points = body.get("points")
    if points is not None and not math.isfinite(points):
        raise Invalid(f"{path}.points", f"Expected a number from -{MAX_POINTS:.0f} to {MAX_POINTS:.0f}, or null.")
    body_size(body, path)


def player_body(body, path, record_id):
    """A roster player (schemas/player.schema.json): a name, and optionally a registration number, a club, a note."""
    require_object(body, path)
    by_schema("player", body, path)
    _own_id(body, path, record_id)
    if not body["name"].strip():
        raise Invalid(f"{path}.name", "This field must not be empty.", "required")
    body_size(body, path)


def _own_id(body, path, record_id):
    if "id" in body and body["id"] != record_id:
        raise Invalid(f"{path}.id", "The body's id must be the record's id.")
