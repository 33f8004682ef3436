"""Rate limits on sign-in, invite acceptance and event creation (the `limits` library, configured by Flask-Limiter's
RATELIMIT_* keys; the storage is configurable, so several app servers can share counts in Redis or Memcached)."""

import math
import time
from dataclasses import dataclass

from flask import current_app
from flask_limiter.util import get_remote_address
from limits import parse
from limits.storage import storage_from_string
from limits.strategies import STRATEGIES, RateLimiter

from .errors import ApiError


@dataclass
class Limits:
    """The app's counts: `limiter` hits and tests them in the configured storage; nothing counts when not `enabled`."""

    enabled: bool
    limiter: RateLimiter


def init_app(app):
    """One limiter per app, configured from RATELIMIT_ENABLED, RATELIMIT_STORAGE_URI (and _OPTIONS), RATELIMIT_STRATEGY.

    The limits are counted only where a route calls per_address or Failures: no hook runs on every request (Flask-
    Limiter's own before_request check cost about 0.5 ms of CPU on each sync call and had no limit to check)."""
    storage = storage_from_string(
        app.config.get("RATELIMIT_STORAGE_URI", "memory://"), **app.config.get("RATELIMIT_STORAGE_OPTIONS", {})
    )
    strategy = STRATEGIES[app.config.get("RATELIMIT_STRATEGY", "fixed-window")]
    app.extensions["events.limiter"] = Limits(bool(app.config.get("RATELIMIT_ENABLED", True)), strategy(storage))


class RateLimited(ApiError):
    """A 429 that says when to try again (Retry-After, in seconds)."""

    def __init__(self, retry_after, message="Too many failed attempts: wait a minute and try again."):
        super().__init__(429, "rate_limited", message)
        self.retry_after = retry_after


def _seconds_left(limiter, item, identifiers):
    reset_at = limiter.limiter.get_window_stats(item, *identifiers).reset_time
    return max(1, math.ceil(reset_at - time.time()))


def per_address(limit_key, scope):
    """Count one attempt from the client's address against the limit named by config `limit_key`; 429 past it."""
    limiter = current_app.extensions["events.limiter"]
    if not limiter.enabled:
        return
    item, identifiers = parse(current_app.config[limit_key]), (scope, get_remote_address())
    if not limiter.limiter.hit(item, *identifiers):
        raise RateLimited(
            _seconds_left(limiter, item, identifiers), "Too many attempts from this address: wait and try again."
        )


class Failures:
    """Failed attempts at one secret (a credential's, an invitation's) from one address: only failures count, so
    fifty referees joining with one invitation, or a device signing in again, are never held back; guessing is. As
    they count per address too, someone else's guesses never lock the owner's phone out of its own credential."""

    def __init__(self, limit_key, key, scope):
        self.limiter = current_app.extensions["events.limiter"]
        self.item = parse(current_app.config[limit_key])
        self.identifiers = (scope, key, get_remote_address())

    def _refuse(self):
        raise RateLimited(_seconds_left(self.limiter, self.item, self.identifiers))

    def check(self):
        """Refuse at once while this secret has had too many failed attempts."""
        if self.limiter.enabled and not self.limiter.limiter.test(self.item, *self.identifiers):
            self._refuse()

    def failed(self):
        if self.limiter.enabled and not self.limiter.limiter.hit(self.item, *self.identifiers):
            self._refuse()
