"""The Japanese, Chinese and table terms search must know, and the rulings each must find (Node and browser tests)."""

from helpers import ruleset_document, ruleset_ids

# Each term a referee may type, and the rulings it must find: by incident tag (every ruling with it, in every
# ruleset) and by explicit "ruleset:ruling" ids.
TERMS = {
    "kuikae": {"tags": ["swap-calling"]},
    # Chombo also finds the false wins, the incident other rulesets (MCR, WSOM) penalise without naming chombo.
    "chombo": {"penalty": "chombo", "tags": ["false-win"]},
    "chonbo": {"penalty": "chombo", "tags": ["false-win"]},
    "false hu": {"tags": ["false-win"]},
    "faux mahjong": {"tags": ["false-win"]},
    "fausse victoire": {"tags": ["false-win"]},
    "falso hu": {"tags": ["false-win"]},
    "falso mahjong": {"tags": ["false-win"]},
    "noten": {"tags": ["noten-riichi"]},
    "tenpai": {"ids": ["azrm-2026:r_false_tenpai", "azrm-2026:r_noten_when_tenpai"]},
    "taahai": {"tags": ["wrong-tile-count"]},
    "shouhai": {"tags": ["wrong-tile-count"]},
    "furiten": {"ids": ["tsumo-quebec:r_chombo_furiten_ron"]},
    "hu": {"tags": ["false-win"]},
    "pao": {"tags": ["risky-discard"]},
    "kan": {"tags": ["riichi-kan"]},
    "kong": {"tags": ["riichi-kan"]},
    "pon": {"ids": ["mcr-ema-2014:r_late_pung", "wrc-2015:r_empty_meld", "azrm-2026:r_empty_meld"]},
    "pung": {"ids": ["mcr-ema-2014:r_late_pung", "wrc-2015:r_empty_meld", "azrm-2026:r_empty_meld"]},
    "chii": {"ids": ["wrc-2015:r_empty_meld", "azrm-2026:r_empty_meld"]},
    "chow": {"ids": ["wrc-2015:r_empty_meld", "azrm-2026:r_empty_meld"]},
}


def expected_rulings(app, spec):
    """The 'ruleset:ruling' ids a term must find."""
    found = set(spec.get("ids", []))
    for ruleset_id in ruleset_ids():
        data = ruleset_document(app, ruleset_id, "en")
        for ruling_id, ruling in data["rulings"].items():
            if ruling["tag"] in spec.get("tags", []) or ruling["penalty"] == spec.get("penalty"):
                found.add(f"{ruleset_id}:{ruling_id}")
    return found
