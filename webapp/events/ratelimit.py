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

    The limits are counted only where a route calls per_address or a Guard: no hook runs on every request (Flask-
    Limiter's own before_request check cost about 0.5 ms of CPU on each sync call and had no limit to check)."""
    storage = storage_from_string(
        app.config.get("RATELIMIT_STORAGE_URI", "memory://"), **app.config.get("RATELIMIT_STORAGE_OPTIONS", {})
    )
    strategy = STRATEGIES[app.config.get("RATELIMIT_STRATEGY", "fixed-window")]
    app.extensions["events.limiter"] = Limits(bool(app.config.get("RATELIMIT_ENABLED", True)), strategy(storage))


TOO_MANY_FAILURES = "Too many failed attempts: wait a minute and try again."
TOO_MANY_FROM_HERE = "Too many attempts from this address: wait and try again."


class RateLimited(ApiError):
    """A 429 that says when to try again (Retry-After, in seconds)."""

    def __init__(self, retry_after, message=TOO_MANY_FAILURES):
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
        raise RateLimited(_seconds_left(limiter, item, identifiers), TOO_MANY_FROM_HERE)


class Guard:
    """The limits around checking one secret (a credential's, an invitation's), so that nobody's wrong guesses ever
    keep a venue's phones out (issue 36: 125 junk sign-ins from one address got every referee behind it a 429):

    - failed attempts at one secret, per address (RATE_LIMIT_PER_CREDENTIAL): guessing is held back, and someone
      else's guesses elsewhere never lock the owner's phone out of its own credential;
    - attempts naming no credential or invitation at all, per address (RATE_LIMIT_PER_ADDRESS): past it such
      attempts are refused at once, without the slow hash check; an attempt naming a real one never counts here, so a
      correct device at that address still signs in;
    - successful checks of one secret, from anywhere (`successes_key`): bounds the hashing a holder of a secret can
      ask of the server; only someone with the secret can use it up.
    """

    def __init__(self, scope, key, successes_key):
        self.limiter = current_app.extensions["events.limiter"]
        self.scope, self.key = scope, key
        self.failures = parse(current_app.config["RATE_LIMIT_PER_CREDENTIAL"])
        self.successes = parse(current_app.config[successes_key])
        self.address = get_remote_address()

    def _enforce(self, hit, item, *identifiers, message=TOO_MANY_FAILURES):
        """Count (hit) or look (test); past the limit, a 429 saying when to try again."""
        if not self.limiter.enabled:
            return
        limiter = self.limiter.limiter
        if not (limiter.hit if hit else limiter.test)(item, *identifiers):
            raise RateLimited(_seconds_left(self.limiter, item, identifiers), message)

    def check(self):
        """Refuse at once while this secret has had too many failed attempts from this address."""
        self._enforce(False, self.failures, self.scope, self.key, self.address)

    def named(self, exists):
        """The secret's id names a real credential or invitation (`exists`), or nothing: count it where it counts."""
        if exists:
            self._enforce(False, self.successes, self.scope + ":ok", self.key)
        else:
            self._enforce(
                True,
                parse(current_app.config["RATE_LIMIT_PER_ADDRESS"]),
                self.scope + ":unknown",
                self.address,
                message=TOO_MANY_FROM_HERE,
            )

    def failed(self):
        self._enforce(True, self.failures, self.scope, self.key, self.address)

    def succeeded(self):
        self._enforce(True, self.successes, self.scope + ":ok", self.key)
