"""The one format of the case files under tests/cases, and the one matcher.

A case file is a YAML list of cases, each of one shape:

    - name: a sentence saying what the case shows (unique within its subject and ruleset: the test's id)
      ruleset: the id of the ruleset whose data the module runs with
      given: what the module is given
      expect: what its result must contain

A file's subject is its folder under tests/cases (`engine/<ruleset>.yaml`), else its name (`calculator.yaml`): it
says which pure module runs the case and how `given` becomes its call (`tests/case_runner.mjs`):

    engine       walk(ruleset, given.answers)                         -> {trail, at}
    calculator   the calculator over given.start, given.event and given.steps -> {table, steps, warnings}
    discipline   disciplineStatus(given.strikes, ruleset.discipline, given.today, given.earlier: the days suspensions
                 given outside the log started on)
    lateness     a lateness typed as given.late ("10:01") or timed by the clock (given.clock: {started, arrived}),
                 counted as the event says (given.event: started or completed) or by the ruleset's default
                 -> {seconds, minutes, answers, counting: {rule, from}, at: where the wizard stands after the answers}
    player_record  playerRecord({ruleset, incidents, applied, who: given.player (a name, or {name, suspensions}),
                 session, at}), with Node in the time zone given.tz (the device's), so a case shows which local day
                 an incident falls on
    table_history  a table's history from given.event (or a stored given.legacy), then given.ops (add, undo, redo,
                 impact) -> {history, table, list, undone, impacts, problems}
    search       the search screen's answer in the ruleset to given.query, with the rulesets, incident tags and
                 synonyms of given.language -> {first_three: {ruling id: true, ...}}
    possible_duplicates  mightBeSamePerson(a, b) for each of given.pairs -> [reason or null], or
                 possibleDuplicates(given.players, given.apart) -> [{first, second, reason}]

`expect` is matched by `subset_matches`: a mapping needs each of its keys, a list each of its items in order and no
more, anything else equality. YAML dates and times are compared as ISO text.
"""

import datetime
import json
import os
import subprocess
import tempfile
from pathlib import Path

import yaml
from flask_babel import force_locale
from helpers import NODE, ROOT, rulesets_in

from webapp.i18n.ui_strings import client_strings

CASES = ROOT / "tests" / "cases"
RUNNER = ROOT / "tests" / "case_runner.mjs"
SUBJECTS = (
    "engine",
    "calculator",
    "discipline",
    "lateness",
    "player_record",
    "table_history",
    "search",
    "possible_duplicates",
)
SYNONYMS = ROOT / "webapp" / "static" / "data" / "synonyms.json"
SHAPE = {"name", "ruleset", "given", "expect"}


def plain(value):
    """The value as JSON has it: YAML's dates and times as ISO text (2026-05-01T10:00:00+00:00)."""
    return json.loads(
        json.dumps(value, default=lambda v: v.isoformat() if isinstance(v, (datetime.date, datetime.time)) else str(v))
    )


def subject_of(path):
    relative = path.relative_to(CASES)
    return relative.parts[0] if len(relative.parts) > 1 else path.stem


def case_paths(subject=None):
    paths = sorted(CASES.rglob("*.yaml"))
    return [path for path in paths if subject is None or subject_of(path) == subject]


def load(subject=None):
    """Every case of one subject (or of all), each with its `subject` and `file`, in the files' order."""
    found = []
    for path in case_paths(subject):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            found.append({**plain(case), "subject": subject_of(path), "file": path.relative_to(ROOT).as_posix()})
    return found


def search_languages(app, cases):
    """For the search cases: every ruleset and the incident tags' labels in each language they use, and the synonyms."""
    languages = {}
    for lang in sorted({case["given"]["language"] for case in cases if case["subject"] == "search"}):
        with app.test_request_context(), force_locale(lang):
            tags = client_strings()["tags"]
        languages[lang] = {"rulesets": rulesets_in(app, lang), "tags": tags}
    return {"synonyms": json.loads(SYNONYMS.read_text(encoding="utf-8")), "languages": languages}


def run(app, cases):
    """Run the cases in Node with every ruleset as the client assembles it (in English; a search case in its own
    language); one result per case. Cases that name a time zone (given.tz) run in a Node of that zone, the others in
    UTC."""
    results = [None] * len(cases)
    zones = {}
    for index, case in enumerate(cases):
        zones.setdefault(case["given"].get("tz", "UTC") if isinstance(case["given"], dict) else "UTC", []).append(index)
    with tempfile.TemporaryDirectory() as tmp:
        rulesets, search = Path(tmp) / "rulesets.json", Path(tmp) / "search.json"
        rulesets.write_text(json.dumps(rulesets_in(app, "en")), encoding="utf-8")
        search.write_text(json.dumps(search_languages(app, cases)), encoding="utf-8")
        for zone, indexes in zones.items():
            requests = Path(tmp) / "cases.json"
            requests.write_text(
                json.dumps([{key: cases[index][key] for key in ("subject", "ruleset", "given")} for index in indexes]),
                encoding="utf-8",
            )
            output = subprocess.run(
                [*NODE, str(RUNNER), str(rulesets), str(requests), str(search)],
                check=True,
                capture_output=True,
                text=True,
                env={**os.environ, "TZ": zone},
            ).stdout
            for index, result in zip(indexes, json.loads(output)):
                results[index] = result
    return results


def subset_matches(actual, expected, path="result"):
    """Assert that actual holds everything expected says, naming the first place where it does not."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{path}: expected a mapping, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{path}.{key}: missing (has {sorted(actual)})"
            subset_matches(actual[key], value, f"{path}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), (
            f"{path}: expected {len(expected)} items, got {actual!r}"
        )
        for index, item in enumerate(expected):
            subset_matches(actual[index], item, f"{path}[{index}]")
    else:
        assert actual == expected, f"{path}: {actual!r} != {expected!r}"
