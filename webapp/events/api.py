"""The /api blueprint: JSON in and out, bearer tokens only (no cookies, no CORS), sizes and pages limited.

Each route module has a blueprint of its own, registered here, so every route gets these checks and nothing but this
module imports a route module (tests/test_server_layers.py holds that)."""

from flask import Blueprint, current_app, request

from . import access_routes, events_routes, snapshot_routes, sync_routes
from .errors import ApiError, Invalid
from .request_data import UNREADABLE, unreadable_problem

bp = Blueprint("events_api", __name__, url_prefix="/api")
BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
ROUTES = (events_routes.bp, access_routes.bp, sync_routes.bp, snapshot_routes.bp)

for routes in ROUTES:
    bp.register_blueprint(routes)


@bp.before_request
def readable_url():
    """A path or query holding a NUL or a lone surrogate is refused before any view reads it: no id has one (404),
    no query value may (422 at its name)."""
    for value in (request.view_args or {}).values():
        if isinstance(value, str) and UNREADABLE.search(value):
            raise ApiError(404, "not_found", "Nothing here has this id.")
    for key, value in request.args.items(multi=True):
        problem = unreadable_problem(key) or unreadable_problem(value)
        if problem:
            raise Invalid(key, "Not readable text: a NUL or half of a character.", problem)


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
