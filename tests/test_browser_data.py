"""The fault matrix: every stored kind × every kind of damage × every screen that reads it.

For each case the app starts on every screen (never "check your connection"), says what happened (a notice with a
stable id and data attributes), keeps the good data byte for byte, sets the damaged original aside untouched, and
still keeps the good data after the next save. A newer version's data is reported, never set aside or overwritten.

Grouping, so it runs in reasonable time: one fresh browser context per case (kind × damage), which then visits every
screen in turn; the screen met first (where the damage is read and repaired) rotates from case to case. These
contexts run without the service worker: the worker only serves files here, and installing it in each of the
contexts would triple the time (the update and offline tests use it).
"""

import json

import pytest
import stored as store
from act_form import open_details, record_only
from playwright.sync_api import expect

START = {
    "rulesetId": "wrc-2015",
    "dealer": 0,
    "honba": 0,
    "pot": 0,
    "seats": [
        {
            "wind": wind,
            "name": "",
            "table": 30000,
            "tournament": 0,
            "riichi": False,
            "deposit": False,
            "deadHand": False,
            "liveTiles": 0,
            "deadTiles": 0,
            "strikes": 0,
            "offences": 0,
            "carriedOffences": 0,
            "substituted": False,
            "disqualified": False,
        }
        for wind in ("east", "south", "west", "north")
    ],
}
STEPS = [
    {"kind": "ruling", "rulingId": "r_false_win_shown", "inputs": {"offender": "1"}, "at": "2026-11-23T10:00:00.000Z"},
    {"kind": "new-session", "at": "2026-11-23T11:00:00.000Z"},
]
INCIDENTS = [
    {
        "id": f"good-{n}",
        "at": f"2026-11-2{n}T10:00:00.000Z",
        "tournament": "Open",
        "session": "1",
        "table": "4",
        "player": name,
        "seat": "East",
        "rulesetId": "wrc-2015",
        "rulingId": "r_false_win_shown",
        "points": 20,
        "note": "kept as it is",
    }
    for n, name in ((1, "Alice"), (2, "Bob"))
]
CONTEXT = {"tournament": "Open", "session": "3", "table": "9"}
SETTINGS = {"ruleset": "wsom", "lang": "en", "context": CONTEXT}
LOG = {"format": "mahjong-referee/incident-log", "version": 1, "incidents": INCIDENTS}
NEWER = 99  # a version no kind has reached: what a newer app wrote
PLAYERS = [
    {"id": "good-1", "eventId": "local", "name": "Alice", "number": "7"},
    {"id": "good-2", "eventId": "local", "name": "Bob", "club": "Lyon"},
]
EVENTS = [
    {"id": "good-1", "name": "Autumn Cup", "rulesetId": "wrc-2015", "sessions": ["1", "2"]},
    {"id": "good-2", "name": "Winter Cup", "rulesetId": None, "dates": {"start": "2026-12-01", "end": "2026-12-02"}},
]
RECORDS = {"incident": INCIDENTS, "player": PLAYERS, "event": EVENTS}

SCREENS = {
    "home": ("/en/", "#home-heading"),
    "question": ("/en/wrc-2015/", "#question"),
    "ruling": ("/en/wrc-2015/ruling/r_false_win_shown", "#ruling"),
    "table": ("/en/wrc-2015/table", "#table-heading"),
    "log": ("/en/log", "#log-heading"),
    "roster": ("/en/roster", "#roster-heading"),
    "clock": ("/en/wrc-2015/clock", "#clock-heading"),
    "event": ("/en/event", "#event-heading"),
}
# Where each kind's notice shows: the screens that use that data, and the log (which lists what was set aside).
NOTICED = {
    "settings": {"home", "ruling", "log", "roster"},
    "table": {"ruling", "table", "log"},
    "incident": {"ruling", "log"},
    "player": {"ruling", "log", "roster"},
    "event": {"ruling", "log", "roster"},
    "shortcuts": {"home", "ruling", "log"},
    "clock": {"clock", "log"},
    "sync": {"event"},
}
NEWER_NOTICED = {**NOTICED, "settings": {"home", "ruling", "log"}, "sync": {"event", "log"}}
FAVOURITES = [{"rulesetId": "wsom", "rulingId": "r_false_win"}, {"rulesetId": "wrc-2015", "rulingId": "r_late"}]
RECENT = [{"rulesetId": "wrc-2015", "rulingId": "r_phone", "at": "2026-11-23T10:00:00.000Z"}]
SHORTCUTS = {"favourites": FAVOURITES, "recent": RECENT}


def env(kind, data, v=1, rev=7):
    return store.envelope(kind, data, rev=rev, v=v)


def incidents_with(bad_value):
    return {"good-1": env("incident", INCIDENTS[0]), "bad": bad_value, "good-2": env("incident", INCIDENTS[1])}


class Case:
    """One kind of stored data with one kind of damage: what to plant, and what must survive."""

    def __init__(self, name, kind, problem="damaged", items=None, legacy=None, good=None):
        self.name, self.kind, self.problem = name, kind, problem
        self.items = items or {}  # {(kind, id): raw value} put in IndexedDB
        self.legacy = legacy or {}  # {localStorage key: raw text} of the previous release
        self.good = good  # what must be found intact: see check_good()


def settings_case(name, value, good=None, problem="damaged"):
    return Case(f"settings/{name}", "settings", problem, items={("settings", "main"): value}, good=good)


def table_case(name, value, good=None, problem="damaged"):
    return Case(f"table/{name}", "table", problem, items={("table", "wrc-2015"): value}, good=good)


def shortcuts_case(name, value, good=None, problem="damaged"):
    """The shortcuts, with settings that choose a ruleset, so home reads them too."""
    items = {("shortcuts", "main"): value, ("settings", "main"): env("settings", SETTINGS)}
    return Case(f"shortcuts/{name}", "shortcuts", problem, items=items, good=good)


PLAYERS = [
    {"id": "p-1", "name": "Léa Müller", "arrivedAt": None},
    {"id": "p 2", "name": "Bo", "arrivedAt": "2026-11-23T10:04:00.000Z"},
]
CLOCK = {"startedAt": "2026-11-23T10:00:00.000Z", "players": PLAYERS}


def clock_case(name, value, good=None, problem="damaged"):
    return Case(f"clock/{name}", "clock", problem, items={("clock", "main"): value}, good=good)


def incident_case(name, bad, problem="damaged"):
    items = {("incident", key): value for key, value in incidents_with(bad).items()}
    return Case(f"incident/{name}", "incident", problem, items=items, good={"incidents": INCIDENTS})


def records_case(kind, name, bad, problem="damaged"):
    """Two good records of a kind stored one per item (players, events) and a bad one between them."""
    good = RECORDS[kind]
    items = {(kind, "good-1"): env(kind, good[0]), (kind, "bad"): bad, (kind, "good-2"): env(kind, good[1])}
    return Case(f"{kind}/{name}", kind, problem, items=items, good={"records": good})


# The phone's link to an event and its sync state (a credential, what the server has of two records).
HEAD = {"id": "v1", "body": {"name": "Alice"}, "deleted": False, "seq": 1, "author": "Anna"}
KNOWN = {
    f"good-{n}": {"kind": "player", "eventId": "ev1", "heads": [{**HEAD, "id": f"v{n}", "seq": n}], "seen": [f"v{n}"]}
    for n in (1, 2)
}
SYNC = {
    "server": {
        "eventId": "ev1",
        "name": "Open",
        "rulesetId": "wrc-2015",
        "startsOn": "2026-11-23",
        "endsOn": "2026-11-24",
        "sessions": [],
        "leagueId": None,
    },
    "credential": {"id": "cred1", "secret": "s3cret", "role": "referee", "displayName": "Bruno"},
    "cursor": "2",
    "lastSyncAt": "2026-11-23T10:05:00.000Z",
    "known": KNOWN,
    "outbox": [],
    "refused": [],
}


def sync_case(name, value, good=None, problem="damaged"):
    return Case(f"sync/{name}", "sync", problem, items={("sync", "main"): value}, good=good)


def legacy_case(name, kind, key, raw, good=None, problem="damaged"):
    return Case(f"legacy {key}/{name}", kind, problem, legacy={key: raw}, good=good)


CASES = [
    settings_case("not an object", "garbage"),
    settings_case("wrong types", env("settings", {**SETTINGS, "ruleset": 5}), good={"context": CONTEXT}),
    settings_case("null", None),
    settings_case("missing fields", env("settings", {"context": CONTEXT}), good={"context": CONTEXT}),
    settings_case("newer version", env("settings", {"anything": "new"}, v=NEWER), problem="newer"),
    settings_case(
        "one bad field among good ones",
        env("settings", {**SETTINGS, "context": {**CONTEXT, "tournament": 5}}),
        good={"context": {**CONTEXT, "tournament": ""}},
    ),
    table_case("not an object", "garbage"),
    table_case("wrong types", env("table", {"start": 5, "steps": "x"})),
    table_case("null", None),
    table_case("missing fields", env("table", {"start": START}), good={"start": START, "steps": []}),
    table_case("newer version", env("table", {"whatever": 1}, v=NEWER), problem="newer"),
    table_case(
        "one bad step among good ones",
        env("table", {"start": START, "steps": [STEPS[0], {"kind": "edit"}, STEPS[1]]}),
        good={"start": START, "steps": STEPS},
    ),
    shortcuts_case("not an object", "garbage"),
    shortcuts_case("wrong types", env("shortcuts", {"favourites": "x", "recent": 5})),
    shortcuts_case("null", None),
    shortcuts_case("missing fields", env("shortcuts", {"favourites": FAVOURITES}), good={"favourites": FAVOURITES}),
    shortcuts_case("newer version", env("shortcuts", {"pinned": []}, v=NEWER), problem="newer"),
    shortcuts_case(
        "one bad entry among good ones",
        env(
            "shortcuts",
            {
                "favourites": [FAVOURITES[0], {"rulesetId": "wsom"}, FAVOURITES[0], FAVOURITES[1]],
                "recent": [{**RECENT[0], "at": "yesterday"}, *RECENT],
            },
        ),
        good=SHORTCUTS,
    ),
    clock_case("not an object", "garbage"),
    clock_case("null", None),
    clock_case("newer version", env("clock", {"laps": []}, v=NEWER), problem="newer"),
    clock_case(
        "one bad player among good ones",
        env("clock", {**CLOCK, "players": [PLAYERS[0], {"id": "x", "name": 5}, PLAYERS[1]]}),
        good=CLOCK,
    ),
    incident_case("not an object", "garbage"),
    incident_case("wrong types", env("incident", {**INCIDENTS[0], "id": "bad", "player": 5})),
    incident_case("null", None),
    incident_case(
        "missing fields", env("incident", {k: v for k, v in INCIDENTS[0].items() if k != "at"} | {"id": "bad"})
    ),
    incident_case("bad date", env("incident", {**INCIDENTS[0], "id": "bad", "at": "11/23/2026 10:00"})),
    incident_case("newer version", env("incident", {"id": "bad", "shape": "of the future"}, v=NEWER), problem="newer"),
    incident_case(
        "a roster incident with a bad playerId", env("incident", {**INCIDENTS[0], "id": "bad", "playerId": ""}, v=2)
    ),
    *[
        records_case(kind, name, bad, problem)
        for kind, record in (("player", PLAYERS[0]), ("event", EVENTS[0]))
        for name, bad, problem in (
            ("not an object", "garbage", "damaged"),
            ("wrong types", env(kind, {**record, "id": "bad", "name": 5}), "damaged"),
            ("null", None, "damaged"),
            ("missing fields", env(kind, {"id": "bad"}), "damaged"),
            ("stored under another id", env(kind, record), "damaged"),
            ("newer version", env(kind, {"id": "bad", "shape": "of the future"}, v=NEWER), "newer"),
        )
    ],
    sync_case("not an object", "garbage"),
    sync_case("wrong types", env("sync", {**SYNC, "server": 5})),
    sync_case("null", None),
    sync_case(
        "missing fields", env("sync", {k: v for k, v in SYNC.items() if k != "outbox"}), good={**SYNC, "outbox": []}
    ),
    sync_case("newer version", env("sync", {"link": "of the future"}, v=NEWER), problem="newer"),
    sync_case(
        "one bad record among good ones",
        env("sync", {**SYNC, "known": {**KNOWN, "bad": {"kind": 5}}}),
        good={**SYNC, "cursor": "0"},
    ),  # the feed is read again from the start: it brings back what was dropped
    legacy_case("invalid JSON", "incident", "mjref.log", "{oops"),
    legacy_case(
        "wrong types (incidents an object)",
        "incident",
        "mjref.log",
        json.dumps({**LOG, "incidents": {"a": INCIDENTS[0], "b": INCIDENTS[1]}}),
        good={"incidents": INCIDENTS},
    ),
    legacy_case("null", "incident", "mjref.log", "null"),
    legacy_case(
        "missing fields",
        "incident",
        "mjref.log",
        json.dumps({"format": LOG["format"], "incidents": INCIDENTS}),
        good={"incidents": INCIDENTS},
    ),
    legacy_case("newer version", "incident", "mjref.log", json.dumps({**LOG, "version": 2}), problem="newer"),
    legacy_case(
        "one bad incident among good ones",
        "incident",
        "mjref.log",
        json.dumps({**LOG, "incidents": [INCIDENTS[0], None, {**INCIDENTS[0], "id": "x", "player": 5}, INCIDENTS[1]]}),
        good={"incidents": INCIDENTS},
    ),
    legacy_case("invalid JSON", "table", "mjref.table.wrc-2015", "{oops"),
    legacy_case("wrong types", "table", "mjref.table.wrc-2015", json.dumps({"start": "x", "steps": 5})),
    legacy_case("null", "table", "mjref.table.wrc-2015", "null"),
    legacy_case(
        "missing fields",
        "table",
        "mjref.table.wrc-2015",
        json.dumps({"steps": STEPS}),
        good={"start": None, "steps": STEPS},
    ),
    legacy_case(
        "one bad step among good ones",
        "table",
        "mjref.table.wrc-2015",
        json.dumps({"start": START, "steps": [STEPS[0], None, STEPS[1]]}),
        good={"start": START, "steps": STEPS},
    ),
    legacy_case("invalid JSON", "settings", "mjref.ruleset", "wsom"),
    legacy_case("wrong types", "settings", "mjref.ruleset", "5"),
    legacy_case("null", "settings", "mjref.ruleset", "null"),
    legacy_case("invalid JSON", "settings", "mjref.log-context", "{oops"),
    legacy_case(
        "wrong types",
        "settings",
        "mjref.log-context",
        json.dumps({**CONTEXT, "tournament": 5}),
        good={"context": {**CONTEXT, "tournament": ""}},
    ),
    legacy_case("null", "settings", "mjref.log-context", "null"),
    legacy_case(
        "missing fields",
        "settings",
        "mjref.log-context",
        json.dumps({"session": "3"}),
        good={"context": {"tournament": "", "session": "3", "table": ""}},
    ),
]

PLANT = """async ([items, legacy]) => {
  for (const [key, raw] of legacy) localStorage.setItem(key, raw);
  if (!items.length) return;
  const { openDatabase, ITEMS } = await import('/static/js/storage/db.js');
  const db = await openDatabase();
  await new Promise((resolve, reject) => {
    const tx = db.transaction(ITEMS, 'readwrite');
    for (const [kind, id, value] of items) tx.objectStore(ITEMS).put(value, [kind, id]);
    tx.oncomplete = resolve;
    tx.onabort = () => reject(tx.error);
  });
  db.close();
}"""


def plant(page, base, case):
    page.goto(f"{base}/nothing")  # a page of the origin that runs none of the app
    page.evaluate(
        PLANT, [[[kind, item_id, value] for (kind, item_id), value in case.items.items()], list(case.legacy.items())]
    )


def visit(page, base, screen, first):
    """Open a screen: the first one by loading the page, the others as the app does on a tap."""
    path, ready = SCREENS[screen]
    if first:
        page.goto(f"{base}{path}")
    else:
        # The screen left is marked, so "ready" means the new one: the event screen holds the roster's and the
        # clock's headings too, and typing into the screen being replaced would be lost with it.
        page.evaluate(
            """(path) => {
                for (const node of document.querySelectorAll('#main h1')) node.dataset.left = '';
                history.pushState({}, '', path);
                dispatchEvent(new PopStateEvent('popstate'));
            }""",
            path,
        )
        expect(page.locator("#main h1[data-left]")).to_have_count(0)
    expect(page.locator(ready)).to_be_visible()
    expect(page.locator("#load-error")).to_have_count(0)
    expect(page.locator("#screen-error")).to_have_count(0)


def check_screen(page, screen, case):
    notice = page.locator(f"#notice-{case.kind}-{case.problem}")
    shown = (NEWER_NOTICED if case.problem == "newer" else NOTICED)[case.kind]
    if screen in shown:
        expect(notice).to_be_visible()
        expect(notice).to_have_attribute("data-kind", case.kind)
        expect(notice).to_have_attribute("data-problem", case.problem)
    if screen == "ruling":
        # The log can be written: the form is there even for a table it cannot change (a newer version's), which it
        # then says (#act-unavailable), offering to record for a name only.
        expect(page.locator("#act-form")).to_be_visible()
        if case.kind == "table" and case.problem == "newer":
            expect(page.locator("#act-unavailable")).to_have_attribute("data-problem", "newer")
        expect(page.locator("#act-record-only")).to_be_visible()  # the log can be written: record only is there
        if case.good and "context" in case.good:
            open_details(page)
            expect(page.locator("#act-session")).to_have_value(case.good["context"]["session"])
    if screen == "table":
        if case.kind == "table" and case.problem == "newer":
            expect(page.locator("#table-unavailable")).to_have_attribute("data-problem", "newer")
        else:
            expect(page.locator("#scoreboard")).to_be_visible()
            expect(page.locator("#table-reset")).to_be_visible()  # reset is always reachable
    if screen == "roster":
        expect(page.locator("#player-add-form")).to_be_visible()
        if case.kind == "player":
            expect(page.locator("#roster-players li")).to_have_count(len(PLAYERS))
        if case.kind == "event":
            expect(page.locator("#event-choice option")).to_have_count(
                1 + len(EVENTS)
            )  # the local event and the good ones
    if screen == "clock":
        if case.kind == "clock" and case.problem == "newer":
            expect(page.locator("#clock-start")).to_have_count(0)  # nothing offered that would write over it
        else:
            expect(page.locator("#clock-start")).to_be_visible()
    if screen == "log":
        expect(page.locator("#export-json")).to_be_visible()  # export is always reachable
        if case.problem == "damaged":
            expect(page.locator(f'#quarantine li[data-kind="{case.kind}"]').first).to_be_visible()
            expect(page.locator("#quarantine-export")).to_be_visible()
        if case.kind == "incident" and case.good:
            expect(page.locator("#incidents li.incident")).to_have_count(len(case.good["incidents"]))


def dumps(value):
    return json.dumps(value, ensure_ascii=False)


def check_good(page, case):
    """The good data is stored byte for byte as it was planted (same JSON, same key order)."""
    if case.problem == "newer":
        for (kind, item_id), value in case.items.items():  # never touched
            if value and isinstance(value, dict) and value.get("v") == NEWER:
                assert dumps(store.item(page, kind, item_id)) == dumps(value)
        return
    good = case.good or {}
    if case.kind == "incident":
        stored = store.items(page, "incident")
        for incident in good.get("incidents", []):
            # As planted, or, once the one-time upgrade at open has rewritten it (storage/upgrade.js), at version 3:
            # the seat, a wind's name then, as its code.
            found = stored[incident["id"]]
            expected = incident if found["v"] < 3 else {**incident, "seat": {"East": 0}.get(incident["seat"])}
            assert dumps(found["data"]) == dumps(expected)
    if case.kind in ("player", "event"):
        stored = {key: value["data"] for key, value in store.items(page, case.kind).items()}
        for record in good["records"]:
            assert dumps(stored[record["id"]]) == dumps(record)
    if case.kind == "table" and good:
        # A table of version 1 is read as version 2 (each step gains an id) and rebuilt once with the ruleset's data
        # at its first read, and stored so (table-upgrade.js): every good step and the start keep what they hold.
        table = store.table(page, "wrc-2015")
        steps = [
            {key: value for key, value in step.items() if key != "id"}
            for step in table["steps"]
            if step.get("origin") != "migration"
        ]
        assert steps[: len(good["steps"])] == good["steps"]
        start = table["start"] and {key: value for key, value in table["start"].items() if key != "event"}
        assert start == good["start"] or (good["start"] is None and table["start"] is not None)
    if case.kind == "sync" and good:
        # Its `known` moved at the first read to one item per record (store sync-records), the rest kept as it was.
        document = store.item(page, "sync", "main")["data"]
        assert "known" not in document or document["known"] == {}
        whole = {**document, "known": {**document.get("known", {}), **store.known(page)}}
        assert set(whole) == set(good) | {"known"}
        assert dumps({key: whole[key] for key in good}) == dumps(good)
    if case.kind == "settings":
        settings = store.item(page, "settings", "main")["data"]
        for key, value in good.items():
            assert dumps(settings[key]) == dumps(value), key
    if case.kind == "clock" and good:
        clock = store.item(page, "clock", "main")["data"]
        assert dumps(clock["startedAt"]) == dumps(good["startedAt"])
        assert dumps(clock["players"][: len(good["players"])]) == dumps(good["players"])
    if case.kind == "shortcuts":
        shortcuts = store.item(page, "shortcuts", "main")["data"]
        assert dumps(shortcuts["favourites"]) == dumps(good.get("favourites", []))
        for entry in good.get("recent", []):  # kept, behind the rulings seen since
            assert dumps(entry) in [dumps(found) for found in shortcuts["recent"]]


def check_aside(page, case):
    """The damaged original is set aside untouched (and a newer version's data is not set aside at all)."""
    originals = [entry["original"] for entry in store.aside(page)]
    if case.problem == "newer":
        assert originals == []
        return
    expected = [raw for raw in case.legacy.values()] + [
        value for (kind, item_id), value in case.items.items() if kind == case.kind and not item_id.startswith("good")
    ]
    for original in expected:
        assert dumps(original) in [dumps(found) for found in originals]


def next_save(page, base, case):
    """Save once more the kind of data that was damaged, then check the good data again."""
    if case.kind == "settings":
        visit(page, base, "question", first=False)
        page.evaluate(
            "(path) => { history.pushState({}, '', path); dispatchEvent(new PopStateEvent('popstate')); }",
            "/en/azrm-2026/",
        )
        expect(page.locator("#question")).to_be_visible()
        page.goto(f"{base}/en/")
        if case.problem == "newer":
            expect(page.locator("#notice-settings-newer")).to_be_visible()
        else:
            expect(page.locator("#current-ruleset")).to_be_visible()
            page.wait_for_function("""async () => {
              const { openDatabase, ITEMS } = await import('/static/js/storage/db.js');
              const db = await openDatabase();
              const value = await new Promise((resolve) => {
                const request = db.transaction(ITEMS).objectStore(ITEMS).get(['settings', 'main']);
                request.onsuccess = () => resolve(request.result);
              });
              return value?.data?.ruleset === 'azrm-2026';
            }""")
    elif case.kind == "clock":
        visit(page, base, "clock", first=False)
        if case.problem == "newer":
            expect(page.locator("#clock-form")).to_have_count(0)
            return
        before = page.locator("#clock-players li").count()
        page.fill("#clock-player", "Carol")
        page.click("#clock-add")
        expect(page.locator("#clock-players li")).to_have_count(before + 1)
        assert store.item(page, "clock", "main")["data"]["players"][-1]["name"] == "Carol"
    elif case.kind == "shortcuts":
        page.goto(f"{base}/en/wsom/ruling/r_long_hand")
        expect(page.locator("#ruling")).to_be_visible()
        if case.problem == "newer":
            expect(page.locator("#favourite")).to_have_count(0)  # nothing offered that would write over it
            return
        expect(page.locator("#favourite")).to_be_visible()
        page.wait_for_function("""async () => {
          const { openDatabase, ITEMS } = await import('/static/js/storage/db.js');
          const db = await openDatabase();
          const value = await new Promise((resolve) => {
            const request = db.transaction(ITEMS).objectStore(ITEMS).get(['shortcuts', 'main']);
            request.onsuccess = () => resolve(request.result);
          });
          return value?.data?.recent?.[0]?.rulingId === 'r_long_hand';
        }""")
    elif case.kind == "sync":
        visit(page, base, "event", first=False)
        if case.problem == "newer":
            expect(page.locator("#sync-message")).to_have_attribute("data-problem", "newer")
        elif case.good:  # the kept link still works: this phone shows its event, and a sync may be asked for
            expect(page.locator("#sync-status")).to_have_attribute("data-event-id", "ev1")
        else:  # nothing usable was left: the phone may create or join an event again
            expect(page.locator("#event-create-form")).to_be_visible()
    elif case.kind == "table":
        visit(page, base, "table", first=False)
        if case.problem == "newer":
            expect(page.locator("#scoreboard")).to_have_count(0)
            return
        before = page.locator("#history li").count()
        page.click("#end-hanchan")
        page.click("#reset-confirm-yes")  # a reset asks first (issue 23)
        expect(page.locator("#history li")).to_have_count(before + 1)
        assert store.table(page, "wrc-2015")["steps"][-1]["kind"] == "end-hanchan"
    elif case.kind == "player":
        visit(page, base, "roster", first=False)
        page.fill("#player-add-name", "Carol")
        page.click("#player-add-save")
        expect(page.locator("#player-add-done")).to_be_visible()
        assert any(
            player.get("name") == "Carol" for player in (v["data"] for v in store.items(page, "player").values())
        )
    elif case.kind == "event":
        visit(page, base, "roster", first=False)
        page.click("#event-new-open")
        page.fill("#event-new-name", "Spring Cup")
        page.click("#event-new-save")
        expect(page.locator("#current-event-name")).to_have_text("Spring Cup")
    else:
        visit(page, base, "ruling", first=False)
        record_only(page, "Carol")
        assert any(incident.get("player") == "Carol" for incident in store.incidents(page).values())


@pytest.mark.parametrize("index", range(len(CASES)), ids=[case.name for case in CASES])
def test_damaged_data(browser, live_server, index):
    case = CASES[index]
    base = live_server.url
    context = browser.new_context(service_workers="block", has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        plant(page, base, case)
        order = list(SCREENS)
        order = order[index % len(order) :] + order[: index % len(order)]  # each screen is sometimes the first
        for position, screen in enumerate(order):
            visit(page, base, screen, first=position == 0)
            check_screen(page, screen, case)
        check_good(page, case)
        check_aside(page, case)
        for key in case.legacy:  # migrated (renamed as a backup), except a newer release's, left in place
            kept = page.evaluate("(key) => localStorage.getItem(key)", key)
            backup = page.evaluate("(key) => localStorage.getItem(key.replace('mjref.', 'mjref.backup.'))", key)
            assert (kept, backup) == ((case.legacy[key], None) if case.problem == "newer" else (None, case.legacy[key]))
        next_save(page, base, case)
        check_good(page, case)
        check_aside(page, case)
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_notices_stale_forms_and_the_data_section_are_accessible(browser, live_server, scheme):
    """Axe finds nothing on the screens showing notices, a form whose data changed elsewhere, and an import plan."""
    from axe_check import Axe

    base = live_server.url
    context = browser.new_context(service_workers="block", color_scheme=scheme)
    try:
        page = context.new_page()
        plant(
            page,
            base,
            Case(
                "mixed",
                "table",
                items={
                    ("table", "wrc-2015"): env("table", {"start": START, "steps": [STEPS[0], None]}),
                    ("settings", "main"): env("settings", {"x": 1}, v=NEWER),
                    **{("incident", key): value for key, value in incidents_with(None).items()},
                },
            ),
        )
        axe = Axe()
        for path in ("/en/log", "/en/wrc-2015/table", "/en/wrc-2015/ruling/r_false_win_shown"):
            page.goto(base + path)
            expect(page.locator("#data-notices")).to_be_visible()
            result = axe.run(page)
            assert result.violations_count == 0, (path, result.generate_report())
        other = context.new_page()
        other.goto(f"{base}/en/wrc-2015/table")
        page.goto(f"{base}/en/wrc-2015/table")
        page.click("#seat-2")
        page.fill("#seat-2-table", "35000")  # typed, not yet kept
        other.click("#seat-0")
        other.fill("#seat-0-table", "42000")
        other.press("#seat-0-table", "Enter")
        expect(page.locator('#seat-0 [data-score="table"]')).to_have_attribute("data-value", "42000")
        expect(page.locator("#seat-2-table")).to_have_value("35000")
        result = axe.run(page)
        assert result.violations_count == 0, result.generate_report()
        page.goto(f"{base}/en/log")
        page.set_input_files(
            "#import-file",
            files=[
                {
                    "name": "log.json",
                    "mimeType": "application/json",
                    "buffer": json.dumps(
                        {**LOG, "incidents": [{**INCIDENTS[0], "note": "changed"}, {**INCIDENTS[0], "id": "new"}]}
                    ).encode(),
                }
            ],
        )
        expect(page.locator("#import-plan")).to_be_visible()
        for target in (page, other):
            result = axe.run(target)
            assert result.violations_count == 0, result.generate_report()
    finally:
        context.close()
