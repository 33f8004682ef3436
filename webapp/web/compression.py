"""Compressed text responses: brotli or gzip when the client accepts it, each distinct body compressed only once."""

import gzip
import hashlib
import threading
from collections import OrderedDict
from pathlib import Path

from flask import request

from .served_text import lean_script, lean_style

try:  # brotli is a dependency; without it, gzip alone is served.
    import brotli
except ImportError:  # pragma: no cover
    brotli = None

COMPRESSIBLE = {
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
    "text/plain",
}
MIN_SIZE = 256
CODINGS = ("br", "gzip") if brotli else ("gzip",)
# The API's answers are made for one request (a page of the changes feed is 100 kB for one phone), so they are
# compressed at a fast level and not memoized: brotli 11 takes about 110 ms of CPU for such a page; on a page of 200
# versions brotli 2 takes 0.3 ms (0.9 ms at 5, for the same size here) and gzip 1 0.35 ms (0.85 ms at 6, 15 % smaller).
FAST = {"br": 2, "gzip": 1}


def encode(body, coding, fast=False):
    """Compress one body, deterministically (no timestamp): at the strongest level, as it is done once per body, or
    with `fast` at a level fit for every request."""
    if coding == "br":
        return brotli.compress(body, quality=FAST["br"] if fast else 11)
    return gzip.compress(body, compresslevel=FAST["gzip"] if fast else 9, mtime=0)


class CompressedCache:
    """A bounded memo of compressed bodies keyed by the body's digest, shared by every request."""

    def __init__(self, size=512):
        self.size = size
        self.items = OrderedDict()
        self.lock = threading.Lock()

    def get(self, body, coding):
        key = (coding, hashlib.blake2b(body, digest_size=16).digest())
        with self.lock:
            if key in self.items:
                self.items.move_to_end(key)
                return self.items[key]
        compressed = encode(body, coding)
        with self.lock:
            self.items[key] = compressed
            while len(self.items) > self.size:
                self.items.popitem(last=False)
        return compressed


def is_compressible(mimetype):
    return (mimetype or "") in COMPRESSIBLE


def choose_coding(accept_encodings):
    """The best coding the client accepts, or None."""
    for coding in CODINGS:
        if accept_encodings.quality(coding) > 0:
            return coding
    return None


def compress_response(response, cache):
    """Compress a finished response in place when it is text, big enough, whole, and the client accepts it."""
    if not is_compressible(response.mimetype):
        return response
    response.vary.add("Accept-Encoding")
    if (
        response.status_code not in (200, 404)
        or "Content-Encoding" in response.headers
        or "Content-Range" in response.headers
    ):
        return response
    coding = choose_coding(request.accept_encodings)
    if coding is None:
        return response
    if response.direct_passthrough:  # a static file: read it so it can be compressed (and memoized)
        response.direct_passthrough = False
    elif response.is_streamed:
        return response
    body = response.get_data()
    if len(body) < MIN_SIZE:
        return response
    if request.path.startswith("/api/"):  # made for this request: fast, and kept out of the memo of static bodies
        response.set_data(encode(body, coding, fast=True))
    else:
        response.set_data(cache.get(body, coding))
    response.headers["Content-Encoding"] = coding
    etag, _weak = response.get_etag()
    if etag:  # another representation of the same content: a weak validator, as nginx does
        response.set_etag(etag, weak=True)
    return response


def warm(app, cache):
    """Compress the static files and every compiled ruleset up front, so no request pays for it."""
    as_served = {".js": lean_script, ".css": lean_style}
    bodies = [
        as_served.get(p.suffix, bytes)(p.read_bytes())
        for p in Path(app.static_folder).rglob("*")
        if p.is_file() and p.suffix in {".js", ".css", ".svg", ".json", ".webmanifest"}
    ]
    store = app.extensions.get("rulesets")
    if store is not None:
        bodies += [served.body for served in store.served().values()]
    for body in bodies:
        if len(body) >= MIN_SIZE:
            cache.get(body, "gzip")


# One memo per process, shared by every app it builds: the key is the body's digest, so an app never gets another
# body's bytes. A server builds one app; the tests build many (a live server each, the exported site), and brotli at
# its strongest level over the precached files costs each of them about a second of CPU otherwise.
SHARED_CACHE = CompressedCache()


def init_app(app):
    """Compress after every other after-request hook has run (registered first, so it runs last)."""
    cache = SHARED_CACHE
    app.extensions["compression"] = cache
    warm(app, cache)

    @app.after_request
    def compress(response):
        return compress_response(response, cache)
