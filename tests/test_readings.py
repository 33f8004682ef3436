"""The readings table: rulesets/READINGS.md is written from the ruleset files and is current."""

from helpers import ruleset_document

from webapp.rules import readings_doc


def test_readings_table_is_current():
    assert readings_doc.main(["--check"]) == 0, "run: python -m webapp.rules.readings_doc"


def test_readings_table_lists_every_reading(app):
    table = readings_doc.render()
    for ruleset_id in app.extensions["rulesets"].ids():
        data = ruleset_document(app, ruleset_id, "en")
        for reading_id in data.get("readings", {}):
            assert f"| `{reading_id}` |" in table, (ruleset_id, reading_id)
