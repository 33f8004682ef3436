"""A table's shape and start come from its ruleset's data (table-state.js, hand-scoring.js in Node): the scores it
keeps, where they start, the fields it has, the event settings it needs, and the fields each form asks."""

import json

import pytest
from helpers import call_module, ruleset_ids, rulesets_in


@pytest.fixture(scope="module")
def rulesets(app):
    return rulesets_in(app, "en")


def call(tmp_path, module, function, *calls):
    return call_module(module, function, [list(args) for args in calls], tmp_path)


STARTS = [
    ("wrc-2015", {}, 30000, 0),
    ("azrm-2026", {}, 25000, 0),
    ("tsumo-quebec", {}, None, "absent"),
    ("tsumo-quebec", {"start": 25000}, 25000, "absent"),
    ("mcr-ema-2014", {}, 0, 0),
    ("mcr-ema-2014", {"start": 500}, 0, 0),
    ("wsom", {}, "absent", "absent"),
]


@pytest.fixture(scope="module")
def new_tables(rulesets, tmp_path_factory):
    return call(
        tmp_path_factory.mktemp("tables"),
        "logic/calculator.js",
        "newTable",
        *[(rulesets[ruleset_id], event) for ruleset_id, event, _, _ in STARTS],
    )


@pytest.mark.parametrize("index", range(len(STARTS)), ids=[f"{r}-{e}" for r, e, _, _ in STARTS])
def test_starting_scores_come_from_the_data_or_the_event(new_tables, index):
    _, _, table, tournament = STARTS[index]
    new = new_tables[index]
    seats = new["seats"]
    assert [seat.get("table", "absent") for seat in seats] == [table] * 4
    assert [seat.get("tournament", "absent") for seat in seats] == [tournament] * 4
    assert (new["dealer"], new["honba"], new["pot"]) == (0, 0, 0)


def test_a_bad_event_setting_is_not_taken(rulesets, tmp_path):
    [new] = call(
        tmp_path, "logic/calculator.js", "newTable", (rulesets["tsumo-quebec"], {"start": "25 000", "stick": -5})
    )
    assert new["event"] == {} and new["seats"][0]["table"] is None
    [read] = call(
        tmp_path,
        "logic/calculator.js",
        "readEventSettings",
        (rulesets["tsumo-quebec"], {"start": 25000, "counter": {"ron": 300}, "dealer_stays": "always"}),
    )
    assert read == {"errors": {"counter": "not_number", "dealer_stays": "choose_one"}}


def test_event_settings_a_ruleset_leaves_to_the_event(rulesets, tmp_path):
    expected = {
        "wrc-2015": [],
        "azrm-2026": [],
        "mcr-ema-2014": [],
        "wsom": [],
        "tsumo-quebec": ["start", "stick", "counter", "noten_total", "dealer_stays"],
    }
    ids = sorted(expected)
    assert call(tmp_path, "logic/calculator.js", "eventSettingsNeeded", *[(rulesets[i],) for i in ids]) == [
        expected[i] for i in ids
    ]


FEATURES = [
    (
        "wrc-2015",
        {
            "scores": ["table", "tournament"],
            "riichi": True,
            "counters": True,
            "pot": True,
            "winScoring": True,
            "endHanchan": True,
            "hanchanScores": True,
            "newSession": False,
            "penaltyTiles": False,
            "strikes": False,
        },
    ),
    ("azrm-2026", {"scores": ["table", "tournament"], "riichi": True, "hanchanScores": False, "strikes": True}),
    ("tsumo-quebec", {"scores": ["table"], "riichi": True, "counters": True, "progressive": False}),
    (
        "mcr-ema-2014",
        {
            "scores": ["table", "tournament"],
            "riichi": False,
            "counters": False,
            "pot": False,
            "winScoring": True,
            "drawScoring": False,
            "newSession": True,
            "progressive": True,
            "substitute": True,
        },
    ),
    (
        "wsom",
        {
            "scores": [],
            "riichi": False,
            "counters": False,
            "pot": False,
            "winScoring": False,
            "drawScoring": False,
            "penaltyTiles": True,
            "deadHand": True,
        },
    ),
]


def test_a_table_has_only_the_fields_its_ruleset_has(rulesets, tmp_path):
    found = call(
        tmp_path, "logic/calculator.js", "tableFeatures", *[(rulesets[ruleset_id],) for ruleset_id, _ in FEATURES]
    )
    for features, (ruleset_id, expected) in zip(found, FEATURES):
        assert {key: features[key] for key in expected} == expected, ruleset_id


def names(fields):
    return [field["name"] for field in fields]


def test_the_win_form_asks_only_what_this_win_needs(rulesets, tmp_path):
    wrc, tsumo = rulesets["wrc-2015"], rulesets["tsumo-quebec"]
    [table] = call(tmp_path, "logic/calculator.js", "newTable", (wrc, {}))
    ron, dealer_tsumo, other_tsumo, unknown, kan, daisangen = call(
        tmp_path,
        "logic/calculator.js",
        "winFields",
        (wrc, table, {"how": "ron"}),
        (wrc, table, {"how": "tsumo", "winner": 0}),
        (wrc, table, {"how": "tsumo", "winner": "2"}),
        (wrc, table, {}),
        (tsumo, table, {"liable": 3, "liability": "r_risky_kan_feed", "how": "ron"}),
        (tsumo, table, {"liable": 2, "liability": "r_risky_daisangen"}),
    )
    assert names(ron) == ["winner", "how", "discarder", "value"]
    assert names(dealer_tsumo) == ["winner", "how", "value_each"]
    assert names(other_tsumo) == ["winner", "how", "value_dealer", "value_others"]
    assert names(unknown) == ["winner", "how"]
    assert names(kan) == ["winner", "liable", "how", "value_dealer", "value_others"], "no discarder after a kan fed"
    assert kan[2] == {"name": "how", "kind": "choice", "required": True, "options": ["tsumo"], "fixed": True}
    assert names(daisangen) == ["winner", "liable", "how"] and daisangen[2]["options"] == ["ron", "tsumo"]


def test_the_draw_form_fixes_dead_hands_and_known_noten_players(rulesets, tmp_path):
    wrc = rulesets["wrc-2015"]
    [table] = call(tmp_path, "logic/calculator.js", "newTable", (wrc, {}))
    table["seats"][1]["deadHand"] = True
    [fields] = call(tmp_path, "logic/calculator.js", "drawFields", (wrc, table, {"noten": [3]}))
    assert [field["name"] for field in fields] == ["tenpai.0", "tenpai.1", "tenpai.2", "tenpai.3"]
    assert [field["fixed"] for field in fields] == [False, True, False, True]


ASKS = [
    ("wrc-2015", "r_late", ["offender", "minutes"]),
    ("wrc-2015", "r_phone", ["offender", "points"]),
    ("wrc-2015", "r_dead_call_declared", ["offender", "riichi_call"]),
    ("mcr-ema-2014", "r_call_not_completed", ["offender", "counts"]),
    ("azrm-2026", "r_wrong_count", ["offender", "counts"]),
    ("azrm-2026", "r_score_unrecoverable", []),
    ("tsumo-quebec", "r_risky_daisangen", ["offender"]),
    ("wsom", "r_deal_exposed_more", ["offender", "tiles"]),
    ("mcr-ema-2014", "r_obstruction", ["offender", "points", "chosen"]),
]


def test_a_ruling_asks_only_what_it_needs(rulesets, tmp_path):
    calls = [(rulesets[r], rulesets[r]["rulings"][ruling]) for r, ruling, _ in ASKS]
    fields = call(tmp_path, "logic/calculator.js", "inputFields", *calls)
    asked = call(tmp_path, "logic/calculator.js", "neededInputs", *calls)
    for (_ruleset_id, ruling, expected), found, form in zip(ASKS, fields, asked):
        assert names(found) == expected, ruling
        assert form == [name for name in expected if name != "counts"], ruling  # the log gives the counts


def test_the_referees_choice_is_asked_as_optional_fields(rulesets, tmp_path):
    """MCR obstructive play: points from 10 to 60 that may be left empty, and a dead hand to tick."""
    mcr = rulesets["mcr-ema-2014"]
    [fields] = call(tmp_path, "logic/calculator.js", "formFields", (mcr, mcr["rulings"]["r_obstruction"]))
    by_name = {field["name"]: field for field in fields}
    assert by_name["offender"]["required"] is True
    assert by_name["points"] == {
        "name": "points",
        "kind": "number",
        "required": False,
        "decimals": 0,
        "min": 10,
        "max": 60,
        "optional": True,
    }
    assert by_name["chosen"] == {"name": "chosen", "kind": "choices", "required": False, "options": ["dead_hand"]}


def test_every_ruleset_is_covered(rulesets):
    assert sorted(rulesets) == ruleset_ids()


def test_ruleset_scoring_data_is_served(rulesets):
    """The origin texts reach the page, translated, with the figures beside them."""
    wrc = rulesets["wrc-2015"]["scoring"]
    assert wrc["riichi"]["counter"] == {"ron": 300, "tsumo_each": 100}
    assert "outside section 7" in wrc["hanchan"]["origin"] and "outside section 7" in wrc["riichi"]["origin"]
    assert json.dumps(rulesets["tsumo-quebec"]["scoring"]["riichi"]).count('"event"') == 4
