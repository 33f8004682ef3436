"""The reference view's grouping, run in Node as the browser runs it: every ruling listed, in the source's layout."""

import pytest
from helpers import ROOT, call_module, ruleset_document, ruleset_ids


def browse_groups(app, tmp_path, rulesets):
    """browseGroups() of the client's pure module for each given (ruleset id, language)."""
    calls = [[ruleset_document(app, ruleset_id, lang)] for ruleset_id, lang in rulesets]
    return call_module("logic/browse.js", "browseGroups", calls, tmp_path)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_ruling_in_source_order(app, tmp_path, ruleset_id):
    data = ruleset_document(app, ruleset_id, "en")
    [groups] = browse_groups(app, tmp_path, [(ruleset_id, "en")])
    listed = [ruling for group in groups for ruling in group["rulings"]]
    assert set(listed) == set(data["rulings"])
    if not data["source"].get("groups"):
        assert len(listed) == len(data["rulings"])
        assert all(group["label"] for group in groups)
    # Within a group, rulings follow the order of the source items they cover.
    order = {item: index for index, item in enumerate(data["source"]["item_order"])}
    for group in groups:
        firsts = [min((order[i] for i in data["rulings"][r]["covers"]), default=None) for r in group["rulings"]]
        known = [f for f in firsts if f is not None]
        if not data["source"].get("groups"):
            assert known == sorted(known), group["label"]


def test_mcr_reads_as_its_three_columns(app, tmp_path):
    """The columns come from source.groups in the YAML, in each language, with the rows in table order."""
    results = browse_groups(app, tmp_path, [("mcr-ema-2014", lang) for lang in ("en", "fr", "it")])
    for groups in results:
        assert [group["key"] for group in groups] == ["group-0", "group-1", "group-2"]
    en, fr, _ = results
    assert [group["label"] for group in en] == ["Warning or progressive penalty", "Dead hand", "Penalty points"]
    assert fr[1]["label"] == "Main morte"
    columns = {group["key"]: group["rulings"] for group in en}
    assert columns["group-2"].index("r_late_10") < columns["group-2"].index("r_late_15")
    assert "r_type_session_lost" in columns["group-2"]  # no covered item: filed with its section's row
    assert "r_wrong_end_seen" in columns["group-0"] and "r_wrong_end_seen" in columns["group-1"]
    assert "r_false_hu_concealed" in columns["group-1"]


def test_source_groups_are_checked():
    """A malformed layout is reported with its path, like every other ruleset problem."""
    import yaml

    from webapp.rules.checks import validate

    data = yaml.safe_load((ROOT / "rulesets" / "mcr-ema-2014.yaml").read_text(encoding="utf-8"))
    data["source"]["groups"] = [{"label": "", "match": []}, {"label": "Dead hand", "match": ["d-", 3]}]
    problems = validate(data, "rulesets/mcr-ema-2014.yaml", "mcr-ema-2014")
    assert "rulesets/mcr-ema-2014.yaml: source.groups[0].label: must not be empty" in problems
    assert any(p.startswith("rulesets/mcr-ema-2014.yaml: source.groups[0].match:") for p in problems)
    assert any(p.startswith("rulesets/mcr-ema-2014.yaml: source.groups[1].match[1]:") for p in problems)
    data["source"]["groups"] = [{"label": "Dead hand", "match": ["d-"]}]
    assert validate(data, "rulesets/mcr-ema-2014.yaml", "mcr-ema-2014") == []
