"""Events, roles and the sync API (issue 14): one event's roster and incident log shared by its referees' phones."""

import os
import secrets
from pathlib import Path

from . import auth, errors, feed, live, migrate, ratelimit
from .db import EXTENSION, Database, database_url

DEFAULTS = {
    "MAX_CONTENT_LENGTH": 1024 * 1024,  # a batch of 200 versions is far below this
    "ACCESS_TOKEN_MAX_AGE": 3600,  # seconds; revocation is checked on every call anyway
    "RATELIMIT_STORAGE_URI": "memory://",  # one process; several app servers must share Redis or Memcached
    # Sign-ins and invitations (ratelimit.Guard). A venue's referees may all share one public address, so what is
    # counted per address is only attempts naming no credential or invitation at all.
    "RATE_LIMIT_PER_ADDRESS": "120 per minute",
    "RATE_LIMIT_PER_CREDENTIAL": "10 per minute",  # failed guesses at one secret (credential, invitation) per address
    "RATE_LIMIT_SIGN_INS_PER_CREDENTIAL": "30 per minute",  # a device keeps its token for its tab's life
    "RATE_LIMIT_USES_PER_INVITATION": "600 per minute",  # previews and joins: a venue's phones join at once
    "RATE_LIMIT_EVENT_CREATION": "20 per hour",
    # Per device (credential): versions stored in a minute (a head's roster of 5,000 goes up in three minutes), and
    # bytes stored in all (40,000 incidents of 500 bytes), both answered 429 with Retry-After (quota.py).
    "QUOTA_VERSIONS_PER_CREDENTIAL": "2000 per minute",
    "QUOTA_BYTES_PER_CREDENTIAL": 20 * 1024 * 1024,
    "PASSWORD_HASH_PROFILE": "RFC_9106_LOW_MEMORY",  # argon2id, 64 MiB, 3 passes (argon2-cffi's default)
    "DATABASE_AUTO_UPGRADE": True,
    "EVENT_CREATION_KEY": None,
    "PUBLIC_URL": None,
    "LIVE_STORAGE_URI": None,  # where the spaces' change numbers are shared; None: RATELIMIT_STORAGE_URI's place
    "LIVE_RECHECK_SECONDS": 60,  # an unchanged poll trusts a credential checked this recently (live.py)
    "LIVE_CONTACT_SECONDS": 60,  # a device's last contact is written at most this often (unless its outbox changed)
}


def secret_key(app):
    """The configured SECRET_KEY, else one made once and kept in the instance folder (shared by its processes)."""
    if app.config.get("SECRET_KEY"):
        return app.config["SECRET_KEY"]
    path = Path(app.instance_path) / "secret_key"
    path.parent.mkdir(parents=True, exist_ok=True)
    try:  # O_EXCL: of two processes starting together, one writes and both read the same key
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(handle, "w") as out:
            out.write(secrets.token_urlsafe(48))
    for _ in range(100):
        key = path.read_text().strip()
        if key:
            return key
    raise RuntimeError(f"{path} is empty: delete it or set SECRET_KEY")


def init_app(app):
    """Configure, open and migrate the database, and register the API."""
    for key, value in DEFAULTS.items():
        if app.config.get(key) is None:  # Flask itself sets MAX_CONTENT_LENGTH to None
            app.config[key] = value
    if os.environ.get("SECRET_KEY") and not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    app.config["SECRET_KEY"] = secret_key(app)
    database = Database(database_url(app))
    app.extensions[EXTENSION] = database
    if app.config["DATABASE_AUTO_UPGRADE"]:
        migrate.upgrade(database)
    errors.init_app(app)
    auth.init_app(app)
    ratelimit.init_app(app)
    live.init_app(app)
    feed.init_app(app)
    from .api import bp
    from .cli import db_cli

    app.register_blueprint(bp)
    app.cli.add_command(db_cli)
