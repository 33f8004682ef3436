"""Installability and offline use: the manifest, the service worker and its bundle (what they hold: precache.py)."""

import json

from flask import Blueprint, Response, abort, current_app, g, render_template, url_for
from flask_babel import gettext as _

from ..i18n.catalogs import LANGUAGES
from ..rules.url_grammar import LANG
from .precache import build_bundle, precache_plan
from .served_text import lean_script

bp = Blueprint("pwa", __name__)
CACHE_PREFIX = "mjref-"


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
    response = Response(lean_script(body.encode()), mimetype="text/javascript")  # lean, as every script is served
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
