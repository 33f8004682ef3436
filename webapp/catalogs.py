"""Gettext catalogs: the single source of French and Italian, read and compiled here."""
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES = ("en", "fr", "it")
TRANSLATED = ("fr", "it")
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "it": "Italiano"}
UI_DOMAIN = "messages"


def po_path(root: Path, lang: str, domain: str) -> Path:
    """Where the catalog of one language and domain lives."""
    return root / lang / "LC_MESSAGES" / f"{domain}.po"


def load_po(path: Path):
    """Read a .po file into a Babel catalog, or None when it does not exist."""
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle)


def translations_of(catalog) -> dict[str, str]:
    """Map each msgid to its msgstr, leaving out fuzzy and empty entries."""
    if catalog is None:
        return {}
    return {
        message.id: message.string
        for message in catalog
        if message.id and message.string and not message.fuzzy
    }


def compile_catalogs(root: Path) -> list[Path]:
    """Compile every stale .po under root into its .mo, so flask-babel never falls back silently."""
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


def untranslated(root: Path, domain: str) -> dict[str, list[str]]:
    """List, per translated language, the msgids of a domain that are missing, empty or fuzzy."""
    missing = {}
    for lang in TRANSLATED:
        catalog = load_po(po_path(root, lang, domain))
        if catalog is None:
            missing[lang] = ["<no catalog>"]
            continue
        gaps = [m.id for m in catalog if m.id and (not m.string or m.fuzzy)]
        if gaps:
            missing[lang] = gaps
    return missing
