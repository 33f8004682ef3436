"""The ruleset format, read from `ruleset.schema.json`: which fields are text, and the effect vocabulary.

The schema is the one definition of the format. Everything else that needs to know it (the validator, the string
extraction, the compiled form, the format reference in rulesets/README.md) derives it from here.
"""

import json
from pathlib import Path

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "ruleset.schema.json"  # webapp/: package data
SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
TEXT_REF = "#/$defs/text"  # the words a referee reads (a text_list is a list of them)
TEXT_REFS = {TEXT_REF, "#/$defs/text_list"}
ACTS_ON = ("calculator", "log", "shown")  # where an effect acts: what the x-acts-on marker may name


def resolve(schema, node):
    """Follow a local `$ref` (#/$defs/name) to the shape it names; other nodes are returned as they are."""
    ref = node.get("$ref") if isinstance(node, dict) else None
    if not ref:
        return node
    if not ref.startswith("#/$defs/"):
        raise ValueError(f"ruleset schema: only local references are read, not {ref}")
    return schema["$defs"][ref.removeprefix("#/$defs/")]


def shapes(schema):
    """Yield (name, shape) for the top level and every `$defs` entry, in the file's order."""
    yield "ruleset", schema
    yield from schema["$defs"].items()


def text_keys(schema):
    """The keys whose values are text, wherever they appear: the compiled form and the client look text up by key."""
    text, other = set(), set()
    for _, shape in shapes(schema):
        for key, prop in shape.get("properties", {}).items():
            (text if prop.get("$ref") in TEXT_REFS else other).add(key)
    clash = text & other
    if clash:
        raise ValueError(f"ruleset schema: {', '.join(sorted(clash))} must be text everywhere or nowhere")
    return frozenset(text)


def effect_types(schema):
    """The effect vocabulary: {type: {"acts_on": [...], "description": ..., "parameters": {name: schema}}}."""
    vocabulary = {}
    for branch in schema["$defs"]["effect"]["oneOf"]:
        shape = resolve(schema, branch)
        name = shape["properties"]["type"]["const"]
        parameters = {key: prop for key, prop in shape["properties"].items() if key != "type"}
        vocabulary[name] = {
            "acts_on": list(shape["x-acts-on"]),
            "description": shape["description"],
            "parameters": parameters,
            "required": [key for key in shape.get("required", []) if key != "type"],
        }
    return vocabulary


TEXT_KEYS = text_keys(SCHEMA)
EFFECTS = effect_types(SCHEMA)


def format_path(path):
    """A path as a ruleset author reads it: incidents.empty_call.options[1].next; (top) for the whole file."""
    text = ""
    for part in path:
        text += (
            f"[{part}]" if isinstance(part, int) and not isinstance(part, bool) else (f".{part}" if text else str(part))
        )
    return text or "(top)"


def path_order(path):
    """A sort key for paths that puts options[2] before options[10]."""
    return tuple(
        (0, part, "") if isinstance(part, int) and not isinstance(part, bool) else (1, 0, str(part)) for part in path
    )


def map_texts(data, visit, schema=SCHEMA):
    """Return a copy of data with every text replaced by visit(path, text): the one walk over a ruleset's texts.

    The schema says where text is (a `#/$defs/text` value, or an item of a `#/$defs/text_list`), so a mapping keyed
    by ids (source.items, whose values are notes for maintainers) is never mistaken for text, whatever its keys.
    Extraction for the catalogs, the translation check and the served string tables all walk texts through here.
    A path is a tuple of keys and list positions; values that do not fit the schema are copied as they are.
    """

    def walk(value, shape, path):
        if shape is None:
            return value
        if shape.get("$ref") == TEXT_REF and isinstance(value, str):
            return visit(path, value)
        shape = resolve(schema, shape)
        if isinstance(value, dict):
            shape = _branch(schema, shape, value)
            properties, extra = shape.get("properties", {}), shape.get("additionalProperties")
            return {
                key: walk(child, properties.get(key, extra if isinstance(extra, dict) else None), (*path, key))
                for key, child in value.items()
            }
        if isinstance(value, list) and isinstance(shape.get("items"), dict):
            return [walk(item, shape["items"], (*path, index)) for index, item in enumerate(value)]
        return value

    return walk(data, schema, ())


def _branch(schema, shape, value):
    """The branch of a discriminated oneOf (an effect) that the value's discriminator names, else the shape itself."""
    key = shape.get("x-discriminator")
    if not key:
        return shape
    for option in shape.get("oneOf", []):
        option = resolve(schema, option)
        if option.get("properties", {}).get(key, {}).get("const") == value.get(key):
            return option
    return {}


def text_strings(data):
    """Every text of a ruleset as (path, text), in the file's order."""
    found = []
    map_texts(data, lambda path, text: found.append((path, text)) or text)
    return found
