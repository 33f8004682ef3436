"""The JSON shapes the API returns, in one place so docs/api.md can be checked against them."""

import json
from json.encoder import encode_basestring_ascii


def moment(value):
    """A stored moment as ISO 8601 in UTC with a Z, or None."""
    return None if value is None else value.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def event_json(event, league=None):
    return {
        "id": event.id,
        "name": event.name,
        "ruleset_id": event.ruleset_id,
        "starts_on": event.starts_on.isoformat(),
        "ends_on": event.ends_on.isoformat(),
        "sessions": list(event.sessions or []),
        "league": None if league is None else {"id": league.id, "name": league.name},
        "closed": event.closed_at is not None,
        "closed_at": moment(event.closed_at),
        "created_at": moment(event.created_at),
    }


def credential_json(credential):
    """A credential without its secret (which is only ever shown once, when it is made)."""
    return {
        "id": credential.id,
        "event_id": credential.event_id,
        "role": credential.role,
        "display_name": credential.display_name,
        "invite_id": credential.invite_id,
        "created_at": moment(credential.created_at),
        "revoked": credential.revoked_at is not None,
        "revoked_at": moment(credential.revoked_at),
        "last_contact_at": moment(credential.last_contact_at),
        "pending": credential.pending,
    }


def new_credential_json(credential, secret):
    """The one response that carries a credential's secret; `key` is id and secret joined, for storing as one."""
    return {**credential_json(credential), "secret": secret, "key": f"{credential.id}.{secret}"}


def invite_json(invite):
    return {
        "id": invite.id,
        "event_id": invite.event_id,
        "role": invite.role,
        "max_uses": invite.max_uses,
        "uses": invite.uses,
        "created_at": moment(invite.created_at),
        "expires_at": moment(invite.expires_at),
        "revoked": invite.revoked_at is not None,
    }


def version_text(row, with_credential=True):
    """A stored version as JSON text, from a row of `VERSION_COLUMNS` (sync_routes.py): its author's name, and a roster
    player's `alias_of` (the player this id is another id of; null: none); the author's credential id only when
    `with_credential` (for the head referee). Body, parents and the moment it was received are text from the database
    (feed.VERSION_COLUMNS), sent as they are: the changes feed gives every version to every phone (about 2 µs a version
    here, 5 µs with a helper call per field)."""
    seq, record_id, version_id, parents, kind, deleted, body, event_id, author_id, name, received_at, alias_of = row
    author = _quoted(author_id) if with_credential else "null"
    text = (
        f'{{"seq":{seq},"record_id":{_quoted(record_id)},"version_id":{_quoted(version_id)},"parents":{parents},'
        f'"kind":{_quoted(kind)},"deleted":{"true" if deleted else "false"},"body":{body or "null"},'
        f'"event_id":{_quoted(event_id)},"author":{{"credential_id":{author},'
        f'"display_name":{_quoted(name)}}},"received_at":"{received_at}"'
    )
    if kind == "player":
        text += f',"alias_of":{"null" if alias_of is None else _quoted(alias_of)}'
    return text + "}"


def version_json(row, with_credential=True):
    """The same version as a JSON value, to send inside another answer (a conflict's heads, a record's history)."""
    return json.loads(version_text(row, with_credential))


# A text as JSON, as json.dumps writes it: its C string encoder, called directly.
_quoted = encode_basestring_ascii
