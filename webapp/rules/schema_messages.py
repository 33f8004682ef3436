"""Checks a ruleset against its JSON Schema and says each problem as a ruleset author understands it.

jsonschema's own messages name schema keywords and Python values; a ruleset author needs the path in the file and
what to change there ("unknown key 'judgment'", "must be text, not a date (put quotes around it)").
"""

import datetime
import difflib
from dataclasses import dataclass

from jsonschema import Draft202012Validator

from .schema import SCHEMA, resolve

# Problems that leave the data in the shape the later checks expect: those checks still run on such a file.
HARMLESS = frozenset(
    {
        "additionalProperties",
        "pattern",
        "minLength",
        "minItems",
        "maxItems",
        "enum",
        "const",
        "minimum",
        "maximum",
        "minProperties",
        "uniqueItems",
    }
)
# What each JSON type is called in a message, and what YAML read instead.
EXPECTED = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "object": "a mapping (key: value)",
    "array": "a list",
    "null": "empty",
}


@dataclass(frozen=True)
class Problem:
    """One problem at one path of a ruleset (a tuple of keys and list positions)."""

    path: tuple
    message: str
    blocking: bool = True  # the checks that read this part of the file would not be safe to run


def structural_problems(data, schema=SCHEMA):
    """Every place where data does not fit the schema, as Problems (in no particular order, no repeats)."""
    found = {}
    for error in Draft202012Validator(schema).iter_errors(data):
        for problem in _explain(error, schema):
            problem = Problem(_as_written(data, problem.path), problem.message, problem.blocking)
            found.setdefault((problem.path, problem.message), problem)
    return list(found.values())


def _as_written(data, path):
    """The path with every mapping key as text, so a YAML key 3 reads .3, not [3] (a position in a list)."""
    written, node = [], data
    for part in path:
        written.append(str(part) if isinstance(node, dict) else part)
        node = (
            node.get(part)
            if isinstance(node, dict)
            else (node[part] if isinstance(node, list) and isinstance(part, int) and part < len(node) else None)
        )
    return tuple(written)


def _explain(error, schema):
    """Turn one jsonschema error into the Problems an author can act on."""
    path = tuple(error.absolute_path)
    if "propertyNames" in error.absolute_schema_path:
        path = (*path, error.instance)  # the key itself is wrong: point at it
    keyword, where = error.validator, error.schema if isinstance(error.schema, dict) else {}
    if keyword == "oneOf" and where.get("x-discriminator"):
        return _discriminated(error, path, where, schema)
    custom = where.get("x-errors", {}).get(keyword)
    if custom:
        return [Problem(path, custom, keyword not in HARMLESS)]
    if keyword == "additionalProperties":
        allowed = sorted(where.get("properties", {}))
        return [Problem(path, _unknown("key", key, allowed), False) for key in error.instance if key not in allowed]
    if keyword == "required":
        properties = where.get("properties", {})
        return [
            Problem((*path, key), properties.get(key, {}).get("x-missing", "missing"))
            for key in error.validator_value
            if key not in error.instance
        ]
    if keyword == "dependentRequired":
        return [
            Problem(path, f"'{key}' needs '{other}' too")
            for key, others in error.validator_value.items()
            if key in error.instance
            for other in others
            if other not in error.instance
        ]
    if keyword == "type":
        return [Problem(path, type_message(error.validator_value, error.instance))]
    return [Problem(path, _plain(keyword, error.validator_value, error.instance, where), keyword not in HARMLESS)]


def _discriminated(error, path, where, schema):
    """A oneOf whose branches differ by one key (an effect's type): explain against the branch that key names."""
    key = where["x-discriminator"]
    branches = [resolve(schema, branch) for branch in error.validator_value]
    names = [branch["properties"][key]["const"] for branch in branches]
    instance = error.instance
    if not isinstance(instance, dict):
        return [Problem(path, type_message("object", instance))]
    if key not in instance:
        return [Problem((*path, key), f"missing (one of: {', '.join(names)})")]
    if instance[key] not in names:
        return [Problem((*path, key), _unknown(f"{where.get('title', '')} {key}".strip(), instance[key], names), False)]
    index = names.index(instance[key])
    return [
        problem for sub in error.context if sub.relative_schema_path[0] == index for problem in _explain(sub, schema)
    ]


def _unknown(what, value, allowed):
    """An unknown key or value, with the closest allowed one when there is one, and the whole list."""
    close = difflib.get_close_matches(str(value), [str(item) for item in allowed], n=1)
    hint = f"did you mean '{close[0]}'? " if close else ""
    return f"unknown {what} '{value}' ({hint}allowed: {', '.join(str(item) for item in allowed)})"


def _plain(keyword, expected, value, where):
    """The message of a keyword that needs no context beyond its own value."""
    if keyword == "enum":
        return f"must be one of: {', '.join(str(item) for item in expected)} (not {_shown(value)})"
    if keyword == "const":  # true and false as YAML writes them
        written = {True: "true", False: "false"}
        shown = written[value] if isinstance(value, bool) else _shown(value)
        return f"must be {written[expected] if isinstance(expected, bool) else expected} (not {shown})"
    if keyword in ("minLength", "minProperties") or (keyword == "minItems" and expected == 1):
        return "must not be empty"
    if keyword in ("minItems", "maxItems") and where.get("minItems") == where.get("maxItems"):
        return f"must list exactly {expected} values"
    if keyword == "minItems":
        return f"must list at least {expected} values"
    if keyword == "maxItems":
        return f"must list at most {expected} values"
    if keyword == "uniqueItems":
        return "lists the same value twice"
    if keyword == "minimum":
        return f"must be {expected} or more"
    if keyword == "maximum":
        return f"must be {expected} or less"
    if keyword == "pattern":
        return f"{_shown(value)} does not have the expected form"
    return f"does not fit the format ({keyword})"


def type_message(expected, value):
    """What the field must be and what YAML read instead; a scalar where text belongs needs quotes."""
    wanted = [expected] if isinstance(expected, str) else list(expected)
    words = " or ".join(EXPECTED.get(name, name) for name in wanted)
    if value is None:
        return f"has no value (it must be {words})"
    message = f"must be {words}, not {_kind(value)}"
    if "string" in wanted and isinstance(value, (bool, int, float, datetime.date)):
        message += " (put quotes around it)"
    return message


def _kind(value):
    """What YAML made of a value, in words."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, datetime.date):  # YAML reads 2015-01-01 as a date (a datetime is a date too)
        return "a date"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _shown(value):
    """A value quoted as the author wrote it, or described when it is not text."""
    return f"'{value}'" if isinstance(value, str) else _kind(value)
