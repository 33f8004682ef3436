"""Loads every ruleset file, validates it, and compiles it into the one form the client fetches: a language-neutral
structure plus one string table per language, which the client puts together (`ruleset-data.js`). The text is most of
a ruleset, so the structure is not repeated for each language."""

import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import NamedTuple

import yaml

from ..i18n.catalogs import LANGUAGES, SOURCE_LANGUAGE, TRANSLATED, CatalogText, read_catalog
from ..i18n.translation_gaps import ruleset_gaps, ui_gaps
from .checks import validate
from .schema import TEXT_KEYS, map_texts


class RulesetError(Exception):
    """Raised with every problem found, one per line, so start-up stops with a readable report."""

    def __init__(self, problems):
        self.problems = problems
        super().__init__("invalid ruleset:\n" + "\n".join(problems))


@dataclass
class Served:
    """One JSON file the client fetches, named by its content hash so it can be cached for good."""

    name: str
    body: bytes

    @cached_property
    def filename(self):
        return f"{self.name}.{hashlib.sha256(self.body).hexdigest()[:12]}.json"


@dataclass
class RulesetStore:
    """All rulesets in all languages, compiled once at start-up.

    The client fetches two files: every ruleset's structure (language-neutral, each text replaced by its position in
    the ruleset's string table) and the string tables of its language. Bundled, they compress far better than one
    file per ruleset and language, and the structure is not repeated for each language.
    """

    structures: dict = field(default_factory=dict)  # ruleset id -> structure (texts as positions), for the server
    structure: Served = None  # {"text_keys": [...], "rulesets": {id: structure}}
    strings: dict = field(default_factory=dict)  # lang -> Served: {id: [string, ...]} in that language
    summaries: dict = field(default_factory=dict)  # lang -> [summary dicts], for the home page
    gaps: list = field(default_factory=list)  # translation gaps (translation_gaps.Gap): shown in English

    def data_urls(self, lang):
        """What the client of one language fetches to have every ruleset."""
        return {
            "structure": f"/data/{self.structure.filename}",
            "strings": f"/data/{lang}/{self.strings[lang].filename}",
        }

    def served(self):
        """Every data file a client may fetch, by URL."""
        files = {f"/data/{self.structure.filename}": self.structure}
        files.update({f"/data/{lang}/{served.filename}": served for lang, served in self.strings.items()})
        return files

    def ids(self):
        return [summary["id"] for summary in self.summaries[SOURCE_LANGUAGE]]

    def ruling_ids(self, ruleset_id):
        """The ids of a ruleset's rulings, or None when no such ruleset is loaded."""
        structure = self.structures.get(ruleset_id)
        return None if structure is None else frozenset(structure["rulings"])


class Checked(NamedTuple):
    """What checking the ruleset files found."""

    parsed: dict  # ruleset id -> data, for the valid files
    catalogs: dict  # ruleset id -> {lang: CatalogText}
    problems: list  # 'file: path: message' lines; any one makes the rulesets unusable
    gaps: list  # strings without a translation the app may show (translation_gaps.Gap)


def _dump(data):
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


# libyaml's safe loader parses the rulesets about seven times faster than the pure-Python one (every app start and
# `rulesets check` reads all five); the same data either way. Its error messages lack the line quoted under a caret,
# so a file it refuses is read again by the pure-Python loader for the author's message.
FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read_yaml(path):
    """Parse one ruleset file; a file that is not UTF-8 YAML is a problem to report, not a crash."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        return None, [f"{path.name}: (top): not UTF-8 text (byte {error.start}); save the file as UTF-8"]
    try:
        return yaml.load(text, Loader=FAST_LOADER), []
    except yaml.YAMLError:
        pass
    try:
        return yaml.safe_load(text), []
    except yaml.YAMLError as error:
        return None, [f"{path.name}: not valid YAML: {error}"]


def check_rulesets(ruleset_dir: Path, translations_dir: Path) -> Checked:
    """Validate every ruleset file and find its translation gaps."""
    parsed, catalogs, problems, gaps = {}, {}, [], []
    files = sorted(ruleset_dir.glob("*.yaml"))
    if not files:
        problems.append(f"{ruleset_dir}: no ruleset files (*.yaml)")
    for path in files:
        label = f"rulesets/{path.name}"
        data, errors = _read_yaml(path)
        if errors:
            problems.extend(f"rulesets/{line}" for line in errors)
            continue
        stem = path.stem
        found = validate(data, label, stem)
        problems.extend(found)
        if not found:
            parsed[stem] = data
            catalogs[stem] = {lang: read_catalog(translations_dir, lang, stem) for lang in TRANSLATED}
            gaps.extend(ruleset_gaps(data, stem, catalogs[stem]))
    return Checked(parsed, catalogs, problems, gaps)


def translation_gaps(ruleset_dir: Path, translations_dir: Path):
    """The strict check: every string of the rulesets and the UI without a translation the app may show, read afresh
    from the files (the tests, `rulesets check --strict` and the export run it)."""
    return check_rulesets(ruleset_dir, translations_dir).gaps + ui_gaps(translations_dir)


def _structure(data, english):
    """The ruleset with each text replaced by its position in `english` (the string table, shared by repeats).

    Validation makes sure no text field holds a number, so on the client a number under a text key is a position.
    Of the source's coverage map only the order of its ids is kept: the notes are for maintainers.
    """
    index = {}

    def position(_path, text):
        if text not in index:
            index[text] = len(english)
            english.append(text)
        return index[text]

    structure = map_texts(data, position)
    source = {key: value for key, value in structure["source"].items() if key != "items"}
    source["item_order"] = list(data["source"].get("items") or {})
    return {**structure, "source": source}


def load_rulesets(ruleset_dir: Path, translations_dir: Path) -> RulesetStore:
    """Load, validate and compile every ruleset; raise RulesetError listing all problems. Translation gaps are kept
    on the store (the string shows in English); the app factory decides whether they may be served."""
    checked = check_rulesets(ruleset_dir, translations_dir)
    if checked.problems:
        raise RulesetError(checked.problems)
    store = RulesetStore(summaries={lang: [] for lang in LANGUAGES}, gaps=checked.gaps)
    structures, strings = {}, {lang: {} for lang in LANGUAGES}
    for ruleset_id, data in sorted(checked.parsed.items()):
        english = []
        structures[ruleset_id] = _structure(data, english)
        for lang in LANGUAGES:
            catalog = checked.catalogs[ruleset_id].get(lang, CatalogText())
            strings[lang][ruleset_id] = [catalog.get(text) for text in english]
            store.summaries[lang].append(
                {
                    "id": ruleset_id,
                    "name": catalog.get(data["name"]),
                    "short_name": catalog.get(data.get("short_name", data["name"])),
                    "edition": catalog.get(data["edition"]),
                    "family": data.get("family", ""),
                }
            )
    store.structures = structures
    store.structure = Served("rulesets", _dump({"text_keys": sorted(TEXT_KEYS), "rulesets": structures}))
    store.strings = {lang: Served("strings", _dump(tables)) for lang, tables in strings.items()}
    return store
