"""Fingerprints of the source documents, so the test that no source sentence is copied runs without the sources.

The sources (the rule documents the rulesets are written from) live outside the repository. What the test needs is
kept in `tests/source_fingerprints.json`: for each sentence of eight words or more, the hashes of its runs of eight
consecutive words, never the words themselves. A sentence counts as copied when every one of its runs appears in the
project's text.

When a source changes or a new one is added, a maintainer regenerates the file from the folder of sources:

    .venv/bin/python tests/source_fingerprints.py ../shared/seeds          # rewrite tests/source_fingerprints.json
    .venv/bin/python tests/source_fingerprints.py ../shared/seeds --check  # exit 1 if the file is not current
"""

import hashlib
import json
import re
import sys
from pathlib import Path

RUN = 8  # words per run: shorter phrases (headings, table words) may be shared with a source
FINGERPRINTS = Path(__file__).with_name("source_fingerprints.json")
ROOT = Path(__file__).resolve().parent.parent


def words(text):
    """The words of a text, lower-case, quotes and punctuation dropped (l’ordre is l, ordre)."""
    return re.findall(r"\w+", text.lower())


def sentences(text):
    """The source's full sentences (ending in . ! or ?) of at least RUN words, line by line, as lists of words.

    Headings and list entries without a final stop may be cited, as the rulesets cite section titles: a contents
    line's dot leaders and a section number's point (2.2) do not end a sentence.
    """
    for line in text.splitlines():
        line = re.sub(r"\.{2,}", " ", line)
        for piece in re.split(r"(?<=[.!?])[\"'’”»)]*\s+", line.strip()):
            found = words(piece)
            if re.search(r"[.!?][\"'’”»)]*$", piece) and len(found) >= RUN:
                yield found


def run_hashes(word_list):
    """The hash of each run of RUN consecutive words, in order."""
    return [
        hashlib.sha256(" ".join(word_list[i : i + RUN]).encode()).hexdigest()[:16]
        for i in range(len(word_list) - RUN + 1)
    ]


def fingerprint(text):
    """Each sentence of a source as the list of its runs' hashes."""
    return [run_hashes(sentence) for sentence in sentences(text)]


def project_runs(texts):
    """Every run hash of the project's texts, each text read as one stream of words."""
    found = set()
    for text in texts:
        found.update(run_hashes(words(text)))
    return found


def copied(fingerprints, runs):
    """The (source, sentence number) of every fingerprinted sentence whose runs all appear in the project's runs."""
    return [
        (source, number)
        for source, sentences_ in sorted(fingerprints.items())
        for number, hashes in enumerate(sentences_, 1)
        if hashes and all(h in runs for h in hashes)
    ]


def build(seeds: Path):
    """Fingerprint every *.txt source in the folder."""
    return {
        "run": RUN,
        "sources": {path.name: fingerprint(path.read_text(encoding="utf-8")) for path in sorted(seeds.glob("*.txt"))},
    }


def load():
    """The stored fingerprints: {source file name: [[run hash, ...] per sentence]}."""
    return json.loads(FINGERPRINTS.read_text(encoding="utf-8"))["sources"]


def _dump(data):
    """One sentence a line, so a changed source shows as a readable diff."""
    lines = ["{", f'"run": {data["run"]},', '"sources": {']
    for index, (name, sentences_) in enumerate(sorted(data["sources"].items())):
        lines.append(f"{json.dumps(name)}: [")
        lines += [json.dumps(hashes) + ("," if n < len(sentences_) - 1 else "") for n, hashes in enumerate(sentences_)]
        lines.append("]" + ("," if index < len(data["sources"]) - 1 else ""))
    return "\n".join([*lines, "}", "}", ""])


def main(argv=None):
    """Rewrite (or with --check, compare) tests/source_fingerprints.json from a folder of sources."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument(
        "seeds",
        nargs="?",
        type=Path,
        default=ROOT.parent / "shared" / "seeds",
        help="the folder of source documents (*.txt); default ../shared/seeds",
    )
    parser.add_argument("--check", action="store_true", help="only say whether the stored fingerprints are current")
    args = parser.parse_args(argv)
    if not args.seeds.is_dir() or not any(args.seeds.glob("*.txt")):
        parser.error(f"{args.seeds}: no source documents (*.txt) there")
    text = _dump(build(args.seeds))
    if args.check:
        current = FINGERPRINTS.exists() and FINGERPRINTS.read_text(encoding="utf-8") == text
        print(f"{FINGERPRINTS.name} is {'current' if current else 'out of date: run without --check'}")
        return 0 if current else 1
    FINGERPRINTS.write_text(text, encoding="utf-8")
    print(
        f"{FINGERPRINTS.name}: {sum(len(s) for s in build(args.seeds)['sources'].values())} sentences "
        f"of {len(list(args.seeds.glob('*.txt')))} sources"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
