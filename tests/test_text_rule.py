"""Issue 24: the one text rule on the phone's forms: unreadable text is refused at its field before anything is
stored (the same rule the server applies), and text typed in another normalization is stored as NFC."""

import pytest
from helpers import call_module

BASE = {"player": "Ann", "rulesetId": "azrm-2026", "rulingId": "r_east_early_chombo", "at": "2026-11-23T14:05:00Z"}


@pytest.mark.parametrize(
    "field, value",
    [
        ("player", "\u202eeerefeR daeH"),
        ("player", "\u200b\u200b"),
        ("note", "half \ud83c"),
        ("session", "R\u20661"),
        ("table", "3\u0007"),
    ],
)
def test_an_incident_form_refuses_unreadable_text_at_its_field(tmp_path, field, value):
    [result] = call_module("logic/log.js", "makeIncident", [[{**BASE, field: value}]], tmp_path)
    assert result == {"errors": {field: "unreadable"}}


def test_an_incident_form_keeps_line_breaks_in_a_note_and_stores_nfc(tmp_path):
    [result] = call_module(
        "logic/log.js", "makeIncident", [[{**BASE, "player": "Le\u0301a", "note": "one\ntwo"}]], tmp_path
    )
    assert (result["incident"]["player"], result["incident"]["note"]) == ("L\u00e9a", "one\ntwo")


def test_a_name_of_200_emoji_fits_and_201_does_not(tmp_path):
    fits, too_long = call_module(
        "logic/log.js",
        "makeIncident",
        [[{**BASE, "player": "\U0001f004" * 200}], [{**BASE, "player": "\U0001f004" * 201}]],
        tmp_path,
    )
    assert "incident" in fits and too_long == {"errors": {"player": "too_long"}}


@pytest.mark.parametrize(
    "values, field",
    [
        ({"name": "\u2067Ann"}, "name"),
        ({"name": "\u200b \ufeff"}, "name"),
        ({"name": "Ann", "club": "Club\u202e"}, "club"),
        ({"name": "Ann", "number": "A\u000b12"}, "number"),
    ],
)
def test_a_roster_form_refuses_unreadable_text(tmp_path, values, field):
    [result] = call_module("logic/roster-data.js", "playerFromForm", [[values, {"eventId": "cup"}, []]], tmp_path)
    assert result == {"errors": {field: "unreadable"}}


def test_a_roster_name_is_stored_as_nfc(tmp_path):
    [result] = call_module(
        "logic/roster-data.js", "playerFromForm", [[{"name": "Le\u0301a"}, {"eventId": "cup"}, []]], tmp_path
    )
    assert result["player"]["name"] == "L\u00e9a"


def test_an_event_form_refuses_an_unreadable_name_or_session(tmp_path):
    found = call_module(
        "logic/roster-data.js",
        "eventFromForm",
        [[{"name": "\u202eCup", "sessions": "R1"}], [{"name": "Cup", "sessions": "R1\n\u200b"}]],
        tmp_path,
    )
    assert [result["errors"] for result in found] == [{"name": "unreadable"}, {"sessions": "unreadable"}]
