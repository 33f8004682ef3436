"""Each device's share of the server (issue 36): versions stored per minute, and bytes stored in all, per credential.
One referee on four connections stored 31,680 versions in 45 s (1.1 GB), slowing every other referee's uploads.

Both are checked before a batch is stored and counted after it, so a batch is never refused halfway; the counts cost
a counter in the rate-limit storage (memory, or the Redis that several processes share) and one column of the
credential's row, already read to check the caller. The counter is read before the batch's transaction and counted
after it: every call to Redis inside it held the space's lock (or SQLite's write lock) longer, and that lock is what
200 referees syncing wait for."""

import functools
import math
import time

from flask import current_app, request
from limits import parse
from sqlalchemy import bindparam, update

from .errors import ApiError
from .models import Credential

# A stored version is its body and, beside it, its ids, parents and flags: about this many bytes.
ENVELOPE_BYTES = 150
STORAGE_RETRY_AFTER = 3600  # seconds: stored bytes only grow; the phone asks again now and then, keeping its outbox
# Built once, as every upload that stores something runs it; in SQL, so two uploads of one device at once both count.
ADD_STORED = (
    update(Credential)
    .where(Credential.id == bindparam("credential_id"))
    .values(stored_bytes=Credential.stored_bytes + bindparam("size"))
)


class QuotaExceeded(ApiError):
    """A 429 the phone shows as "wait" (it keeps its outbox), with its own code."""

    def __init__(self, error, message, retry_after):
        super().__init__(429, error, message)
        self.retry_after = retry_after


def _versions_limit():
    return _parsed(current_app.config["QUOTA_VERSIONS_PER_CREDENTIAL"])


@functools.lru_cache(maxsize=8)
def _parsed(text):
    return parse(text)


def check_versions(credential_id):
    """Refuse the upload (429, nothing stored) when this credential has stored its versions for this minute (before
    the batch's transaction: no database)."""
    limiter = current_app.extensions["events.limiter"]
    if limiter.enabled and credential_id is not None:
        item = _versions_limit()
        if not limiter.limiter.test(item, "versions", credential_id):
            reset = limiter.limiter.get_window_stats(item, "versions", credential_id).reset_time
            raise QuotaExceeded(
                "version_quota",
                f"This device stored {item.amount} versions within {item.get_expiry()} seconds: wait and try again.",
                max(1, math.ceil(reset - time.time())),
            )


def check_bytes(who):
    """Refuse the upload (429, nothing stored) when this credential has stored its bytes in all."""
    allowed = current_app.config["QUOTA_BYTES_PER_CREDENTIAL"]
    if allowed and who.credential.stored_bytes + (request.content_length or 0) > allowed:
        raise QuotaExceeded(
            "storage_quota",
            f"This device has stored its share of the server ({allowed} bytes): ask its administrator.",
            STORAGE_RETRY_AFTER,
        )


def count_versions(credential_id, stored):
    """Count the versions the batch stored against the minute's limit (once its transaction is over)."""
    limiter = current_app.extensions["events.limiter"]
    if limiter.enabled and stored:
        limiter.limiter.hit(_versions_limit(), "versions", credential_id, cost=stored)


def count_bytes(session, who, stored, sent):
    """Count the share of the request's bytes of the versions the batch stored (`stored` of `sent`) against the
    credential's storage, in the batch's transaction."""
    if not stored:
        return
    size = (request.content_length or 0) * stored // max(sent, 1)
    size = max(size, ENVELOPE_BYTES * stored)
    session.connection().execute(ADD_STORED, {"credential_id": who.credential.id, "size": size})
