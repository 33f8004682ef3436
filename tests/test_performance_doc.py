"""docs/performance.md is a reference a newcomer reads in two minutes: at most 200 lines, and its table gives the
budgets the benchmark scripts print (issue 37); the dated runs are in docs/performance-history.md."""

import sys

from helpers import ROOT

DOC = ROOT / "docs" / "performance.md"


def perf_budgets():
    sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
    try:
        import perf
    finally:
        sys.path.remove(str(ROOT / "tests" / "benchmarks"))
    return perf.BUDGETS


def test_the_reference_is_short_and_the_history_kept():
    assert len(DOC.read_text(encoding="utf-8").splitlines()) <= 200
    assert "## The test suite's time" in (ROOT / "docs" / "performance-history.md").read_text(encoding="utf-8")


def test_the_table_gives_the_budgets_perf_py_prints():
    budgets, text = perf_budgets(), DOC.read_text(encoding="utf-8")
    for shown in (
        f"≤ {budgets['ready_ms']:,} ms",
        f"≤ {budgets['early_tap_question_ms']:,} ms",
        f"≤ {budgets['offline_ratio']}",
        f"≤ {budgets['precache_kb']} KB",
        f"≤ {budgets['all_languages_kb']} KB",
        f"≤ {budgets['first_paint_kb']} KB",
        f"≤ {budgets['lighthouse_fcp_ms']} ms",
    ):
        assert f"| {shown}" in text, shown
