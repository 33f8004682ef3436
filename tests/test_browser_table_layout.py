"""The table screen on a phone, in the states a referee meets it in (issue 34): a named board with riichi, counters and
penalty marks, a win being tapped (the discarder named, the liable player said), the pending win form, MCR's value
step, a seat's sheet, and the board after a win. At 320, 360 and 390 px wide with the text at 100 %, 150 % and 200 %,
in en, fr and it: nothing scrolls sideways, no word is broken inside, riichi never lies over the wind or the dealer,
and no wind, dealer mark or score is cut at its card's edge. And after a win scored by taps, what moved is in view.

One browser context per language; each state is opened once and measured under every width and text size by changing
them in place (the text size is the browser's default font size, as a phone's setting changes it)."""

import pytest
from playwright.sync_api import expect
from table_taps import tap_win

LANGS = ["en", "fr", "it"]
WIDTHS = [320, 360, 390]
TEXT_SIZES = [16, 24, 32]  # the browser's default font size in px: 100 %, 150 % and 200 %
NAMES = ["Léa Müller-Dupont", "Giovanni Bianchi", "Marie-Ève Tremblay", "Ana"]

# What the screen shows now: how far it scrolls sideways, the words broken inside (each word of the screen's text,
# split at spaces and hyphens, measured by its boxes: boxes on two lines are a broken word), riichi buttons lying over
# their seat's wind or dealer mark, and a wind, dealer mark or score reaching past its card's edge.
MEASURE = """() => {
  const shown = (node) => node.getBoundingClientRect().width > 0 && !node.closest('.visually-hidden, [hidden], select');
  const broken = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!shown(node.parentElement)) continue;
    for (const match of node.textContent.matchAll(/[^\\s\\-\\u2010\\u2011]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = [...range.getClientRects()].filter((box) => box.width > 0).map((box) => box.top);
      if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 2) broken.push(match[0]);
    }
  }
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const overlaps = [];
  const cut = [];
  for (const card of document.querySelectorAll('.seat-card')) {
    const edge = card.getBoundingClientRect();
    const riichi = card.querySelector('.seat-riichi');
    for (const part of card.querySelectorAll('.seat-wind, .dealer-mark, .seat-score')) {
      const box = part.getBoundingClientRect();
      const what = `${card.dataset.seat} ${part.className}`;
      if (riichi && meet(riichi.getBoundingClientRect(), box)) overlaps.push(what);
      if (box.right > edge.right + 1 || part.scrollWidth > part.clientWidth + 1) cut.push(what);
    }
  }
  return {
    scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    broken: [...new Set(broken)], overlaps, cut,
  };
}"""


def set_text_size(cdp, px):
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": px, "fixed": round(px * 13 / 16)}})


def open_table(page, base, lang, ruleset):
    page.goto(f"{base}/{lang}/{ruleset}/table")
    expect(page.locator("#scoreboard")).to_be_visible(timeout=20_000)


def edit_seat(page, seat, field, text):
    if page.locator(f"#seat-{seat}-editor").count() == 0:
        page.locator(f"#seat-{seat}").tap()
    page.fill(f"#seat-{seat}-{field}", text)
    page.press(f"#seat-{seat}-{field}", "Enter")
    expect(page.locator(f"#seat-{seat}-{field}")).not_to_have_attribute("aria-invalid", "true")


def apply_ruling(page, base, ruleset, ruling, offender, fields=None):
    page.goto(f"{base}/en/{ruleset}/ruling/{ruling}")
    page.select_option("#act-offender", str(offender))
    for name, value in (fields or {}).items():
        page.fill(f"#act-{name}", value)
    page.locator("#act-apply-only").tap()
    expect(page.locator("#act-result")).to_be_visible()


def prepare(page, base):
    """The tables the states show: WRC named, with riichi, counters and a dead hand; Tsumo with its usual figures and
    a pending liable win; WSOM with live penalty tiles."""
    open_table(page, base, "en", "wrc-2015")
    for seat, name in enumerate(NAMES):
        edit_seat(page, seat, "name", name)
        page.locator(f"#seat-{seat}-done").tap()
    page.locator("#seat-0-riichi-tap").tap()
    expect(page.locator("#seat-0-riichi-tap")).to_have_attribute("aria-pressed", "true")
    apply_ruling(page, base, "wrc-2015", "r_wrong_count", 2)
    open_table(page, base, "en", "tsumo-quebec")
    page.locator("#event-usual").tap()
    expect(page.locator("#event-settings")).to_have_attribute("data-missing", "0")
    apply_ruling(page, base, "tsumo-quebec", "r_risky_daisangen", 2)
    apply_ruling(page, base, "wsom", "r_hand_exposed", 1, {"tiles": "3"})


def win_tapped(page, base, lang):
    """WRC: a win being tapped, at its value step (the discarder named) with the preview shown."""
    open_table(page, base, lang, "wrc-2015")
    tap_win(page, 1, 3, {"value": "12000"})
    expect(page.locator("#tap-preview li")).to_have_count(4)


def after_win(page, base, lang):
    """WRC: the board after that win, what moved on each seat said above it."""
    page.locator("#tap-score").tap()
    expect(page.locator("#moved")).to_be_visible()


def pending_form(page, base, lang):
    """Tsumo: the win a risky-discard ruling leads to, its form open with the liable player."""
    open_table(page, base, lang, "tsumo-quebec")
    expect(page.locator("#win-liable")).to_be_visible()


def liable_taps(page, base, lang):
    """Tsumo: the same win tapped, the liable player said above the prompt."""
    tap_win(page, 3, "tsumo")
    expect(page.locator("#tap-liable")).to_be_visible()


def mcr_value(page, base, lang):
    """MCR: the value step of a win, with the base and where it comes from."""
    open_table(page, base, lang, "mcr-ema-2014")
    tap_win(page, 2, "tsumo", {"value": "16"})


def wsom_sheet(page, base, lang):
    """WSOM: a seat's sheet with its live penalty tiles to turn dead."""
    open_table(page, base, lang, "wsom")
    page.locator("#seat-1").tap()
    expect(page.locator("#seat-1-tiles-dead")).to_be_visible()


STATES = [win_tapped, after_win, pending_form, liable_taps, mcr_value, wsom_sheet]


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_fits_every_width_and_text_size(browser, live_server, lang):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, service_workers="block"
    )
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    prepare(page, live_server.url)
    problems = []
    for state in STATES:
        set_text_size(cdp, 16)
        page.set_viewport_size({"width": 390, "height": 844})
        state(page, live_server.url, lang)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 640})
            for text in TEXT_SIZES:
                set_text_size(cdp, text)
                found = page.evaluate(MEASURE)
                where = f"{state.__name__} {width}px {text}px"
                if found["scroll"] > 0:
                    problems.append((where, "scrolls sideways by", found["scroll"]))
                for key in ("broken", "overlaps", "cut"):
                    if found[key]:
                        problems.append((where, key, found[key]))
    context.close()
    assert problems == [], "\n".join(map(str, problems))


# (width, height, text size): a phone held in the hand, the text at 100 % and at 200 %.
AFTER_WIN = [(390, 844, 16), (360, 640, 16), (360, 640, 32), (320, 640, 32)]


@pytest.mark.parametrize(("width", "height", "text"), AFTER_WIN, ids=[f"{w}x{h}-{t}px" for w, h, t in AFTER_WIN])
def test_after_a_win_the_board_and_what_moved_are_in_view(browser, live_server, width, height, text):
    """The value is typed under the board; once the win is scored, what moved (each seat's change, and Undo) is on
    screen with the board under it, and at 100 % the four seats' own figures too."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True, service_workers="block"
    )
    page = context.new_page()
    set_text_size(context.new_cdp_session(page), text)
    open_table(page, live_server.url, "fr", "wrc-2015")
    tap_win(page, 2, 0, {"value": "8000"}, score=True)
    expect(page.locator('#moved-list [data-seat="0"]')).to_have_attribute("data-moved", "-8000")
    expect(page.locator("#moved")).to_be_in_viewport(ratio=1)
    expect(page.locator("#moved-undo")).to_be_in_viewport(ratio=1)
    expect(page.locator("#seat-0")).to_be_in_viewport()
    if text == 16:
        for seat in (0, 2):
            expect(page.locator(f"#seat-{seat} .seat-moved")).to_be_in_viewport(ratio=1)
    context.close()
