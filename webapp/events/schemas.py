"""The record schemas (webapp/schemas/*.schema.json), read with jsonschema: one file per record kind, which the
server's checks, the phone's storage check and log import (static/js/logic/records/record-schemas.js, made from them)
and the field tables of docs/api.md all follow. Formats of our own carry the one text rule (text_rule.py)."""

import json
import re
from datetime import date, datetime
from pathlib import Path

from jsonschema import Draft202012Validator, FormatChecker

from .text_rule import id_problem, text_problem

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"
KINDS = ("incident", "player", "event", "version")
JS_MODULE = Path(__file__).resolve().parent.parent / "static" / "js" / "logic" / "records" / "record-schemas.js"
MOMENT = re.compile(r"^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$", re.ASCII)
DAY = re.compile(r"^(\d{4})-\d{2}-\d{2}$", re.ASCII)
FIRST_YEAR, LAST_YEAR = 1970, 2099  # as the phone's check.js


class RuleBroken(ValueError):
    """A format check's refusal, with the code both sides give it."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


FORMATS = FormatChecker(formats=())


@FORMATS.checks("line", raises=RuleBroken)
def _line(value):
    """One line of text under the text rule."""
    problem = isinstance(value, str) and text_problem(value)
    if problem:
        raise RuleBroken(problem)
    return True


@FORMATS.checks("text", raises=RuleBroken)
def _text(value):
    """Text under the text rule; tab and line breaks allowed."""
    problem = isinstance(value, str) and text_problem(value, lines=True)
    if problem:
        raise RuleBroken(problem)
    return True


@FORMATS.checks("record-id", raises=RuleBroken)
def _record_id(value):
    problem = isinstance(value, str) and id_problem(value)
    if problem:
        raise RuleBroken(problem)
    return True


@FORMATS.checks("moment", raises=RuleBroken)
def _moment(value):
    """An ISO 8601 date and time with its zone, a real one, from 1970 to 2099."""
    if not isinstance(value, str):
        return True
    match = MOMENT.match(value)
    if not match or not FIRST_YEAR <= int(match.group(1)) <= LAST_YEAR:
        raise RuleBroken("invalid")
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00")[:35])
    except ValueError:
        raise RuleBroken("invalid") from None
    return True


@FORMATS.checks("day", raises=RuleBroken)
def _day(value):
    if not isinstance(value, str):
        return True
    match = DAY.match(value)
    if not match or not FIRST_YEAR <= int(match.group(1)) <= LAST_YEAR:
        raise RuleBroken("invalid")
    try:
        date.fromisoformat(value)
    except ValueError:
        raise RuleBroken("invalid") from None
    return True


def load(kind):
    return json.loads((SCHEMA_DIR / f"{kind}.schema.json").read_text(encoding="utf-8"))


SCHEMAS = {kind: load(kind) for kind in KINDS}
VALIDATORS = {kind: Draft202012Validator(schema, format_checker=FORMATS) for kind, schema in SCHEMAS.items()}
CODES = {"maxLength": "too_long", "minLength": "required", "uniqueItems": "duplicate"}
ORDER = ("type", "required", "additionalProperties", "maxLength", "minLength", "format")


def _problems_of(error):
    """[(path parts, code)] for one jsonschema error: a missing or unknown key is named at the key itself."""
    path = list(error.absolute_path)
    if error.validator == "required":
        return [([*path, key], "required") for key in error.validator_value if key not in error.instance]
    if error.validator == "additionalProperties":
        known = error.schema.get("properties", {})
        return [([*path, key], "unknown_field") for key in error.instance if key not in known]
    if error.validator == "uniqueItems":  # the first item that repeats an earlier one
        items = error.instance
        return [([*path, index], "duplicate") for index, item in enumerate(items) if item in items[:index]][:1]
    if error.validator == "format" and isinstance(error.cause, RuleBroken):
        return [(path, error.cause.code)]
    return [(path, error.schema.get("x-error") or CODES.get(error.validator, "invalid"))]


def problems(kind, value):
    """Every problem of `value` as a `kind` record, [(path parts, code)], in the schema's order of fields."""
    schema = SCHEMAS[kind]
    fields = list(schema.get("properties", {}))

    def rank(item):
        (path, _code), validator = item
        first = path[0] if path else None
        where = fields.index(first) if first in fields else len(fields)
        return where, ORDER.index(validator) if validator in ORDER else len(ORDER)

    found = [
        (problem, error.validator) for error in VALIDATORS[kind].iter_errors(value) for problem in _problems_of(error)
    ]
    ordered = []
    for problem, _ in sorted(found, key=rank):
        if problem not in ordered:  # jsonschema names every missing key in each "required" error
            ordered.append(problem)
    return ordered


def rule_of(kind, parts):
    """The schema of the field at `parts` (an item's for a list), or {}."""
    rule = SCHEMAS[kind]
    for part in parts:
        rule = rule.get("items", {}) if isinstance(part, int) else rule.get("properties", {}).get(part, {})
    return rule


def dotted(field, parts):
    """The API's name of a field: body.rulings[2].name style."""
    text = field or ""
    for part in parts:
        text = f"{text}[{part}]" if isinstance(part, int) else (f"{text}.{part}" if text else str(part))
    return text or None


def js_module():
    """static/js/logic/records/record-schemas.js: the schemas for the phone, which has no build step to import JSON
    with."""
    lines = [
        "/**",
        " * The record schemas, made from webapp/schemas/*.schema.json by `python -m webapp.events.schemas`",
        " * (tests/test_record_schemas.py checks it is current). Do not edit: edit the JSON and run it again.",
        " */",
    ]
    for kind in KINDS:
        lines.append(f"export const {kind}Schema = {json.dumps(SCHEMAS[kind], ensure_ascii=False, indent=2)};")
    return "\n".join(lines) + "\n"


def field_table(kind):
    """The markdown table of a kind's fields for docs/api.md, from its schema."""
    schema = SCHEMAS[kind]
    rows = ["| key | type | rule |", "| --- | --- | --- |"]
    for key, rule in schema["properties"].items():
        kind_of = rule.get("type", "any")
        kind_of = " or ".join(kind_of) if isinstance(kind_of, list) else kind_of
        limits = [rule["description"]]
        if "enum" in rule:
            limits.append("one of " + ", ".join(f"`{json.dumps(value)}`" for value in rule["enum"]))
        if "minLength" in rule or "maxLength" in rule:
            limits.append(f"{rule.get('minLength', 0)} to {rule['maxLength']} characters")
        if "minimum" in rule:
            limits.append(f"from {rule['minimum']:,} to {rule['maximum']:,}")
        if "format" in rule:
            limits.append(f"format `{rule['format']}`")
        if "pattern" in rule:
            limits.append(f"pattern `{rule['pattern']}`")
        if "maxItems" in rule:
            item = rule["items"]
            if item.get("type") == "object":  # a list of small objects: each of their fields
                fields = ", ".join(
                    f"`{name}`{' (required)' if name in item.get('required', []) else ''}: {part['description']}"
                    for name, part in item["properties"].items()
                )
                limits.append(f"at most {rule['maxItems']} items, each an object of {fields}")
            else:
                limits.append(
                    f"at most {rule['maxItems']} items, each different, each {item['minLength']} to "
                    f"{item['maxLength']} characters of format `{item['format']}`"
                )
        kind_of = "one of the values" if "enum" in rule and "type" not in rule else kind_of
        required = " (required)" if key in schema.get("required", []) else ""
        rows.append(f"| `{key}`{required} | {kind_of} | {'; '.join(limits)} |")
    return "\n".join(rows)


if __name__ == "__main__":
    JS_MODULE.write_text(js_module(), encoding="utf-8")
    print(f"wrote {JS_MODULE}")
