"""What a route reads from its request: the JSON body and a page's cursor and limit, refused when malformed."""

import re

from flask import request

from .errors import ApiError, Invalid

DIGITS = re.compile(r"[0-9]{1,18}", re.ASCII)  # str.isdigit() also takes "²", which int() refuses


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
