"""Ruleset validation: deliberately broken rulesets give one clear line each, with file and path."""

import copy
import datetime
import os
import shutil
import subprocess
import sys

import pytest
import yaml
from helpers import ROOT

from webapp import create_app
from webapp.rules.checks import validate
from webapp.rules.schema import path_order
from webapp.rules.store import RulesetError, check_rulesets

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
    assert (
        f"{FILE}: rulings.r_false_win_shown.section: a ruling must name the section of the source it comes from"
        in found
    )


def test_unknown_penalty_kind(workspace):
    def mutate(data):
        data["rulings"]["r_false_win_shown"]["penalty"] = "mangan"

    assert reported(
        problems_after(workspace, mutate),
        "rulings.r_false_win_shown.penalty",
        "unknown penalty kind 'mangan' (allowed: none, point, dead_hand, chombo,",
    )


def test_untranslated_string_is_a_gap_not_a_problem(workspace):
    """A new English string is no reason to refuse the file: it is a translation gap, which names catalog and path."""

    def mutate(data):
        data["rulings"]["r_empty_meld"]["title"] = "A sentence nobody translated"

    assert problems_after(workspace, mutate) == []
    gaps = [gap.line() for gap in check_rulesets(workspace / "rulesets", workspace / "translations").gaps]
    for lang in ("fr", "it"):
        assert (
            f"translations/{lang}/LC_MESSAGES/wrc-2015.po: {FILE}: rulings.r_empty_meld.title: "
            f'no {lang} translation of "A sentence nobody translated"'
        ) in gaps
    assert len(gaps) == 2


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

    assert f"{FILE}: source.items.forgotten: no ruling covers this item of the source" in problems_after(
        workspace, mutate
    )


def test_invalid_number_branches(workspace):
    def mutate(data):
        data["incidents"]["late_minutes"]["branches"][0]["upto"] = 0

    assert (
        f"{FILE}: incidents.late_minutes.branches[0].upto: must be a whole number larger than the branch before"
        in problems_after(workspace, mutate)
    )


def test_scoring_data_needed_by_the_rulings(workspace):
    """A substitute rule and riichi figures are required when rulings need them; figures name their origin."""

    def mutate(data):
        del data["scoring"]["substitute"]
        del data["scoring"]["riichi"]
        data["scoring"]["table"]["start"] = "event"

    problems = problems_after(workspace, mutate)
    assert reported(problems, "scoring.substitute", "missing: rulings bring in a substitute")
    assert reported(problems, "scoring.riichi", "missing: rulings void a riichi or lead to a win or a draw")
    assert reported(problems, "scoring.table.origin", "missing: say why the event sets the start")


def test_scoring_figures_are_checked(workspace):
    def mutate(data):
        data["scoring"]["table"]["start"] = "30 000"
        data["scoring"]["tournament"]["decimals"] = 3
        data["scoring"]["riichi"]["counter"] = {"ron": 300}
        data["scoring"]["riichi"]["dealer_stays"] = "always"
        data["rulings"]["r_riichi_open"]["effects"] = [
            {"type": "riichi_voided", "stick": "burnt"},
            {"type": "next_score"},
        ]
        data["scoring"]["hanchan"].pop("origin")

    problems = problems_after(workspace, mutate)
    assert reported(problems, "scoring.hanchan.origin", "missing")
    assert reported(problems, "scoring.table.start", "must be a whole number, or event")
    assert reported(problems, "scoring.tournament.decimals", "")
    assert reported(problems, "scoring.riichi.counter", "must be {ron, tsumo_each}")
    assert reported(problems, "scoring.riichi.dealer_stays", "must be one of: tenpai, win, event")
    assert reported(problems, "rulings.r_riichi_open.effects[0].stick", "")
    assert reported(problems, "rulings.r_riichi_open.effects[1].kind", "missing")


def test_a_table_pays_wins_one_way(workspace):
    """A hand's base (MCR) and riichi figures are two ways to pay a win: a ruleset gives one, with its origin."""

    def both(data):
        data["scoring"]["hand"] = {"base": 8, "origin": "Where the payments come from."}

    assert reported(problems_after(workspace, both), "scoring.hand", "give riichi or hand, not both")

    def wrong(data):
        data["scoring"]["hand"] = {"base": -8}

    problems = problems_after(workspace, wrong)
    assert reported(problems, "scoring.hand.base", "")
    assert reported(problems, "scoring.hand.origin", "missing")


def test_create_app_refuses_invalid_ruleset(workspace):
    problems_after(workspace, lambda data: data["rulings"]["r_false_win_shown"].update(penalty="mangan"))
    with pytest.raises(RulesetError) as error:
        create_app({"RULESET_DIR": str(workspace / "rulesets")})
    assert "rulesets/wrc-2015.yaml: rulings.r_false_win_shown.penalty" in str(error.value)


def test_start_up_stops_with_file_and_path(workspace):
    """`flask run` on an invalid ruleset exits with the problem, naming file and path."""
    problems_after(workspace, lambda data: data["incidents"]["empty_call"]["options"][1].update(next="chombo_shown"))
    env = {**os.environ, "FLASK_RULESET_DIR": str(workspace / "rulesets")}
    result = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", "run", "--port", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "rulesets/wrc-2015.yaml: incidents.empty_call.options[1].next: no node 'chombo_shown'" in result.stderr


def test_check_command_on_valid_rulesets():
    result = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", "rulesets", "check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "wrc-2015" in result.stdout


def test_yaml_date_is_reported_not_raised(workspace):
    """An unquoted date is read by YAML as a date: a message with its path, not a crash when compiling."""
    path = workspace / FILE
    path.write_text(path.read_text(encoding="utf-8").replace('date: "2015"', "date: 2015-01-01"), encoding="utf-8")
    problems = check_rulesets(workspace / "rulesets", workspace / "translations")[2]
    assert problems == [f"{FILE}: date: must be text, not a date (put quotes around it)"]


def test_unquoted_yes_as_option_id(workspace):
    def mutate(data):
        data["incidents"]["false_win"]["options"][0]["id"] = True

    assert (
        f"{FILE}: incidents.false_win.options[0].id: must be text, not true/false (put quotes around it)"
        in problems_after(workspace, mutate)
    )


def test_unknown_key_names_the_closest_allowed_one(workspace):
    def mutate(data):
        data["rulings"]["r_empty_meld"]["judgment"] = ["A misspelt key"]

    assert reported(
        problems_after(workspace, mutate),
        "rulings.r_empty_meld",
        "unknown key 'judgment' (did you mean 'judgement'? allowed: covers, effects,",
    )


def test_effect_parameters_are_checked_against_their_type(workspace):
    def mutate(data):
        data["penalties"]["chombo"]["effects"][1].update(dealer="stay", redeal="yes")
        data["rulings"]["r_empty_meld"]["effects"] = [{"type": "payment"}, {"type": "penalty_points", "per": "minute"}]

    found = problems_after(workspace, mutate)
    assert (
        f"{FILE}: penalties.chombo.effects[1].dealer: must be one of: stays, passes, passes_if_offender, normal "
        "(not 'stay')" in found
    )
    assert f"{FILE}: penalties.chombo.effects[1].redeal: must be true or false, not text" in found
    assert f"{FILE}: rulings.r_empty_meld.effects[0].amount: missing" in found
    assert f"{FILE}: rulings.r_empty_meld.effects[1]: 'per' needs 'amount' too" in found


def test_the_referees_choice_is_checked(workspace):
    """Optional effects: true or left out, a ruling's own (not a penalty kind's), at least two, each of a type the
    ruling has once."""

    def mutate(data):
        data["penalties"]["dead_hand"]["effects"][0]["optional"] = True
        data["rulings"]["r_phone"]["effects"] = [{"type": "penalty_points", "optional": False}]
        data["rulings"]["r_false_win_concealed"]["effects"] = [
            {"type": "dead_hand", "optional": True},
            {"type": "penalty_points", "range": [10, 60], "optional": True},
        ]
        data["rulings"]["r_device"]["effects"] = [
            {"type": "penalty_points", "range": [10, 60], "optional": True},
            {"type": "dead_hand", "optional": True},
        ]

    found = problems_after(workspace, mutate)
    assert reported(found, "penalties.dead_hand.effects[0].optional", "a penalty kind's effects apply to every ruling")
    assert f"{FILE}: rulings.r_phone.effects[0].optional: must be true (not false)" in found
    assert reported(
        found,
        "rulings.r_false_win_concealed.effects[0]",
        "an optional effect must be the ruling's only 'dead_hand' effect",
    )
    assert not any("r_device" in line for line in found), found  # points and/or a dead hand: valid


def test_same_hand_belongs_to_a_re_deal(workspace):
    """What a second chombo in one hand does is said on the effect that deals the hand again, in its two words."""

    def mutate(data):
        data["rulings"]["r_noten_riichi"]["effects"][0]["same_hand"] = "once"
        data["penalties"]["redeal"]["effects"][0]["same_hand"] = "twice"

    found = problems_after(workspace, mutate)
    assert reported(found, "rulings.r_noten_riichi.effects[0].same_hand", "same_hand says what a second chombo")
    assert f"{FILE}: penalties.redeal.effects[0].same_hand: must be one of: once, each (not 'twice')" in found


def test_question_with_options_and_number(workspace):
    def mutate(data):
        data["incidents"]["false_win"]["number"] = {"min": 1, "max": 3}

    found = problems_after(workspace, mutate)
    assert f"{FILE}: incidents.false_win: a question has either options or a number, never both or neither" in found
    assert f"{FILE}: incidents.false_win: 'number' needs 'branches' too" in found


def test_number_branch_past_the_maximum(workspace):
    def mutate(data):
        data["incidents"]["late_minutes"]["branches"][0]["upto"] = 300

    assert reported(
        problems_after(workspace, mutate), "incidents.late_minutes.branches[0].upto", "must be below number.max"
    )


def test_id_must_match_the_file_name(workspace):
    assert f"{FILE}: id: 'wrc' must match the file name 'wrc-2015'" in problems_after(
        workspace, lambda data: data.update(id="wrc")
    )


@pytest.mark.parametrize(
    "where,value",
    [
        (("rulings", "r_empty_meld"), "a sentence"),
        (("incidents", "false_win", "options"), {"id": "x"}),
        (("penalties", "chombo", "effects"), "none"),
        (("source",), ["a", "list"]),
        ((), None),
    ],
)
def test_a_broken_shape_is_reported_without_crashing_later_checks(workspace, where, value):
    """Checks that read a part of the file the schema found broken are skipped, so they cannot crash on it."""

    def mutate(data):
        node = data
        for key in where[:-1]:
            node = node[key]
        if where:
            node[where[-1]] = value
        else:
            data.clear()

    path = workspace / FILE
    if where:
        found = problems_after(workspace, mutate)
    else:
        path.write_text("", encoding="utf-8")
        found = check_rulesets(workspace / "rulesets", workspace / "translations")[2]
    assert found and all(line.startswith(f"{FILE}: ") for line in found)


# One place of each shape of the format, and values of every kind YAML can produce.
SHAPES = [
    (),
    ("id",),
    ("date",),
    ("source",),
    ("source", "items"),
    ("source", "items", "p-none"),
    ("scoring",),
    ("scoring", "table"),
    ("scoring", "hanchan", "uma"),
    ("penalties",),
    ("penalties", "chombo"),
    ("penalties", "chombo", "effects"),
    ("penalties", "chombo", "effects", 0),
    ("penalties", "chombo", "effects", 1, "dealer"),
    ("start",),
    ("incidents",),
    ("incidents", "false_win"),
    ("incidents", "false_win", "options"),
    ("incidents", "false_win", "options", 0),
    ("incidents", "false_win", "options", 0, "next"),
    ("incidents", "late_minutes", "number"),
    ("incidents", "late_minutes", "branches", 0),
    ("rulings",),
    ("rulings", "r_late"),
    ("rulings", "r_late", "effects", 0, "amount"),
    ("rulings", "r_late", "covers"),
    ("rulings", "r_late", "judgement"),
]
KINDS = [None, 7, -1, 2.5, "x", "", True, datetime.date(2015, 1, 1), [], [1], {}, {"a": 1}, {3: "x"}]


@pytest.mark.parametrize("value", KINDS, ids=[type(value).__name__ + str(index) for index, value in enumerate(KINDS)])
def test_any_value_anywhere_gives_messages_not_a_crash(value):
    """Whatever YAML puts in any shape of the file, validation answers with file-and-path lines."""
    original = yaml.safe_load((ROOT / FILE).read_text(encoding="utf-8"))
    # A few questions and rulings are enough (broken references are reported too), and keep this test quick.
    original["incidents"] = {key: original["incidents"][key] for key in ("incident", "false_win", "late_minutes")}
    original["rulings"] = {key: original["rulings"][key] for key in ("r_late", "r_false_win_concealed")}
    for where in SHAPES:
        data = copy.deepcopy(original)
        if where:
            node = data
            for key in where[:-1]:
                node = node[key]
            node[where[-1]] = value
        else:
            data = value
        found = validate(data, FILE, "wrc-2015")
        assert all(line.startswith(f"{FILE}: ") for line in found), (where, found)


def test_problems_are_sorted_by_path(workspace):
    def mutate(data):
        data["rulings"]["r_empty_meld"]["title"] = 12
        data["incidents"]["empty_call"]["options"][1]["nxt"] = 1
        data["scorng"] = {}
        data["incidents"]["empty_call"]["options"][0]["nxt"] = 1

    paths = [line.split(": ")[1] for line in problems_after(workspace, mutate)]
    assert paths == [
        "(top)",
        "incidents.empty_call.options[0]",
        "incidents.empty_call.options[1]",
        "rulings.r_empty_meld.title",
    ]
    assert sorted([("o", 10), ("o", 2)], key=path_order) == [("o", 2), ("o", 10)]  # positions as numbers


def test_a_file_that_is_not_utf8_is_reported(workspace):
    (workspace / FILE).write_bytes("name: Règles\n".encode("latin-1"))
    problems = check_rulesets(workspace / "rulesets", workspace / "translations")[2]
    assert problems == [f"{FILE}: (top): not UTF-8 text (byte 7); save the file as UTF-8"]


# The acceptance cases: each planted mistake is refused by the real `rulesets check`, with file and path.
PLANTED = {
    "unknown key at the top level": (lambda data: data.update(scorng={}), "(top)", "unknown key 'scorng'"),
    "unknown key in a question": (
        lambda data: data["incidents"]["false_win"].update(halp="Typo"),
        "incidents.false_win",
        "unknown key 'halp'",
    ),
    "unknown key in an option": (
        lambda data: data["incidents"]["empty_call"]["options"][1].update(nxt="r_empty_meld"),
        "incidents.empty_call.options[1]",
        "unknown key 'nxt'",
    ),
    "unknown key in a ruling": (
        lambda data: data["rulings"]["r_false_win_shown"].update(judgment=["Misspelt"]),
        "rulings.r_false_win_shown",
        "unknown key 'judgment' (did you mean 'judgement'?",
    ),
    "unknown key in a penalty": (
        lambda data: data["penalties"]["chombo"].update(judgment=["Misspelt"]),
        "penalties.chombo",
        "unknown key 'judgment'",
    ),
    "unknown key in an effect": (
        lambda data: data["penalties"]["chombo"]["effects"][0].update(amout=20),
        "penalties.chombo.effects[0]",
        "unknown key 'amout' (did you mean 'amount'?",
    ),
    "unknown effect type": (
        lambda data: data["rulings"]["r_empty_meld"].update(effects=[{"type": "mangan_payment"}]),
        "rulings.r_empty_meld.effects[0].type",
        "unknown effect type 'mangan_payment'",
    ),
    "a YAML date for text": ("date: 2015-01-01", "date", "must be text, not a date (put quotes around it)"),
    "a number for text": (
        lambda data: data["rulings"]["r_empty_meld"].update(title=12),
        "rulings.r_empty_meld.title",
        "must be text, not a number (put quotes around it)",
    ),
    "a broken reference": (
        lambda data: data["incidents"]["empty_call"]["options"][1].update(next="chombo_shown"),
        "incidents.empty_call.options[1].next",
        "no node 'chombo_shown'",
    ),
    "a referee's choice of one effect alone": (
        lambda data: data["rulings"]["r_phone"]["effects"][0].update(optional=True),
        "rulings.r_phone.effects[0].optional",
        "the referee must choose at least one optional effect, so one alone",
    ),
    "a referee's choice on an effect type that has none": (
        lambda data: data["rulings"]["r_phone"].update(
            effects=[{"type": "penalty_points", "optional": True}, {"type": "warning", "optional": True}]
        ),
        "rulings.r_phone.effects[1]",
        "unknown key 'optional'",
    ),
}


@pytest.fixture
def every_ruleset(tmp_path):
    """A copy of every ruleset and catalog, to break one at a time."""
    shutil.copytree(ROOT / "rulesets", tmp_path / "rulesets")
    shutil.copytree(ROOT / "translations", tmp_path / "translations", ignore=shutil.ignore_patterns("*.mo"))
    return tmp_path


@pytest.mark.parametrize("case", PLANTED, ids=list(PLANTED))
def test_rulesets_check_refuses_a_planted_mistake(every_ruleset, case):
    mistake, path, message = PLANTED[case]
    target = every_ruleset / FILE
    if isinstance(mistake, str):  # a line of YAML, written as an author would
        text = target.read_text(encoding="utf-8")
        assert 'date: "2015"' in text
        target.write_text(text.replace('date: "2015"', mistake), encoding="utf-8")
    else:
        data = yaml.safe_load(target.read_text(encoding="utf-8"))
        mistake(data)
        target.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    env = {
        **os.environ,
        "FLASK_RULESET_DIR": str(every_ruleset / "rulesets"),
        "FLASK_TRANSLATIONS_DIR": str(every_ruleset / "translations"),
    }
    result = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", "rulesets", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert f"{FILE}: {path}: {message}" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert all(line.startswith(f"{FILE}: ") for line in result.stderr.splitlines()[1:]), result.stderr


def test_readings_are_listed_and_exist(workspace):
    """A ruling or penalty kind lists readings that exist; a reading nobody lists would never be shown."""

    def mutate(data):
        data["readings"] = {
            "shown": {"open": "o", "reading": "r", "origin": "g"},
            "orphan": {"open": "o", "reading": "r", "origin": "g"},
        }
        data["rulings"]["r_empty_meld"]["readings"] = ["shown", "missing"]
        data["penalties"]["chombo"]["readings"] = ["shown", "shown"]

    problems = problems_after(workspace, mutate)
    assert reported(problems, "rulings.r_empty_meld.readings[1]", "no reading 'missing'")
    assert reported(problems, "readings.orphan", "no ruling or penalty kind lists this reading")
    assert reported(problems, "penalties.chombo.readings", "lists the same value twice")
    assert not reported(problems, "readings.shown", "no ruling")


def test_a_lateness_question_says_how_part_of_a_minute_counts(workspace):
    """Issue 34: a number question that leads to lateness rulings is minutes of time, with a default counting of part
    minutes stated by a reading that each of its rulings lists; a question without it, or a reading not there or not
    listed, is refused."""

    def unstated(data):
        data["incidents"]["late_minutes"]["number"]["time"]["stated_in"] = "late-ten-minutes"
        data["rulings"]["r_late_substituted"]["readings"] = ["late-minutes-count"]

    problems = problems_after(workspace, unstated)
    assert reported(problems, "incidents.late_minutes.branches[1].next", "ruling 'r_late_substituted' must list")
    assert not reported(problems, "incidents.late_minutes.branches[0].next", "ruling")

    def missing(data):
        data["incidents"]["late_minutes"]["number"]["time"] = {"part_minute": "rounded", "stated_in": "nowhere"}

    problems = problems_after(workspace, missing)
    assert reported(problems, "incidents.late_minutes.number.time.stated_in", "no reading 'nowhere'")
    assert any("incidents.late_minutes.number.time.part_minute" in line for line in problems)

    def untimed(data):  # the workspace keeps each change: this one comes last
        del data["incidents"]["late_minutes"]["number"]["time"]

    assert reported(problems_after(workspace, untimed), "incidents.late_minutes.number", "leads to the lateness ruling")


def test_words_of_the_url_grammar_are_reserved(workspace):
    """A ruleset id may not be a page of the app, nor an answer a screen's word (both from
    webapp/rules/url_grammar.py)."""
    data = yaml.safe_load((ROOT / FILE).read_text(encoding="utf-8"))
    data["id"] = "join"
    assert any(
        line.startswith("rulesets/join.yaml: id: 'join' is the URL of a page of the app")
        for line in validate(data, "rulesets/join.yaml", "join")
    )
    data = yaml.safe_load((ROOT / FILE).read_text(encoding="utf-8"))
    data["incidents"]["incident"]["options"][0]["id"] = "browse"
    assert any(
        line.startswith(f"{FILE}: incidents.incident.options[0].id: 'browse' is a word of the app's URLs")
        for line in validate(data, FILE, "wrc-2015")
    )


def test_common_incidents_are_rulings_of_the_ruleset(workspace):
    """The start screen's shortcuts (`common`) name rulings; a question, an unknown id or a repeat is refused."""

    def mutate(data):
        data["common"] = ["r_late", "incident", "r_nowhere"]

    problems = problems_after(workspace, mutate)
    assert f"{FILE}: common[1]: 'incident' is not a ruling of this ruleset" in problems
    assert f"{FILE}: common[2]: 'r_nowhere' is not a ruling of this ruleset" in problems
    assert reported(problems_after(workspace, lambda data: data.update(common=["r_late", "r_late"])), "common", "")


def test_the_source_address_is_a_full_web_address(workspace):
    def mutate(data):
        data["source"]["url"] = "worldriichi.org/rules"

    assert reported(problems_after(workspace, mutate), "source.url", "give the full public address")
    assert problems_after(workspace, lambda data: data["source"].update(url="https://example.org/rules#7")) == []
