"""Mahjong Referee: the Flask application factory."""

from pathlib import Path

from flask import Flask
from flask.sessions import SessionInterface

ROOT = Path(__file__).resolve().parent.parent


class NoCookieSession(SessionInterface):
    """The app keeps nothing in Flask's cookie session (the API signs its own tokens), so no request reads or signs
    a session cookie: `flask.session` is the null session, which refuses writes."""

    def open_session(self, app, request):
        return None  # Flask then gives the request the null session

    def save_session(self, app, session, response):
        return None


def create_app(test_config=None):
    """Build the app: load and validate every ruleset, compile the catalogs, open and migrate the events database,
    register the blueprints. `test_config` may name the database (DATABASE_URL), SECRET_KEY and INSTANCE_PATH."""
    app = Flask(__name__, instance_path=(test_config or {}).get("INSTANCE_PATH"))
    app.config.from_mapping(
        RULESET_DIR=str(ROOT / "rulesets"),
        TRANSLATIONS_DIR=str(ROOT / "translations"),
        JSON_SORT_KEYS=False,
        # What a string without a translation does: "refuse" (the app does not start, listing them) or "warn" (shown
        # in English, listed in a warning at start-up). app.py, the developer's entry point, passes "warn".
        MISSING_TRANSLATIONS="refuse",
    )
    app.session_interface = NoCookieSession()  # opening the cookie session cost 2 % of a sync request's CPU
    app.json.ensure_ascii = False  # accented text as itself, not \u escapes: smaller pages for French and Italian
    app.config.from_prefixed_env()  # e.g. FLASK_RULESET_DIR points at another folder of rulesets
    if test_config:
        app.config.update(test_config)

    from . import cli, events
    from .i18n import locale
    from .i18n.translation_gaps import require_translations, ui_gaps
    from .rules.store import load_rulesets
    from .web import compression, first_screen, pages, preload, pwa, security, served_text

    locale.init_app(app)
    translations = Path(app.config["TRANSLATIONS_DIR"])
    store = load_rulesets(Path(app.config["RULESET_DIR"]), translations)
    app.extensions["rulesets"] = store
    app.extensions["translation_gaps"] = require_translations(app, store.gaps + ui_gaps(translations))
    compression.init_app(app)  # registered first, so it runs after every other after-request hook
    served_text.init_app(app)  # before compression runs: it compresses the script or style as served
    first_screen.init_app(app)
    security.init_app(app)
    preload.init_app(app)
    events.init_app(app)  # before the pages, so /api/... is never taken for a page
    app.register_blueprint(pages.bp)
    app.register_blueprint(pwa.bp)
    cli.init_app(app)
    return app
