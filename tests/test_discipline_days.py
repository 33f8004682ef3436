"""Arizona §1.4 counts Strikes per day: the log must count them on the referee's calendar day, not on UTC's."""

from helpers import call_module, ruleset_document


def test_strikes_of_one_local_evening_fall_on_one_day(app, tmp_path, monkeypatch):
    """Three Strikes on one Arizona evening (UTC-7) straddle midnight UTC; they are still more than two in one day."""
    monkeypatch.setenv("TZ", "America/Phoenix")
    ruleset = ruleset_document(app, "azrm-2026")
    times = ["2026-04-14T23:30:00.000Z", "2026-04-15T00:30:00.000Z", "2026-04-15T01:00:00.000Z"]  # 16:30 to 18:00 local
    log = {
        "format": "mahjong-referee/incident-log",
        "version": 1,
        "incidents": [
            {
                "id": f"i{n}",
                "at": at,
                "player": "A",
                "rulesetId": "azrm-2026",
                "rulingId": "r_wrong_count",
                "session": "",
            }
            for n, at in enumerate(times)
        ],
    }
    [found] = call_module(
        "logic/player-record.js",
        "playerRecord",
        [[{"ruleset": ruleset, "incidents": log["incidents"], "who": "A", "at": "2026-04-14"}]],
        tmp_path,
    )
    assert found["suspensions"] == [{"start": "2026-04-14", "end": "2026-04-27", "reason": "strikes_in_a_day"}]
    assert found["status"]["state"] == "suspended"
