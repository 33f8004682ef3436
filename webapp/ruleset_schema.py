"""The ruleset format's checks: every problem is reported with its path, so a file can be fixed in one pass."""
import re

from .effects import check_effect
from .tags import TAGS

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")
NODE_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
APP_PAGES = {"log", "glossary", "data", "static"}  # /<lang>/<page> URLs that are not rulesets
RESERVED_SEGMENTS = {"ruling", "table", "compare", "search", "browse", "log"}

# Keys whose string (or list of strings) values a referee reads, so they are translated.
TEXT_KEYS = {
    "name", "short_name", "label", "summary", "question", "help", "title", "scores",
    "next_steps", "exceptions", "judgement", "ambiguity", "section", "unit", "edition_note", "document",
}
REQUIRED_TOP = ("id", "name", "edition", "date", "source", "penalties", "start", "incidents", "rulings")


def is_text(key, value):
    """Whether a field holds translatable text: a string, or a list of strings, under a text key."""
    return key in TEXT_KEYS and (isinstance(value, str) or (
        isinstance(value, list) and bool(value) and all(isinstance(item, str) for item in value)))


def text_strings(data, path=""):
    """Yield (path, text) for every translatable string, with the path a translator sees."""
    if isinstance(data, dict):
        for key, value in data.items():
            child = f"{path}.{key}" if path else str(key)
            if is_text(key, value) and isinstance(value, str):
                yield child, value
            elif is_text(key, value):
                for index, item in enumerate(value):
                    yield f"{child}[{index}]", item
            else:
                yield from text_strings(value, child)
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from text_strings(item, f"{path}[{index}]")


class Problems:
    """Collects problems as 'file: path: message' lines."""

    def __init__(self, filename):
        self.filename = filename
        self.lines = []

    def add(self, path, message):
        self.lines.append(f"{self.filename}: {path}: {message}")


def validate(data, filename, stem, translations):
    """Return the list of problems in one parsed ruleset; empty means valid."""
    problems = Problems(filename)
    if not isinstance(data, dict):
        problems.add("(top)", "a ruleset must be a mapping")
        return problems.lines
    for key in REQUIRED_TOP:
        if key not in data:
            problems.add(key, "missing")
    if problems.lines:
        return problems.lines
    if data["id"] != stem:
        problems.add("id", f"'{data['id']}' must match the file name '{stem}'")
    if not ID_PATTERN.match(str(data["id"])) or data["id"] in APP_PAGES:
        problems.add("id", f"use lower-case letters, digits and hyphens, and none of {', '.join(sorted(APP_PAGES))}")
    _check_text_values(data, problems)
    _check_source(data["source"], problems)
    _check_penalties(data["penalties"], problems)
    _check_scoring(data, problems)
    _check_discipline(data, problems)
    _check_tree(data, problems)
    _check_coverage(data, problems)
    _check_translations(data, translations, problems)
    return problems.lines


def _check_text_values(data, problems, path=""):
    """Text fields hold text: a number there would be read as a position in the compiled string table."""
    if isinstance(data, dict):
        for key, value in data.items():
            child = f"{path}.{key}" if path else str(key)
            if key in TEXT_KEYS and (isinstance(value, (int, float, bool)) or (
                    isinstance(value, list) and any(isinstance(item, (int, float, bool)) for item in value))):
                problems.add(child, "must be text (put quotes around a number)")
            else:
                _check_text_values(value, problems, child)
    elif isinstance(data, list):
        for index, item in enumerate(data):
            _check_text_values(item, problems, f"{path}[{index}]")


def _check_source(source, problems):
    if not isinstance(source, dict):
        problems.add("source", "must be a mapping")
        return
    for key in ("document", "language"):
        if not source.get(key):
            problems.add(f"source.{key}", "missing")
    _check_groups(source.get("groups"), problems)


def _check_groups(groups, problems):
    """Optional layout of the source for the reference view: labelled groups of item ids, by prefix."""
    if groups is None:
        return
    if not isinstance(groups, list):
        problems.add("source.groups", "must be a list of {label, match}")
        return
    for index, group in enumerate(groups):
        path = f"source.groups[{index}]"
        if not isinstance(group, dict) or not isinstance(group.get("label"), str) or not group["label"]:
            problems.add(f"{path}.label", "missing")
        match = group.get("match") if isinstance(group, dict) else None
        if not isinstance(match, list) or not match or not all(isinstance(m, str) and m for m in match):
            problems.add(f"{path}.match", "must list item ids or id prefixes")


def _check_scoring(data, problems):
    """The calculator reads these: where penalties go, and the progressive scale any ruling relies on."""
    scoring = data.get("scoring", {})
    if not isinstance(scoring, dict):
        problems.add("scoring", "must be a mapping")
        return
    if scoring.get("penalty_from", "tournament") not in ("tournament", "table"):
        problems.add("scoring.penalty_from", "must be 'tournament' or 'table'")
    start = (scoring.get("table") or {}).get("start")
    if start is not None and not isinstance(start, int):
        problems.add("scoring.table.start", "must be a whole number")
    uses_scale = any(
        effect.get("type") == "progressive"
        for spec in list((data.get("penalties") or {}).values()) + list((data.get("rulings") or {}).values())
        if isinstance(spec, dict)
        for effect in spec.get("effects", []) if isinstance(effect, dict)
    )
    scale = data.get("progressive")
    if uses_scale and not (isinstance(scale, dict) and scale.get("steps")
                           and all(isinstance(step, int) for step in scale["steps"])):
        problems.add("progressive.steps", "rulings use the progressive scale, so it needs whole-number steps")


def _check_discipline(data, problems):
    """Strike thresholds, as whole numbers, when a ruleset counts strikes towards suspensions and bans."""
    discipline = data.get("discipline")
    if discipline is None:
        return
    suspension = discipline.get("suspension") if isinstance(discipline, dict) else None
    keys = ("strikes_in_a_day", "strikes_in_window", "window_days", "length_days")
    if not isinstance(suspension, dict):
        problems.add("discipline.suspension", "missing")
        return
    for key in keys:
        if not isinstance(suspension.get(key), int):
            problems.add(f"discipline.suspension.{key}", "must be a whole number")
    if not isinstance(discipline.get("ban_after_suspensions"), int):
        problems.add("discipline.ban_after_suspensions", "must be a whole number")


def _check_penalties(penalties, problems):
    if not isinstance(penalties, dict) or not penalties:
        problems.add("penalties", "must map penalty kind ids to their definitions")
        return
    for kind, spec in penalties.items():
        path = f"penalties.{kind}"
        if not isinstance(spec, dict) or not spec.get("label"):
            problems.add(f"{path}.label", "missing")
            continue
        _check_effects(spec.get("effects", []), f"{path}.effects", problems)


def _check_effects(effects, path, problems):
    if not isinstance(effects, list):
        problems.add(path, "must be a list of effects")
        return
    for index, effect in enumerate(effects):
        for message in check_effect(effect):
            problems.add(f"{path}[{index}]", message)


def _targets(node):
    """Yield (path suffix, target id) for each way out of a question node."""
    for index, option in enumerate(node.get("options") or []):
        if isinstance(option, dict):
            yield f"options[{index}].next", option.get("next")
    for index, branch in enumerate(node.get("branches") or []):
        if isinstance(branch, dict):
            yield f"branches[{index}].next", branch.get("next")


def _check_tree(data, problems):
    incidents, rulings = data["incidents"], data["rulings"]
    if not isinstance(incidents, dict) or not isinstance(rulings, dict):
        problems.add("incidents", "incidents and rulings must be mappings")
        return
    for node_id in list(incidents) + list(rulings):
        if not NODE_PATTERN.match(str(node_id)):
            problems.add(node_id, "node ids use lower-case letters, digits and underscores")
    for shared in set(incidents) & set(rulings):
        problems.add(f"rulings.{shared}", "the id is also used by a question")
    if data["start"] not in incidents:
        problems.add("start", f"no question '{data['start']}'")
    for node_id, node in incidents.items():
        _check_question(node_id, node, incidents, rulings, problems)
    for ruling_id, ruling in rulings.items():
        _check_ruling(ruling_id, ruling, data["penalties"], problems)
    _check_reachability(data, problems)


def _check_question(node_id, node, incidents, rulings, problems):
    path = f"incidents.{node_id}"
    if not isinstance(node, dict):
        problems.add(path, "must be a mapping")
        return
    if not node.get("question"):
        problems.add(f"{path}.question", "missing")
    options, number = node.get("options"), node.get("number")
    if bool(options) == bool(number):
        problems.add(path, "a question has either options or a number, never both or neither")
    if options:
        seen = set()
        for index, option in enumerate(options):
            where = f"{path}.options[{index}]"
            if not isinstance(option, dict):
                problems.add(where, "must be a mapping")
                continue
            option_id = option.get("id")
            if not option_id or not ID_PATTERN.match(str(option_id)) or option_id in RESERVED_SEGMENTS:
                problems.add(f"{where}.id", "needs a lower-case id made of letters, digits and hyphens, not a reserved word")
            elif option_id in seen:
                problems.add(f"{where}.id", f"'{option_id}' is used twice in this question")
            seen.add(option_id)
            if not option.get("label"):
                problems.add(f"{where}.label", "missing")
    if number:
        _check_number(path, node, problems)
    for suffix, target in _targets(node):
        if not target:
            problems.add(f"{path}.{suffix}", "missing")
        elif target not in incidents and target not in rulings:
            problems.add(f"{path}.{suffix}", f"no node '{target}'")


def _check_number(path, node, problems):
    number = node["number"]
    if not isinstance(number, dict) or not isinstance(number.get("min"), int) or not isinstance(number.get("max"), int):
        problems.add(f"{path}.number", "needs whole-number min and max")
        return
    branches = node.get("branches") or []
    if not branches:
        problems.add(f"{path}.branches", "a number question needs branches")
        return
    last = number["min"] - 1
    for index, branch in enumerate(branches):
        upto = branch.get("upto")
        if index == len(branches) - 1:
            if upto is not None:
                problems.add(f"{path}.branches[{index}]", "the last branch takes every larger number: leave out 'upto'")
        elif not isinstance(upto, int) or upto <= last:
            problems.add(f"{path}.branches[{index}].upto", "must be a whole number larger than the branch before")
        else:
            last = upto


def _check_ruling(ruling_id, ruling, penalties, problems):
    path = f"rulings.{ruling_id}"
    if not isinstance(ruling, dict):
        problems.add(path, "must be a mapping")
        return
    for key in ("title", "scores", "next_steps"):
        if not ruling.get(key):
            problems.add(f"{path}.{key}", "missing")
    if not ruling.get("section"):
        problems.add(f"{path}.section", "a ruling must name the section of the source it comes from")
    if ruling.get("penalty") not in penalties:
        problems.add(f"{path}.penalty", f"unknown penalty kind '{ruling.get('penalty')}'")
    if ruling.get("tag") not in TAGS:
        problems.add(f"{path}.tag", f"unknown incident tag '{ruling.get('tag')}'")
    _check_effects(ruling.get("effects", []), f"{path}.effects", problems)
    for key in ("exceptions", "judgement"):
        value = ruling.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            problems.add(f"{path}.{key}", "must be a list of sentences")


def _check_reachability(data, problems):
    """Every node must be reachable from the start, and every path must end in a ruling."""
    incidents, rulings = data["incidents"], data["rulings"]
    seen, stack, on_path = set(), [], set()

    def visit(node_id):
        if node_id in on_path:
            problems.add(f"incidents.{node_id}", "is part of a loop")
            return
        if node_id in seen:
            return
        seen.add(node_id)
        node = incidents.get(node_id)
        if not isinstance(node, dict):
            return
        on_path.add(node_id)
        stack.append(node_id)
        targets = [target for _, target in _targets(node) if target]
        if not targets:
            problems.add(f"incidents.{node_id}", "the path ends here without a ruling")
        for target in targets:
            if target in incidents or target in rulings:
                visit(target)
        stack.pop()
        on_path.discard(node_id)

    if data["start"] in incidents:
        visit(data["start"])
    for node_id in incidents:
        if node_id not in seen:
            problems.add(f"incidents.{node_id}", "unreachable from the start question")
    for ruling_id in rulings:
        if ruling_id not in seen:
            problems.add(f"rulings.{ruling_id}", "unreachable from the start question")


def _check_coverage(data, problems):
    """Every item of the source has a ruling, and every ruling cites items that exist."""
    items = data["source"].get("items", {}) if isinstance(data["source"], dict) else {}
    if not isinstance(items, dict):
        problems.add("source.items", "must map item ids to where they stand in the source")
        return
    covered = set()
    for ruling_id, ruling in (data["rulings"] or {}).items():
        if not isinstance(ruling, dict):
            continue
        for index, item in enumerate(ruling.get("covers", [])):
            if item not in items:
                problems.add(f"rulings.{ruling_id}.covers[{index}]", f"no source item '{item}'")
            covered.add(item)
    for item in items:
        if item not in covered:
            problems.add(f"source.items.{item}", "no ruling covers this item of the source")


def _check_translations(data, translations, problems):
    for lang, table in translations.items():
        for path, text in text_strings(_without_items(data)):
            if text not in table:
                problems.add(path, f"no {lang} translation")


def _without_items(data):
    """The ruleset without its coverage map, whose entries are references, not text."""
    source = {k: v for k, v in data["source"].items() if k != "items"} if isinstance(data["source"], dict) else {}
    return {**data, "source": source}
