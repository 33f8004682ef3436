"""The ruleset format, read from `ruleset.schema.json`: which fields are text, and the effect vocabulary.

The schema is the one definition of the format. Everything else that needs to know it (the validator, the string
extraction, the compiled form, the format reference in rulesets/README.md) derives it from here.
"""
import json
from pathlib import Path

SCHEMA_PATH = Path(__file__).with_name("ruleset.schema.json")
SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
TEXT_REFS = {"#/$defs/text", "#/$defs/text_list"}  # the shapes of the words a referee reads
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
        vocabulary[name] = {"acts_on": list(shape["x-acts-on"]), "description": shape["description"],
                            "parameters": parameters, "required": [key for key in shape.get("required", []) if key != "type"]}
    return vocabulary


TEXT_KEYS = text_keys(SCHEMA)
EFFECTS = effect_types(SCHEMA)


def format_path(path):
    """A path as a ruleset author reads it: incidents.empty_call.options[1].next; (top) for the whole file."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) and not isinstance(part, bool) else (f".{part}" if text else str(part))
    return text or "(top)"


def path_order(path):
    """A sort key for paths that puts options[2] before options[10]."""
    return tuple((0, part, "") if isinstance(part, int) and not isinstance(part, bool) else (1, 0, str(part)) for part in path)


def is_text(key, value):
    """Whether a field holds translatable text: a string, or a list of strings, under a text key."""
    return key in TEXT_KEYS and (isinstance(value, str) or (
        isinstance(value, list) and bool(value) and all(isinstance(item, str) for item in value)))


def text_strings(data, path=()):
    """Yield (path, text) for every translatable string, the path as a tuple of keys and list positions."""
    if isinstance(data, dict):
        for key, value in data.items():
            child = (*path, key)
            if is_text(key, value) and isinstance(value, str):
                yield child, value
            elif is_text(key, value):
                for index, item in enumerate(value):
                    yield (*child, index), item
            else:
                yield from text_strings(value, child)
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from text_strings(item, (*path, index))
