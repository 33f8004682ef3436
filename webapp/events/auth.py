"""Who is calling: secrets hashed with argon2, short-lived signed bearer tokens, and the role checks of each call."""

import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError
from flask import current_app, g, request
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from sqlalchemy import bindparam, select

from . import live
from .errors import ApiError
from .models import Credential, Event

ROLES = ("head", "referee", "viewer")
TOKEN_SALT = "mahjong-referee/access-token"


def init_app(app):
    """The app's argon2 hasher, with the parameters of PASSWORD_HASH_PROFILE (a name in argon2.profiles).

    A hash records its own parameters, so secrets hashed under another profile still verify."""
    app.extensions["events.hasher"] = PasswordHasher.from_parameters(
        getattr(profiles, app.config["PASSWORD_HASH_PROFILE"])
    )


def new_id():
    """A server-made opaque id (URL-safe, no dot: an invite link joins id and secret with a dot)."""
    return secrets.token_urlsafe(16)


def new_secret():
    return secrets.token_urlsafe(32)


def hash_secret(secret):
    return current_app.extensions["events.hasher"].hash(secret)


def _dummy_hash():
    """Verifying against this when an id is unknown takes as long as a real check, so timing does not tell ids apart."""
    if "events.dummy_hash" not in current_app.extensions:
        current_app.extensions["events.dummy_hash"] = hash_secret(secrets.token_urlsafe(32))
    return current_app.extensions["events.dummy_hash"]


def secret_matches(stored_hash, secret):
    """True when the secret is the one hashed; a missing hash still costs one verification."""
    hasher = current_app.extensions["events.hasher"]
    try:
        return hasher.verify(stored_hash or _dummy_hash(), secret) and stored_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def _serializer():
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=TOKEN_SALT)


def issue_token(credential):
    """A bearer token naming the credential; it proves nothing once the credential is revoked (checked on each call)."""
    return _serializer().dumps({"c": credential.id, "e": credential.event_id})


@dataclass
class Caller:
    """The credential behind the request, with its event."""

    credential: Credential
    event: Event

    @property
    def role(self):
        return self.credential.role

    def known(self):
        """The caller as live.py keeps it for feed reads (the same names as a live.KnownCaller)."""
        event = self.event
        return live.KnownCaller(event.id, event.space_id, event.league_id, 0.0, self.credential.pending, self.role)


def bearer_token():
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "unauthorized", "Sign in first: this call needs an Authorization: Bearer token.")
    return token.strip()


# Built once: it runs for every request, and building a statement costs more than running it.
CALLER = (
    select(Credential, Event)
    .join(Event, Event.id == Credential.event_id)
    .where(Credential.id == bindparam("credential_id"))
)


def token_claims():
    """The claims of the request's token, its signature and age checked (no database; once per request); refuses a
    bad one."""
    if "token_claims" in g:
        return g.token_claims
    token = bearer_token()
    try:
        g.token_claims = _serializer().loads(token, max_age=current_app.config["ACCESS_TOKEN_MAX_AGE"])
        return g.token_claims
    except SignatureExpired:
        raise ApiError(401, "token_expired", "The access token has expired: sign in again.") from None
    except BadSignature:
        raise ApiError(401, "unauthorized", "The access token is not valid: sign in again.") from None


def caller(session, event_id=None):
    """The live credential of the request's token; refuses an expired token, a revoked credential, another event.
    Notes the device's contact (live.py)."""
    claims = token_claims()
    row = session.execute(CALLER, {"credential_id": claims.get("c")}).first()
    if row is None or row.Credential.revoked_at is not None:
        raise ApiError(401, "revoked", "This device's access to the event was revoked.")
    if event_id is not None and row.Event.id != event_id:
        raise ApiError(403, "forbidden", "This credential belongs to another event.")
    who = Caller(row.Credential, row.Event)
    live.contact(session, row.Credential, row.Event, writing=session.info.get("writing", False))
    return who


def require_role(who, *roles):
    if who.role not in roles:
        raise ApiError(403, "forbidden", f"Only a {' or '.join(roles)} may do this; this device is a {who.role}.")


def require_open(event):
    if event.closed_at is not None:
        raise ApiError(409, "event_closed", "The event is closed: the head referee must reopen it to change anything.")
