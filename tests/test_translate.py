"""Updating the catalogs (`python -m webapp.i18n.translate`): a changed string keeps its old translation as fuzzy for
review, which the app never shows; a new ruleset's catalogs get the project's header, not fuzzy."""

import json
import shutil

import pytest
import yaml
from babel.messages.catalog import Catalog
from helpers import ROOT
from test_catalogs_compile import _compile

from webapp import create_app
from webapp.i18n import translate
from webapp.i18n.catalogs import load_po, po_path
from webapp.i18n.translation_gaps import MissingTranslations

FILE = "wrc-2015.yaml"
OLD = "Empty call for a chow, pung or kong"
NEW = "Empty call for a chow, a pung or a kong"


@pytest.fixture
def workspace(tmp_path):
    (tmp_path / "rulesets").mkdir()
    shutil.copy(ROOT / "rulesets" / FILE, tmp_path / "rulesets" / FILE)
    shutil.copytree(ROOT / "translations", tmp_path / "translations", ignore=shutil.ignore_patterns("*.mo"))
    return tmp_path


def change_title(workspace):
    """Change the English of one ruling's title, as an author would; return its path in the file."""
    path = workspace / "rulesets" / FILE
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["rulings"]["r_empty_meld"]["title"] == OLD
    data["rulings"]["r_empty_meld"]["title"] = NEW
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return "rulings.r_empty_meld.title"


def test_a_changed_string_keeps_its_translation_as_fuzzy(workspace):
    old = {lang: load_po(po_path(workspace / "translations", lang, "wrc-2015"))[OLD].string for lang in ("fr", "it")}
    where = change_title(workspace)
    translate.update([workspace / "rulesets" / FILE], root=workspace / "translations", ui=False)
    for lang in ("fr", "it"):
        catalog = load_po(po_path(workspace / "translations", lang, "wrc-2015"))
        message = catalog[NEW]
        assert message.fuzzy and message.string == old[lang]
        assert message.previous_id == [OLD] and where in message.auto_comments
        assert OLD not in catalog
        text = po_path(workspace / "translations", lang, "wrc-2015").read_text(encoding="utf-8")
        assert f'#| msgid "{OLD}"' in text  # the translator sees what the English was


def test_the_app_never_shows_a_fuzzy_translation(workspace, caplog):
    change_title(workspace)
    translate.update([workspace / "rulesets" / FILE], root=workspace / "translations", ui=False)
    dirs = {"RULESET_DIR": str(workspace / "rulesets"), "TRANSLATIONS_DIR": str(workspace / "translations")}
    with pytest.raises(MissingTranslations) as refused:
        create_app(dirs)
    assert [gap.state for gap in refused.value.gaps] == ["fuzzy", "fuzzy"]
    app = create_app({**dirs, "MISSING_TRANSLATIONS": "warn"})
    store = app.extensions["rulesets"]
    for lang in ("fr", "it"):
        table = json.loads(store.strings[lang].body)["wrc-2015"]
        assert NEW in table  # English, not the fuzzy translation
    assert (
        "translations/fr/LC_MESSAGES/wrc-2015.po: rulesets/wrc-2015.yaml: rulings.r_empty_meld.title: "
        f'the fr translation of "{NEW}" is fuzzy: review it'
    ) in caplog.text


def test_a_string_that_moved_and_changed_is_new(workspace):
    """Only the same path carries a translation over: a string whose path is new starts untranslated."""
    path = workspace / "rulesets" / FILE
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert "exceptions" not in data["rulings"]["r_empty_meld"]
    data["rulings"]["r_empty_meld"]["exceptions"] = ["A sentence nobody has translated yet."]
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    translate.update([path], root=workspace / "translations", ui=False)
    message = load_po(po_path(workspace / "translations", "fr", "wrc-2015"))["A sentence nobody has translated yet."]
    assert message.string == "" and not message.fuzzy


def test_a_changed_ui_string_keeps_its_translation_as_fuzzy(tmp_path):
    """UI strings have no YAML path: Babel's matching of similar msgids keeps the old translation, fuzzy."""
    target = po_path(tmp_path, "fr", "messages")
    target.parent.mkdir(parents=True)
    shutil.copy(po_path(ROOT / "translations", "fr", "messages"), target)
    old = load_po(target)["Your answers"].string
    template = Catalog(domain="messages")
    template.add("Your answers so far", locations=[("webapp/i18n/ui_strings.py", 0)])
    translate.merge(template, target, "fr")
    message = load_po(target)["Your answers so far"]
    assert message.fuzzy and message.string == old and message.previous_id == ["Your answers"]


def test_a_new_rulesets_catalogs_have_the_project_header_and_compile(tmp_path):
    """A new ruleset's catalogs are made with the project's header, not Babel's fuzzy placeholder one, so
    `pybabel compile` (without -f) compiles them."""
    shutil.copytree(ROOT / "translations", tmp_path / "translations", ignore=shutil.ignore_patterns("*.mo"))
    translate.update([ROOT / "tests" / "fixtures" / "house-rules.yaml"], root=tmp_path / "translations", ui=False)
    for lang in ("fr", "it"):
        path = po_path(tmp_path / "translations", lang, "house-rules")
        catalog, text = load_po(path), path.read_text(encoding="utf-8")
        assert not catalog.fuzzy and "PROJECT" not in text and "ORGANIZATION" not in text
        assert catalog.project == "Mahjong Referee" and catalog.language_team.endswith("(the Mahjong Referee project)")
        assert text.startswith(f"# {translate.LANGUAGE_TEAMS[lang]} translations for Mahjong Referee (house-rules).\n")
        assert "Test club house rules" in catalog
    result, expected = _compile(tmp_path / "translations")
    assert result.returncode == 0, result.stderr
    assert [path for path in expected if not path.exists()] == []
