"""Catalogs: the standard `pybabel compile` (without -f) writes every .mo, and no entry or header is fuzzy."""

import shutil
import subprocess
import sys
from pathlib import Path

from catalog_text import TRANSLATIONS, catalog_paths

from webapp.i18n.catalogs import load_po


def _pybabel():
    """Babel's own command line, from the virtualenv running the tests."""
    beside = Path(sys.executable).with_name("pybabel")
    return str(beside) if beside.exists() else shutil.which("pybabel")


def _compile(root):
    """Run `pybabel compile` without -f on every domain under root; return the .mo files it should have written."""
    domains = sorted({path.stem for path in catalog_paths(root)})
    result = subprocess.run(
        [_pybabel(), "compile", "-d", str(root), "-D", " ".join(domains), "--statistics"],
        capture_output=True,
        text=True,
    )
    return result, [path.with_suffix(".mo") for path in catalog_paths(root)]


def test_pybabel_compiles_every_catalog(tmp_path):
    root = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, root, ignore=shutil.ignore_patterns("*.mo"))
    result, expected = _compile(root)
    assert result.returncode == 0, result.stderr
    missing = [str(path.relative_to(root)) for path in expected if not path.exists()]
    assert missing == [], f"pybabel compile skipped these catalogs:\n{result.stderr}{result.stdout}"
    assert "fuzzy" not in result.stderr + result.stdout


def test_no_fuzzy_header_or_entry():
    fuzzy = []
    for path in catalog_paths():
        catalog = load_po(path)
        name = f"{path.parent.parent.name}/{path.name}"
        if catalog.fuzzy:
            fuzzy.append(f"{name}: header")
        fuzzy += [f"{name}: {message.id!r}" for message in catalog if message.id and message.fuzzy]
    assert fuzzy == []


def test_compile_check_fails_on_a_fuzzy_header(tmp_path):
    """The check can fail: a catalog whose header is marked fuzzy is skipped by pybabel and reported."""
    root = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, root, ignore=shutil.ignore_patterns("*.mo"))
    planted = root / "fr" / "LC_MESSAGES" / "messages.po"
    planted.write_text(
        planted.read_text(encoding="utf-8").replace('msgid ""\n', '#, fuzzy\nmsgid ""\n', 1), encoding="utf-8"
    )
    _result, expected = _compile(root)
    assert load_po(planted).fuzzy
    assert [path for path in expected if not path.exists()] == [planted.with_suffix(".mo")]
