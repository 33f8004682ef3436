"""The tab's one model in Node: each part read once until a change names it; an older read never kept."""

import json
import subprocess

from helpers import NODE, ROOT


def run_model():
    output = subprocess.run(
        [
            *NODE,
            str(ROOT / "tests" / "model_runner.mjs"),
            str(ROOT / "webapp" / "static" / "js" / "model" / "model.js"),
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    return json.loads(output)


def test_an_older_read_finishing_last_is_not_kept_as_the_current_one():
    """Two renders' loads overlap around another tab's change and the older read of the log ends last: every load,
    and the one after, shows the newer log, and a load with nothing changed reads nothing and gives the same object."""
    shown = run_model()
    assert {key: shown[key] for key in ("reads", "second", "first", "next", "same")} == {
        "reads": 2,
        "second": 2,
        "first": 2,
        "next": 2,
        "same": True,
    }


def test_a_change_forgets_only_the_parts_it_names():
    """An incident's change reads the log again, not the settings; another ruleset's table is nothing to this model;
    its own table is read again. Listeners hear which parts changed."""
    shown = run_model()
    assert shown["settingsReads"] == 1
    assert shown["tableReads"] == 2
    assert shown["changes"] == [["log"], [], ["table:wrc-2015"]]


def test_a_part_being_read_is_not_held_until_its_read_ends():
    """The log screen asks whether the log is held to draw from it at once: a log still being read in the background
    (which waits behind the screen) counted as held, and a filter then waited for it for ever."""
    assert run_model()["holds"] == [False, True]
