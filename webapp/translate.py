"""Keep the translation catalogs in step with the sources: `python -m webapp.translate` (no app needed)."""
from pathlib import Path

import yaml
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from .catalogs import TRANSLATED, UI_DOMAIN, po_path, untranslated
from .ruleset_schema import format_path, text_strings

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent


def _ui_template():
    """Extract the UI strings of the Python modules and templates."""
    catalog = Catalog(project="mahjong-referee", domain=UI_DOMAIN)
    package = PACKAGE
    method_map = [("**.py", "python"), ("templates/**.html", "jinja2"), ("templates/**.js", "jinja2")]
    for filename, lineno, message, comments, context in extract_from_dir(
        package, method_map, keywords={**DEFAULT_KEYWORDS, "_l": None, "lazy_gettext": None},
        comment_tags=("I18N:",), strip_comment_tags=True,
    ):
        catalog.add(message, locations=[(f"webapp/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def _ruleset_template(path):
    """Extract a ruleset's strings, each with its node path as the translator's comment."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data = {**data, "source": {k: v for k, v in data["source"].items() if k != "items"}}
    catalog = Catalog(project="mahjong-referee", domain=path.stem)
    for node_path, text in text_strings(data):
        existing = catalog.get(text)
        comments = (existing.auto_comments if existing else []) + [format_path(node_path)]
        catalog.add(text, locations=[(f"rulesets/{path.name}", 0)], auto_comments=comments)
    return catalog


def _merge(template, target):
    """Bring one language's catalog in step with its template, keeping existing translations."""
    if target.exists():
        with target.open("rb") as handle:
            catalog = read_po(handle)
        template.creation_date = catalog.creation_date  # unchanged strings must leave the file unchanged
        catalog.update(template, no_fuzzy_matching=True)
    else:
        catalog = Catalog(locale=target.parent.parent.name, domain=template.domain)
        catalog.update(template, no_fuzzy_matching=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        # No line numbers: a catalog changes only when its strings do, so parallel edits of the sources merge cleanly.
        write_po(handle, catalog, width=100, omit_header=False, ignore_obsolete=True, include_lineno=False)


def update(ruleset_files=None, root=ROOT / "translations", ui=True):
    """Extract UI and ruleset strings, and merge them into the French and Italian catalogs."""
    files = ruleset_files if ruleset_files is not None else sorted((ROOT / "rulesets").glob("*.yaml"))
    templates = ([_ui_template()] if ui else []) + [_ruleset_template(Path(p)) for p in files]
    for template in templates:
        for lang in TRANSLATED:
            _merge(template, po_path(root, lang, template.domain))
        gaps = untranslated(root, template.domain)
        for lang, ids in gaps.items():
            print(f"{template.domain} [{lang}]: {len(ids)} untranslated")


def main(argv=None):
    """`python -m webapp.translate` updates every catalog; `--only FILE...` only those rulesets' catalogs."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--only", nargs="+", metavar="RULESET_FILE", help="update only these rulesets' catalogs")
    args = parser.parse_args(argv)
    if args.only:
        update(args.only, ui=False)
    else:
        update()


if __name__ == "__main__":
    main()
