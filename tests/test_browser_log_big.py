"""A big log stays usable (issue 28): the log screen draws a page of cards and incidents with "show more", filters
without reading the data again, and each card still counts its player's whole log."""

import re

from act_form import choose, fill_details
from playwright.sync_api import expect

PLAYERS, INCIDENTS, PAGE = 120, 240, 50

# Plant roster players and incidents as the app stores them, in one transaction.
SEED_JS = """async ({ players, incidents }) => {
  const { openDatabase, ITEMS } = await import('/static/js/storage/db.js');
  const db = await openDatabase();
  const tx = db.transaction(ITEMS, 'readwrite');
  const store = tx.objectStore(ITEMS);
  for (let n = 0; n < players; n += 1) {
    store.put({ format: 'player', v: 1, rev: 1, data: { id: `p${n}`, eventId: 'local', name: `Player ${n}` } },
      ['player', `p${n}`]);
  }
  for (let n = 0; n < incidents; n += 1) {
    const player = n % players;
    const data = { id: `i${n}`, at: new Date(Date.UTC(2026, 10, 1, 9) + n * 60000).toISOString(), eventId: 'local',
      tournament: '', session: '1', table: `T${Math.floor(n / players)}`, player: `Player ${player}`,
      playerId: `p${player}`, seat: '',
      rulesetId: 'mcr-ema-2014', rulingId: 'r_late_pung', points: null, note: '' };
    store.put({ format: 'incident', v: 2, rev: 1, data }, ['incident', `i${n}`]);
  }
  await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onabort = () => reject(tx.error); });
}"""


def test_a_big_log_is_drawn_a_page_at_a_time_and_counts_the_whole_log(page, live_server):
    base = live_server.url
    page.goto(f"{base}/en/")
    page.evaluate(SEED_JS, {"players": PLAYERS, "incidents": INCIDENTS})

    page.goto(f"{base}/en/mcr-ema-2014/ruling/r_late_pung")  # what the action form counts for Player 7: the whole log
    choose(page, "away", "Player 7")
    fill_details(page, session="1")
    before = page.locator('#act-record-lines li[data-count="session"]')  # what the next offence costs before this one
    expect(before).to_have_attribute("data-next-from", re.compile(r"^\d+$"))
    expected_next = before.get_attribute("data-next-from")

    page.goto(f"{base}/en/log")
    expect(page.locator("#log-shown")).to_have_attribute("data-shown", str(INCIDENTS))
    expect(page.locator("#incidents li.incident")).to_have_count(PAGE)
    expect(page.locator("#player-cards li.player-card")).to_have_count(PAGE)
    page.click("#more-incidents")
    expect(page.locator("#incidents li.incident")).to_have_count(2 * PAGE)
    page.click("#more-cards")
    expect(page.locator("#player-cards li.player-card")).to_have_count(2 * PAGE)
    newest = page.locator("#incidents li.incident").first
    expect(newest).to_have_attribute("data-incident", f"i{INCIDENTS - 1}")

    card = page.locator('#player-cards li[data-player-id="p7"]')
    expect(card).to_have_attribute("data-count", "2")
    expect(card.locator("[data-next]")).to_have_attribute("data-next", expected_next)

    page.select_option("#filter-table", "T1")  # a filter shows its first page again; the card counts the whole log
    expect(page.locator("#log-shown")).to_have_attribute("data-shown", str(INCIDENTS // 2))
    expect(page.locator("#incidents li.incident")).to_have_count(PAGE)
    expect(page.locator("#more-incidents")).to_be_visible()
    card = page.locator('#player-cards li[data-player-id="p7"]')
    expect(card).to_have_attribute("data-count", "1")
    expect(card.locator("[data-next]")).to_have_attribute("data-next", expected_next)
    page.select_option("#filter-player", "id:p7")
    expect(page.locator("#incidents li.incident")).to_have_count(1)
    expect(page.locator("#more-incidents")).to_have_count(0)
    expect(page.locator("#more-cards")).to_have_count(0)
