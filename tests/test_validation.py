"""Ruleset validation: deliberately broken rulesets give one clear line each, with file and path."""
import os
import shutil
import subprocess
import sys

import pytest
import yaml

from helpers import ROOT
from webapp import create_app
from webapp.ruleset_store import RulesetError, check_rulesets

FILE = "rulesets/wrc-2015.yaml"


@pytest.fixture
def workspace(tmp_path):
    """A copy of the WRC ruleset and all catalogs, to break at will."""
    (tmp_path / "rulesets").mkdir()
    shutil.copy(ROOT / FILE, tmp_path / FILE)
    shutil.copytree(ROOT / "translations", tmp_path / "translations", ignore=shutil.ignore_patterns("*.mo"))
    return tmp_path


def problems_after(workspace, mutate):
    path = workspace / FILE
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    mutate(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return check_rulesets(workspace / "rulesets", workspace / "translations")[2]


def reported(problems, path, message_start):
    """Whether a problem at exactly this path starts with this message."""
    return any(line.startswith(f"{FILE}: {path}: {message_start}") for line in problems)


def test_the_shipped_ruleset_is_valid(workspace):
    assert problems_after(workspace, lambda data: None) == []


def test_unknown_next_node(workspace):
    def mutate(data):
        data["incidents"]["empty_call"]["options"][1]["next"] = "chombo_shown"
    assert f"{FILE}: incidents.empty_call.options[1].next: no node 'chombo_shown'" in problems_after(workspace, mutate)


def test_number_where_text_belongs(workspace):
    def mutate(data):
        data["rulings"]["r_empty_meld"]["title"] = 12
        data["rulings"]["r_empty_meld"]["judgement"] = ["fine", 3]
    problems = problems_after(workspace, mutate)
    assert f"{FILE}: rulings.r_empty_meld.title: must be text, not a number (put quotes around it)" in problems
    assert f"{FILE}: rulings.r_empty_meld.judgement[1]: must be text, not a number (put quotes around it)" in problems


def test_unreachable_ruling(workspace):
    def mutate(data):
        data["rulings"]["r_orphan"] = dict(data["rulings"]["r_empty_meld"], covers=[])
    assert f"{FILE}: rulings.r_orphan: unreachable from the start question" in problems_after(workspace, mutate)


def test_unreachable_question(workspace):
    def mutate(data):
        data["incidents"]["lonely"] = dict(data["incidents"]["false_win"])
    assert f"{FILE}: incidents.lonely: unreachable from the start question" in problems_after(workspace, mutate)


def test_path_without_ruling(workspace):
    def mutate(data):
        data["incidents"]["false_win"]["options"] = []
    assert f"{FILE}: incidents.false_win: the path ends here without a ruling" in problems_after(workspace, mutate)


def test_loop(workspace):
    def mutate(data):
        data["incidents"]["chombo_moment"]["options"][0]["next"] = "false_win"
    assert f"{FILE}: incidents.false_win: is part of a loop" in problems_after(workspace, mutate)


def test_ruling_without_section(workspace):
    def mutate(data):
        del data["rulings"]["r_false_win_shown"]["section"]
    found = problems_after(workspace, mutate)
    assert f"{FILE}: rulings.r_false_win_shown.section: a ruling must name the section of the source it comes from" in found


def test_unknown_penalty_kind(workspace):
    def mutate(data):
        data["rulings"]["r_false_win_shown"]["penalty"] = "mangan"
    assert reported(problems_after(workspace, mutate), "rulings.r_false_win_shown.penalty",
                    "unknown penalty kind 'mangan' (allowed: none, point, dead_hand, chombo,")


def test_untranslated_string(workspace):
    def mutate(data):
        data["rulings"]["r_empty_meld"]["title"] = "A sentence nobody translated"
    found = problems_after(workspace, mutate)
    assert f"{FILE}: rulings.r_empty_meld.title: no fr translation" in found
    assert f"{FILE}: rulings.r_empty_meld.title: no it translation" in found


def test_unknown_effect_and_tag(workspace):
    def mutate(data):
        data["rulings"]["r_empty_meld"]["effects"] = [{"type": "mangan_payment"}]
        data["rulings"]["r_empty_meld"]["tag"] = "nope"
    found = problems_after(workspace, mutate)
    assert reported(found, "rulings.r_empty_meld.effects[0].type", "unknown effect type 'mangan_payment' (")
    assert reported(found, "rulings.r_empty_meld.tag", "unknown incident tag 'nope'")


def test_uncovered_source_item(workspace):
    def mutate(data):
        data["source"]["items"]["forgotten"] = "A rule nobody encoded"
    assert f"{FILE}: source.items.forgotten: no ruling covers this item of the source" in problems_after(workspace, mutate)


def test_invalid_number_branches(workspace):
    def mutate(data):
        data["incidents"]["late_minutes"]["branches"][0]["upto"] = 0
    assert f"{FILE}: incidents.late_minutes.branches[0].upto: must be a whole number larger than the branch before" \
        in problems_after(workspace, mutate)


def test_create_app_refuses_invalid_ruleset(workspace):
    problems_after(workspace, lambda data: data["rulings"]["r_false_win_shown"].update(penalty="mangan"))
    with pytest.raises(RulesetError) as error:
        create_app({"RULESET_DIR": str(workspace / "rulesets")})
    assert "rulesets/wrc-2015.yaml: rulings.r_false_win_shown.penalty" in str(error.value)


def test_start_up_stops_with_file_and_path(workspace):
    """`flask run` on an invalid ruleset exits with the problem, naming file and path."""
    problems_after(workspace, lambda data: data["incidents"]["empty_call"]["options"][1].update(next="chombo_shown"))
    env = {**os.environ, "FLASK_RULESET_DIR": str(workspace / "rulesets")}
    result = subprocess.run([sys.executable, "-m", "flask", "--app", "app", "run", "--port", "0"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "rulesets/wrc-2015.yaml: incidents.empty_call.options[1].next: no node 'chombo_shown'" in result.stderr


def test_check_command_on_valid_rulesets():
    result = subprocess.run([sys.executable, "-m", "flask", "--app", "app", "rulesets", "check"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "wrc-2015" in result.stdout
