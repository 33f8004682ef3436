"""Helpers shared by the tests: rulesets as the client assembles them, and the client's modules run in Node."""

import copy
import json
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE_RUNNER = ROOT / "tests" / "engine_runner.mjs"
NODE = ["node", "--experimental-detect-module", "--no-warnings"]


def ruleset_ids():
    return sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml"))


_ASSEMBLED = {}  # (structure file, strings file) -> every ruleset: the names carry content hashes


def rulesets_in(app, lang="en"):
    """Every ruleset, whole, in one language: the served structure and string tables put together by the client's own
    module (ruleset-data.js, in Node), so the tests read exactly what the browser reads."""
    store = app.extensions["rulesets"]
    key = (store.structure.filename, store.strings[lang].filename)
    if key not in _ASSEMBLED:
        with tempfile.TemporaryDirectory() as tmp:
            call = [json.loads(store.structure.body), json.loads(store.strings[lang].body), lang]
            _ASSEMBLED[key] = call_module("logic/ruleset-data.js", "assembleRulesets", [call], Path(tmp))[0]
    return copy.deepcopy(_ASSEMBLED[key])


def ruleset_document(app, ruleset_id, lang="en"):
    """One ruleset, whole, in one language, as the client assembles it."""
    return rulesets_in(app, lang)[ruleset_id]


def run_engine(app, ruleset_id, lang, answer_lists, tmp_path):
    """Walk each list of answers with the real engine module in Node; return what it reached and every ruling's path."""
    data = tmp_path / f"{ruleset_id}-{lang}.json"
    data.write_text(json.dumps(ruleset_document(app, ruleset_id, lang)), encoding="utf-8")
    request = tmp_path / f"{ruleset_id}-{lang}-answers.json"
    request.write_text(json.dumps(answer_lists))
    output = subprocess.run(
        [*NODE, str(ENGINE_RUNNER), str(data), str(request)], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(output)


def call_module(module, function, calls, tmp_path):
    """Call one exported function of a client module (path under webapp/static/js) in Node, once per argument list."""
    args = tmp_path / f"{function}-calls.json"
    args.write_text(json.dumps(calls, default=str))
    output = subprocess.run(
        [
            *NODE,
            str(ROOT / "tests" / "call_runner.mjs"),
            str(ROOT / "webapp" / "static" / "js" / module),
            function,
            str(args),
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(output)
