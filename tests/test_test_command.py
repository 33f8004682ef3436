"""CI runs exactly the test command the README gives, so what a newcomer runs is what CI checks."""

import re

from helpers import ROOT


def pytest_command(text):
    """The arguments of the one `.venv/bin/python -m pytest …` line that runs the whole suite in a text."""
    found = re.findall(r"^(?:bash \.ci/setup && )?(\.venv/bin/python -m pytest\b.*)$", text, re.MULTILINE)
    whole = [line.split() for line in found if "-m " not in line.replace("-m pytest", "") and "tests/" not in line]
    assert len(whole) == 1, found
    return whole[0]


def test_ci_runs_the_readme_test_command():
    readme = pytest_command((ROOT / "README.md").read_text(encoding="utf-8"))
    ci = pytest_command((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    assert ci == readme


def test_the_whole_suite_runs_in_parallel_workers():
    command = pytest_command((ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    assert "-n" in command and "--dist" in command, command
