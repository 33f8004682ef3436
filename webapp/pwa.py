"""Installability and offline use: the manifest, and the service worker with its content-versioned precache."""

import json
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, g, render_template, url_for
from flask_babel import gettext as _

from .catalogs import LANGUAGES
from .precache_version import versioned
from .url_grammar import LANG

bp = Blueprint("pwa", __name__)
CACHE_PREFIX = "mjref-"


# Text files travel to the service worker together, in one JSON file it unpacks into its cache: one request instead
# of forty, and one compressed stream, which shares its dictionary across the modules. Documents are fetched as they
# are (their headers carry the CSP), and so are binary icons and the rulesets' data (content-hashed, big already).
BUNDLED_SUFFIXES = (".js", ".css", ".json", ".svg", ".webmanifest")
# Never needed offline: the static export's fallback for a first visit to a path its host does not know, and the
# home-screen icons, which the system fetches and keeps itself when the app is installed (a page's own icon is a
# data: URL in the page).
NOT_OFFLINE = {
    "js/app/fallback.js",
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


@bp.route("/precache/<version>.json")
def precache_bundle(version):
    """The bundle of this version (named by it, so cached for good); an old version's is gone."""
    plan = precache_plan()
    if version != plan.version:
        abort(404)
    bundles = current_app.extensions.setdefault("precache_bundles", {})
    if version not in bundles:
        bundles.clear()
        bundles[version] = build_bundle(plan)
    response = Response(bundles[version], mimetype="application/json")
    response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@bp.route("/sw.js")
def service_worker():
    """The service worker, at the root so its scope covers every language."""
    plan = precache_plan()
    body = render_template(
        "sw.js",
        version=plan.version,
        prefix=CACHE_PREFIX,
        common=json.dumps(plan.common()),
        by_language=json.dumps(plan.by_language()),
        bundle=json.dumps(plan.bundle_url),
        immutable=json.dumps(plan.immutable),
        languages=json.dumps(list(LANGUAGES)),
    )
    response = Response(body, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.route(f"/{LANG}/manifest.webmanifest")
def manifest():
    """The web app manifest, in the language of its URL."""
    icons = [
        {
            "src": url_for("static", filename="icons/icon-192.png"),
            "sizes": "192x192",
            "type": "image/png",
            "purpose": "any",
        },
        {
            "src": url_for("static", filename="icons/icon-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "any",
        },
        {
            "src": url_for("static", filename="icons/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    body = {
        "id": "/",
        "name": _("Mahjong Referee"),
        "short_name": _("Referee"),
        "description": _("From what happened at the table to the ruling and its section, offline."),
        "lang": g.lang,
        "start_url": f"/{g.lang}/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f7f5ef",
        "theme_color": "#1d5c4b",
        "icons": icons,
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
