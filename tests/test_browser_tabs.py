"""Two tabs on the same data: no change is lost, in either order, and each tab shows the other's change when it
happens (a change event after each write, no reload). A change that can be re-applied (a step, an incident) is;
a form started on older data is refused once, keeps what was typed, and shows the current data."""
import pytest
from playwright.sync_api import expect

import stored as store

TABLE = "/en/wrc-2015/table"


def tab(context, url):
    page = context.new_page()
    page.goto(url)
    expect(page.locator(".screen-heading")).to_be_visible()
    return page


def steps(page):
    return [step["kind"] for step in (store.table(page, "wrc-2015") or {"steps": []})["steps"]]


@pytest.mark.parametrize("first", ["a", "b"])
def test_a_step_and_an_edit_from_two_tabs_are_both_kept(context, live_server, first):
    """Bug 1 of issue 13: B pressed "End hanchan" after A saved scores, and A's scores were gone."""
    a, b = tab(context, live_server.url + TABLE), tab(context, live_server.url + TABLE)
    editor, stepper = (a, b) if first == "a" else (b, a)
    editor.fill("#seat-0-table", "42000")
    editor.fill("#seat-1-table", "18000")
    editor.click("#table-save")
    expect(editor.locator("#history li")).to_have_count(1)
    expect(stepper.locator("#seat-0-table")).to_have_value("42000")  # the other tab shows it, without a reload
    stepper.click("#end-hanchan")
    for page in (a, b):
        expect(page.locator("#history li")).to_have_count(2)
    stored = store.table(a, "wrc-2015")["steps"]
    assert [step["kind"] for step in stored] == ["edit", "end-hanchan"]
    assert [seat["table"] for seat in stored[0]["table"]["seats"]][:2] == [42000, 18000]


@pytest.mark.parametrize("change", ["end-hanchan", "ruling"])
def test_a_stale_form_never_overwrites_the_table(context, live_server, change):
    """B typed scores, then A changed the table (a step, or a ruling applied from a ruling page): B's form keeps
    what was typed and says the table changed; its save is refused once, then applies B's entries over A's change."""
    b = tab(context, live_server.url + TABLE)
    b.fill("#seat-2-table", "35000")  # typed, not saved
    if change == "ruling":
        a = tab(context, f"{live_server.url}/en/wrc-2015/false-win/shown/no")
        a.click("#apply-open")
        a.select_option("#apply-offender", "1")
        a.click("#apply-preview")
        a.click("#apply-confirm")
        expect(a.locator("#apply-done")).to_be_visible()
    else:
        a = tab(context, live_server.url + TABLE)
        a.fill("#seat-0-table", "42000")
        a.fill("#seat-1-table", "18000")
        a.click("#table-save")
        a.click("#end-hanchan")
        expect(a.locator("#history li")).to_have_count(2)
    before = steps(a)
    stale = b.locator("#table-form-stale")
    expect(stale).to_have_attribute("data-problem", "changed")
    expect(b.locator("#seat-2-table")).to_have_value("35000")  # kept
    expect(b.locator("#history li")).to_have_count(len(before))  # the rest shows the current table
    b.click("#table-save")
    expect(stale).to_have_attribute("data-problem", "conflict")
    assert steps(a) == before, "the stale form's save was refused"
    expect(b.locator("#seat-2-table")).to_have_value("35000")
    b.click("#table-save")  # seen, saved on purpose
    expect(b.locator("#history li")).to_have_count(len(before) + 1)
    stored = store.table(b, "wrc-2015")["steps"]
    assert [step["kind"] for step in stored] == before + ["edit"]
    seats = stored[-1]["table"]["seats"]
    assert seats[2]["table"] == 35000
    if change == "ruling":
        assert seats[1]["tournament"] == -20, "the ruling applied in the other tab is kept"


def record(page, url, player):
    page.goto(url)
    page.click("#record-open")
    page.fill("#record-player", player)
    page.click("#record-save")
    expect(page.locator("#record-done")).to_be_visible()


@pytest.mark.parametrize("first", ["a", "b"])
def test_incidents_recorded_in_two_tabs_are_both_kept(context, live_server, first):
    base = live_server.url
    a, b = tab(context, f"{base}/en/log"), tab(context, f"{base}/en/log")
    one, other = (a, b) if first == "a" else (b, a)
    record(one, f"{base}/en/wrc-2015/ruling/r_cheating", "Ann")
    expect(other.locator("#incidents li.incident")).to_have_count(1)  # the log tab shows it, without a reload
    record(other, f"{base}/en/wsom/ruling/r_long_hand", "Ben")
    one.goto(f"{base}/en/log")
    expect(one.locator("#incidents li.incident")).to_have_count(2)
    assert sorted(incident["player"] for incident in store.incidents(a).values()) == ["Ann", "Ben"]


def first_incident(page):
    return page.locator("#incidents li.incident").first.get_attribute("data-incident")


@pytest.mark.parametrize("first", ["a", "b"])
def test_an_edit_on_a_stale_form_is_refused_then_applied_over_the_other(context, live_server, first):
    base = live_server.url
    helper = context.new_page()
    record(helper, f"{base}/en/wrc-2015/ruling/r_cheating", "Cleo")
    a, b = tab(context, f"{base}/en/log"), tab(context, f"{base}/en/log")
    slow, fast = (a, b) if first == "a" else (b, a)
    incident_id = first_incident(slow)
    slow.click(f"#edit-{incident_id}")
    slow.fill(f"#edit-{incident_id}-note", "typed in the slow tab")
    fast.click(f"#edit-{incident_id}")
    fast.fill(f"#edit-{incident_id}-player", "Cleo B.")
    fast.click(f"#edit-{incident_id}-save")
    expect(fast.locator(f'#incidents li[data-incident="{incident_id}"] .incident-title')).to_contain_text("Cleo B.")
    stale = slow.locator(f"#edit-{incident_id}-form-stale")
    expect(stale).to_have_attribute("data-problem", "changed")
    expect(slow.locator(f"#edit-{incident_id}-player")).to_have_value("Cleo B.")  # untouched field: current data
    expect(slow.locator(f"#edit-{incident_id}-note")).to_have_value("typed in the slow tab")  # typed: kept
    slow.click(f"#edit-{incident_id}-save")
    expect(stale).to_have_attribute("data-problem", "conflict")
    assert store.incidents(slow)[incident_id]["note"] == ""
    slow.click(f"#edit-{incident_id}-save")
    expect(slow.locator(f'#incidents li[data-incident="{incident_id}"] .note')).to_have_text("typed in the slow tab")
    saved = store.incidents(slow)[incident_id]
    assert (saved["player"], saved["note"]) == ("Cleo B.", "typed in the slow tab")


def test_an_incident_deleted_in_another_tab_while_edited_is_kept_on_purpose(context, live_server):
    base = live_server.url
    a = context.new_page()
    record(a, f"{base}/en/wrc-2015/ruling/r_cheating", "Dana")
    a.goto(f"{base}/en/log")
    b = tab(context, f"{base}/en/log")
    incident_id = first_incident(a)
    a.click(f"#edit-{incident_id}")
    a.fill(f"#edit-{incident_id}-note", "still needed")
    b.once("dialog", lambda dialog: dialog.accept())
    b.click(f"#delete-{incident_id}")
    expect(b.locator("#log-empty")).to_be_visible()
    expect(a.locator(f'#incidents li[data-incident="{incident_id}"]')).to_have_attribute("data-deleted", "true")
    expect(a.locator(f"#edit-{incident_id}-form-stale")).to_have_attribute("data-problem", "deleted")
    expect(a.locator(f"#edit-{incident_id}-note")).to_have_value("still needed")
    a.click(f"#edit-{incident_id}-save")
    expect(b.locator("#incidents li.incident")).to_have_count(1)
    assert store.incidents(b)[incident_id]["note"] == "still needed"
