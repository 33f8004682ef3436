"""Every benchmark script runs in the suite in its short mode, so none can rot unnoticed.

These tests check that each script ran and produced every figure it prints; they never hold a figure to a budget
(budgets are the scripts' business, printed beside the figures).
"""

import json
import os
import subprocess
import sys

from conftest import HEADLESS_SHELL
from helpers import ROOT, rulesets_in

BENCHMARKS = ROOT / "tests" / "benchmarks"


def run(script, *args, timeout=600):
    """Run a benchmark script in its short mode; return its JSON figures (it must exit 0). The short runs drive the
    headless shell when the tests do (they prove the script works; the measured runs keep the full Chromium)."""
    env = {**os.environ}
    if HEADLESS_SHELL and "CHROMIUM" not in env:
        env["CHROMIUM"] = HEADLESS_SHELL
    result = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "--short", "--json", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return json.loads(result.stdout)


def test_load_benchmark_runs():
    figures = run("load.py")
    assert figures["done"] == figures["requested"] == 200
    assert figures["errors"] == []
    assert set(figures["latency_ms"]) == {"p50", "p90", "p95", "p99"}


def test_search_benchmark_runs(app):
    figures = run("search_bench.py")
    rulings = sum(len(ruleset["rulings"]) for ruleset in rulesets_in(app, "en").values())
    assert {row["lang"] for row in figures["rows"]} == {"en", "fr", "it"}
    for row in figures["rows"]:
        assert row["keys"] > 0 and row["words"] > 0
        assert row["rulings"] == rulings  # every ruling of every ruleset was indexed
    assert figures["p95_full_speed_ms"] > 0


def test_slow_clients_benchmark_runs():
    figures = run("slow_clients.py")
    for server in ("waitress", "nginx"):
        assert figures[server]["slow_clients_holding"] == figures["clients"], server
    assert figures["nginx"]["status"] == 200 and figures["nginx"]["seconds"] is not None
    assert "seconds" in figures["waitress"]  # a number, or None when waitress never answered: both are figures


def test_log_benchmark_runs():
    """The big-log benchmark's short run: every figure is there (opening, filtering, the import done)."""
    figures = run("log_bench.py")
    assert figures["open_ms"] > 0 and figures["cold_open_ms"] > 0 and figures["cards_shown"] > 0
    assert len(figures["filter_ms"]) == 2 and figures["filter_median_ms"] > 0
    assert figures["import_added"] == figures["import_players"] and figures["import_s"] > 0
    assert set(figures["budgets_ms"]) == {"open", "filter"}


def test_import_benchmark_runs():
    """The import benchmark's short run: the file imported, its duplicates made one, every figure there."""
    figures = run("import_bench.py")
    assert figures["added"] == figures["players"] and figures["error"] is None and figures["import_s"] > 0
    assert figures["roster_after"] == figures["players"] * 3 // 2  # half the file's players were the device's
    assert {"longest_task_ms", "tick_late_ms", "long_tasks"} <= set(figures)
    assert set(figures["budgets"]) == {"import_s", "longest_task_ms"}


def test_perf_benchmark_runs():
    """Every figure of issue 17, with its control: bytes, Lighthouse (once), DevTools Slow 4G, offline, steps."""
    figures = run("perf.py", timeout=1200)
    for group in ("first_paint", "after_paint", "precache", "other_languages"):
        assert figures["bytes"][group]["requests"] > 0 and figures["bytes"][group]["total_kb"] > 0, group
    assert figures["bytes"]["all_languages_kb"] > figures["bytes"]["precache"]["total_kb"]
    # the page alone (its first screen's styles are inline), in the language whose precache is largest
    assert figures["bytes"]["first_paint_files"] == [f"/{figures['bytes']['lang']}/"]
    for key in (
        "fcp",
        "home_shown",
        "home_ready",
        "early_tap_question",
        "taps_held",
        "app_started",
        "first_tap",
        "second_tap",
    ):
        assert figures["cold"][key] > 0, key
    assert figures["cold"]["early_tap_pages"] == 1  # the tap stayed in the page
    assert figures["bytes"]["before_start"]["requests"] >= 3
    assert figures["cold_peer"]["fcp"] > 0 and figures["cold_peer"]["home_ready"] > 0
    assert figures["cold"]["protocol"] == "http/1.1" and figures["cold_nginx"]["protocol"] == "h2"
    assert figures["cold_nginx"]["home_ready"] > 0
    for key in ("fcp_home", "fcp_deep_link", "fcp_control", "ratio"):
        assert figures["offline"][key] > 0, key
    assert len(figures["offline"]["ratio_runs"]) == figures["runs"]
    assert figures["load_before"] and figures["load_after"]
    assert figures["step"]["forward"] > 0
    lighthouse = figures["lighthouse"]
    assert lighthouse["app"]["fcp_ms"] > 0 and lighthouse["peer"]["fcp_ms"] > 0
    assert {"performance", "accessibility", "best-practices"} <= set(lighthouse["app"])
    assert set(figures["budgets"]) >= {
        "precache_kb",
        "all_languages_kb",
        "lighthouse_fcp_ms",
        "ready_ms",
        "early_tap_question_ms",
        "offline_ratio",
    }
    assert figures["cold_nginx"]["app_started"] > 0 and figures["cold_nginx"]["early_tap_question"] > 0


def test_taps_benchmark_runs():
    """A scripted referee goes from a ruling on screen to applied and logged by touch taps, counting taps and swipes;
    touch taps on home are timed to the wizard's question (the figure is printed beside its budget, not asserted)."""
    figures = run("taps_bench.py", timeout=240)
    assert {row["route"] for row in figures["rows"]} == {"one action"}
    for row in figures["rows"]:
        assert row["applied_and_logged"], row
        assert row["taps"] > 0 and row["swipes"] >= 0
    assert figures["budget"] == {"taps": 4, "swipes": 0, "tap_ms": 100} and isinstance(figures["within_budget"], bool)
    assert len(figures["tap_ms"]) == 2 and all(ms > 0 for ms in figures["tap_ms"])


def test_table_taps_benchmark_runs():
    """The scripted referee of issue 25 (a ron with one counter, a draw with two tenpai, the win undone) got through,
    with the seats' points right after each part."""
    figures = run("table_taps_bench.py", timeout=240)
    assert figures["taps"] > 0 and figures["typed"] == len("8000")
    assert figures["checks"] == {"win": True, "draw": True, "undo": True}


def test_duplicates_benchmark_runs():
    figures = run("duplicates_bench.py")
    [row] = figures["rows"]
    assert row["players"] == 200 and row["same_pairs"] and row["indexed_ms"] > 0
    assert figures["budget_ms"] == 100
