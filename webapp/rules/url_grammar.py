"""The app's URLs, defined once: Flask's routes are built from here, the ruleset check reserves their words, and the
page hands the same grammar to the client's router (`urls.js`), which neither repeats nor guesses it.

    /<lang>/                                  home
    /<lang>/<page>                            a page of the whole app (APP_PAGES)
    /<lang>/<ruleset>/<answer>/<answer>...    the questions, one answer per segment
    /<lang>/<ruleset>/<screen>                a screen of one ruleset (RULESET_PAGES)
    /<lang>/<ruleset>/ruling/<ruling id>      a ruling by its id

Pages and screens map a stable view name to their URL word, so a word could change without changing the code that
shows the view.
"""

from ..i18n.catalogs import LANGUAGES

APP_PAGES = {"log": "log", "glossary": "glossary", "join": "join", "roster": "roster", "event": "event"}
RULESET_PAGES = {"table": "table", "search": "search", "browse": "browse", "clock": "clock"}
RULING = "ruling"
# The server's own folders (/data/..., /static/..., /api/...): no ruleset takes their names, so no URL reads two ways.
FOLDERS = ("data", "static", "api")

LANG = f"<any({','.join(LANGUAGES)}):lang>"  # Flask's converter for the language segment


def reserved_ruleset_ids():
    """Words a ruleset id may not be: /<lang>/<id>/ would be a page of the app."""
    return sorted(set(APP_PAGES.values()) | set(FOLDERS))


def reserved_answers():
    """Words an answer id may not be: /<lang>/<ruleset>/<answer> would be a screen or a ruling."""
    return sorted(set(RULESET_PAGES.values()) | {RULING})


def client_grammar():
    """The grammar as the page gives it to urls.js."""
    return {
        "languages": list(LANGUAGES),
        "pages": dict(APP_PAGES),
        "rulesetPages": dict(RULESET_PAGES),
        "ruling": RULING,
    }
