"""Loads every ruleset file, validates it, and compiles it: one language-neutral structure plus one string table per
language, which the client puts together (`ruleset-data.js`). The text is most of a ruleset, so the structure is not
repeated for each language."""
import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import yaml

from .catalogs import LANGUAGES, TRANSLATED, load_po, po_path, translations_of
from .ruleset_checks import validate
from .ruleset_schema import TEXT_KEYS, is_text


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
class Compiled:
    """One ruleset in one language, whole: what the client assembles from the structure and the string table."""

    ruleset_id: str
    lang: str
    body: bytes


@dataclass
class RulesetStore:
    """All rulesets in all languages, compiled once at start-up.

    The client fetches two files: every ruleset's structure (language-neutral, each text replaced by its position in
    the ruleset's string table) and the string tables of its language. Bundled, they compress far better than one
    file per ruleset and language, and the structure is not repeated for each language.
    """

    compiled: dict = field(default_factory=dict)  # (ruleset id, lang) -> Compiled, the whole document
    structure: Served = None  # {"text_keys": [...], "rulesets": {id: structure}}
    strings: dict = field(default_factory=dict)  # lang -> Served: {id: [string, ...]} in that language
    summaries: dict = field(default_factory=dict)  # lang -> [summary dicts]

    def get(self, ruleset_id, lang):
        return self.compiled.get((ruleset_id, lang))

    def data_urls(self, lang):
        """What the client of one language fetches to have every ruleset."""
        return {"structure": f"/data/{self.structure.filename}", "strings": f"/data/{lang}/{self.strings[lang].filename}"}

    def served(self):
        """Every data file a client may fetch, by URL."""
        files = {f"/data/{self.structure.filename}": self.structure}
        files.update({f"/data/{lang}/{served.filename}": served for lang, served in self.strings.items()})
        return files

    def ids(self):
        return sorted({ruleset_id for ruleset_id, _ in self.compiled})


def _translate(data, table):
    """Return a copy of data with every translatable string looked up in table."""
    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            if key in TEXT_KEYS and isinstance(value, str):
                out[key] = table.get(value, value)
            elif key in TEXT_KEYS and isinstance(value, list):
                out[key] = [table.get(item, item) if isinstance(item, str) else item for item in value]
            else:
                out[key] = _translate(value, table)
        return out
    if isinstance(data, list):
        return [_translate(item, table) for item in data]
    return data


def _index_text(data, table, index):
    """Return a copy of data with every translatable string replaced by its position in table (shared by repeats).

    Validation makes sure no text field holds a number, so on the client a number under a text key is a position.
    """
    def position(text):
        if text not in index:
            index[text] = len(table)
            table.append(text)
        return index[text]

    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            if is_text(key, value):
                out[key] = position(value) if isinstance(value, str) else [position(v) for v in value]
            else:
                out[key] = _index_text(value, table, index)
        return out
    if isinstance(data, list):
        return [_index_text(item, table, index) for item in data]
    return data


def _dump(data):
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def _read_yaml(path):
    """Parse one ruleset file; a file that is not UTF-8 YAML is a problem to report, not a crash."""
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8")), []
    except UnicodeDecodeError as error:
        return None, [f"{path.name}: (top): not UTF-8 text (byte {error.start}); save the file as UTF-8"]
    except yaml.YAMLError as error:
        return None, [f"{path.name}: not valid YAML: {error}"]


def check_rulesets(ruleset_dir: Path, translations_dir: Path):
    """Validate every ruleset file; return (parsed rulesets, translation tables, problems)."""
    parsed, tables, problems = {}, {}, []
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
        tables[stem] = {lang: translations_of(load_po(po_path(translations_dir, lang, stem))) for lang in TRANSLATED}
        found = validate(data, label, stem, tables[stem])
        problems.extend(found)
        if not found:
            parsed[stem] = data
    return parsed, tables, problems


def load_rulesets(ruleset_dir: Path, translations_dir: Path) -> RulesetStore:
    """Load, validate and compile every ruleset; raise RulesetError listing all problems."""
    parsed, tables, problems = check_rulesets(ruleset_dir, translations_dir)
    if problems:
        raise RulesetError(problems)
    store = RulesetStore(summaries={lang: [] for lang in LANGUAGES})
    structures, strings = {}, {lang: {} for lang in LANGUAGES}
    for ruleset_id, data in sorted(parsed.items()):
        source = {k: v for k, v in data["source"].items() if k != "items"}
        source["item_order"] = list(data["source"].get("items") or {})  # ids only: the order of the source
        data = {**data, "source": source}
        english = []
        structures[ruleset_id] = _index_text(data, english, {})
        for lang in LANGUAGES:
            table = tables[ruleset_id].get(lang, {})
            strings[lang][ruleset_id] = [table.get(text, text) for text in english]
            document = {**_translate(data, table), "lang": lang}
            store.compiled[(ruleset_id, lang)] = Compiled(ruleset_id, lang, _dump(document))
            store.summaries[lang].append({
                "id": ruleset_id,
                "name": document["name"],
                "short_name": document.get("short_name", document["name"]),
                "edition": document["edition"],
                "family": document.get("family", ""),
            })
    store.structure = Served("rulesets", _dump({"text_keys": sorted(TEXT_KEYS), "rulesets": structures}))
    store.strings = {lang: Served("strings", _dump(tables_of_lang)) for lang, tables_of_lang in strings.items()}
    return store
