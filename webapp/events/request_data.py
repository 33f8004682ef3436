"""What a route reads from its request: the JSON body and a page's cursor and limit, refused when malformed."""

import re

from flask import request

from .errors import ApiError, Invalid
from .text_rule import CONTROL_CHARACTER, NOT_UNICODE

DIGITS = re.compile(r"[0-9]{1,18}", re.ASCII)  # str.isdigit() also takes "²", which int() refuses
# A NUL or half of a surrogate pair: no text of this API may hold one, and neither reaches a database (PostgreSQL
# refuses a NUL in text; no driver can encode a lone surrogate) nor the password hasher.
UNREADABLE = re.compile("[\x00\ud800-\udfff]")
# How a JSON text spells those (\u0000, \ud800-\udfff): a body without this has none, and is not walked.
ESCAPED_UNREADABLE = re.compile(rb"\\u(?:0000|[dD][89a-fA-F])")


def unreadable_problem(text):
    """The text rule's code for a NUL or a lone surrogate in `text`, or None."""
    found = UNREADABLE.search(text)
    if found is None:
        return None
    return CONTROL_CHARACTER if found.group() == "\x00" else NOT_UNICODE


def json_body(scan=True):
    """The request's JSON object; a malformed body is refused before anything is read from it, and so is one holding
    a NUL or a lone surrogate anywhere (`scan`; the upload checks each of its versions alone instead, so one bad
    version never refuses its batch)."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # JSON nested thousands of levels deep: the parser gives up before anything is read
        raise ApiError(400, "malformed_json", "The request body nests too deep to be read.") from None
    if not isinstance(data, dict):
        raise ApiError(400, "malformed_json", "The request body must be a JSON object.")
    if scan and ESCAPED_UNREADABLE.search(request.get_data()):
        _refuse_unreadable(data)
    return data


def _refuse_unreadable(data):
    """Refuse the first key or text holding a NUL or a lone surrogate, at its field (a walk without recursion: the
    parser takes nesting deeper than Python's stack)."""
    pending = [(None, data)]
    while pending:
        field, value = pending.pop()
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, item in items:
            path = f"{field}[{key}]" if isinstance(key, int) else f"{field}.{key}" if field else key
            problem = (isinstance(key, str) and unreadable_problem(key)) or (
                isinstance(item, str) and unreadable_problem(item)
            )
            if problem:
                raise Invalid(path, "Not readable text: a NUL or half of a character.", problem)
            pending.append((path, item))


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
