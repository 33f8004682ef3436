"""Who may use an event: sign-in, invitations for referees and viewers, and the devices' credentials (revocable)."""

from datetime import timedelta

from flask import Blueprint, current_app, jsonify
from sqlalchemy import func, select, update

from ..i18n.catalogs import LANGUAGES
from . import auth, live, ratelimit
from . import validation as check
from .db import database
from .errors import ApiError, Invalid
from .invites import invite_link, qr_code, split_invite
from .models import Credential, Event, Invite, League, now
from .request_data import json_body, page_args
from .shapes import credential_json, event_json, invite_json, new_credential_json

bp = Blueprint("access", __name__)  # registered by the /api blueprint (api.py)


@bp.post("/auth/token")
def sign_in():
    """Trade a credential's id and secret for a short-lived access token; limited per address and per credential."""
    data = json_body()
    check.only_keys(data, {"credential_id", "secret"})
    credential_id = check.text(data, "credential_id", max_len=check.MAX_ID, required=True, empty=False)
    secret = check.text(data, "secret", max_len=200, required=True, empty=False)
    guard = ratelimit.Guard("sign-in", credential_id, "RATE_LIMIT_SIGN_INS_PER_CREDENTIAL")
    guard.check()
    with database().reading() as session:
        row = session.execute(
            select(Credential, Event).join(Event, Event.id == Credential.event_id).where(Credential.id == credential_id)
        ).first()
        guard.named(row is not None)
        if not auth.secret_matches(row.Credential.secret_hash if row else None, secret):
            guard.failed()
            raise ApiError(401, "bad_credentials", "Unknown credential or wrong secret.")
        guard.succeeded()
        if row.Credential.revoked_at is not None:
            raise ApiError(401, "revoked", "This device's access to the event was revoked.")
        league = session.get(League, row.Event.league_id) if row.Event.league_id else None
        return jsonify(
            {
                "access_token": auth.issue_token(row.Credential),
                "token_type": "Bearer",
                "expires_in": current_app.config["ACCESS_TOKEN_MAX_AGE"],
                "credential": credential_json(row.Credential),
                "event": event_json(row.Event, league),
            }
        )


def _head_of(session, event_id):
    """The caller, who must be this event's head referee."""
    who = auth.caller(session, event_id)
    auth.require_role(who, "head")
    return who


def _row_of_event(session, model, row_id, event_id, message):
    """A row of this event by its id; another event's row is as unknown as a missing one (404)."""
    row = session.get(model, row_id)
    if row is None or row.event_id != event_id:
        raise ApiError(404, "not_found", message)
    return row


def _authorized_head(event_id):
    """Check the caller before any slow work (hashing) is done for them; the write re-checks in its transaction."""
    with database().reading() as session:
        auth.require_open(_head_of(session, event_id).event)


@bp.post("/events/<event_id>/invites")
def create_invite(event_id):
    """The head referee invites referees or viewers: a link and its QR code, shown now and never again."""
    data = json_body()
    _authorized_head(event_id)
    check.only_keys(data, {"role", "max_uses", "expires_in_days", "lang"})
    role = data.get("role")
    if role not in auth.ROLES:
        raise Invalid("role", "Expected one of head, referee, viewer.")
    max_uses = check.integer(data, "max_uses", default=1, low=1, high=500)
    days = check.integer(data, "expires_in_days", default=7, low=1, high=90)
    lang = data.get("lang", "en")
    if lang not in LANGUAGES:
        raise Invalid("lang", "Expected one of en, fr, it.")
    secret = auth.new_secret()
    secret_hash = auth.hash_secret(secret)
    with database().writing() as session:
        who = _head_of(session, event_id)
        auth.require_open(who.event)
        invite = Invite(
            id=auth.new_id(),
            event_id=event_id,
            role=role,
            secret_hash=secret_hash,
            max_uses=max_uses,
            uses=0,
            created_by=who.credential.id,
            expires_at=now() + timedelta(days=days),
        )
        session.add(invite)
        session.flush()
        body = invite_json(invite)
    link = invite_link(invite.id, secret, lang)
    return jsonify({"invite": body, "secret": secret, "link": link, "qr": qr_code(link)}), 201


@bp.get("/events/<event_id>/invites")
def list_invites(event_id):
    """The event's invitations (without secrets), oldest first, paged."""
    after, limit = page_args("after", 50, 200)
    with database().reading() as session:
        _head_of(session, event_id)
        return _page(session, Invite, event_id, after, limit, "invites", invite_json)


@bp.post("/events/<event_id>/invites/<invite_id>/revoke")
def revoke_invite(event_id, invite_id):
    """An invitation stops working at once; the credentials it already gave stay until revoked themselves."""
    json_body()
    with database().writing() as session:
        _head_of(session, event_id)
        invite = _row_of_event(session, Invite, invite_id, event_id, "No such invitation in this event.")
        if invite.revoked_at is None:
            invite.revoked_at = now()
        return jsonify({"invite": invite_json(invite)})


@bp.post("/invites/accept")
def accept_invite():
    """A phone opens an invitation link: it gets its own credential (id and secret, shown once) in the link's role."""
    data = json_body()
    check.only_keys(data, {"invite", "display_name"})
    invite_id, secret = split_invite(data.get("invite"))
    if invite_id is None:
        raise Invalid("invite", "Expected the invitation as <invite-id>.<secret>, as the link's fragment holds it.")
    display_name = check.text(data, "display_name", max_len=100, required=True, empty=False).strip()
    guard = ratelimit.Guard("accept-invite", invite_id, "RATE_LIMIT_USES_PER_INVITATION")
    guard.check()
    with database().reading() as session:
        _usable_invite(session, invite_id, secret, guard)
    credential_secret = auth.new_secret()
    credential_hash = auth.hash_secret(credential_secret)  # only for a genuine invitation: hashing is slow on purpose
    with database().writing() as session:
        invite, event = _usable_invite(session, invite_id)
        used = session.execute(
            update(Invite).where(Invite.id == invite_id, Invite.uses < Invite.max_uses).values(uses=Invite.uses + 1)
        )
        if used.rowcount != 1:
            raise ApiError(410, "invite_used", "This invitation has been used as many times as it allows.", "invite")
        credential = Credential(
            id=auth.new_id(),
            event_id=event.id,
            role=invite.role,
            display_name=display_name,
            secret_hash=credential_hash,
            invite_id=invite.id,
        )
        session.add(credential)
        session.flush()
        league = session.get(League, event.league_id) if event.league_id else None
        body = {"credential": new_credential_json(credential, credential_secret), "event": event_json(event, league)}
    return jsonify(body), 201


@bp.post("/invites/preview")
def preview_invite():
    """What an invitation link offers, for the join page to say before anyone joins: the event and the role. Nothing
    is used up; the secret is checked as accepting checks it (a wrong one is refused, rate-limited)."""
    data = json_body()
    check.only_keys(data, {"invite"})
    invite_id, secret = split_invite(data.get("invite"))
    if invite_id is None:
        raise Invalid("invite", "Expected the invitation as <invite-id>.<secret>, as the link's fragment holds it.")
    # Its own buckets: opening the join page must not use up the joins an address or an invitation is allowed.
    guard = ratelimit.Guard("preview-invite", invite_id, "RATE_LIMIT_USES_PER_INVITATION")
    guard.check()
    with database().reading() as session:
        invite, event = _usable_invite(session, invite_id, secret, guard)
        body = {
            "role": invite.role,
            "event": {
                "name": event.name,
                "starts_on": event.starts_on.isoformat(),
                "ends_on": event.ends_on.isoformat(),
            },
        }
    return jsonify(body)


def _usable_invite(session, invite_id, secret=None, guard=None):
    """The invitation and its event when it can still be accepted (its secret checked, and counted by `guard`, when
    given)."""
    invite = session.get(Invite, invite_id)
    if secret is not None:
        guard.named(invite is not None)
        if not auth.secret_matches(invite.secret_hash if invite else None, secret):
            guard.failed()
            raise ApiError(404, "invite_invalid", "This invitation link is not valid.", "invite")
        guard.succeeded()
    if invite.revoked_at is not None:
        raise ApiError(410, "invite_revoked", "This invitation was withdrawn by the head referee.", "invite")
    if invite.expires_at <= now():
        raise ApiError(
            410, "invite_expired", "This invitation has expired: ask the head referee for a new one.", "invite"
        )
    if invite.uses >= invite.max_uses:
        raise ApiError(410, "invite_used", "This invitation has been used as many times as it allows.", "invite")
    event = session.get(Event, invite.event_id)
    auth.require_open(event)
    return invite, event


@bp.get("/events/<event_id>/credentials")
def list_credentials(event_id):
    """Every device of the event with its role and name, revoked ones included, oldest first, paged."""
    after, limit = page_args("after", 50, 200)
    with database().reading() as session:
        _head_of(session, event_id)
        return _page(session, Credential, event_id, after, limit, "credentials", credential_json)


@bp.post("/events/<event_id>/credentials/<credential_id>/revoke")
def revoke_credential(event_id, credential_id):
    """The device stops working at once (every call checks); the event always keeps one head referee."""
    json_body()
    with database().writing() as session:
        _head_of(session, event_id)
        credential = _row_of_event(session, Credential, credential_id, event_id, "No such credential in this event.")
        if credential.role == "head" and credential.revoked_at is None:
            heads = session.scalar(
                select(func.count())
                .select_from(Credential)
                .where(Credential.event_id == event_id, Credential.role == "head", Credential.revoked_at.is_(None))
            )
            if heads <= 1:
                raise ApiError(409, "last_head", "The event's last head referee cannot be revoked.")
        if credential.revoked_at is None:
            credential.revoked_at = now()
        body = {"credential": credential_json(credential)}
    live.live().revoked(credential_id)  # committed: its next call, even an unchanged poll, is refused
    return jsonify(body)


def _page(session, model, event_id, offset, limit, name, shape):
    """One page of an event's rows in creation order; `next` is the cursor of the next page, null at the end
    (these lists are short: an offset is enough)."""
    rows = session.scalars(
        select(model)
        .where(model.event_id == event_id)
        .order_by(model.created_at, model.id)
        .offset(offset)
        .limit(limit + 1)
    ).all()
    more = len(rows) > limit
    return jsonify({name: [shape(item) for item in rows[:limit]], "next": str(offset + limit) if more else None})
