"""Which strings have no translation the app may show: the strict check, and the warning in development.

A gap is a string with no French or Italian translation, or only a fuzzy one (kept for a translator to review, never
shown). The app shows such a string in English. Whether that is allowed depends on where the app runs (see
`require_translations`): in development it starts with a warning listing every gap; the strict check (the tests,
`flask --app app rulesets check --strict`, `flask --app app export`, a production server's start-up) refuses them.
"""

from dataclasses import dataclass

from ..rules.schema import format_path, text_strings
from .catalogs import TRANSLATED, UI_DOMAIN, po_label, read_catalog

SHOWN = 70  # characters of an msgid a message quotes; the path says which string it is


class MissingTranslations(Exception):
    """Raised where every string must be translated, with one line per gap."""

    def __init__(self, gaps):
        self.gaps = gaps
        super().__init__(
            f"{len(gaps)} strings have no translation the app may show "
            "(update the catalogs with `python -m webapp.i18n.translate`, then translate them):\n" + report(gaps)
        )


@dataclass(frozen=True)
class Gap:
    """One string of one catalog that the app would show in English."""

    lang: str
    domain: str
    msgid: str
    where: str  # the string's source: "rulesets/wsom.yaml: rulings.r_x.title", or the UI module or template
    state: str  # "missing", "fuzzy" (a translation to review) or "no catalog"

    def line(self):
        quoted = self.msgid if len(self.msgid) <= SHOWN else self.msgid[: SHOWN - 1] + "…"
        problem = {
            "missing": f'no {self.lang} translation of "{quoted}"',
            "no catalog": f'no {self.lang} translation of "{quoted}" (no catalog yet)',
            "fuzzy": f'the {self.lang} translation of "{quoted}" is fuzzy: review it',
        }[self.state]
        return f"{po_label(self.lang, self.domain)}: {self.where}: {problem}"


def report(gaps):
    """Every gap, one indented line each."""
    return "\n".join(f"  {gap.line()}" for gap in gaps)


def _state(catalog, msgid):
    if msgid in catalog.translated:
        return None
    if msgid in catalog.fuzzy:
        return "fuzzy"
    return "missing" if catalog.exists else "no catalog"


def ruleset_gaps(data, stem, catalogs):
    """The gaps of one valid ruleset, given its catalog per translated language ({lang: CatalogText})."""
    texts = text_strings(data)
    return [
        Gap(lang, stem, text, f"rulesets/{stem}.yaml: {format_path(path)}", state)
        for lang in TRANSLATED
        for path, text in texts
        for state in [_state(catalogs[lang], text)]
        if state
    ]


def ui_gaps(root):
    """The gaps of the UI: every string the code and templates use (extracted afresh), against each catalog."""
    from .translate import ui_template

    catalogs = {lang: read_catalog(root, lang, UI_DOMAIN) for lang in TRANSLATED}
    messages = [message for message in ui_template() if message.id]
    return [
        Gap(
            lang,
            UI_DOMAIN,
            message.id if isinstance(message.id, str) else message.id[0],
            message.locations[0][0] if message.locations else "webapp",
            state,
        )
        for lang in TRANSLATED
        for message in messages
        for state in [_state(catalogs[lang], message.id)]
        if state
    ]


def require_translations(app, gaps):
    """Apply the app's MISSING_TRANSLATIONS setting to the gaps found at start-up; return them.

    "refuse" (the default: a production server, the tests) raises MissingTranslations, so no French page is served
    with English in it. "warn" (`flask --app app run`, through app.py) logs every gap and serves them in English, so a
    new or changed English string does not stop an author's work.
    """
    mode = app.config.get("MISSING_TRANSLATIONS", "refuse")
    if mode not in ("refuse", "warn"):
        raise ValueError(f"MISSING_TRANSLATIONS must be 'refuse' or 'warn', not {mode!r}")
    if gaps and mode == "refuse":
        raise MissingTranslations(gaps)
    if gaps:
        app.logger.warning(
            "%d strings are shown in English: they have no translation the app may show "
            "(`flask --app app rulesets check --strict` lists them and fails):\n%s",
            len(gaps),
            report(gaps),
        )
    return gaps
