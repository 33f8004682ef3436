"""The device's storage: full at each kind of write (a real quota error), persistence asked for and shown, a warning
before it is nearly full, and the previous release's localStorage data migrated once, nothing lost."""

import json

import stored as store
from act_form import act, press, record_only
from playwright.sync_api import expect

RULING = "/en/wrc-2015/false-win/shown/no"


def snapshot(page):
    return {kind: store.items(page, kind) for kind in ("settings", "table", "incident")}, store.aside(page)


def test_storage_full_at_each_kind_of_write(page, live_server):
    """Each write the app makes is refused whole with a message at the action, and nothing is half-written."""
    base = live_server.url
    store.small_quota(page, base)
    page.goto(f"{base}/en/wrc-2015/table")
    page.click("#seat-0")
    page.fill("#seat-0-table", "31000")
    page.press("#seat-0-table", "Enter")
    expect(page.locator("#history li")).to_have_count(1)
    page.goto(f"{base}{RULING}")
    record_only(page, "Ivy")
    press(page.locator("#act-again"))
    before = snapshot(page)

    full = store.FullStorage(page, base)
    try:
        # A table step, from a ruling: apply only.
        act(page, 2, mode="apply-only", wait=False)
        expect(page.locator("#act-storage-error")).to_have_attribute("data-error", "quota")
        # An incident: record only.
        page.locator("#act-status-line").evaluate("(node) => node.replaceChildren()")
        record_only(page, "Jo", wait=False)
        expect(page.locator("#act-storage-error")).to_have_attribute("data-error", "quota")
        # The table: an edit in place, a step, an undo.
        page.goto(f"{base}/en/wrc-2015/table")
        page.click("#seat-2")
        page.fill("#seat-2-table", "28000")
        full.fill()
        page.press("#seat-2-table", "Enter")
        expect(page.locator("#seat-2-editor #storage-error")).to_have_attribute("data-error", "quota")
        expect(page.locator("#seat-2-table")).to_have_value("28000")  # what was typed is still there
        page.click("#seat-2-done")
        for buttons in (("#end-hanchan", "#reset-confirm-yes"), ('#history [data-undo="s1"]',)):  # a reset asks first
            page.locator("#table-status").evaluate("(node) => node.replaceChildren()")
            full.fill()
            for button in buttons:
                page.click(button)
            expect(page.locator("#storage-error")).to_have_attribute("data-error", "quota")
        # An import.
        page.goto(f"{base}/en/log")
        exported = {
            "format": "mahjong-referee/incident-log",
            "version": 1,
            "incidents": [
                {
                    "id": "imported",
                    "at": "2026-11-23T10:00:00Z",
                    "player": "Kay",
                    "rulesetId": "wsom",
                    "rulingId": "r_long_hand",
                }
            ],
        }
        page.set_input_files(
            "#import-file",
            files=[{"name": "log.json", "mimeType": "application/json", "buffer": json.dumps(exported).encode()}],
        )
        full.fill()
        page.click("#import-merge")
        expect(page.locator("#import-error")).to_have_attribute("data-error", "quota")
        # The settings: another ruleset chosen.
        full.fill()
        page.goto(f"{base}/en/wsom/table")
        expect(page.locator("#notice-settings-quota")).to_be_visible()
        assert snapshot(page) == before, "nothing was half-written"
    finally:
        full.release()
    page.goto(f"{base}{RULING}")  # with space again, the same write works
    record_only(page, "Jo")


def test_persistent_storage_is_asked_after_the_first_save_and_shown(
    browser_type, browser_type_launch_args, live_server, tmp_path
):
    """Bug 6 of issue 13: the app never asked for persistent storage. It asks once the referee has saved something,
    and the log's data section says whether the browser keeps the data, with a way to ask again."""
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args)
    try:
        context.add_init_script("""(() => {
          const ask = navigator.storage.persist.bind(navigator.storage);
          window.persistAsked = 0;
          navigator.storage.persist = () => { window.persistAsked += 1; return ask(); };
        })()""")
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"{live_server.url}/en/log")
        expect(page.locator("#storage-persisted")).to_have_attribute("data-state", "not-granted")
        expect(page.locator("#storage-persist")).to_be_visible()  # a way to ask, on a tap
        assert page.evaluate("window.persistAsked") == 0, "not asked before there is anything to keep"
        page.goto(f"{live_server.url}{RULING}")
        record_only(page, "Lou")
        page.wait_for_function("window.persistAsked > 0")
        assert page.evaluate("window.persistAsked") == 1, "asked once"
        session = context.new_cdp_session(page)
        session.send(
            "Browser.setPermission",
            {"permission": {"name": "persistent-storage"}, "setting": "granted", "origin": live_server.url},
        )
        page.goto(f"{live_server.url}/en/log")  # the browser now keeps the data: the log says so
        expect(page.locator("#storage-persisted")).to_have_attribute("data-state", "granted")
        expect(page.locator("#storage-persist")).to_have_count(0)
        expect(page.locator("#storage-usage")).to_be_visible()
    finally:
        context.close()


def test_a_warning_before_storage_is_full(context, live_server):
    """The app reads navigator.storage.estimate(); Chromium reports a fixed quota to private windows (the test
    contexts), so the test has the page's estimate say 95 % used."""
    context.add_init_script("navigator.storage.estimate = async () => ({ usage: 95_000_000, quota: 100_000_000 });")
    page = context.new_page()
    for path in ("/en/log", RULING, "/en/wrc-2015/table"):
        page.goto(f"{live_server.url}{path}")
        expect(page.locator("#notice-storage-nearly-full")).to_have_attribute("data-problem", "nearly-full")


LEGACY_LOG = {
    "format": "mahjong-referee/incident-log",
    "version": 1,
    "incidents": [
        {
            "id": "mgk3x1a2-q8w4e1",
            "at": "2026-05-01T10:00:00.000Z",
            "tournament": "Open",
            "session": "1",
            "table": "4",
            "player": "Alice",
            "seat": "East",
            "rulesetId": "wrc-2015",
            "rulingId": "r_false_win_shown",
            "points": 20,
            "note": "",
        }
    ],
}


SEATS = [
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
]
LEGACY_START = {"rulesetId": "wrc-2015", "dealer": 0, "honba": 0, "pot": 0, "seats": SEATS}
# The previous release's table: a whole-table edit (45,000 and 15,000), as its screen saved it.
LEGACY_TABLE = {
    "start": LEGACY_START,
    "steps": [
        {
            "kind": "edit",
            "at": "2026-05-01T10:00:00.000Z",
            "table": {
                **LEGACY_START,
                "seats": [{**SEATS[0], "table": 45000}, {**SEATS[1], "table": 15000}, SEATS[2], SEATS[3]],
            },
        }
    ],
}


def test_the_previous_release_data_migrates_once(context, live_server):
    base = live_server.url
    page = context.new_page()
    page.goto(f"{base}/nothing")
    page.evaluate(
        """async ([log, table]) => {
      await new Promise((resolve) => {
        const r = indexedDB.deleteDatabase('mahjong-referee');
        r.onsuccess = r.onerror = r.onblocked = resolve;
      });
      localStorage.clear();
      localStorage.setItem('mjref.log', JSON.stringify(log));
      localStorage.setItem('mjref.table.wrc-2015', JSON.stringify(table));
      localStorage.setItem('mjref.ruleset', JSON.stringify('wrc-2015'));
      localStorage.setItem('mjref.log-context', JSON.stringify({ tournament: 'Open', session: '2', table: '5' }));
    }""",
        [LEGACY_LOG, LEGACY_TABLE],
    )
    legacy = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    # Two tabs start at once: the migration happens once (a Web Lock), in one transaction.
    other = context.new_page()
    page.goto(f"{base}/en/log")
    other.goto(f"{base}/en/wrc-2015/table")
    expect(page.locator("#incidents li.incident")).to_have_count(1)
    expect(other.locator('#seat-0 [data-score="table"]')).to_have_attribute("data-value", "45000")
    page.goto(f"{base}/en/")
    expect(page.locator("#current-ruleset")).to_be_visible()
    # The seat, a wind's name then, is a code now (incident version 3).
    assert store.incidents(page) == {LEGACY_LOG["incidents"][0]["id"]: {**LEGACY_LOG["incidents"][0], "seat": 0}}
    # The previous release's table, rebuilt once with the ruleset's data when the table screen first read it, and
    # stored so: its whole-table edit is the changes it made, the same figures (45,000 and 15,000), nothing to
    # rebuild at a later read (table-upgrade.js).
    assert store.table(page, "wrc-2015") == {
        "start": {**LEGACY_START, "event": {}, "seats": [{**seat, "table": 30000} for seat in SEATS]},
        "steps": [
            {
                "kind": "edit",
                "changes": [
                    {"path": ["seats", 0, "table"], "from": 30000, "to": 45000},
                    {"path": ["seats", 1, "table"], "from": 30000, "to": 15000},
                ],
                "id": "s1",
                "at": "2026-05-01T10:00:00.000Z",
            }
        ],
        "undone": [],
        "nextId": 2,
    }
    assert store.item(page, "settings", "main")["data"]["context"] == {
        "tournament": "Open",
        "session": "2",
        "table": "5",
    }
    assert store.aside(page) == []
    kept = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    assert {key: value for key, value in kept.items() if key.startswith("mjref.backup.")} == {
        key.replace("mjref.", "mjref.backup."): value for key, value in legacy.items()
    }
    assert not any(key in kept for key in legacy), "the old keys are renamed once the migration is committed"
    page.reload()
    expect(page.locator("#current-ruleset")).to_be_visible()
    assert len(store.incidents(page)) == 1


def test_storage_full_on_the_first_start_with_the_previous_release_log(context, live_server):
    """Issue 28, 5: the device is full when this version first starts with the previous release's log still in
    localStorage: the log showed "No incident recorded yet." with no word. Now it says storage is full and shows the
    incidents it could read (they move in once there is room); a damaged incident met while full is reported."""
    base = live_server.url
    page = context.new_page()
    store.small_quota(page, base)
    page.goto(f"{base}/nothing")
    page.evaluate(
        """async (log) => {
      localStorage.clear();
      localStorage.setItem('mjref.log', JSON.stringify(log));
    }""",
        LEGACY_LOG,
    )
    page.goto(f"{base}/en/wrc-2015/")  # opens the database (a question screen stores nothing)
    expect(page.locator("#question")).to_be_visible()
    page.goto(f"{base}/nothing")
    page.evaluate(
        """async (log) => {
      const { openDatabase, ITEMS } = await import('/static/js/storage/db.js');
      const db = await openDatabase();
      await new Promise((resolve) => {
        const tx = db.transaction(ITEMS, 'readwrite');
        tx.objectStore(ITEMS).clear();
        tx.objectStore(ITEMS).put(
          { format: 'incident', v: 1, rev: 1, data: { id: 'bad', player: 5 } }, ['incident', 'bad']);
        tx.oncomplete = resolve;
      });
      db.close();
      localStorage.clear();
      localStorage.setItem('mjref.log', JSON.stringify(log));
    }""",
        LEGACY_LOG,
    )
    full = store.FullStorage(page, base)
    try:
        page.goto(f"{base}/en/log")
        expect(page.locator("#notice-incident-legacy-quota")).to_be_visible()
        expect(page.locator("#incidents li.incident")).to_have_count(1)
        expect(page.locator("#log-empty")).to_have_count(0)
        expect(page.locator("#notice-incident-damaged-full")).to_have_attribute("data-count", "1")
        assert "mjref.log" in page.evaluate("() => Object.keys(localStorage)"), "nothing moved, nothing lost"
    finally:
        full.release()
    page.reload()  # with room again, the log moves in and the damaged incident is set aside
    expect(page.locator("#incidents li.incident")).to_have_count(1)
    expect(page.locator("#notice-incident-damaged")).to_be_visible()
    assert list(store.incidents(page)) == [LEGACY_LOG["incidents"][0]["id"]]


def test_out_of_space_is_said_by_the_clock_and_the_favourite(page, live_server):
    """Issue 28, 10: on a full disk the clock and the favourite button said "Try again" (it would fail again). Each
    now says the device is out of space."""
    base = live_server.url
    store.small_quota(page, base)
    page.goto(f"{base}/en/wrc-2015/clock")
    expect(page.locator("#clock-heading")).to_be_visible(timeout=20000)  # a first visit, on a busy machine
    quota_text = page.evaluate(
        "() => JSON.parse(document.getElementById('app-config').textContent).strings.data.write_quota"
    )
    full = store.FullStorage(page, base)
    try:
        page.click("#clock-start")
        expect(page.locator("#clock-error")).to_have_attribute("data-error", "quota")
        expect(page.locator("#clock-error")).to_have_text(quota_text)
        full.fill()
        page.goto(f"{base}/en/wsom/ruling/r_long_hand")
        full.fill()
        page.click("#favourite")
        expect(page.locator("#favourite-error")).to_have_attribute("data-error", "quota")
        expect(page.locator("#favourite-error")).to_have_text(quota_text)
    finally:
        full.release()


def test_a_replaced_old_copy_is_said_to_be_replaced_not_damaged(context, live_server):
    """Issue 28, 10: the previous release's copy of an incident differing from the one in use was set aside (right)
    and announced as damaged data (wrong): it is announced as an older copy replaced."""
    base = live_server.url
    page = context.new_page()
    page.goto(f"{base}/nothing")
    mine = {**LEGACY_LOG["incidents"][0], "note": "edited since"}
    store.put(page, "incident", mine["id"], store.envelope("incident", mine))
    page.evaluate(
        "(log) => { localStorage.clear(); localStorage.setItem('mjref.log', JSON.stringify(log)); }", LEGACY_LOG
    )
    page.goto(f"{base}/en/log")
    expect(page.locator("#notice-incident-replaced")).to_have_attribute(
        "data-count", "1", timeout=20000
    )  # first visit, busy machine
    expect(page.locator("#notice-incident-damaged")).to_have_count(0)
    assert [entry["reason"] for entry in store.aside(page)] == ["superseded"]
    assert store.incidents(page)[mine["id"]]["note"] == "edited since"


def stored_ruleset(page):
    """The ruleset the stored settings name, or None."""
    found = store.item(page, "settings", "main")
    return found and found["data"].get("ruleset")


def choose_then_go_home(page, base, fill=False):
    """Use WRC (kept), then open WSOM's table (with the storage full first when `fill`), then home by the app's menu
    (in the same page: a new page load can find a little room again). Returns the FullStorage when filled, for the
    test to release."""
    page.goto(f"{base}/en/wrc-2015/table")
    expect(page.locator("#scoreboard")).to_be_visible(timeout=20_000)
    for _ in range(50):  # the choice is kept once the screen is shown, a little after
        if stored_ruleset(page) == "wrc-2015":
            break
        page.wait_for_timeout(100)
    assert stored_ruleset(page) == "wrc-2015"
    full = store.FullStorage(page, base) if fill else None
    page.goto(f"{base}/en/wsom/table")
    expect(page.locator("#scoreboard")).to_be_visible(timeout=20_000)
    if full:
        full.fill()  # the browser recounts what is used now and then, which may leave a little room
    page.click("#nav-home")
    expect(page.locator("#current-ruleset")).to_be_visible(timeout=20_000)
    return full


def test_home_says_a_ruleset_choice_it_could_not_keep(page, live_server):
    """Issue 28: with the storage full, a ruleset chosen was silently not kept; home now says so."""
    base = live_server.url
    store.small_quota(page, base)
    full = None
    try:
        full = choose_then_go_home(page, base, fill=True)
        notice = page.locator("#notice-settings-quota")
        expect(notice).to_be_visible()
        expect(notice).to_have_attribute("data-kind", "settings")
        expect(notice).to_have_attribute("data-problem", "quota")
        expect(page.locator("#current-ruleset")).to_have_count(1)
        assert stored_ruleset(page) == "wrc-2015", "the choice was not kept, as the notice says"
    finally:
        if full:
            full.release()


def test_home_says_nothing_of_a_ruleset_choice_it_kept(page, live_server):
    """The same choices with room to keep them: home shows no notice, and the last choice is stored."""
    base = live_server.url
    store.small_quota(page, base)
    choose_then_go_home(page, base)
    expect(page.locator("#home-heading")).to_be_visible()
    page.wait_for_timeout(500)  # home checks the stored settings after its first paint
    expect(page.locator("[data-notice]")).to_have_count(0)
    expect(page.locator("#notice-settings-quota")).to_have_count(0)
    assert stored_ruleset(page) == "wsom"


def incident_data(item_id, player="Ann"):
    return {
        "id": item_id,
        "at": "2026-11-01T09:00:00.000Z",
        "tournament": "",
        "session": "1",
        "table": "2",
        "player": player,
        "seat": "",
        "rulesetId": "wrc-2015",
        "rulingId": "r_late",
        "points": None,
        "note": "",
    }


# Listen to this tab's change messages (kept in window.__heard); window.__cleared: the first saying storage was cleared.
HEAR = """async () => {
  const { onChange } = await import('/static/js/storage/changes.js');
  window.__heard = [];
  window.__cleared = new Promise((resolve) => onChange((message) => {
    window.__heard.push(message);
    if (message.cleared) resolve(message);
  }));
}"""

# Save an incident through the log service, as the record form does.
SAVE = """async (player) => {
  const { recordIncident } = await import('/static/js/services/log.js');
  const saved = await recordIncident({ player, session: '3', table: '4', seat: '', points: '', note: '' },
    { rulesetId: 'wrc-2015', rulingId: 'r_late' });
  return saved.ok ? 'ok' : JSON.stringify(saved);
}"""


def test_storage_cleared_under_an_open_tab_is_said_and_saves_go_on(page, live_server):
    """The browser deletes the site's data (DevTools' Storage.clearDataForOrigin, as "clear site data" does) while
    the log is open: storage says so in a message of its own ({cleared, lost: the items the tab knew}), the log
    stops listing what is gone, and a save right after works on a new database, with no reload (issue 35, 7)."""
    base = live_server.url
    page.goto(f"{base}/en/log")
    expect(page.locator("#log-empty")).to_be_visible()
    store.put(page, "incident", "gone-1", store.envelope("incident", incident_data("gone-1"), v=2))
    store.put(page, "incident", "gone-2", store.envelope("incident", incident_data("gone-2", "Bob"), v=2))
    page.reload()
    expect(page.locator("#incidents li")).to_have_count(2)
    page.evaluate(HEAR)
    session = page.context.new_cdp_session(page)
    session.send("Storage.clearDataForOrigin", {"origin": base, "storageTypes": "indexeddb,local_storage"})
    cleared = page.evaluate("() => Promise.race([window.__cleared, new Promise((ok) => setTimeout(ok, 5000, null))])")
    assert cleared, "no word that storage was cleared within 5 s"
    assert [message for message in page.evaluate("window.__heard") if message.get("cleared")] == [cleared]
    lost = {entry["kind"]: sorted(entry["ids"]) for entry in cleared["lost"]}
    assert lost["incident"] == ["gone-1", "gone-2"] and "changed" not in cleared
    expect(page.locator("#log-empty")).to_be_visible()  # what is gone is no longer listed
    reported = page.evaluate(
        "async () => (await import('/static/js/services/health.js')).lastCleared()?.lost.map((entry) => entry.kind)"
    )
    assert "incident" in reported
    assert page.evaluate(SAVE, "Cy") == "ok"  # not "the app was updated in another tab"
    assert page.evaluate(SAVE, "Dee") == "ok"
    assert sorted(item["player"] for item in store.incidents(page).values()) == ["Cy", "Dee"]
    expect(page.locator("[data-notice][data-problem='closed']")).to_have_count(0)
    # Cleared a second time: said again, with what this tab saved since, and saving goes on.
    page.evaluate(HEAR)
    session.send("Storage.clearDataForOrigin", {"origin": base, "storageTypes": "indexeddb"})
    again = page.evaluate("() => Promise.race([window.__cleared, new Promise((ok) => setTimeout(ok, 5000, null))])")
    assert again, "no word that storage was cleared the second time"
    lost = {entry["kind"]: len(entry["ids"]) for entry in again["lost"]}
    assert lost["incident"] == 2
    assert page.evaluate(SAVE, "Eve") == "ok"
    assert [item["player"] for item in store.incidents(page).values()] == ["Eve"]
