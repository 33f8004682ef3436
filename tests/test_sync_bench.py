"""The sync benchmark's quick mode runs, so the script cannot rot: nothing lost, nothing duplicated (no times)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "benchmarks"))

import sync_bench


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_quick_benchmark_loses_and_duplicates_nothing(new_database, backend):
    args = sync_bench.parse(["--quick"])
    result = sync_bench.run(backend, new_database(backend), args)
    assert result["versions"] == args.referees * args.incidents
    assert (result["lost"], result["duplicated"], result["failures"]) == (0, 0, [])
    assert result["feed_complete"]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_quick_online_run_leaves_every_version_once_on_every_phone(new_database, backend):
    """Each upload followed by a pull to the end, as an online phone syncs: every phone ends holding every version."""
    args = sync_bench.parse(["--quick", "--online"])
    result = sync_bench.run(backend, new_database(backend), args)
    assert result["uploads"] == args.referees * args.incidents
    assert (result["lost"], result["duplicated"], result["failures"]) == (0, 0, [])
    assert (result["phones_lost"], result["phones_duplicated"]) == (0, 0)


def test_the_quick_run_through_nginx_and_two_processes_loses_nothing(new_database):
    """The hosted stack of docs/hosting.md (nginx in front of two waitress processes sharing rate-limit counts in
    Redis), as the issue-24 run uses it, so that path of the script cannot rot either."""
    args = sync_bench.parse(["--quick", "--online", "--front", "nginx", "--processes", "2", "--threads", "2"])
    result = sync_bench.run("sqlite", new_database("sqlite"), args)
    assert result["uploads"] == args.referees * args.incidents
    assert (result["lost"], result["duplicated"], result["failures"]) == (0, 0, [])
    assert (result["phones_lost"], result["phones_duplicated"]) == (0, 0)
    assert result["front_cpu_s"] is not None  # nginx was in the path


def test_the_quick_live_run_brings_every_save_to_every_other_phone(new_database):
    """Phones polling as the app does live (issue 36): each save reaches every other phone; the idle polls are
    answered 304; the figures are there (no time is held to a budget here)."""
    args = sync_bench.parse(
        ["--quick", "--live", "--saves", "3", "--live-seconds", "6", "--idle-seconds", "6", "--poll", "1"]
    )
    result = sync_bench.run_live("sqlite", new_database("sqlite"), args)
    assert (result["missed"], result["failures"]) == (0, [])
    assert result["saves"] == 3 and result["latency_p95"] is not None and result["on_server_p95"] is not None
    assert result["idle_polls"] > 0 and result["unchanged_share"] > 0.5
    assert result["idle_cpu"]["app"] >= 0
