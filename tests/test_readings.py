"""The readings table: rulesets/READINGS.md is written from the ruleset files and is current."""
from webapp import readings_doc


def test_readings_table_is_current():
    assert readings_doc.main(["--check"]) == 0, "run: python -m webapp.readings_doc"


def test_readings_table_lists_every_reading(app):
    table = readings_doc.render()
    for ruleset_id in app.extensions["rulesets"].ids():
        import json
        data = json.loads(app.extensions["rulesets"].get(ruleset_id, "en").body)
        for reading_id in data.get("readings", {}):
            assert f"| `{reading_id}` |" in table, (ruleset_id, reading_id)
