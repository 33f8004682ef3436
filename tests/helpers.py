"""Helpers shared by the tests: compiled rulesets and the engine run in Node."""
import json
import subprocess
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
ENGINE_RUNNER = ROOT / "tests" / "engine_runner.mjs"
NODE = ["node", "--experimental-detect-module", "--no-warnings"]


def ruleset_ids():
    return sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml"))


def case_file(ruleset_id):
    path = ROOT / "tests" / "cases" / f"{ruleset_id}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {}


def run_engine(app, ruleset_id, lang, answer_lists, tmp_path):
    """Walk each list of answers with the real engine module in Node; return what it reached and every ruling's path."""
    compiled = app.extensions["rulesets"].get(ruleset_id, lang)
    data = tmp_path / f"{ruleset_id}-{lang}.json"
    data.write_bytes(compiled.body)
    request = tmp_path / f"{ruleset_id}-{lang}-answers.json"
    request.write_text(json.dumps(answer_lists))
    output = subprocess.run([*NODE, str(ENGINE_RUNNER), str(data), str(request)],
                            check=True, capture_output=True, text=True).stdout
    return json.loads(output)


def call_module(module, function, calls, tmp_path):
    """Call one exported function of a client module (path under webapp/static/js) in Node, once per argument list."""
    args = tmp_path / f"{function}-calls.json"
    args.write_text(json.dumps(calls, default=str))
    output = subprocess.run([*NODE, str(ROOT / "tests" / "call_runner.mjs"), str(ROOT / "webapp" / "static" / "js" / module),
                             function, str(args)], check=True, capture_output=True, text=True).stdout
    return json.loads(output)
