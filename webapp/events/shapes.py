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
    `with_credential` (for the head referee). Body and parents are the stored JSON text, sent as they are: the changes
    feed gives every version to every phone, so nothing is read and written again per row."""
    author = _text(row.author_id if with_credential else None)
    text = (
        f'{{"seq":{row.seq},"record_id":{_text(row.record_id)},"version_id":{_text(row.version_id)},'
        f'"parents":{row.parents},"kind":{_text(row.kind)},"deleted":{"true" if row.deleted else "false"},'
        f'"body":{row.body or "null"},"event_id":{_text(row.event_id)},'
        f'"author":{{"credential_id":{author},"display_name":{_text(row.display_name)}}},'
        f'"received_at":{_text(moment(row.received_at))}'
    )
    if row.kind == "player":
        text += f',"alias_of":{_text(row.alias_of)}'
    return text + "}"


def version_json(row, with_credential=True):
    """The same version as a JSON value, to send inside another answer (a conflict's heads, a record's history)."""
    return json.loads(version_text(row, with_credential))


def _text(value):
    """A text (or None) as JSON, as json.dumps writes it (its C string encoder, called directly: once per field of
    every version in every page of the changes feed)."""
    return "null" if value is None else encode_basestring_ascii(value)
