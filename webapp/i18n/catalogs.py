"""Gettext catalogs: the single source of French and Italian, read and compiled here."""

from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import denormalize, read_po

SOURCE_LANGUAGE = "en"  # the language of the msgids: the rulesets and the code are written in English
LANGUAGES = ("en", "fr", "it")  # the one list of the app's languages: URLs, catalogs, the service worker, the export
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE)
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "it": "Italiano"}
UI_DOMAIN = "messages"


def po_path(root: Path, lang: str, domain: str) -> Path:
    """Where the catalog of one language and domain lives."""
    return root / lang / "LC_MESSAGES" / f"{domain}.po"


def po_label(lang: str, domain: str) -> str:
    """A catalog as messages name it, whatever folder the translations are in."""
    return f"translations/{lang}/LC_MESSAGES/{domain}.po"


def load_po(path: Path):
    """Read a .po file into a Babel catalog, or None when it does not exist.

    Babel's reader drops the old English of a fuzzy entry (`#| msgid`); it is read back here, so rewriting a catalog
    keeps what the translator needs to review the change.
    """
    if not path.exists():
        return None
    with path.open("rb") as handle:
        catalog = read_po(handle)
    for msgid, previous in _previous_ids(path.read_text(encoding="utf-8")):
        if msgid in catalog:
            catalog[msgid].previous_id = [previous]
    return catalog


def _previous_ids(text):
    """Yield (msgid, previous msgid) for each entry of a .po text that has a `#| msgid` line."""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        if not lines[index].startswith("#| msgid "):
            index += 1
            continue
        previous = [lines[index][len("#| msgid ") :]]
        index += 1
        while index < len(lines) and lines[index].startswith('#| "'):
            previous.append(lines[index][3:])
            index += 1
        while index < len(lines) and lines[index].startswith("#"):
            index += 1
        if index < len(lines) and lines[index].startswith("msgid "):
            current = [lines[index][len("msgid ") :]]
            index += 1
            while index < len(lines) and lines[index].startswith('"'):
                current.append(lines[index])
                index += 1
            yield denormalize("\n".join(current)), denormalize("\n".join(previous))


@dataclass
class CatalogText:
    """What one catalog offers: the translations the app may show, and the fuzzy ones kept for review (never shown)."""

    exists: bool = False
    translated: dict = field(default_factory=dict)  # msgid -> msgstr
    fuzzy: set = field(default_factory=set)  # msgids whose translation is fuzzy

    def get(self, text):
        """The translation of text, or text itself (English) when there is none the app may show."""
        return self.translated.get(text, text)


def read_catalog(root: Path, lang: str, domain: str) -> CatalogText:
    """Read one catalog's translations, fuzzy and empty entries left out of those the app shows."""
    catalog = load_po(po_path(root, lang, domain))
    if catalog is None:
        return CatalogText()
    text = CatalogText(exists=True)
    for message in catalog:
        if not message.id or not message.string:
            continue
        if message.fuzzy:
            text.fuzzy.add(message.id)
        else:
            text.translated[message.id] = message.string
    return text


def compile_catalogs(root: Path) -> list[Path]:
    """Compile every stale .po under root into its .mo, so flask-babel never falls back silently; fuzzy entries are
    left out, so the UI shows English until a translator has reviewed them."""
    written = []
    for po in sorted(root.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        catalog = load_po(po)
        with mo.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        written.append(mo)
    return written
