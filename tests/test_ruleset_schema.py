"""The ruleset schema itself: a valid draft 2020-12 schema, closed at every level, described everywhere, with an
author's message for every keyword it uses, installed with the app, and the README's reference generated from it."""

import subprocess
import sys
import tomllib

import pytest
import yaml
from helpers import ROOT
from jsonschema import Draft202012Validator

from webapp.rules import format_doc
from webapp.rules.schema import SCHEMA, SCHEMA_PATH, TEXT_KEYS, map_texts, text_strings

# Keywords schema_messages.py explains; pattern, oneOf and anyOf need their message in the schema (x-errors).
EXPLAINED = {
    "type",
    "required",
    "additionalProperties",
    "dependentRequired",
    "enum",
    "const",
    "minLength",
    "minProperties",
    "minItems",
    "maxItems",
    "minimum",
    "maximum",
    "pattern",
    "oneOf",
    "anyOf",
    "uniqueItems",
}
STRUCTURE = {
    "$schema",
    "$id",
    "$ref",
    "$defs",
    "title",
    "description",
    "properties",
    "items",
    "propertyNames",
    "x-errors",
    "x-missing",
    "x-acts-on",
    "x-discriminator",
}


def schemas(node, path="#"):
    """Yield (path, node) for every schema in the schema, the root included."""
    yield path, node
    for key in ("properties", "$defs"):
        for name, child in node.get(key, {}).items():
            yield from schemas(child, f"{path}/{key}/{name}")
    for key in ("items", "additionalProperties", "propertyNames"):
        if isinstance(node.get(key), dict):
            yield from schemas(node[key], f"{path}/{key}")
    for key in ("oneOf", "anyOf"):
        for index, child in enumerate(node.get(key, [])):
            yield from schemas(child, f"{path}/{key}/{index}")


def test_schema_is_valid_draft_2020_12():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(SCHEMA)


def test_closed_at_every_level():
    """A mapping lists its keys and refuses others; a mapping keyed by ids checks both its keys and its values."""
    for path, node in schemas(SCHEMA):
        if "properties" in node:
            assert node.get("additionalProperties") is False, path
        elif node.get("type") == "object" and "x-discriminator" not in node:
            assert isinstance(node.get("additionalProperties"), dict) and "propertyNames" in node, path


def test_every_key_and_shape_is_described():
    for path, node in schemas(SCHEMA):
        for key, prop in node.get("properties", {}).items():
            assert prop.get("description"), f"{path}/properties/{key}"
    for name, shape in SCHEMA["$defs"].items():
        assert shape.get("description") and shape.get("title"), name


def test_every_keyword_has_an_author_message():
    for path, node in schemas(SCHEMA):
        unknown = set(node) - EXPLAINED - STRUCTURE
        assert not unknown, f"{path}: no author message for {unknown} (see webapp/rules/schema_messages.py)"
        for keyword in ("pattern", "oneOf", "anyOf"):
            if keyword in node and not (keyword == "oneOf" and "x-discriminator" in node):
                assert keyword in node.get("x-errors", {}), f"{path}: {keyword} needs its message in x-errors"


def test_text_keys_come_from_the_schema():
    """The keys the client reads as text (positions in the string table) are the schema's text fields."""
    assert {
        "name",
        "short_name",
        "edition",
        "label",
        "summary",
        "question",
        "help",
        "title",
        "scores",
        "next_steps",
        "exceptions",
        "judgement",
        "section",
        "one",
        "other",
        "document",
        "open",
        "reading",
        "origin",
    } == TEXT_KEYS


def test_the_text_walk_follows_the_schema():
    """One walk finds every text where the schema puts it, and nothing else: a source item whose id is a text key
    (MCR's `title`) is a maintainer's note, not text."""
    data = yaml.safe_load((ROOT / "rulesets" / "mcr-ema-2014.yaml").read_text(encoding="utf-8"))
    assert "title" in data["source"]["items"]
    found = text_strings(data)
    paths = [path for path, _ in found]
    assert ("edition",) in paths and ("name",) in paths
    assert not [path for path in paths if path[:2] == ("source", "items")]
    assert all(path[-1] in TEXT_KEYS or (isinstance(path[-1], int) and path[-2] in TEXT_KEYS) for path in paths)
    marked = map_texts(data, lambda path, text: f"<{text}>")
    assert marked["source"]["items"] == data["source"]["items"]
    assert [(path, f"<{text}>") for path, text in found] == text_strings(marked)


def test_schema_is_installed_with_the_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert SCHEMA_PATH.parent == ROOT / "webapp"
    assert SCHEMA_PATH.name in config["tool"]["setuptools"]["package-data"]["webapp"]


def test_readme_format_reference_is_current():
    """rulesets/README.md's format reference is what `python -m webapp.rules.format_doc` writes from the schema."""
    text = (ROOT / "rulesets" / "README.md").read_text(encoding="utf-8")
    assert format_doc.current(text) == format_doc.render(), "run: .venv/bin/python -m webapp.rules.format_doc"


def test_readme_reference_names_every_key_and_effect_type():
    reference = format_doc.render()
    for path, node in schemas(SCHEMA):
        for key in node.get("properties", {}):
            assert f"`{key}`" in reference, f"{path}: {key}"


def test_doc_command_rewrites_only_between_the_markers(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text(f"Hand-written.\n\n{format_doc.BEGIN}\nold\n{format_doc.END}\n\nMore prose.\n", encoding="utf-8")
    assert format_doc.update(readme) is True
    text = readme.read_text(encoding="utf-8")
    assert text.startswith("Hand-written.\n\n") and text.endswith("\n\nMore prose.\n")
    assert format_doc.current(text) == format_doc.render()
    assert format_doc.update(readme) is False


def test_doc_check_exits_1_when_stale(tmp_path, monkeypatch):
    result = subprocess.run(
        [sys.executable, "-m", "webapp.rules.format_doc", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    stale = tmp_path / "README.md"
    stale.write_text(f"{format_doc.BEGIN}\nold\n{format_doc.END}\n", encoding="utf-8")
    monkeypatch.setattr(format_doc, "README", stale)
    with pytest.raises(SystemExit) as exit_:
        format_doc.main(["--check"])
    assert exit_.value.code == 1
