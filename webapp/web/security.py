"""Security headers where the browser uses them, and redirects that never name a host.

Documents (HTML, and SVG, which is a document when opened on its own) get the whole set. The service worker gets the
CSP too: a worker's policy comes from its own script's response. Every response says `nosniff`. Scripts, styles,
data and images ignore the rest, so they go without: over HTTP/1.1 the repeated headers were a fifth of what the
service worker's first install transferred.
"""

from urllib.parse import urlsplit, urlunsplit

from flask import request

DOCUMENT_TYPES = {"text/html", "image/svg+xml"}
WORKER_PATHS = {"/sw.js"}
REDIRECTS = {301, 302, 303, 307, 308}
# The app uses none of these; denying them means no injected script or frame could ask a referee for them. QR codes
# are shown, never scanned, so the camera stays denied. Clipboard and Web Share, which sharing a ruling uses, are left
# at their defaults, and features the browser would not recognise are left out (Chrome logs an error for each).
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=()"


# The policy of what the server answers itself before the app sees the request (waitress's 400 and 431): plain text
# that loads nothing, so it allows nothing.
BARE_ERROR_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"


def content_security_policy(style_hashes=()):
    """The strict policy: no inline script; no inline style but the ones whose hashes are given ('sha256-…')."""
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            " ".join(["style-src 'self'", *style_hashes]),
            "img-src 'self' data:",
            "connect-src 'self'",
            "manifest-src 'self'",
            "worker-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )


def document_headers(csp):
    """The headers of a document (a page, a redirect, an error page): all of them."""
    return {
        "Content-Security-Policy": csp,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        "Permissions-Policy": PERMISSIONS_POLICY,
    }


def worker_headers(csp):
    """The headers of the service worker's script: its own policy and referrer policy."""
    return {"Content-Security-Policy": csp, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def relative_location(location):
    """A redirect made relative: Werkzeug's slash redirects (308) are absolute, built from the request's Host header,
    which it lowercases or, when it is not a valid host (`a@b`, `x/`, empty), leaves out (`http:///en/`, read as
    `http://en/`). The app only ever redirects within itself, so any scheme and host are dropped.

    Leading slashes are collapsed, so the result can never read as another host (`//evil.example/`).
    """
    parts = urlsplit(location)
    path = "/" + parts.path.lstrip("/\\")
    return urlunsplit(("", "", path, parts.query, parts.fragment))


def init_app(app):
    """Add the headers after every request; the policy allows the first screen's inline stylesheet by its hash."""
    csp = content_security_policy([app.extensions["first_screen_style"].source])
    app.extensions["csp"] = csp
    documents, workers = document_headers(csp), worker_headers(csp)

    @app.after_request
    def add_headers(response):
        if request.path in WORKER_PATHS:
            wanted = workers
        elif response.mimetype in DOCUMENT_TYPES or response.status_code in REDIRECTS:
            wanted = documents
        else:
            wanted = {"X-Content-Type-Options": "nosniff"}
        for name, value in wanted.items():
            response.headers.setdefault(name, value)
        if response.status_code in REDIRECTS and "Location" in response.headers:
            response.headers["Location"] = relative_location(response.headers["Location"])
        return response
