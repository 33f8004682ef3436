"""The JSON shapes the API returns, in one place so docs/api.md can be checked against them."""


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


def version_json(version, author_name, with_credential=True, alias_of=None):
    """A stored version; the author's credential id only when `with_credential` (for the head referee), and a roster
    player's `alias_of`: the player this id is another id of (null: none)."""
    extra = {"alias_of": alias_of} if version.kind == "player" else {}
    return {
        "seq": version.seq,
        "record_id": version.record_id,
        "version_id": version.version_id,
        "parents": list(version.parents),
        "kind": version.kind,
        "deleted": version.deleted,
        "body": version.body,
        "event_id": version.event_id,
        "author": {"credential_id": version.author_id if with_credential else None, "display_name": author_name},
        "received_at": moment(version.received_at),
        **extra,
    }
