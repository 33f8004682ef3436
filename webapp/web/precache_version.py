"""The service worker's version: a hash of every precached file as the app serves it, and of `sw.js` itself.

A phone updates its offline copy only when the version changes, so the version must change with anything it caches:
a static file, a template (`sw.js` included), a catalog, or the Python code that writes a shell's configuration. It
is worked out from the served bodies themselves, so no input can be forgotten. The shells and `sw.js` carry the
version, so while it is being worked out they are rendered with PENDING in its place.
"""

import hashlib
import threading

from flask import current_app

PENDING = "0" * 16
_working = threading.local()
_lock = threading.Lock()


def working():
    """Whether this thread is fetching the bodies the version is made from (a shell then shows PENDING)."""
    return getattr(_working, "active", False)


def served_version(urls):
    """A hash of the body of each URL, and of /sw.js, each fetched from the app itself."""
    app = current_app._get_current_object()
    client = app.test_client()
    digest = hashlib.sha256()
    _working.active = True
    try:
        for url in [*urls, "/sw.js"]:
            # each request in an app context of its own, as a real one is: `g` (the language, the locale) is per request
            headers = {"Accept-Encoding": "identity", "Sec-Fetch-Dest": "empty"}
            with app.app_context(), client.get(url, headers=headers) as response:
                if response.status_code != 200:
                    raise RuntimeError(f"precache: {url} answers HTTP {response.status_code}")
                body = response.get_data()
            digest.update(f"{url}\n{len(body)}\n".encode())
            digest.update(body)
    finally:
        _working.active = False
    return digest.hexdigest()[:16]


def versioned(plan_urls, make):
    """The app's precache, worked out once, one thread at a time: plan_urls() gives its lists of URLs, and
    make(version, *lists) builds it. While the version is worked out, bodies fetched for it see make(PENDING, ...)."""
    cached = current_app.extensions.get("precache")
    if cached:
        return cached
    if working():
        return make(PENDING, *plan_urls())
    with _lock:
        cached = current_app.extensions.get("precache")
        if not cached:
            lists = plan_urls()
            cached = make(served_version([url for urls in lists for url in urls]), *lists)
            current_app.extensions["precache"] = cached
    return cached
