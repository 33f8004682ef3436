"""rulesets/READINGS.md: every reading the rulings rest on, tabled from the ruleset files so the two never disagree.

`python -m webapp.rules.readings_doc` rewrites the file; `--check` only says whether it is current, as a test does.
"""

import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "rulesets" / "READINGS.md"
INTRO = """# Readings

Where a ruling's penalty, numbers or next steps rest on something its source does not state, the ruling says so on
screen, under "How this app reads the source": what the source leaves open, the reading the app takes, and where that
reading comes from. This table lists every one, per ruleset. It is written from the ruleset files
by `python -m webapp.rules.readings_doc` (a test fails when it is not current); edit the `readings` of the ruleset
files, not this file.
"""


def _cell(text):
    """Text fit for a table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def _where(data, reading_id):
    """The rulings that show one reading: every ruling of a penalty kind that lists it, and the rulings that do."""
    kinds = [kind for kind, spec in data["penalties"].items() if reading_id in spec.get("readings", [])]
    rulings = [ruling_id for ruling_id, ruling in data["rulings"].items() if reading_id in ruling.get("readings", [])]
    parts = [f"every {data['penalties'][kind]['label']} ruling (`{kind}`)" for kind in kinds]
    parts += [f"`{ruling_id}` {data['rulings'][ruling_id]['title']}" for ruling_id in rulings]
    return "; ".join(parts)


def render(ruleset_dir=ROOT / "rulesets"):
    """The whole file, from every ruleset in the folder."""
    lines = [INTRO]
    for path in sorted(Path(ruleset_dir).glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        readings = data.get("readings", {})
        lines.append(f"\n## {data['name']} (`{data['id']}`)\n")
        if not readings:
            lines.append("No reading recorded yet.\n")
            continue
        lines.append("| reading | rulings | what the source leaves open | the reading | its origin |")
        lines.append("| --- | --- | --- | --- | --- |")
        for reading_id, reading in readings.items():
            lines.append(
                f"| `{reading_id}` | {_cell(_where(data, reading_id))} | {_cell(reading['open'])} | "
                f"{_cell(reading['reading'])} | {_cell(reading['origin'])} |"
            )
    return "\n".join(lines) + "\n"


def main(argv=None):
    """Rewrite rulesets/READINGS.md, or with --check exit 1 when it is not current."""
    argv = sys.argv[1:] if argv is None else argv
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    wanted = render()
    if "--check" in argv:
        print(
            "READINGS.md: current"
            if current == wanted
            else "READINGS.md: not current; run python -m webapp.rules.readings_doc"
        )
        return 0 if current == wanted else 1
    TARGET.write_text(wanted, encoding="utf-8")
    print("READINGS.md: written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
