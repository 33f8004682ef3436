"""Issue 34: WSOM's rulings about penalty tiles in general (where they go, discarding them, melds, winning, special
hands) or about tiles turning dead were headed "Live penalty tiles"; they are headed by a penalty that says live or
dead."""

from pathlib import Path

import yaml

RULESET = Path(__file__).resolve().parents[1] / "rulesets" / "wsom.yaml"


def test_no_ruling_about_dead_or_any_penalty_tiles_is_headed_live():
    data = yaml.safe_load(RULESET.read_text(encoding="utf-8"))
    assert data["penalties"]["live_tiles"]["label"] == "Live penalty tiles"  # the heading the issue saw
    about_dead_or_any = {
        ruling_id: ruling
        for ruling_id, ruling in data["rulings"].items()
        if ruling_id.startswith("r_pt_")
        or any(
            effect.get("type") == "penalty_tiles" and effect.get("state") == "dead"
            for effect in ruling.get("effects", []) or []
            if isinstance(effect, dict)
        )
    }
    assert len(about_dead_or_any) >= 5
    headed_live = [ruling_id for ruling_id, ruling in about_dead_or_any.items() if ruling["penalty"] == "live_tiles"]
    assert headed_live == []
