"""Live sync that costs the server almost nothing while nothing changes (issue 36).

Every open phone asks for the changes feed every few seconds. An unchanged feed is answered `304 Not Modified`
without a database query: the feed's last page carries an ETag naming its space, the space's last sequence number
and the cursor, and a poll that sends it back (If-None-Match) is compared with the space's number as this process
knows it (kept in the process, and in Redis when several processes share one: LIVE_STORAGE_URI, by default
RATELIMIT_STORAGE_URI). The caller is checked without the database too: the token's signature, and the credential as
the database said it was less than LIVE_RECHECK_SECONDS ago (revoking drops it at once, in every process sharing
Redis); a read of the feed's pages trusts it the same way (`trusted`), as reads are half of a syncing event's calls.
So each phone reaches the database at least once per LIVE_RECHECK_SECONDS, which also bounds how late a change
stored by a process this one cannot hear (several processes without Redis) or a revocation is noticed.

Each device's last contact (the server's time of its last authenticated call) and what it still has to send (the
X-Sync-Pending header its sync calls carry: versions in its outbox) are kept on its credential, written at most once
per LIVE_CONTACT_SECONDS unless the number waiting changed: inside an upload's own transaction, else after the answer
has gone.
"""

import logging
import re
import threading
import time
from dataclasses import dataclass

from flask import after_this_request, current_app, request
from sqlalchemy import update
from sqlalchemy.exc import SQLAlchemyError

from .db import SQLITE_BUSY_TIMEOUT_MS
from .models import Credential, now

log = logging.getLogger(__name__)

PENDING_HEADER = "X-Sync-Pending"
PENDING = re.compile(r"[0-9]{1,7}", re.ASCII)
SPACE_KEY = "mahjong-referee:live:space:{}"  # the space's last sequence number, in Redis
REVOKED_KEY = "mahjong-referee:live:revoked:{}"  # a credential revoked in some process
CONTACT_WAIT_MS = 200  # a last contact waits this long at most for the database's write lock
KEY_SECONDS = 24 * 3600  # Redis keys expire when nobody writes to the space for a day (then learnt again)
# Set a space's number only upwards: two processes telling it in either order leave the larger.
RAISE_SCRIPT = """
local known = tonumber(redis.call('GET', KEYS[1]) or '-1')
if tonumber(ARGV[1]) > known then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
else redis.call('EXPIRE', KEYS[1], ARGV[2]) end
"""
REDIS_SCHEMES = ("redis://", "rediss://", "redis+unix://", "unix://")


@dataclass
class KnownCaller:
    """A credential as the database said it was (live) at `checked`: enough to answer an unchanged poll."""

    event_id: str
    space_id: int
    league_id: str | None
    checked: float
    pending: int | None
    role: str


class Live:
    """The spaces' last sequence numbers and the credentials recently checked, in this process (and Redis)."""

    def __init__(self, uri, recheck_seconds):
        self.recheck = recheck_seconds
        self.lock = threading.Lock()
        self.spaces = {}  # space id -> last sequence number, as this process knows it
        self.told = {}  # space id -> (number, time.monotonic()) this process last set in Redis
        self.callers = {}  # credential id -> KnownCaller
        self.redis = None
        if uri and uri.startswith(REDIS_SCHEMES):
            import redis

            self.redis = redis.Redis.from_url(uri.replace("redis+unix://", "unix://"), socket_timeout=0.5)
            self.raise_script = self.redis.register_script(RAISE_SCRIPT)

    def space_changed(self, space_id, last_seq):
        """A write committed the space's versions up to `last_seq` (or a read saw them committed). Redis is told
        unless this process already told it as much within half the key's life (every feed read ends here)."""
        at = time.monotonic()
        with self.lock:
            if last_seq > self.spaces.get(space_id, -1):
                self.spaces[space_id] = last_seq
            told, when = self.told.get(space_id, (-1, 0))
            if self.redis is None or (told >= last_seq and at - when < KEY_SECONDS / 2):
                return
        try:
            self.raise_script(keys=[SPACE_KEY.format(space_id)], args=[last_seq, KEY_SECONDS])
        except Exception as error:  # Redis away: polls go to the database until it is back
            log.warning("live: could not tell Redis of space %s: %s", space_id, error)
            return
        with self.lock:
            if last_seq >= self.told.get(space_id, (-1, 0))[0]:
                self.told[space_id] = (last_seq, at)

    def last_seq(self, space_id, credential_id):
        """The space's last sequence number, or None when unknown or the credential was revoked elsewhere."""
        if self.redis is None:
            return self.spaces.get(space_id)
        try:
            seq, revoked = self.redis.mget(SPACE_KEY.format(space_id), REVOKED_KEY.format(credential_id))
        except Exception:
            return None
        return None if seq is None or revoked is not None else int(seq)

    def remember(self, credential, event, pending):
        with self.lock:
            self.callers[credential.id] = KnownCaller(
                event.id, event.space_id, event.league_id, time.monotonic(), pending, credential.role
            )

    def noted_pending(self, credential_id, pending):
        """The device's outbox as now written on its credential."""
        with self.lock:
            known = self.callers.get(credential_id)
            if known is not None:
                known.pending = pending

    def known_caller(self, credential_id):
        """The credential, when the database said it was live less than `recheck` seconds ago."""
        known = self.callers.get(credential_id)
        if known is None or time.monotonic() - known.checked >= self.recheck:
            return None
        return known

    def revoked_elsewhere(self, credential_id):
        """Whether another process sharing Redis revoked the credential lately (True when Redis cannot say)."""
        if self.redis is None:
            return False
        try:
            return self.redis.exists(REVOKED_KEY.format(credential_id)) > 0
        except Exception:
            return True

    def revoked(self, credential_id):
        """Forget a revoked credential here and tell the other processes: its next call goes to the database."""
        with self.lock:
            self.callers.pop(credential_id, None)
        if self.redis is not None:
            try:
                self.redis.set(REVOKED_KEY.format(credential_id), 1, ex=max(1, int(self.recheck)))
            except Exception as error:
                log.warning("live: could not tell Redis of a revocation: %s", error)


def init_app(app):
    uri = app.config.get("LIVE_STORAGE_URI") or app.config.get("RATELIMIT_STORAGE_URI")
    app.extensions["events.live"] = Live(uri, app.config["LIVE_RECHECK_SECONDS"])


def live():
    return current_app.extensions["events.live"]


def reported_pending():
    """What the calling phone says it still has to send (X-Sync-Pending), or None when it says nothing usable."""
    value = request.headers.get(PENDING_HEADER, "")
    return int(value) if PENDING.fullmatch(value) else None


def _known(claims, event_id):
    """The token's credential (`claims`: signature checked, or None) as the database said it was less than
    LIVE_RECHECK_SECONDS ago, when it names this event and its outbox is as noted; else None."""
    if claims is None or claims.get("e") != event_id:
        return None
    known = live().known_caller(claims.get("c"))
    if known is None or known.event_id != event_id:
        return None
    pending = reported_pending()
    if pending is not None and pending != known.pending:
        return None  # the device's outbox changed: go through the database, which notes it
    return known


def trusted(claims, event_id):
    """The caller of a feed read, known (`_known`) and revoked by no process since; else None (the read checks it in
    the database, which also notes its contact)."""
    known = _known(claims, event_id)
    return None if known is None or live().revoked_elsewhere(claims.get("c")) else known


def feed_tag(space_id, last_seq, cursor, scope):
    """The ETag of a feed's last page: unchanged while the space stores nothing after `last_seq`."""
    return f'"{space_id}.{last_seq}.{cursor}.{scope}"'


def unchanged_feed(token_claims, event_id, since, scope):
    """The ETag to answer 304 with, when the poll's If-None-Match is still the feed's; else None (read the database).
    `token_claims()`: the access token's claims, its signature checked, or None."""
    sent = request.headers.get("If-None-Match")
    if not sent:
        return None
    claims = token_claims()
    known = _known(claims, event_id)
    if known is None or (scope == "league" and known.league_id is None):
        return None
    last_seq = live().last_seq(known.space_id, claims.get("c"))  # None too when revoked elsewhere
    if last_seq is None:
        return None
    tag = feed_tag(known.space_id, last_seq, since, scope)
    return tag if sent == tag else None


def contact(session, credential, event, writing):
    """Note the device's contact: kept in this process for unchanged polls, written on its credential when due
    (in the request's own transaction when `writing`, else after the answer has gone)."""
    pending = reported_pending()
    live().remember(credential, event, credential.pending)  # as the database holds it, until the new one is written
    at = now()
    seconds = current_app.config["LIVE_CONTACT_SECONDS"]
    stale = credential.last_contact_at is None or (at - credential.last_contact_at).total_seconds() >= seconds
    if not stale and (pending is None or pending == credential.pending):
        return
    values = {"last_contact_at": at, **({} if pending is None else {"pending": pending})}
    if writing:
        for key, value in values.items():
            setattr(credential, key, value)
        live().remember(credential, event, credential.pending)
        return
    credential_id, database, keeper = credential.id, current_app.extensions["events.db"], live()

    @after_this_request
    def write_later(response):
        response.call_on_close(lambda: _write_contact(database, credential_id, values, keeper))
        return response


def _write_contact(database, credential_id, values, keeper):
    """Best effort, waiting at most CONTACT_WAIT_MS for the write lock (this thread serves other requests next): a
    busy database skips one contact, which the device's next call writes."""
    statement = update(Credential).where(Credential.id == credential_id).values(**values)
    try:
        with database.engine.connect() as connection:
            sqlite = connection.connection.driver_connection if database.is_sqlite else None
            if sqlite is not None:  # on the driver's connection: a connection setting, outside any transaction
                sqlite.execute(f"PRAGMA busy_timeout = {CONTACT_WAIT_MS}")
            try:
                with connection.begin():
                    if sqlite is None:
                        connection.exec_driver_sql(f"SET LOCAL lock_timeout = {CONTACT_WAIT_MS}")
                    connection.execute(statement)
            finally:
                if sqlite is not None:
                    sqlite.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
    except SQLAlchemyError as error:
        log.info("live: last contact of a device not written: %s", error)
        return
    if "pending" in values:
        keeper.noted_pending(credential_id, values["pending"])
