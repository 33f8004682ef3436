"""Checks of what a client sends, field by field, with the same rules as the phone; each failure names its field."""
import json
import math
import re
from datetime import date, datetime

from flask import current_app

from .errors import Invalid

MAX_ID = 100  # ids made on the phone: crypto.randomUUID() is 36 characters
MAX_NAME = 200
MAX_TEXT = 500  # as the phone's log (log.js MAX_TEXT)
MAX_POINTS = 1e7  # as the phone's log
MAX_BODY_BYTES = 16_384  # every field at its longest, in 4-byte characters, still fits
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # tab, newline and carriage return are allowed in text
ID_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
MOMENT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$")
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")

INCIDENT_KEYS = {"v", "id", "at", "rulesetId", "rulingId", "player", "playerId", "tournament", "session", "table",
                 "seat", "points", "note"}
INCIDENT_TEXT = ("tournament", "session", "table", "seat", "note")
PLAYER_KEYS = {"v", "id", "name", "number", "club", "note"}


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


def text(obj, key, field=None, *, max_len=MAX_TEXT, required=False, empty=True):
    """A text field (None when absent and optional); no control characters except tab and line breaks."""
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
    if CONTROL.search(value):
        raise Invalid(path, "Control characters are not allowed.")
    if not empty and not value.strip():
        raise Invalid(path, "This field must not be empty.", "required")
    return value


def opaque_id(value, path):
    """An id made elsewhere: any text of 1 to MAX_ID characters with no control character, compared as it is."""
    if not isinstance(value, str) or not value or len(value) > MAX_ID or ID_CONTROL.search(value):
        raise Invalid(path, f"Expected an id: text of 1 to {MAX_ID} characters.")
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


def incident_body(body, path, event, record_id, player_exists):
    """An incident as the phone's log keeps it; its ruleset must be the event's, its ruling one of that ruleset's,
    and its player a name, or the id of a roster player (`player_exists(id)`), or both."""
    require_object(body, path)
    only_keys(body, INCIDENT_KEYS, path)
    _format_version(body, path)
    _own_id(body, path, record_id)
    moment(body.get("at"), f"{path}.at")
    ruleset = ruleset_id(body, "rulesetId", path)
    if ruleset != event.ruleset_id:
        raise Invalid(f"{path}.rulesetId", f"This event is played under {event.ruleset_id}.", "ruleset_mismatch")
    ruling = body.get("rulingId")
    if not isinstance(ruling, str) or ruling not in ruling_ids(ruleset):
        raise Invalid(f"{path}.rulingId", f"Not a ruling of {ruleset}.", "unknown_ruling")
    name = text(body, "player", path, max_len=MAX_NAME)
    player_id = body.get("playerId")
    if player_id is not None:
        opaque_id(player_id, f"{path}.playerId")
        if not player_exists(player_id):
            raise Invalid(f"{path}.playerId", "No roster player has this id.", "unknown_player")
    elif name is None or not name.strip():
        raise Invalid(f"{path}.player", "Name the player, or give a roster player's id.", "required")
    for key in INCIDENT_TEXT:
        text(body, key, path)
    points = body.get("points")
    if points is not None and (isinstance(points, bool) or not isinstance(points, (int, float))
                               or not math.isfinite(points) or abs(points) > MAX_POINTS):
        raise Invalid(f"{path}.points", f"Expected a number from -{MAX_POINTS:.0f} to {MAX_POINTS:.0f}, or null.")
    body_size(body, path)


def player_body(body, path, record_id):
    """A roster player: a name, and optionally a registration number, a club and a note."""
    require_object(body, path)
    only_keys(body, PLAYER_KEYS, path)
    _format_version(body, path)
    _own_id(body, path, record_id)
    text(body, "name", path, max_len=MAX_NAME, required=True, empty=False)
    text(body, "number", path, max_len=MAX_ID)
    text(body, "club", path, max_len=MAX_NAME)
    text(body, "note", path)
    body_size(body, path)


def _format_version(body, path):
    if "v" in body and (isinstance(body["v"], bool) or body["v"] != 1):
        raise Invalid(f"{path}.v", "This server reads format version 1 of records.", "unsupported_version")


def _own_id(body, path, record_id):
    if "id" in body and body["id"] != record_id:
        raise Invalid(f"{path}.id", "The body's id must be the record's id.")
