"""What the browser shows in French follows the catalogs' typography: a ruling, the calculator's preview and the
table screen with its scores, history and discipline, read as rendered text (and the labels read aloud), checked by
the same rules as tests/test_typography.py. A label joined to its value in the code (« Type d’incident: … ») fails.
"""

from act_form import act, choose, open_details
from playwright.sync_api import expect
from test_typography import problems_in

RULING = "/fr/azrm-2026/ruling/r_wrong_count"  # a Strike and a Dead Hand: the preview, next hand and discipline


def shown_problems(page, where):
    """Typography problems in the page's rendered text and its aria-labels, each with the screen it was found on."""
    texts = [page.locator("main").inner_text()]
    texts += page.eval_on_selector_all(
        "main [aria-label]", "nodes => nodes.map((node) => node.getAttribute('aria-label'))"
    )
    return [(where, rule, bad) for text in texts for rule, bad in problems_in("fr", text)]


def apply_once(page, base):
    page.goto(f"{base}{RULING}")
    expect(page.locator("#tag")).to_be_visible(timeout=20_000)
    choose(page, 2)
    expect(page.locator("#act-preview-changes, #act-preview-none")).to_be_visible()


def test_french_screens_follow_the_typography(page, live_server):
    # Issue 35: an unnamed seat is nobody and counts no Strike; West is named first (one more line in the history).
    page.goto(f"{live_server.url}/fr/azrm-2026/table")
    page.click("#seat-2")
    page.fill("#seat-2-name", "Léa")
    page.press("#seat-2-name", "Enter")
    expect(page.locator("#seat-2 .seat-name")).to_have_attribute("data-name", "Léa")
    apply_once(page, live_server.url)
    open_details(page)  # the preview with what the Strike changes in Léa's record, and the incident's details
    expect(page.locator("#act-record-lines")).to_be_visible()
    problems = shown_problems(page, "ruling and preview")
    act(page, 2, mode="apply-only")
    for _ in range(2):  # three Strikes in one day: the table screen lists a suspension with its dates
        apply_once(page, live_server.url)
        act(page, 2, mode="apply-only")
    page.click("#act-open-table")
    expect(page.locator('#discipline li[data-seat="2"]')).to_have_attribute("data-status", "suspended")
    expect(page.locator("#history li")).to_have_count(1 + 3)
    problems += shown_problems(page, "table")
    page.click("#seat-2")
    problems += shown_problems(page, "table, a seat open")
    assert problems == []


def test_a_hard_coded_colon_in_the_page_is_caught(page, live_server):
    """The check reads the page itself: a label joined with a plain ': ' in the rendered text is found."""
    page.goto(f"{live_server.url}{RULING}")
    expect(page.locator("#tag")).to_be_visible(timeout=20_000)
    assert shown_problems(page, "ruling") == []
    page.eval_on_selector("#tag", "node => { node.textContent = 'Type d’incident: Fausse victoire'; }")
    assert [rule for _, rule, _ in shown_problems(page, "ruling")] == [
        "a no-break space U+00A0 before : ; ? ! (never an ordinary space, never none)"
    ]
