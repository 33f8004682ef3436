"""API errors: every refusal is JSON `{error, message, field}` with a 4xx status, and nothing is written."""
from flask import jsonify, request
from werkzeug.exceptions import HTTPException

# Codes for the errors werkzeug raises itself (routing, sizes); our own refusals name their code.
HTTP_CODES = {
    400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed",
    409: "conflict", 413: "too_large", 415: "unsupported_media_type", 429: "rate_limited",
}


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


def json_error(status, error, message, field=None):
    response = jsonify({"error": error, "message": message, "field": field})
    response.status_code = status
    return response


def is_api_request():
    return request.path == "/api" or request.path.startswith("/api/")


def init_app(app):
    """Answer API errors in JSON; pages keep their HTML error pages."""

    @app.errorhandler(ApiError)
    def api_error(error):
        return json_error(error.status, error.error, error.message, error.field)

    @app.errorhandler(HTTPException)
    def http_error(error):
        if not is_api_request():
            return error
        code = HTTP_CODES.get(error.code, "error")
        message = error.description or error.name
        if error.code == 429:
            message = "Too many attempts: wait a minute and try again."
        response = json_error(error.code, code, message)
        if error.code == 405 and error.valid_methods:
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response
