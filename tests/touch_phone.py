"""A phone for browser tests: touch input through Chromium's gesture pipeline, as Android's Chrome has it (drive it
with `locator.tap()`), at a phone's size, without the service worker (its precache costs half a second a test)."""


def phone(browser, width=390, height=844, **options):
    """A new browser context that taps like a phone; close it at the end of the test."""
    return browser.new_context(
        has_touch=True,
        is_mobile=True,
        viewport={"width": width, "height": height},
        service_workers="block",
        **options,
    )
