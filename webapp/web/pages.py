"""Pages: the language redirect, the app shell for every wizard URL, and the compiled ruleset data."""

from flask import Blueprint, Response, abort, current_app, g, redirect, render_template, request

from ..events.errors import is_api_request, json_error
from ..i18n.catalogs import LANGUAGE_NAMES, LANGUAGES
from ..i18n.locale import LANGUAGE_COOKIE, best_language
from ..i18n.ui_strings import client_strings
from ..rules.url_grammar import APP_PAGES, LANG, client_grammar
from .export import STATIC_EXPORT
from .precache import precache_manifest

bp = Blueprint("pages", __name__)


def rulesets():
    return current_app.extensions["rulesets"]


@bp.app_context_processor
def url_words():
    """The app's page words, for the navigation every template draws (base.html)."""
    return {"app_pages": APP_PAGES}


@bp.route("/")
def root():
    """Send the visitor to the language they chose last (a cookie the page sets), else to their browser's; only our
    own three paths can be targets. The answer depends on both, so caches keep one answer per cookie and language,
    and a shared cache keeps none (a cookie is one person's)."""
    response = redirect(f"/{best_language(request.accept_languages, request.cookies.get(LANGUAGE_COOKIE))}/", code=302)
    response.vary.add("Cookie")
    response.vary.add("Accept-Language")
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.route(f"/{LANG}/")
def home():
    """Home: a navigation gets the first visit's list of rulesets in the page (the same for everyone)."""
    return shell(home=request.headers.get("Sec-Fetch-Dest") == "document")


def app_page():
    """A page of the whole app (the log, the glossary, the page an invitation link leads to): the shell, which reads
    the page from the URL."""
    return shell()


for _view, _segment in APP_PAGES.items():
    bp.add_url_rule(f"/{LANG}/{_segment}", f"{_view}_page", app_page)


@bp.route(f"/{LANG}/<ruleset_id>/")
@bp.route(f"/{LANG}/<ruleset_id>/<path:rest>")
def wizard(ruleset_id, rest=""):
    if ruleset_id not in rulesets().ids():
        abort(404)
    return shell()


def shell(status=200, home=False):
    """Render the single page that the scripts turn into the wizard for the URL's state.

    `home` puts the first visit's home screen in the page. Only when the browser says it is navigating
    (`Sec-Fetch-Dest: document`, not absent): the service worker's copy, fetched by script, and the static export's
    must stay the neutral shell, as they answer every URL of their language.
    """
    g.varies_by_destination = True
    config = {
        "lang": g.lang,
        "rulesets": rulesets().summaries[g.lang],
        "data": rulesets().data_urls(g.lang),
        "version": precache_manifest()[0],  # the service worker that takes control must be this same version
        "strings": client_strings(),
        "urls": client_grammar(),  # urls.js reads the URL grammar from here
    }
    if not request.environ.get(STATIC_EXPORT):  # a static copy of the app has no server to sync with
        config["sync"] = {"api": "/api"}
    if current_app.config.get("STRICT_CLIENT"):  # the tests' pages: a view's mistake throws instead of coping
        config["strict"] = True
    languages = [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]
    # A browser that asks to save data (Save-Data: on) gets a shell that fetches no other language in the background.
    g.varies_by_save_data = True
    save_data = request.headers.get("Save-Data", "").strip().lower() == "on"
    return render_template("shell.html", config=config, languages=languages, home=home, save_data=save_data), status


@bp.route("/data/<filename>")
@bp.route(f"/data/{LANG}/<filename>")
def ruleset_data(filename):
    """Serve the rulesets' structure or one language's string tables; the name carries the content hash, so it is
    cached for good."""
    served = rulesets().served().get(request.path)
    if served is None:
        abort(404)
    response = Response(served.body, mimetype="application/json")
    response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@bp.app_errorhandler(404)
def not_found(error):
    """A 404 page in the language of the URL, English otherwise; the API answers in JSON."""
    if is_api_request():
        return json_error(404, "not_found", "No such API endpoint.")
    first = request.path.strip("/").split("/")[0]
    g.lang = first if first in LANGUAGES else "en"
    return render_template("not_found.html", languages=[(c, LANGUAGE_NAMES[c]) for c in LANGUAGES]), 404
