"""Languages: the locale comes from the URL, the catalogs are compiled before flask-babel reads them."""

from pathlib import Path

from flask import g
from flask_babel import Babel

from .catalogs import LANGUAGES, TRANSLATED, UI_DOMAIN, compile_catalogs, po_path

babel = Babel()


def select_locale():
    """Use the language of the URL; outside a language prefix, English."""
    return getattr(g, "lang", None) or "en"


LANGUAGE_COOKIE = "mjref-lang"  # the language the referee chose last: main.js sets it when a language is tapped


def best_language(accept_languages, chosen=None):
    """The language the referee chose last (their cookie), else their browser's best among ours, else English."""
    if chosen in LANGUAGES:
        return chosen
    return accept_languages.best_match(LANGUAGES, default="en")


def init_app(app):
    """Fail fast when a language has no catalog, then compile stale catalogs and wire flask-babel."""
    root = Path(app.config["TRANSLATIONS_DIR"])
    missing = [
        str(po_path(root, lang, UI_DOMAIN)) for lang in TRANSLATED if not po_path(root, lang, UI_DOMAIN).exists()
    ]
    if missing:
        raise RuntimeError("missing translation catalogs: " + ", ".join(missing))
    compile_catalogs(root)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(root)
    app.config["BABEL_DEFAULT_LOCALE"] = "en"
    babel.init_app(app, locale_selector=select_locale)

    @app.url_value_preprocessor
    def pull_lang(endpoint, values):
        if values and values.get("lang") in LANGUAGES:
            g.lang = values.pop("lang")

    @app.url_defaults
    def push_lang(endpoint, values):
        if "lang" not in values and app.url_map.is_endpoint_expecting(endpoint, "lang"):
            values["lang"] = getattr(g, "lang", "en")
