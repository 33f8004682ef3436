"""Rule content is the project's own wording: no sentence of a source document appears verbatim.

The sources are not in the repository; their fingerprints are (`tests/source_fingerprints.py` says how to update them).
"""

from helpers import ROOT
from source_fingerprints import copied, fingerprint, load, project_runs

PROJECT_TEXT = sorted(
    list((ROOT / "rulesets").glob("*.yaml"))
    + list((ROOT / "translations").glob("*/LC_MESSAGES/*.po"))
    + list((ROOT / "webapp").rglob("*.html"))
    + list((ROOT / "webapp").rglob("*.py"))
)


def test_no_source_sentence_is_copied():
    fingerprints = load()
    assert len(fingerprints) >= 5 and all(fingerprints.values()), "every source has fingerprinted sentences"
    runs = project_runs(path.read_text(encoding="utf-8") for path in PROJECT_TEXT)
    assert copied(fingerprints, runs) == []


def test_a_copied_sentence_is_found_and_a_reworded_one_is_not():
    """The check itself, on a made-up source: a sentence copied whole is found, whatever the quotes and case."""
    source = (
        "Heading without a stop\nIf a player exposes a tile, the player pays the penalty of ten points. Short one.\n"
    )
    fingerprints = {"made-up.txt": fingerprint(source)}
    assert len(fingerprints["made-up.txt"]) == 1  # the heading and the short sentence are not fingerprinted
    copy = "ruling: “If a Player exposes a tile, the player pays the penalty of ten points”"
    reworded = "If a player exposes a tile, the player pays a penalty of ten points."
    assert copied(fingerprints, project_runs([copy])) == [("made-up.txt", 1)]
    assert copied(fingerprints, project_runs([reworded])) == []
