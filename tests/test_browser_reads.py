"""The screens read storage only for what changed (issue 27's client model): opening the table reads each kind it
shows once, opening a seat (UI-only state) reads nothing, a change made in another tab re-reads only the kind it
names, and the ruling screen reads the settings once. Counts are IndexedDB reads (tests/idb_reads.py): a `get` is one
read, a kind's list two (its keys and its values); "items:KIND" counts one record kind.

Before the table's model (2026-11-26), then after: opening the table 16 reads (settings 4 times), 14 (settings twice,
the ruleset and the language written on a first visit), opened again 13 (settings once); opening a seat 13, then 0;
another tab's change to its favourites (a kind the table does not show) 13, then 0; to the table 13, then 1 (the
table); to the log 13, then 4 (the incidents and the players they name); the ruling screen opened again 17 (settings
3 times), then 15 (settings once); a change to another ruleset's table made the ruling screen read 10 times, now 0.
"""

from act_form import act, choose, record_only
from idb_reads import count_reads, reset_reads, settled, total
from playwright.sync_api import expect
from test_browser_sync import ADD_PLAYER, PLAYER, phones, record, sync

TABLE = "/en/wrc-2015/table"
RULING = "/en/wrc-2015/ruling/r_false_win_shown"


def kinds(counts):
    """The reads of each record kind ({"table": 1, ...})."""
    return {name.split(":", 1)[1]: count for name, count in counts.items() if name.startswith("items:")}


def open_table(context, base):
    page = context.new_page()
    page.goto(base + TABLE)
    expect(page.locator("#scoreboard")).to_be_visible(timeout=20_000)
    return page


def reopened(page, ready):
    """The reads of the screen opened again (the device's ruleset and language are already kept: no write)."""
    settled(page)
    page.reload()
    expect(page.locator(ready)).to_be_visible(timeout=20_000)
    return settled(page)


def test_opening_the_table_reads_each_kind_once_and_opening_a_seat_reads_nothing(context, live_server):
    count_reads(context)
    page = open_table(context, live_server.url)
    first = settled(page)
    assert kinds(first).get("settings", 0) <= 2, first  # the ruleset and the language chosen: written once each
    opened = reopened(page, "#scoreboard")
    # The table (1 get); the log (incidents and the players they name: a list each); the roster (players, events);
    # the settings once; the set-aside entries once (a list) for the notices; the sync state for the navigation.
    assert kinds(opened).get("table", 0) == 1, opened
    assert kinds(opened).get("settings", 0) == 1, opened
    assert opened.get("quarantine", 0) <= 2, opened
    assert total(opened) <= 14, opened

    reset_reads(page)
    page.click("#seat-0")
    expect(page.locator("#seat-0-editor")).to_be_visible()
    assert total(settled(page)) == 0  # an open seat is UI-only state

    page.click("#seat-0")  # closed again
    expect(page.locator("#seat-0-editor")).to_have_count(0)
    assert total(settled(page)) == 0


def test_a_change_in_another_tab_rereads_only_the_kind_it_names(context, live_server):
    count_reads(context)
    table = open_table(context, live_server.url)
    settled(table)

    other = context.new_page()
    other.goto(live_server.url + RULING)
    expect(other.locator("#favourite")).to_be_visible()
    settled(table)  # the other tab's opening (its recent rulings) is over
    reset_reads(table)
    other.click("#favourite")  # a kind the table does not show
    expect(other.locator("#favourite")).to_have_attribute("aria-pressed", "true")
    assert total(settled(table)) == 0

    other.goto(live_server.url + TABLE)
    expect(other.locator("#scoreboard")).to_be_visible()
    settled(table)
    reset_reads(table)
    other.click("#seat-1")
    other.fill("#seat-1-table", "31000")
    other.press("#seat-1-table", "Enter")
    expect(table.locator('#seat-1 [data-score="table"]')).to_have_attribute("data-value", "31000")
    changed = settled(table)
    assert kinds(changed) == {"table": 1}, changed  # the table alone, once
    assert changed.get("quarantine", 0) == 0, changed

    for _ in ("first", "second"):  # the first incident adds Frank to the roster; the second changes the log only
        other.goto(live_server.url + "/en/wrc-2015/ruling/r_cheating")
        choose(other, "away", "Frank")
        settled(table)
        reset_reads(table)
        record_only(other, "Frank")
        changed = settled(table)
    assert kinds(changed) == {"incident": 2, "player": 2}, changed  # the log: incidents and the players they name


def test_the_ruling_screen_reads_the_settings_once(context, live_server):
    count_reads(context)
    page = context.new_page()
    page.goto(live_server.url + RULING)
    expect(page.locator("#act-form")).to_be_visible(timeout=20_000)
    opened = reopened(page, "#act-form")
    assert kinds(opened).get("settings", 0) == 1, opened
    assert kinds(opened).get("table", 0) == 1, opened
    assert total(opened) <= 15, opened  # the recent rulings: written (a read), then read


def test_the_ruling_screen_leaves_another_rulesets_table_alone(context, live_server):
    count_reads(context)
    ruling = context.new_page()
    ruling.goto(live_server.url + RULING)
    expect(ruling.locator("#act-form")).to_be_visible(timeout=20_000)
    other = context.new_page()
    other.goto(live_server.url + "/en/mcr-ema-2014/table")
    expect(other.locator("#scoreboard")).to_be_visible(timeout=20_000)
    settled(ruling)  # the other tab's choice of ruleset (a settings change the ruling screen shows) is over
    reset_reads(ruling)
    other.click("#seat-1")
    other.fill("#seat-1-table", "31000")
    other.press("#seat-1-table", "Enter")
    expect(other.locator('#seat-1 [data-score="table"]')).to_have_attribute("data-value", "31000")
    assert total(settled(ruling)) == 0


def test_a_phone_in_no_event_reads_nothing_while_it_waits(context, live_server):
    """Live sync read this phone's sync state at every poll (5 s) though it was in no event: every screen's reads
    counted one more now and then, and an idle phone kept reading. It now waits for an event to be joined."""
    count_reads(context)
    page = open_table(context, live_server.url)
    settled(page)
    reset_reads(page)
    page.wait_for_timeout(6500)  # longer than a poll's wait (5 s give or take a fifth)
    assert total(settled(page)) == 0


def test_the_ruling_screen_drawn_again_reads_nothing(context, live_server):
    """Issue 35: the ruling screen read IndexedDB six times per drawing, and everything again after each action. A
    drawing with nothing changed (a new action after the result, its preview) reads nothing."""
    count_reads(context)
    page = context.new_page()
    page.goto(live_server.url + RULING)
    expect(page.locator("#act-form")).to_be_visible(timeout=20_000)
    act(page, 1, player="Bo")
    settled(page)  # the action's write and what it changed, read again once
    reset_reads(page)
    page.locator("#act-again").click()
    expect(page.locator("#act-form")).to_be_visible()
    page.select_option("#act-offender", "2")
    expect(page.locator('#act-preview-changes li[data-seat="2"]').first).to_be_visible()
    assert total(settled(page)) == 0


def test_what_a_sync_in_this_tab_brings_reaches_the_tables_seats(browser, server):
    """A sync run by this tab writes here, and this tab hears no change event of its own: the sync's own message
    names what it wrote, so the table re-reads the log and shows the strike another referee recorded."""
    (anna_context, anna), (bruno_context, bruno) = phones(browser, server)
    base = server.url
    try:
        anna.evaluate(ADD_PLAYER, PLAYER)
        sync(anna, base)
        sync(bruno, base)
        anna.goto(f"{base}/en/azrm-2026/table")
        anna.click("#seat-0")
        anna.fill("#seat-0-name", PLAYER)
        anna.press("#seat-0-name", "Enter")
        expect(anna.locator("#seat-0 .seat-name")).to_have_attribute("data-name", PLAYER)
        expect(anna.locator('#seat-0 [data-mark="strikes"]')).to_have_count(0)
        record(bruno, base)
        sync(bruno, base)
        anna_context.set_offline(True)
        anna_context.set_offline(False)  # back online: the app syncs by itself, on the table screen
        expect(anna.locator('#seat-0 [data-mark="strikes"]')).to_have_count(1, timeout=15_000)
    finally:
        anna_context.close()
        bruno_context.close()
