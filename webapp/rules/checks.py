"""Ruleset validation: the schema first, then what a schema cannot say (references, the tree's shape, coverage).
Every problem is reported with its file and path, so a file can be fixed in one pass. Translations are not checked
here: a missing one is a gap (`webapp/i18n/translation_gaps.py`), shown in English in development and refused by the
strict check."""

from .schema import format_path, path_order
from .schema_messages import Problem, structural_problems
from .tags import TAGS
from .url_grammar import reserved_answers, reserved_ruleset_ids

LATE = "late-arrival"  # the tag of lateness rulings: the minutes that lead to them are minutes of time


def validate(data, filename, stem):
    """Return every problem of one parsed ruleset as 'file: path: message', sorted by path; empty means valid.

    A check runs only when the schema found nothing blocking in the parts of the file it reads, so it can trust
    their shape; an unknown key or a bad id pattern does not stop it.
    """
    problems = structural_problems(data)
    blocked = {problem.path[0] if problem.path else "*" for problem in problems if problem.blocking}
    for reads, check in CHECKS:
        if blocked and ("*" in blocked or "*" in reads or blocked & set(reads)):
            continue
        problems.extend(check(data, stem))
    ordered = sorted(set((path_order(p.path), format_path(p.path), p.message) for p in problems))
    return [f"{filename}: {path}: {message}" for _, path, message in ordered]


def _check_id(data, stem):
    """The id is the file name, and no page of the app has that URL."""
    if data["id"] != stem:
        yield Problem(("id",), f"'{data['id']}' must match the file name '{stem}'")
    if data["id"] in reserved_ruleset_ids():
        yield Problem(
            ("id",),
            f"'{data['id']}' is the URL of a page of the app; choose another id "
            f"(taken: {', '.join(reserved_ruleset_ids())})",
        )


def _targets(node):
    """Yield (path suffix, target id) for each way out of a question."""
    for index, option in enumerate(node.get("options", [])):
        yield ("options", index, "next"), option["next"]
    for index, branch in enumerate(node.get("branches", [])):
        yield ("branches", index, "next"), branch["next"]


def _check_questions(data, _stem):
    """Every question leads somewhere that exists, its answers have distinct ids fit for URLs, its numbers are
    ordered."""
    incidents, rulings = data["incidents"], data["rulings"]
    if data["start"] not in incidents:
        yield Problem(("start",), f"no question '{data['start']}'")
    for shared in set(incidents) & set(rulings):
        yield Problem(("rulings", shared), "the id is also used by a question")
    for node_id, node in incidents.items():
        path = ("incidents", node_id)
        seen = set()
        for index, option in enumerate(node.get("options", [])):
            where = (*path, "options", index, "id")
            if option["id"] in reserved_answers():
                yield Problem(
                    where,
                    f"'{option['id']}' is a word of the app's URLs; choose another id "
                    f"(taken: {', '.join(reserved_answers())})",
                )
            elif option["id"] in seen:
                yield Problem(where, f"'{option['id']}' is used twice in this question")
            seen.add(option["id"])
        if "number" in node:
            yield from _check_number(path, node)
        for suffix, target in _targets(node):
            if target not in incidents and target not in rulings:
                yield Problem((*path, *suffix), f"no node '{target}'")


def _check_number(path, node):
    """Branches take rising ranges of numbers within min and max; the last takes the rest."""
    number, branches = node["number"], node["branches"]
    if number["max"] < number["min"]:
        yield Problem((*path, "number", "max"), f"must not be below min ({number['min']})")
    last = number["min"] - 1
    for index, branch in enumerate(branches):
        where = (*path, "branches", index, "upto")
        upto = branch.get("upto")
        if index == len(branches) - 1:
            if upto is not None:
                yield Problem(where, "the last branch takes every larger number: leave out 'upto'")
        elif upto is None:
            yield Problem(where, "missing: every branch but the last says the largest number it takes")
        elif upto <= last:
            yield Problem(where, "must be a whole number larger than the branch before")
        elif upto >= number["max"]:
            yield Problem(
                where, f"must be below number.max ({number['max']}), or the branches after it are never taken"
            )
        else:
            last = upto


def _check_rulings(data, _stem):
    """Every ruling names a penalty kind of the ruleset and a shared incident tag."""
    for ruling_id, ruling in data["rulings"].items():
        path = ("rulings", ruling_id)
        if ruling["penalty"] not in data["penalties"]:
            yield Problem(
                (*path, "penalty"),
                f"unknown penalty kind '{ruling['penalty']}' (allowed: {', '.join(data['penalties'])})",
            )
        if ruling["tag"] not in TAGS:
            yield Problem((*path, "tag"), f"unknown incident tag '{ruling['tag']}' (see webapp/rules/tags.py)")


def _check_reachability(data, _stem):
    """Every node is reachable from the start, no path loops, and every path ends in a ruling."""
    incidents, rulings = data["incidents"], data["rulings"]
    seen, on_path, problems = set(), set(), []

    def visit(node_id):
        if node_id in on_path:
            problems.append(Problem(("incidents", node_id), "is part of a loop"))
            return
        if node_id in seen:
            return
        seen.add(node_id)
        node = incidents.get(node_id)
        if node is None:
            return
        on_path.add(node_id)
        targets = [target for _, target in _targets(node)]
        if not targets:
            problems.append(Problem(("incidents", node_id), "the path ends here without a ruling"))
        for target in targets:
            if target in incidents or target in rulings:
                visit(target)
        on_path.discard(node_id)

    if data["start"] in incidents:
        visit(data["start"])
    problems += [
        Problem(("incidents", node_id), "unreachable from the start question")
        for node_id in incidents
        if node_id not in seen
    ]
    problems += [
        Problem(("rulings", ruling_id), "unreachable from the start question")
        for ruling_id in rulings
        if ruling_id not in seen
    ]
    return problems


def _check_scale(data, _stem):
    """A ruleset whose rulings use the progressive scale defines it."""
    specs = list(data["penalties"].values()) + list(data["rulings"].values())
    if "progressive" not in data and any(
        effect["type"] == "progressive" for spec in specs for effect in spec.get("effects", [])
    ):
        yield Problem(("progressive",), "missing: rulings use the progressive scale, so the ruleset needs one")


def _check_scoring(data, _stem):
    """What the rulings' effects need from `scoring`: a substitute rule, riichi figures, one way to pay a win (riichi
    or a hand's base, on a table score), and an origin for a start left to the event."""
    scoring = data.get("scoring", {})
    specs = list(data["penalties"].values()) + list(data["rulings"].values())
    used = {effect["type"] for spec in specs for effect in spec.get("effects", [])}
    if used & {"substitute", "session_lost"} and "substitute" not in scoring:
        yield Problem(
            ("scoring", "substitute"), "missing: rulings bring in a substitute, so say what the absent player gets"
        )
    if used & {"riichi_voided", "next_score", "liability"} and "riichi" not in scoring:
        yield Problem(
            ("scoring", "riichi"),
            "missing: rulings void a riichi or lead to a win or a draw, so the riichi figures are needed",
        )
    if "riichi" in scoring and "hand" in scoring:
        yield Problem(
            ("scoring", "hand"), "give riichi or hand, not both: a riichi table pays its wins with the riichi figures"
        )
    if "hand" in scoring and "table" not in scoring:
        yield Problem(("scoring", "table"), "missing: a hand's payments move the table score, so the ruleset needs one")
    table = scoring.get("table", {})
    if table.get("start") == "event" and "origin" not in table:
        yield Problem(("scoring", "table", "origin"), "missing: say why the event sets the start")


def _check_choices(data, _stem):
    """The referee's choices (optional effects) are a ruling's own, at least two, each of a type the ruling has once:
    the apply form asks for each by its type, and one optional effect alone would not be a choice."""
    for kind_id, kind in data["penalties"].items():
        for index, effect in enumerate(kind.get("effects", [])):
            if effect.get("optional"):
                yield Problem(
                    ("penalties", kind_id, "effects", index, "optional"),
                    "a penalty kind's effects apply to every ruling of the kind; make the effect optional "
                    "in the rulings that leave it to the referee",
                )
    for ruling_id, ruling in data["rulings"].items():
        own = ruling.get("effects", [])
        optional = [index for index, effect in enumerate(own) if effect.get("optional")]
        if len(optional) == 1:
            yield Problem(
                ("rulings", ruling_id, "effects", optional[0], "optional"),
                "the referee must choose at least one optional effect, so one alone always applies: "
                "leave out 'optional', or mark the other choices optional too",
            )
        kind = data["penalties"].get(ruling["penalty"], {})
        types = [effect["type"] for effect in kind.get("effects", []) + own]
        for index in optional:
            if types.count(own[index]["type"]) > 1:
                yield Problem(
                    ("rulings", ruling_id, "effects", index),
                    f"an optional effect must be the ruling's only '{own[index]['type']}' effect "
                    "(its penalty kind's included), so the referee's choice of it is clear",
                )


def _check_same_hand(data, _stem):
    """`same_hand` says what a second chombo in one hand does, so it belongs to an effect that deals the hand again."""
    for section in ("penalties", "rulings"):
        for node_id, node in data[section].items():
            for index, effect in enumerate(node.get("effects", [])):
                if effect["type"] == "hand" and "same_hand" in effect and effect.get("redeal") is not True:
                    yield Problem(
                        (section, node_id, "effects", index, "same_hand"),
                        "same_hand says what a second chombo in the same hand does: it needs redeal: true",
                    )


def _check_coverage(data, _stem):
    """Every item of the source has a ruling, and every ruling cites items that exist."""
    items = data["source"]["items"]
    covered = set()
    for ruling_id, ruling in data["rulings"].items():
        for index, item in enumerate(ruling.get("covers", [])):
            if item not in items:
                yield Problem(("rulings", ruling_id, "covers", index), f"no source item '{item}'")
            covered.add(item)
    for item in items:
        if item not in covered:
            yield Problem(("source", "items", item), "no ruling covers this item of the source")


def _check_readings(data, _stem):
    """Every reading a ruling or penalty kind lists exists, and every reading is listed somewhere (or it is never
    shown)."""
    readings = data.get("readings", {})
    listed = set()
    for section in ("penalties", "rulings"):
        for node_id, node in data[section].items():
            for index, reading_id in enumerate(node.get("readings", [])):
                listed.add(reading_id)
                if reading_id not in readings:
                    yield Problem((section, node_id, "readings", index), f"no reading '{reading_id}' in readings")
    in_play = (data.get("discipline") or {}).get("in_play")
    if in_play is not None and in_play not in readings:
        yield Problem(("discipline", "in_play"), f"no reading '{in_play}' in readings")
    for reading_id in readings:
        if reading_id not in listed:
            yield Problem(
                ("readings", reading_id), "no ruling or penalty kind lists this reading, so it is never shown"
            )


def _check_time(data, _stem):
    """A question of minutes of time names an existing reading for its default counting, and every ruling it leads to
    lists that reading, so the ruling says how part of a minute counts and why."""
    readings = data.get("readings", {})
    for node_id, node in data["incidents"].items():
        time = node.get("number", {}).get("time")
        if not time:
            targets = [branch["next"] for branch in node.get("branches", [])]
            late = [target for target in targets if data["rulings"].get(target, {}).get("tag") == LATE]
            if late:
                yield Problem(
                    ("incidents", node_id, "number"),
                    f"leads to the lateness ruling '{late[0]}': say how part of a minute counts with 'time'",
                )
            continue
        where = ("incidents", node_id, "number", "time", "stated_in")
        if time["stated_in"] not in readings:
            yield Problem(where, f"no reading '{time['stated_in']}' in readings")
            continue
        for index, branch in enumerate(node.get("branches", [])):
            ruling = data["rulings"].get(branch["next"])
            if ruling is not None and time["stated_in"] not in ruling.get("readings", []):
                yield Problem(
                    ("incidents", node_id, "branches", index, "next"),
                    f"ruling '{branch['next']}' must list the reading '{time['stated_in']}' "
                    "(how part of a minute counts)",
                )


def _check_common(data, _stem):
    """The common incidents are rulings of this ruleset."""
    for index, ruling_id in enumerate(data.get("common") or []):
        if ruling_id not in data["rulings"]:
            yield Problem(("common", index), f"'{ruling_id}' is not a ruling of this ruleset")


# Each check with the top-level keys it reads ("*": the whole file).
CHECKS = (
    (("id",), _check_id),
    (("common", "rulings"), _check_common),
    (("start", "incidents", "rulings"), _check_questions),
    (("rulings", "penalties"), _check_rulings),
    (("start", "incidents", "rulings"), _check_reachability),
    (("progressive", "penalties", "rulings"), _check_scale),
    (("scoring", "penalties", "rulings"), _check_scoring),
    (("penalties", "rulings"), _check_choices),
    (("penalties", "rulings"), _check_same_hand),
    (("source", "rulings"), _check_coverage),
    (("readings", "penalties", "rulings", "discipline"), _check_readings),
    (("readings", "incidents", "rulings"), _check_time),
)
