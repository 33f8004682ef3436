"""The /api blueprint: JSON in and out, bearer tokens only (no cookies, no CORS), sizes and pages limited."""

import re

from flask import Blueprint, current_app, request

from .errors import ApiError, Invalid

bp = Blueprint("events_api", __name__, url_prefix="/api")
BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
DIGITS = re.compile(r"[0-9]{1,18}", re.ASCII)  # str.isdigit() also takes "²", which int() refuses


@bp.before_request
def only_json():
    """Refuse a body that is not JSON (an HTML form from another site cannot send one) or that is too large."""
    if request.method not in BODY_METHODS:
        return
    if request.mimetype != "application/json":
        raise ApiError(415, "unsupported_media_type", "Send the request body as application/json.")
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if request.content_length is not None and request.content_length > limit:
        raise ApiError(413, "too_large", f"The request body is larger than {limit} bytes.")


@bp.after_request
def no_store(response):
    """API answers are private to one device: never cached by the browser or a proxy."""
    response.headers["Cache-Control"] = "no-store"
    return response


def json_body():
    """The request's JSON object; a malformed body is refused before anything is read from it."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # JSON nested thousands of levels deep: the parser gives up before anything is read
        raise ApiError(400, "malformed_json", "The request body nests too deep to be read.") from None
    if not isinstance(data, dict):
        raise ApiError(400, "malformed_json", "The request body must be a JSON object.")
    return data


def page_args(cursor_name, default, maximum, cursor_max=2**63 - 1):
    """(cursor, limit) from the query string: the cursor is an opaque text the previous page gave (a number here, at
    most `cursor_max`: the database column's range)."""
    raw_cursor = request.args.get(cursor_name, "0")
    if not DIGITS.fullmatch(raw_cursor) or int(raw_cursor) > cursor_max:
        raise Invalid(cursor_name, "Not a cursor this API gave.")
    raw_limit = request.args.get("limit", str(default))
    if not DIGITS.fullmatch(raw_limit) or not 1 <= int(raw_limit) <= maximum:
        raise Invalid("limit", f"Expected a whole number from 1 to {maximum}.")
    return int(raw_cursor), int(raw_limit)
