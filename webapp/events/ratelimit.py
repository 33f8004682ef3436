"""Rate limits on sign-in, invite acceptance and event creation (Flask-Limiter; the storage is configurable, so
several app servers can share counts in Redis or Memcached)."""
from flask import current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address


def init_app(app):
    """One limiter per app, configured from RATELIMIT_* (RATELIMIT_STORAGE_URI, RATELIMIT_ENABLED)."""
    app.extensions["events.limiter"] = Limiter(get_remote_address, app=app)


def check(limit_key, key, scope):
    """Count one attempt against the limit named by config `limit_key` for `key`; a breach raises 429."""
    limiter = current_app.extensions["events.limiter"]
    with limiter.limit(current_app.config[limit_key], key_func=lambda: key, scope=scope):
        pass


def per_address(limit_key, scope):
    check(limit_key, get_remote_address(), scope)
