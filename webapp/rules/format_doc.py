"""The format reference of rulesets/README.md, written from the schema so the two never disagree.

`python -m webapp.rules.format_doc` rewrites the part of the README between the markers (no app needed, so it works
while a schema change leaves the rulesets to update); `--check` only says whether it is current, as a test does.
"""

from pathlib import Path

from .schema import SCHEMA, effect_types, resolve, shapes

BEGIN = "<!-- format reference: generated from webapp/ruleset.schema.json by `python -m webapp.rules.format_doc` -->"
END = "<!-- end of the format reference -->"
README = Path(__file__).resolve().parents[2] / "rulesets" / "README.md"


def _cell(text):
    """Text fit for a table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def _code(value):
    """A key or value as code (true and false as YAML writes them)."""
    return f"`{str(value).lower() if isinstance(value, bool) else value}`"


def describe(schema, node):
    """The form of a value in words: text, whole number ≥ 0, list of *option*, `stays` / `passes`..."""
    if "$ref" in node:
        target = resolve(schema, node)
        title = target.get("title", node["$ref"].rsplit("/", 1)[-1])
        return f"*{title}*" if "properties" in target or "oneOf" in target else title
    if "enum" in node:
        return " / ".join(_code(value) for value in node["enum"])
    if "const" in node:
        return _code(node["const"])
    if "anyOf" in node:
        return " or ".join(describe(schema, option) for option in node["anyOf"])
    if "x-discriminator" in node:
        return f"a mapping with a `{node['x-discriminator']}`: one of the effect types below"
    kind = node.get("type")
    if kind == "integer":
        return "whole number" + (f" ≥ {node['minimum']}" if "minimum" in node else "")
    if kind == "number":
        return "number"
    if kind == "boolean":
        return "`true` / `false`"
    if kind == "string":
        return "string"
    if kind == "array":
        items = describe(schema, node.get("items", {}))
        if node.get("minItems") and node.get("minItems") == node.get("maxItems"):
            return f"list of {node['minItems']}: {items}"
        return f"list of {items}"
    if kind == "object" and isinstance(node.get("additionalProperties"), dict):
        return (
            f"mapping of {describe(schema, node['propertyNames'])} → {describe(schema, node['additionalProperties'])}"
        )
    return kind or "any"


def _shape(schema, name, shape):
    """One heading and table per mapping of the format."""
    required = set(shape.get("required", []))
    lines = [
        f"### {shape.get('title', name)}",
        "",
        shape["description"],
        "",
        "| key | value | required | what it holds |",
        "| --- | --- | --- | --- |",
    ]
    for key, prop in shape["properties"].items():
        lines.append(
            f"| {_code(key)} | {_cell(describe(schema, prop))} | {'yes' if key in required else ''} "
            f"| {_cell(prop['description'])} |"
        )
    rules = (
        [f"Exactly one of {', '.join(_code(key) for option in shape['oneOf'] for key in option['required'])}."]
        if "oneOf" in shape
        else []
    )
    rules += [
        f"{_code(key)} needs {', '.join(_code(other) for other in others)}."
        for key, others in shape.get("dependentRequired", {}).items()
    ]
    return lines + (["", " ".join(rules)] if rules else []) + [""]


def _values(schema):
    """The shared value forms that the tables name."""
    lines = [
        "### Values",
        "",
        "The forms of value the tables above name. **text** is what a referee reads: it is translated, and the "
        "check makes sure every language has it. A **string** is not translated (ids, dates, file names).",
        "",
        "| value | form | what it is |",
        "| --- | --- | --- |",
    ]
    for name, node in schema["$defs"].items():
        if "properties" in node or name.startswith("effect_"):
            continue
        form = describe(schema, node)
        lines.append(f"| {node.get('title', name)} | {_cell(form)} | {_cell(node['description'])} |")
    return [*lines, ""]


def _effects(schema):
    """Every effect type: where it acts, its parameters, what it means."""
    lines = [
        "### Effect types",
        "",
        "Where an effect acts: `calculator` (the score calculator applies it), `log` (the incident log counts it "
        "for escalation), or `shown` (only the ruling's text says it; nothing is counted).",
        "",
        "| type | acts on | parameters | meaning |",
        "| --- | --- | --- | --- |",
    ]
    for name, effect in effect_types(schema).items():
        parameters = (
            "<br>".join(
                f"{_code(key)}: {describe(schema, prop)}{', required' if key in effect['required'] else ''}. "
                f"{prop['description']}"
                for key, prop in effect["parameters"].items()
            )
            or "—"
        )
        lines.append(
            f"| {_code(name)} | {', '.join(effect['acts_on'])} | {_cell(parameters)} | {_cell(effect['description'])} |"
        )
    return [*lines, ""]


def render(schema=SCHEMA):
    """The whole generated reference, markers included."""
    lines = [BEGIN, ""]
    for name, shape in shapes(schema):
        if "properties" in shape and not name.startswith("effect_"):
            lines += _shape(schema, name, shape)
    lines += _effects(schema) + _values(schema) + [END]
    return "\n".join(lines)


def current(readme_text):
    """The part of the README between the markers, markers included; None when they are missing."""
    start, end = readme_text.find(BEGIN), readme_text.find(END)
    if start < 0 or end < start:
        return None
    return readme_text[start : end + len(END)]


def update(path=README):
    """Rewrite the generated part of the README; return whether it changed."""
    text = path.read_text(encoding="utf-8")
    old = current(text)
    if old is None:
        raise ValueError(f"{path}: the format reference markers are missing:\n{BEGIN}\n{END}")
    new_text = text.replace(old, render())
    if new_text != text:
        path.write_text(new_text, encoding="utf-8")
    return new_text != text


def main(argv=None):
    """Rewrite the format reference of rulesets/README.md from the schema; with --check, exit 1 when it is stale."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when the README is not current")
    args = parser.parse_args(argv)
    if args.check:
        stale = current(README.read_text(encoding="utf-8")) != render()
        print(
            f"{README.name}: the format reference is {'stale' if stale else 'current'}",
            file=sys.stderr if stale else sys.stdout,
        )
        sys.exit(1 if stale else 0)
    print(f"{README.name}: {'updated' if update() else 'already current'}")


if __name__ == "__main__":
    main()
