"""Coverage: every item of each source document has a ruling that the wizard reaches."""

import pytest
import yaml
from helpers import ROOT, ruleset_document, ruleset_ids, run_engine


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_source_item_has_a_reachable_ruling(app, ruleset_id, tmp_path):
    data = yaml.safe_load((ROOT / "rulesets" / f"{ruleset_id}.yaml").read_text(encoding="utf-8"))
    items = set(data["source"]["items"])
    assert items, "the coverage map is empty"
    reachable = set(run_engine(app, ruleset_id, "en", [], tmp_path)["paths"])
    covered = {item for rid, ruling in data["rulings"].items() if rid in reachable for item in ruling.get("covers", [])}
    assert sorted(items - covered) == []


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_ruling_reachable_in_every_language(app, ruleset_id, tmp_path):
    for lang in ("en", "fr", "it"):
        document = ruleset_document(app, ruleset_id, lang)
        paths = run_engine(app, ruleset_id, lang, [], tmp_path)["paths"]
        assert set(paths) == set(document["rulings"])
