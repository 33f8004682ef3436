"""Keep the translation catalogs in step with the sources: `python -m webapp.i18n.translate` (no app needed).

A string whose English changed keeps its old translation, marked fuzzy for a translator to review (`#| msgid` shows
the old English); the app never shows a fuzzy translation. A ruleset's string is matched by its path in the YAML
file (rulings.r_late.title), which stays put when the English changes; a UI string, which has no such path, by
Babel's matching of similar msgids.
"""

import copy
import datetime
from importlib import metadata
from pathlib import Path

import yaml
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from ..rules.schema import format_path, text_strings
from .catalogs import TRANSLATED, UI_DOMAIN, po_path

PACKAGE = Path(__file__).resolve().parent.parent  # webapp/: the UI strings of every package and the templates
ROOT = PACKAGE.parent
PROJECT = "Mahjong Referee"
TEAM = "the Mahjong Referee project"
LANGUAGE_TEAMS = {"fr": "French", "it": "Italian"}


def ui_template():
    """Extract the UI strings of the Python modules and templates."""
    catalog = Catalog(project="mahjong-referee", domain=UI_DOMAIN)
    method_map = [("**.py", "python"), ("templates/**.html", "jinja2"), ("templates/**.js", "jinja2")]
    for filename, lineno, message, comments, context in extract_from_dir(
        PACKAGE,
        method_map,
        keywords={**DEFAULT_KEYWORDS, "_l": None, "lazy_gettext": None},
        comment_tags=("I18N:",),
        strip_comment_tags=True,
    ):
        catalog.add(message, locations=[(f"webapp/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def ruleset_template(path):
    """Extract a ruleset's strings, each with its node path as the translator's comment."""
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    catalog = Catalog(project="mahjong-referee", domain=Path(path).stem)
    for node_path, text in text_strings(data):
        existing = catalog.get(text)
        comments = (existing.auto_comments if existing else []) + [format_path(node_path)]
        catalog.add(text, locations=[(f"rulesets/{Path(path).name}", 0)], auto_comments=comments)
    return catalog


def new_catalog(lang, domain, now=None):
    """An empty catalog with the project's header, not marked fuzzy, so `pybabel compile` compiles it as it is."""
    now = now or datetime.datetime.now(datetime.UTC).replace(second=0, microsecond=0)
    try:
        version = metadata.version("mahjong-referee")
    except metadata.PackageNotFoundError:
        version = ""
    catalog = Catalog(
        locale=lang,
        domain=domain,
        project=PROJECT,
        version=version,
        copyright_holder=TEAM,
        msgid_bugs_address=TEAM,
        last_translator=TEAM,
        language_team=f"{LANGUAGE_TEAMS[lang]} ({TEAM})",
        creation_date=now,
        revision_date=now,
        fuzzy=False,
    )
    catalog.header_comment = (
        f"# {LANGUAGE_TEAMS[lang]} translations for {PROJECT} ({domain}).\n"
        f"# Copyright (C) {now.year} {TEAM}\n"
        f"# This file is distributed under the same license as the {PROJECT} project.\n#"
    )
    return catalog


def _keep_changed_by_path(before, catalog):
    """Give each untranslated string the translation its YAML path had before, marked fuzzy for review."""
    by_path = {}
    for message in before:
        if message.id and message.string:
            for path in message.auto_comments:
                by_path.setdefault(path, message)
    for message in catalog:
        if not message.id or message.string:
            continue
        for path in message.auto_comments:
            old = by_path.get(path)
            if old is not None and old.id != message.id:
                message.string = old.string
                message.flags.add("fuzzy")
                message.previous_id = [old.id]
                break


def merge(template, target, lang):
    """Bring one language's catalog in step with its template, keeping translations (a changed string's as fuzzy)."""
    if target.exists():
        with target.open("rb") as handle:
            catalog = read_po(handle)
        template.creation_date = catalog.creation_date  # unchanged strings must leave the file unchanged
    else:
        catalog = new_catalog(lang, template.domain)
        template.creation_date = catalog.creation_date
    before = list(catalog)
    by_path = template.domain != UI_DOMAIN
    # Babel puts the template's own new messages into the catalog: each language gets its copy of the template.
    catalog.update(copy.deepcopy(template), no_fuzzy_matching=by_path)
    if by_path:
        _keep_changed_by_path(before, catalog)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        # No line numbers: a catalog changes only when its strings do, so parallel edits of the sources merge cleanly.
        write_po(
            handle,
            catalog,
            width=100,
            omit_header=False,
            ignore_obsolete=True,
            include_lineno=False,
            include_previous=True,
        )
    return catalog


def update(ruleset_files=None, root=ROOT / "translations", ui=True):
    """Extract UI and ruleset strings, and merge them into the French and Italian catalogs."""
    files = ruleset_files if ruleset_files is not None else sorted((ROOT / "rulesets").glob("*.yaml"))
    templates = ([ui_template()] if ui else []) + [ruleset_template(Path(p)) for p in files]
    for template in templates:
        for lang in TRANSLATED:
            catalog = merge(template, po_path(root, lang, template.domain), lang)
            empty = sum(1 for m in catalog if m.id and not m.string)
            fuzzy = sum(1 for m in catalog if m.id and m.string and m.fuzzy)
            if empty or fuzzy:
                print(f"{template.domain} [{lang}]: {empty} untranslated, {fuzzy} fuzzy (to review)")


def main(argv=None):
    """`python -m webapp.i18n.translate` updates every catalog; `--only FILE...` only those rulesets' catalogs."""
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
