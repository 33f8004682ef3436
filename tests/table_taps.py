"""A hand scored by taps on the table screen, as a referee's thumb does it (for the browser tests)."""


def tap_win(page, winner, by=None, values=None, *, score=False):
    """Tap Win and the winner's seat, then the discarder's seat or "tsumo" (by=None: the ruling fixed it); type the
    values ({field: text}); tap "Score the win" when asked to."""
    page.locator("#tap-win").tap()
    page.locator(f"#seat-{winner}").tap()
    if by == "tsumo":
        page.locator("#tap-tsumo").tap()
    elif by is not None:
        page.locator(f"#seat-{by}").tap()
    for name, text in (values or {}).items():
        page.fill(f"#tap-{name}", text)
    if score:
        page.locator("#tap-score").tap()
