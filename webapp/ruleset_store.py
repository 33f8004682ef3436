"""Loads every ruleset file, validates it, and compiles one JSON document per language."""
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .catalogs import LANGUAGES, TRANSLATED, load_po, po_path, translations_of
from .ruleset_schema import TEXT_KEYS, validate


class RulesetError(Exception):
    """Raised with every problem found, one per line, so start-up stops with a readable report."""

    def __init__(self, problems):
        self.problems = problems
        super().__init__("invalid ruleset:\n" + "\n".join(problems))


@dataclass
class Compiled:
    """One ruleset in one language, ready to serve."""

    ruleset_id: str
    lang: str
    body: bytes
    digest: str

    @property
    def filename(self):
        return f"{self.ruleset_id}.{self.digest}.json"


@dataclass
class RulesetStore:
    """All rulesets in all languages, compiled once at start-up."""

    compiled: dict = field(default_factory=dict)  # (ruleset id, lang) -> Compiled
    summaries: dict = field(default_factory=dict)  # lang -> [summary dicts]

    def get(self, ruleset_id, lang):
        return self.compiled.get((ruleset_id, lang))

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


def _read_yaml(path):
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8")), []
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
    store = RulesetStore()
    for lang in LANGUAGES:
        store.summaries[lang] = []
        for ruleset_id, data in parsed.items():
            table = tables[ruleset_id].get(lang, {})
            source = {k: v for k, v in data["source"].items() if k != "items"}
            source["item_order"] = list(data["source"].get("items") or {})  # ids only: the order of the source
            document = _translate({**data, "source": source}, table)
            document["lang"] = lang
            body = json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
            digest = hashlib.sha256(body).hexdigest()[:12]
            compiled = Compiled(ruleset_id, lang, body, digest)
            store.compiled[(ruleset_id, lang)] = compiled
            store.summaries[lang].append({
                "id": ruleset_id,
                "name": document["name"],
                "short_name": document.get("short_name", document["name"]),
                "edition": document["edition"],
                "family": document.get("family", ""),
                "url": f"/data/{lang}/{compiled.filename}",
            })
        store.summaries[lang].sort(key=lambda s: s["id"])
    return store
