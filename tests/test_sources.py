"""Rule content is the project's own wording: no sentence of a seed document appears verbatim."""
import re

from helpers import ROOT

SEEDS = ROOT.parent / "shared" / "seeds"
PROJECT_TEXT = sorted(
    list((ROOT / "rulesets").glob("*.yaml")) + list((ROOT / "translations").glob("*/LC_MESSAGES/*.po"))
    + list((ROOT / "webapp").rglob("*.html")) + list((ROOT / "webapp").rglob("*.py"))
)


def normalise(text):
    return re.sub(r"\s+", " ", re.sub(r"[“”\"'’«»]", "", text)).strip().lower()


def sentences(text):
    """Full sentences of at least eight words; headings and short phrases may be cited or shared."""
    for line in text.splitlines():
        for piece in re.findall(r"[^.!?]+[.!?]", line):
            piece = normalise(piece)
            if len(piece.split()) >= 8:
                yield piece


def test_no_seed_sentence_is_copied():
    assert SEEDS.exists(), "the seed documents must be beside the checkout, in ../shared/seeds"
    project = normalise(" ".join(p.read_text(encoding="utf-8") for p in PROJECT_TEXT))
    copied = [s for seed in SEEDS.glob("*.txt") for s in sentences(seed.read_text(encoding="utf-8")) if s in project]
    assert copied == []
