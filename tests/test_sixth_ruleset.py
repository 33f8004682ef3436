"""A sixth ruleset with English text only and no catalogs (tests/fixtures/house-rules.yaml): in development the app
starts, warns, and serves it in the French page in English; the strict check (a production start-up,
`rulesets check --strict`, the export) refuses it, listing every string."""

import json
import logging
import os
import shutil
import subprocess
import sys

import pytest
from conftest import LiveServer
from helpers import ROOT
from playwright.sync_api import expect

from webapp import create_app
from webapp.i18n.translation_gaps import MissingTranslations

FIXTURE = ROOT / "tests" / "fixtures" / "house-rules.yaml"
FIRST_GAP = (
    "translations/fr/LC_MESSAGES/house-rules.po: rulesets/house-rules.yaml: name: "
    'no fr translation of "Test club house rules" (no catalog yet)'
)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    """The five rulesets and their catalogs, and the sixth with no catalog."""
    root = tmp_path_factory.mktemp("sixth")
    shutil.copytree(ROOT / "rulesets", root / "rulesets")
    shutil.copy(FIXTURE, root / "rulesets")
    shutil.copytree(ROOT / "translations", root / "translations", ignore=shutil.ignore_patterns("*.mo"))
    return root


def dirs(workspace):
    return {"RULESET_DIR": str(workspace / "rulesets"), "TRANSLATIONS_DIR": str(workspace / "translations")}


@pytest.fixture(scope="module")
def dev_app(workspace):
    return create_app({**dirs(workspace), "MISSING_TRANSLATIONS": "warn"})


def env(workspace):
    return {
        **os.environ,
        "FLASK_RULESET_DIR": str(workspace / "rulesets"),
        "FLASK_TRANSLATIONS_DIR": str(workspace / "translations"),
    }


def flask(workspace, *args):
    return subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", *args],
        cwd=ROOT,
        env=env(workspace),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_development_starts_with_a_warning_listing_each_string(workspace, caplog):
    with caplog.at_level(logging.WARNING):
        app = create_app({**dirs(workspace), "MISSING_TRANSLATIONS": "warn"})
    assert "house-rules" in app.extensions["rulesets"].ids()
    warning = "\n".join(record.getMessage() for record in caplog.records if record.levelno == logging.WARNING)
    assert FIRST_GAP in warning
    gaps = app.extensions["translation_gaps"]
    assert {(gap.lang, gap.domain, gap.state) for gap in gaps} == {
        ("fr", "house-rules", "no catalog"),
        ("it", "house-rules", "no catalog"),
    }
    assert len(gaps) == 2 * 19  # every text of the fixture, in each language
    assert all(gap.line() in warning for gap in gaps)


def test_the_developer_entry_point_warns_and_starts(workspace):
    """`flask --app app run` loads app.py, which starts on a missing translation (the warning is on stderr)."""
    code = "import app; print(sorted(app.app.extensions['rulesets'].ids()))"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env(workspace), capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "house-rules" in result.stdout
    assert FIRST_GAP in result.stderr


def test_development_serves_it_in_the_french_page_in_english(dev_app):
    client = dev_app.test_client()
    assert client.get("/fr/house-rules/").status_code == 200
    html = client.get("/fr/").get_data(as_text=True)
    start = html.index('id="app-config">') + len('id="app-config">')
    config = json.loads(html[start : html.index("</script>", start)])
    summary = next(s for s in config["rulesets"] if s["id"] == "house-rules")
    assert (summary["name"], summary["edition"]) == ("Test club house rules", "First draft")
    strings = json.loads(client.get(config["data"]["strings"]).data)
    assert "What went wrong at the table?" in strings["house-rules"]
    assert "Late arrival" in strings["house-rules"]


def test_a_production_start_refuses_it(workspace):
    """Without the development setting (a production server, the tests), a missing translation stops start-up."""
    with pytest.raises(MissingTranslations) as error:
        create_app(dirs(workspace))
    assert FIRST_GAP in str(error.value)
    assert len(error.value.gaps) == 2 * 19


def test_the_strict_check_refuses_it(workspace):
    lenient = flask(workspace, "rulesets", "check")
    assert lenient.returncode == 0, lenient.stderr
    assert "6 rulesets valid" in lenient.stdout and "38 strings have no translation" in lenient.stdout
    strict = flask(workspace, "rulesets", "check", "--strict")
    assert strict.returncode == 1
    listed = [line for line in strict.stderr.splitlines() if line.startswith("translations/")]
    assert FIRST_GAP in listed and len(listed) == 38
    assert "Traceback" not in strict.stderr


def test_the_export_refuses_it(workspace, tmp_path):
    result = flask(workspace, "export", str(tmp_path / "site"))
    assert result.returncode != 0
    assert FIRST_GAP in result.stderr
    assert not (tmp_path / "site").exists()


def test_it_runs_in_the_browser_in_french_with_english_text(page, workspace):
    server = LiveServer(create_app({**dirs(workspace), "MISSING_TRANSLATIONS": "warn"}))
    try:
        page.goto(f"{server.url}/fr/")
        assert page.get_attribute("html", "lang") == "fr"
        page.click("#ruleset-house-rules")
        page.click("#opt-false-win")
        expect(page.locator("#ruling")).to_have_attribute("data-ruling-id", "r_false_win")
        assert page.url.endswith("/fr/house-rules/false-win")
    finally:
        server.stop()
