"""docs/glossary.md matches the code: what it names "in the ruleset" is a key of the ruleset schema, and every name in
its "In the code" column is found in the sources (it once named an `escalation` ruleset key that never existed)."""

import json
import re

from helpers import ROOT

GLOSSARY = ROOT / "docs" / "glossary.md"
RULESET_KEY = re.compile(r"`([\w.]+)` in the ruleset")
NAME = re.compile(r"`([A-Za-z_][\w.-]*)(?:\([^`]*\))?`")  # `makeIncident`, `scoreKinds(ruleset)`, `logic/…` left out


def schema_keys():
    keys = set()

    def walk(node):
        if isinstance(node, dict):
            keys.update(node.get("properties", {}))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads((ROOT / "webapp" / "ruleset.schema.json").read_text(encoding="utf-8")))
    return keys


def sources():
    files = [
        *(ROOT / "webapp").rglob("*.py"),
        *(ROOT / "webapp").rglob("*.js"),
        ROOT / "webapp" / "ruleset.schema.json",
    ]
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


def code_cells(text):
    """The last cell of each table row but the header's: the "In the code" column."""
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| ---")]
    return [row.rstrip(" |").rsplit(" | ", 1)[-1] for row in rows if not row.startswith("| Word |")]


def unknown_ruleset_keys(cells, keys):
    return sorted({name for cell in cells for name in RULESET_KEY.findall(cell) if name.split(".")[-1] not in keys})


def names_not_in(cells, text):
    """Names a cell gives in backticks that the sources do not hold (a file name as it is, a dotted name each part)."""
    words = set(re.findall(r"[A-Za-z_][\w-]*", text))
    missing = set()
    for cell in cells:
        for name in NAME.findall(cell):
            found = name in text if name.endswith((".js", ".py")) else all(part in words for part in name.split("."))
            if not found:
                missing.add(name)
    return sorted(missing)


def test_every_ruleset_key_the_glossary_names_is_in_the_schema():
    cells = code_cells(GLOSSARY.read_text(encoding="utf-8"))
    assert any("in the ruleset" in cell for cell in cells)
    assert unknown_ruleset_keys(cells, schema_keys()) == []


def test_every_name_of_the_code_column_is_in_the_sources():
    assert names_not_in(code_cells(GLOSSARY.read_text(encoding="utf-8")), sources()) == []


def test_the_checks_catch_a_key_or_a_name_that_does_not_exist():
    planted = [
        "`escalation` in the ruleset; worked out only in `player-record.js`",
        "a ruling's `effects` in the ruleset; `applyRuling` (`calculator.js`), `mangan_payment`",
    ]
    assert unknown_ruleset_keys(planted, schema_keys()) == ["escalation"]
    assert names_not_in(planted, sources()) == ["mangan_payment"]
