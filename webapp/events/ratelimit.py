"""Rate limits on sign-in, invite acceptance and event creation (Flask-Limiter over the `limits` library; the
storage is configurable, so several app servers can share counts in Redis or Memcached)."""
from flask import current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse

from .errors import ApiError


def init_app(app):
    """One limiter per app, configured from RATELIMIT_* (RATELIMIT_STORAGE_URI, RATELIMIT_ENABLED)."""
    app.extensions["events.limiter"] = Limiter(get_remote_address, app=app)


def per_address(limit_key, scope):
    """Count one attempt from the client's address against the limit named by config `limit_key`; 429 past it."""
    limiter = current_app.extensions["events.limiter"]
    with limiter.limit(current_app.config[limit_key], key_func=get_remote_address, scope=scope):
        pass


class Failures:
    """Failed attempts at one secret (a credential's, an invitation's): only failures count, so fifty referees
    joining with one invitation, or a device signing in again, are never held back; guessing is."""

    def __init__(self, limit_key, key, scope):
        self.limiter = current_app.extensions["events.limiter"]
        self.item = parse(current_app.config[limit_key])
        self.identifiers = (scope, key)

    def _refuse(self):
        raise ApiError(429, "rate_limited", "Too many failed attempts: wait a minute and try again.")

    def check(self):
        """Refuse at once while this secret has had too many failed attempts."""
        if self.limiter.enabled and not self.limiter.limiter.test(self.item, *self.identifiers):
            self._refuse()

    def failed(self):
        if self.limiter.enabled and not self.limiter.limiter.hit(self.item, *self.identifiers):
            self._refuse()
