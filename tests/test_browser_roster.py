"""The roster and events in the browser: the services other screens use (add, rename, remove, list, find; create,
edit and choose an event), the duplicate-name guard, and incidents that name roster players by id."""

import datetime

import pytest
import stored as store
from act_form import choose, fill_details, record_only
from playwright.sync_api import expect
from touch_phone import phone

SERVICES = """async (steps) => {
  const roster = await import('/static/js/services/roster.js');
  const events = await import('/static/js/services/events.js');
  const log = await import('/static/js/services/log.js');
  const out = {};
  out.lea = await roster.addPlayer(null, { name: 'Léa Müller', number: '12' });
  out.duplicate = await roster.addPlayer(null, { name: 'lea  MULLER' });
  out.confirmed = await roster.addPlayer(null, { name: 'lea muller', club: 'Paris', confirmed: true });
  out.found = (await roster.findPlayers('local', 'LEA MÜLLER')).map((p) => p.id);
  out.recorded = await log.recordIncident(
    { player: 'Cy', session: '1' }, { rulesetId: 'mcr-ema-2014', rulingId: 'r_late_pung' });
  const cy = out.recorded.incident.playerId;
  const read = await roster.readRoster();
  const rev = read.players.find((entry) => entry.player.id === cy).rev;
  out.renamed = await roster.renamePlayer(
    read.players.find((entry) => entry.player.id === cy).player, { name: 'Cyril' }, rev);
  out.stale = await roster.renamePlayer(out.renamed.player, { name: 'Cyrille' }, rev);
  out.removed = await roster.removePlayer(out.confirmed.player.id, out.confirmed.rev);
  out.listed = (await roster.listPlayers()).map((p) => p.name);
  out.shown = roster.playerName((await roster.readRoster()).all, cy, 'typed');
  out.badEvent = await events.createEvent({ name: ' ', rulesetId: 'wsom' }, ['wsom']);
  out.cup = await events.createEvent(
    { name: 'Autumn Cup', rulesetId: 'mcr-ema-2014', start: '2026-11-23', sessions: 'R1\\nR2' }, ['mcr-ema-2014']);
  out.current = (await events.currentEvent()).id;
  out.cupRoster = (await roster.listPlayers()).length;
  const cupRev = (await events.readEvents()).events.find((entry) => entry.event.id === out.cup.event.id).rev;
  out.edited = await events.updateEvent(
    out.cup.event, { name: 'Autumn Cup 2026', rulesetId: 'mcr-ema-2014', sessions: 'R1\\nR2\\nR3' }, cupRev,
    ['mcr-ema-2014']);
  out.inCup = await log.recordIncident(
    { player: 'léa müller', session: 'R1' }, { rulesetId: 'mcr-ema-2014', rulingId: 'r_late_pung' });
  out.back = await events.chooseCurrentEvent('local');
  out.localAgain = (await events.currentEvent()).id;
  return out;
}"""


def test_the_roster_services(page, live_server):
    page.goto(f"{live_server.url}/en/log")
    expect(page.locator("#log-heading")).to_be_visible()
    out = page.evaluate(SERVICES, [])
    lea = out["lea"]["player"]
    assert lea["name"] == "Léa Müller" and lea["eventId"] == "local" and lea["number"] == "12"
    assert out["duplicate"]["errors"] == {"name": "duplicate"} and out["duplicate"]["duplicate"]["id"] == lea["id"]
    assert out["confirmed"]["ok"] and out["confirmed"]["player"]["id"] != lea["id"]
    assert sorted(out["found"]) == sorted([lea["id"], out["confirmed"]["player"]["id"]])
    # A new name recorded in the log joins the roster in the incident's own transaction.
    assert out["recorded"]["newPlayer"]["name"] == "Cy" and out["recorded"]["incident"]["eventId"] == "local"
    # Renaming keeps the id: the incident still names the player, shown by the new name.
    assert out["renamed"]["player"]["id"] == out["recorded"]["incident"]["playerId"] and out["shown"] == "Cyril"
    assert out["stale"]["conflict"] == "changed"
    assert out["removed"]["ok"] and out["listed"] == ["Cyril", "Léa Müller"]
    stored = store.items(page, "player")
    assert stored[out["confirmed"]["player"]["id"]]["data"]["deleted"] is True  # a tombstone, not a deletion
    assert out["badEvent"]["errors"] == {"name": "empty_name"}
    cup = out["cup"]["event"]
    assert (
        out["current"] == cup["id"]
        and cup["sessions"] == ["R1", "R2"]
        and cup["dates"] == {"start": "2026-11-23", "end": "2026-11-23"}
    )
    assert out["cupRoster"] == 0  # each event has its own roster
    assert out["edited"]["event"]["sessions"] == ["R1", "R2", "R3"] and out["edited"]["event"]["id"] == cup["id"]
    assert out["inCup"]["incident"]["eventId"] == cup["id"] and out["inCup"]["newPlayer"]["eventId"] == cup["id"]
    assert out["localAgain"] == "local"
    assert store.item(page, "settings", "main")["data"]["currentEvent"] is None


def test_lea_muller_typed_again_is_the_same_roster_player(page, live_server):
    """Issue 12, item 8: matching goes by roster entry, not spelling; the log counts her offences together."""
    base = live_server.url
    for name, ruling in (("Léa Müller", "r_call_not_completed"), ("lea  muller", "r_late_pung")):
        page.goto(f"{base}/en/mcr-ema-2014/ruling/{ruling}")
        record_only(page, name, session="1")
    players = store.items(page, "player")
    assert len(players) == 1
    [player_id] = players
    assert {incident["playerId"] for incident in store.incidents(page).values()} == {player_id}
    assert {incident["player"] for incident in store.incidents(page).values()} == {"Léa Müller"}
    page.goto(f"{base}/en/mcr-ema-2014/ruling/r_passing_information")
    choose(page, "away", "LEA MÜLLER")
    fill_details(page, session="1")
    # Her two offences count together: before this third one, her next offence costs 10.
    expect(page.locator('#act-record-lines li[data-count="session"]')).to_have_attribute("data-next-from", "10")


def players_stored(page):
    return {key: value["data"] for key, value in store.items(page, "player").items()}


def add_player(page, name, number=""):
    page.fill("#player-add-name", name)
    page.fill("#player-add-number", number)
    page.click("#player-add-save")


def test_the_roster_screen_adds_refuses_a_duplicate_renames_and_removes(page, live_server):
    base = live_server.url
    page.goto(f"{base}/en/log")
    page.click("#open-roster")
    expect(page.locator("#roster-heading")).to_be_visible()
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "0")
    add_player(page, "Léa Müller", "12")
    expect(page.locator("#player-add-done")).to_be_visible()
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "1")
    [lea] = players_stored(page).values()
    assert lea == {"id": lea["id"], "eventId": "local", "name": "Léa Müller", "number": "12"}
    # An incident names Léa by id (typed in any spelling).
    page.goto(f"{base}/en/mcr-ema-2014/ruling/r_late_pung")
    record_only(page, "LEA MULLER")
    page.goto(f"{base}/en/roster")
    # "lea muller" is refused at the field, nothing stored, until the referee confirms a different person.
    add_player(page, "lea  muller")
    expect(page.locator("#player-add-name-error")).to_be_visible()
    expect(page.locator("#player-add-name")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#player-add-form")).to_have_attribute("data-duplicate", lea["id"])
    assert len(players_stored(page)) == 1
    page.check("#player-add-confirm")
    page.click("#player-add-save")
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "2")
    other = next(p for p in players_stored(page).values() if p["id"] != lea["id"])
    page.goto(f"{base}/en/roster")
    page.click(f"#rename-{lea['id']}")
    page.fill(f"#edit-player-{lea['id']}-name", "Léa Dupont")
    page.click(f"#edit-player-{lea['id']}-save")
    expect(page.locator(f'li[data-player-id="{lea["id"]}"] strong')).to_have_text("Léa Dupont")
    assert players_stored(page)[lea["id"]]["name"] == "Léa Dupont"
    [incident] = store.incidents(page).values()
    assert incident["playerId"] == lea["id"] and incident["player"] == "Léa Müller"  # the incident is unchanged
    page.click("#roster-open-log")
    expect(page.locator('#player-cards li[data-player="Léa Dupont"]')).to_be_visible()  # shown by the new name
    page.goto(f"{base}/en/roster")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(f"#remove-{other['id']}")
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "1")
    assert players_stored(page)[other["id"]]["deleted"] is True


def test_a_suspension_from_before_counts_towards_the_ban(browser, live_server):
    """Issue 34, 3: Arizona bans after more than two Suspensions, but a Suspension from another event could not be
    entered, so the ban could not be tracked. On the event screen each roster player takes the suspensions from
    before, with their first day; the third is a ban; one entered by mistake comes off."""
    context = phone(browser)
    page = context.new_page()
    today = datetime.date.today()

    def day(days_ago):
        return (today - datetime.timedelta(days=days_ago)).isoformat()

    page.goto(f"{live_server.url}/fr/event")
    page.locator("#event-edit-open").tap()
    page.select_option("#event-edit-ruleset", "azrm-2026")
    page.locator("#event-edit-save").tap()
    expect(page.locator("#current-event")).to_have_attribute("data-ruleset", "azrm-2026")
    page.fill("#player-add-name", "Cy")
    page.locator("#player-add-save").tap()
    expect(page.locator("#player-add-done")).to_be_visible()
    [cy] = players_stored(page)
    row = page.locator(f'li[data-player-id="{cy}"]')

    def enter(start, where=""):
        page.locator(f"#suspension-{cy}-open").tap()
        page.fill(f"#suspension-{cy}-start", start)
        page.fill(f"#suspension-{cy}-where", where)
        page.locator(f"#suspension-{cy}-save").tap()

    enter((today + datetime.timedelta(days=1)).isoformat())  # not after today: said at the field, nothing stored
    expect(page.locator(f"#suspension-{cy}-start-error")).to_be_visible()
    expect(page.locator(f"#suspension-{cy}-start")).to_have_attribute("aria-invalid", "true")
    assert "suspensions" not in players_stored(page)[cy]
    page.fill(f"#suspension-{cy}-start", day(60))
    page.fill(f"#suspension-{cy}-where", "Winter Open")
    page.locator(f"#suspension-{cy}-save").tap()
    expect(row.locator(".earlier-suspensions li")).to_have_count(1)
    enter(day(30))
    expect(row.locator(".earlier-suspensions li")).to_have_count(2)
    expect(row).to_have_attribute("data-status", "ok")  # two suspensions, both over: no ban yet
    enter(day(2))
    expect(row.locator(".earlier-suspensions li")).to_have_count(3)
    expect(row).to_have_attribute("data-status", "banned")
    assert players_stored(page)[cy]["suspensions"] == [
        {"start": day(60), "where": "Winter Open"},
        {"start": day(30)},
        {"start": day(2)},
    ]
    row.locator(f'button[data-remove="{day(2)}"]').tap()
    expect(row.locator(".earlier-suspensions li")).to_have_count(2)
    expect(row).to_have_attribute("data-status", "ok")
    context.close()


def test_a_name_two_roster_players_share_must_be_picked(page, live_server):
    """Two confirmed "Léa Müller": recording for that name asks which one, and stores nothing."""
    base = live_server.url
    page.goto(f"{base}/en/roster")
    add_player(page, "Léa Müller", "12")
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "1")
    add_player(page, "Léa Müller", "40")
    page.check("#player-add-confirm")
    page.click("#player-add-save")
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "2")
    page.goto(f"{base}/en/mcr-ema-2014/ruling/r_late_pung")
    record_only(page, "lea muller", wait=False)
    expect(page.locator("#act-player-error")).to_be_visible()
    assert store.incidents(page) == {}


def test_an_event_is_created_with_its_ruleset_days_and_sessions_and_chosen(page, live_server):
    base = live_server.url
    page.goto(f"{base}/en/roster")
    add_player(page, "Ann")
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "1")
    page.click("#event-new-open")
    page.fill("#event-new-name", "Autumn Cup")
    page.select_option("#event-new-ruleset", "mcr-ema-2014")
    page.fill("#event-new-start", "2026-11-24")
    page.fill("#event-new-end", "2026-11-23")
    page.fill("#event-new-sessions", "Round 1\nRound 2\nFinal")
    page.click("#event-new-save")
    expect(page.locator("#event-new-end-error")).to_be_visible()
    assert store.items(page, "event") == {}
    page.fill("#event-new-end", "2026-11-25")
    page.click("#event-new-save")
    current = page.locator("#current-event")
    expect(current).not_to_have_attribute("data-event-id", "local")
    expect(current).to_have_attribute("data-ruleset", "mcr-ema-2014")
    expect(current).to_have_attribute("data-sessions", "3")
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "0")  # its own roster
    [event] = [item["data"] for item in store.items(page, "event").values()]
    assert event["dates"] == {"start": "2026-11-24", "end": "2026-11-25"} and event["sessions"] == [
        "Round 1",
        "Round 2",
        "Final",
    ]
    assert store.item(page, "settings", "main")["data"]["currentEvent"] == event["id"]
    page.click("#event-edit-open")
    page.fill("#event-edit-sessions", "Round 1\nRound 2\nRound 1")
    page.click("#event-edit-save")
    expect(page.locator("#event-edit-sessions-error")).to_be_visible()
    page.fill("#event-edit-sessions", "Round 1\nRound 2\nSemi-final\nFinal")
    page.click("#event-edit-save")
    expect(current).to_have_attribute("data-sessions", "4")
    page.select_option("#event-choice", "local")
    page.click("#event-use")
    expect(current).to_have_attribute("data-event-id", "local")
    expect(page.locator("#roster-count")).to_have_attribute("data-count", "1")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_roster_screen_fits_a_phone_and_is_accessible(browser, live_server, lang):
    """320 px wide, 200 % text, light and dark: no horizontal scroll, every button at least 44 px, axe finds nothing."""
    from axe_check import Axe

    for scheme in ("light", "dark"):
        context = browser.new_context(
            service_workers="block", viewport={"width": 320, "height": 640}, color_scheme=scheme
        )
        try:
            page = context.new_page()
            page.goto(f"{live_server.url}/{lang}/roster")
            add_player(page, "Léa Müller-Castellanos de la Fuente", "A-1234")
            expect(page.locator("#roster-count")).to_have_attribute("data-count", "1")
            add_player(page, "lea muller castellanos de la fuente")
            expect(page.locator("#player-add-name-error")).to_be_visible()
            [lea] = store.items(page, "player")
            page.click(f"#rename-{lea}")
            page.click("#event-new-open")
            page.click("#event-edit-open")
            result = Axe().run(page)
            assert result.violations_count == 0, result.generate_report()
            for zoom in ("100%", "200%"):
                page.evaluate("(size) => { document.documentElement.style.fontSize = size; }", zoom)
                assert page.evaluate("document.documentElement.scrollWidth") <= 320, (lang, scheme, zoom)
                small = page.evaluate("""() => [...document.querySelectorAll(
                    '#main button, #main summary, #main a.button, #main select, #main input')]
                  .filter((node) => node.offsetParent !== null && node.type !== 'checkbox')
                  .map((node) => [node.id || node.textContent, node.getBoundingClientRect().height,
                    node.getBoundingClientRect().width])
                  .filter(([, height, width]) => height < 44 || width < 44)""")
                assert small == [], (lang, scheme, zoom, small)
        finally:
            context.close()


def test_a_rename_being_typed_is_kept_when_another_tab_adds_a_player_above(context, live_server):
    """Issue 35 (screens drawn in place): the roster's players were matched by position, so a player added in another
    tab above the one being renamed took the place of its row, and the name typed in the rename form was lost."""
    base = live_server.url
    renaming = context.new_page()
    renaming.goto(f"{base}/en/roster")
    add_player(renaming, "Zed")
    expect(renaming.locator("#roster-count")).to_have_attribute("data-count", "1")
    [zed] = players_stored(renaming)
    renaming.click(f"#rename-{zed}")
    renaming.fill(f"#edit-player-{zed}-name", "Zed Typed")
    other = context.new_page()
    other.goto(f"{base}/en/roster")
    add_player(other, "Aaron")
    expect(other.locator("#roster-count")).to_have_attribute("data-count", "2")
    expect(renaming.locator("#roster-count")).to_have_attribute("data-count", "2")  # heard, drawn again in place
    expect(renaming.locator("#roster-players li").first).not_to_have_attribute("data-player-id", zed)  # Aaron above
    expect(renaming.locator(f"#edit-player-{zed}-name")).to_have_value("Zed Typed")
    renaming.click(f"#edit-player-{zed}-save")
    expect(renaming.locator(f'li[data-player-id="{zed}"] .roster-name strong')).to_have_text("Zed Typed")
    assert sorted(player["name"] for player in players_stored(renaming).values()) == ["Aaron", "Zed Typed"]
