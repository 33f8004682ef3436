"""Every translated string of every catalog, for the tests that check wording and typography."""

from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import write_po

from webapp.i18n.catalogs import load_po

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"


@dataclass(frozen=True)
class Entry:
    """One msgstr with where it comes from, so a failure names the catalog, the msgid and the text."""

    lang: str
    domain: str
    msgid: str
    text: str

    def where(self):
        return f"{self.lang}/{self.domain}.po, msgid {self.msgid!r}"


def catalog_paths(root=TRANSLATIONS):
    """Every .po under root: <lang>/LC_MESSAGES/<domain>.po."""
    return sorted(Path(root).glob("*/LC_MESSAGES/*.po"))


def entries(root=TRANSLATIONS):
    """Yield one Entry per non-empty msgstr (each plural form on its own) of every catalog under root."""
    for path in catalog_paths(root):
        lang, domain = path.parent.parent.name, path.stem
        for message in load_po(path):
            if not message.id:
                continue
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            for text in strings:
                if text:
                    yield Entry(lang, domain, msgid, text)


def plant(root, lang, domain, msgid, text):
    """Copy one catalog under root with another msgstr for msgid, to show that a check catches it; return root."""
    catalog = load_po(TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po")
    catalog[msgid].string = text
    path = Path(root) / lang / "LC_MESSAGES" / f"{domain}.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, include_lineno=False)
    return root
