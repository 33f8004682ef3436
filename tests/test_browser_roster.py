"""The roster and events in the browser: the services other screens use (add, rename, remove, list, find; create,
edit and choose an event), the duplicate-name guard, and incidents that name roster players by id."""
from playwright.sync_api import expect

import stored as store

SERVICES = """async (steps) => {
  const roster = await import('/static/js/services/roster.js');
  const events = await import('/static/js/services/events.js');
  const log = await import('/static/js/services/log.js');
  const out = {};
  out.lea = await roster.addPlayer(null, { name: 'Léa Müller', number: '12' });
  out.duplicate = await roster.addPlayer(null, { name: 'lea  MULLER' });
  out.confirmed = await roster.addPlayer(null, { name: 'lea muller', club: 'Paris', confirmed: true });
  out.found = (await roster.findPlayers('local', 'LEA MÜLLER')).map((p) => p.id);
  out.recorded = await log.recordIncident({ player: 'Cy', session: '1' }, { rulesetId: 'mcr-ema-2014', rulingId: 'r_late_pung' });
  const cy = out.recorded.incident.playerId;
  const read = await roster.readRoster();
  const rev = read.players.find((entry) => entry.player.id === cy).rev;
  out.renamed = await roster.renamePlayer(read.players.find((entry) => entry.player.id === cy).player, { name: 'Cyril' }, rev);
  out.stale = await roster.renamePlayer(out.renamed.player, { name: 'Cyrille' }, rev);
  out.removed = await roster.removePlayer(out.confirmed.player.id, out.confirmed.rev);
  out.listed = (await roster.listPlayers()).map((p) => p.name);
  out.shown = roster.playerName((await roster.readRoster()).all, cy, 'typed');
  out.badEvent = await events.createEvent({ name: ' ', rulesetId: 'wsom' }, ['wsom']);
  out.cup = await events.createEvent({ name: 'Autumn Cup', rulesetId: 'mcr-ema-2014', start: '2026-11-23', sessions: 'R1\\nR2' }, ['mcr-ema-2014']);
  out.current = (await events.currentEvent()).id;
  out.cupRoster = (await roster.listPlayers()).length;
  const cupRev = (await events.readEvents()).events.find((entry) => entry.event.id === out.cup.event.id).rev;
  out.edited = await events.updateEvent(out.cup.event, { name: 'Autumn Cup 2026', rulesetId: 'mcr-ema-2014', sessions: 'R1\\nR2\\nR3' }, cupRev, ['mcr-ema-2014']);
  out.inCup = await log.recordIncident({ player: 'léa müller', session: 'R1' }, { rulesetId: 'mcr-ema-2014', rulingId: 'r_late_pung' });
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
    assert out["current"] == cup["id"] and cup["sessions"] == ["R1", "R2"] and cup["dates"] == {"start": "2026-11-23", "end": "2026-11-23"}
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
        page.click("#record-open")
        page.fill("#record-player", name)
        page.fill("#record-session", "1")
        page.click("#record-save")
        expect(page.locator("#record-done")).to_be_visible()
    players = store.items(page, "player")
    assert len(players) == 1
    [player_id] = players
    assert {incident["playerId"] for incident in store.incidents(page).values()} == {player_id}
    assert {incident["player"] for incident in store.incidents(page).values()} == {"Léa Müller"}
    page.goto(f"{base}/en/mcr-ema-2014/ruling/r_passing_information")
    page.click("#record-open")
    page.fill("#record-player", "LEA MÜLLER")
    page.fill("#record-session", "1")
    expect(page.locator("#record-escalation [data-next]")).to_have_attribute("data-next", "10")
