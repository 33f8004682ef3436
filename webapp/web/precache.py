"""What the service worker caches, and its version: the files the app needs offline, each language's apart, and the
bundle that carries the text files in one request."""

import json
from dataclasses import dataclass
from pathlib import Path

from flask import current_app, url_for

from ..i18n.catalogs import LANGUAGES
from .precache_version import versioned

# Text files travel to the service worker together, in one JSON file it unpacks into its cache: one request instead
# of forty, and one compressed stream, which shares its dictionary across the modules. Documents are fetched as they
# are (their headers carry the CSP), and so are binary icons and the rulesets' data (content-hashed, big already).
BUNDLED_SUFFIXES = (".js", ".css", ".json", ".svg", ".webmanifest")
# Never needed offline: the static export's fallback for a first visit to a path its host does not know, the
# home-screen icons, which the system fetches and keeps itself when the app is installed, and the source of a page's
# own icon, which the page carries as a data: URL (first_screen.py).
NOT_OFFLINE = {
    "js/app/fallback.js",
    "icons/icon.svg",
    "icons/apple-touch-icon.png",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "icons/icon-maskable-512.png",
}


@dataclass(frozen=True)
class Precache:
    """What the service worker caches: `fetched` one request each, `bundled` unpacked from the bundle."""

    version: str
    fetched: list
    bundled: list

    @property
    def bundle_url(self):
        return f"/precache/{self.version}.json"

    def by_language(self):
        """The fetched files of one language each ({lang: [its shell, its strings]}): a phone keeps only the languages
        it uses offline (the shells and strings of three languages would double what a first visit downloads)."""
        return {lang: [url for url in self.fetched if _language_of(url) == lang] for lang in LANGUAGES}

    def common(self):
        """The fetched files every language needs (the rulesets' structure)."""
        return [url for url in self.fetched if _language_of(url) is None]

    @property
    def immutable(self):
        """URLs named by their content's hash: the worker may take them from the HTTP cache."""
        return [url for url in self.fetched if url.startswith("/data/")] + [self.bundle_url]


def _language_of(url):
    """The language a precached URL belongs to (/fr/, /data/fr/…), or None for a file every language shares."""
    parts = url.strip("/").split("/")
    if parts[0] in LANGUAGES and len(parts) == 1:
        return parts[0]
    if parts[0] == "data" and len(parts) > 2 and parts[1] in LANGUAGES:
        return parts[1]
    return None


def _static_files():
    static = Path(current_app.static_folder)
    return sorted(p for p in static.rglob("*") if p.is_file())


def static_urls():
    """The URL of every static file (all of them are served, and the export writes them all)."""
    static = Path(current_app.static_folder)
    return [url_for("static", filename=p.relative_to(static).as_posix()) for p in _static_files()]


def _precache_urls():
    """What the app needs offline: (fetched one request each, bundled), see Precache."""
    store = current_app.extensions["rulesets"]
    shells = [f"/{lang}/" for lang in LANGUAGES]
    manifests = [f"/{lang}/manifest.webmanifest" for lang in LANGUAGES]
    offline = [url for url in static_urls() if url.removeprefix("/static/") not in NOT_OFFLINE]
    bundled = manifests + [url for url in offline if url.endswith(BUNDLED_SUFFIXES)]
    fetched = shells + [url for url in offline if not url.endswith(BUNDLED_SUFFIXES)] + sorted(store.served())
    return fetched, bundled


def precache_plan():
    """What the app needs offline, and a version: a hash of every precached file and of sw.js, as the app serves
    them (precache_version.py), so it changes with any of it."""
    return versioned(_precache_urls, Precache)


def precache_manifest():
    """Return (version, urls): the version, and every URL the service worker's cache holds once it is installed."""
    plan = precache_plan()
    return plan.version, plan.fetched + plan.bundled


def build_bundle(plan):
    """The bundle's body: each bundled URL's body and type, as the app itself serves them (uncompressed)."""
    app = current_app._get_current_object()
    client = app.test_client()
    files = []
    for url in plan.bundled:
        # each request in an app context of its own, as a real one is: `g` (the language, the locale) is per request
        with app.app_context(), client.get(url, headers={"Accept-Encoding": "identity"}) as response:
            if response.status_code != 200:
                raise RuntimeError(f"{url}: HTTP {response.status_code}")
            files.append({"url": url, "type": response.content_type, "body": response.get_data(as_text=True)})
    return json.dumps({"version": plan.version, "files": files}, ensure_ascii=False, separators=(",", ":")).encode()
