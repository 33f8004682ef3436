"""Installability and offline use: the manifest, and the service worker with its content-versioned precache."""
import hashlib
import json
from pathlib import Path

from flask import Blueprint, Response, current_app, g, render_template, url_for
from flask_babel import gettext as _

from .catalogs import LANGUAGES, UI_DOMAIN, po_path

bp = Blueprint("pwa", __name__)
CACHE_PREFIX = "mjref-"


def _static_files():
    static = Path(current_app.static_folder)
    return sorted(p for p in static.rglob("*") if p.is_file())


def precache_manifest():
    """Return (version, urls): everything the app needs offline, and a hash that changes with any of it."""
    cached = current_app.extensions.get("precache")
    if cached:
        return cached
    store = current_app.extensions["rulesets"]
    static = Path(current_app.static_folder)
    urls = [f"/{lang}/" for lang in LANGUAGES] + [f"/{lang}/manifest.webmanifest" for lang in LANGUAGES]
    urls += [url_for("static", filename=p.relative_to(static).as_posix()) for p in _static_files()]
    urls += sorted(store.served())
    digest = hashlib.sha256()
    for path in _static_files() + sorted(p for p in Path(current_app.template_folder).rglob("*") if p.is_file()):
        digest.update(path.read_bytes())
    for lang in LANGUAGES:
        po = po_path(Path(current_app.config["TRANSLATIONS_DIR"]), lang, UI_DOMAIN)
        if po.exists():
            digest.update(po.read_bytes())
    digest.update(json.dumps(urls).encode())
    digest.update(Path(__file__).read_bytes())
    result = (digest.hexdigest()[:16], urls)
    current_app.extensions["precache"] = result
    return result


@bp.route("/sw.js")
def service_worker():
    """The service worker, at the root so its scope covers every language."""
    version, urls = precache_manifest()
    body = render_template("sw.js", version=version, prefix=CACHE_PREFIX,
                           urls=json.dumps(urls), languages=json.dumps(list(LANGUAGES)))
    response = Response(body, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.route("/<any(en,fr,it):lang>/manifest.webmanifest")
def manifest():
    """The web app manifest, in the language of its URL."""
    icons = [
        {"src": url_for("static", filename="icons/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
        {"src": url_for("static", filename="icons/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
        {"src": url_for("static", filename="icons/icon-maskable-512.png"), "sizes": "512x512", "type": "image/png",
         "purpose": "maskable"},
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
