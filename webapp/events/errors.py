"""API errors: every refusal is JSON `{error, message, field}` with a 4xx status, and nothing is written."""

import time

from flask import jsonify, request
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException

from .db import WritersBusy
from .text_rule import SURROGATE

# Codes for the errors werkzeug raises itself (routing, sizes); our own refusals name their code.
HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    429: "rate_limited",
}
BUSY_RETRY_AFTER = "2"  # seconds: the database stayed locked for a second
GATE_RETRY_AFTER = "1"  # seconds: this process's writes are waiting for the database

# What the database says when it is busy (another writer holds the lock) or full, on SQLite and PostgreSQL
# (SQLSTATE 55P03 lock_not_available, 57014 query_canceled, 53100 disk_full, 53xxx insufficient resources).
BUSY_TEXTS = ("database is locked", "database table is locked", "database schema is locked")
FULL_TEXTS = ("database or disk is full", "disk i/o error")
BUSY_STATES = ("55P03", "57014", "53300")
FULL_STATES = ("53100",)


def database_trouble(error):
    """'busy', 'full' or None for an error the database driver raised. A dropped connection (the database restarted)
    is 'busy': nothing was stored, and the next try gets a new connection."""
    if getattr(error, "connection_invalidated", False):
        return "busy"
    state = getattr(error.orig, "sqlstate", None) or ""
    text = str(error.orig).lower()
    if state in FULL_STATES or any(part in text for part in FULL_TEXTS):
        return "full"
    if state in BUSY_STATES or any(part in text for part in BUSY_TEXTS):
        return "busy"
    return None


class ApiError(Exception):
    """A refusal with its HTTP status, a stable code for the client, a readable message and the field at fault."""

    def __init__(self, status, error, message, field=None):
        super().__init__(message)
        self.status, self.error, self.message, self.field = status, error, message, field

    def body(self):
        return {"error": self.error, "message": self.message, "field": self.field}


class Invalid(ApiError):
    """Bad input at one field (422)."""

    def __init__(self, field, message, error="invalid"):
        super().__init__(422, error, message, field)


def readable(value):
    """Text the client sent, fit to echo: a lone surrogate (which UTF-8 cannot encode) becomes U+FFFD."""
    return SURROGATE.sub("\ufffd", value) if isinstance(value, str) else value


def json_error(status, error, message, field=None):
    response = jsonify({"error": error, "message": readable(message), "field": readable(field)})
    response.status_code = status
    return response


def is_api_request():
    return request.path == "/api" or request.path.startswith("/api/")


def init_app(app):
    """Answer API errors in JSON; pages keep their HTML error pages. Every API answer carries the server's time."""

    @app.after_request
    def server_time(response):
        """The server's clock in milliseconds since 1970 (X-Server-Time), so a phone can tell how far off its own
        clock is (Date has whole seconds only)."""
        if is_api_request():
            response.headers["X-Server-Time"] = str(int(time.time() * 1000))
        return response

    @app.errorhandler(ApiError)
    def api_error(error):
        response = json_error(error.status, error.error, error.message, error.field)
        if getattr(error, "retry_after", None):
            response.headers["Retry-After"] = str(error.retry_after)
        return response

    def busy(retry_after=BUSY_RETRY_AFTER):
        response = json_error(503, "busy", "The server's database is busy: try again in a few seconds.")
        response.headers["Retry-After"] = retry_after
        return response

    @app.errorhandler(WritersBusy)
    def writers_busy(_error):
        return busy(GATE_RETRY_AFTER)

    @app.errorhandler(PoolTimeout)
    def pool_exhausted(error):
        if not is_api_request():
            raise error
        return busy()

    @app.errorhandler(DBAPIError)
    def database_error(error):
        """A busy database answers 503 (try again), a full one 507; anything else stays a server error (500)."""
        trouble = database_trouble(error) if is_api_request() else None
        if trouble == "busy":
            return busy()
        if trouble == "full":
            return json_error(
                507, "storage_full", "The server's disk is full: nothing was stored. Tell its administrator."
            )
        raise error

    @app.errorhandler(HTTPException)
    def http_error(error):
        if not is_api_request():
            return error
        code = HTTP_CODES.get(error.code, "error")
        message = error.description or error.name
        if error.code == 429:
            message = "Too many attempts: wait a minute and try again."
        response = json_error(error.code, code, message)
        if error.code == 429:
            response.headers.setdefault("Retry-After", "60")  # our own limits say exactly; this is a fallback
        if error.code == 405 and error.valid_methods:
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response
