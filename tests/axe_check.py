"""axe-core for the browser tests, injected once per page load: the library's own `Axe.run` sends and compiles its
0.5 MB script on every run (about 0.1 s of CPU each, some 200 runs in the suite), though a page keeps it until it
navigates."""

from axe_playwright_python.base import AxeResults
from axe_playwright_python.sync_playwright import DEFAULT_OPTIONS
from axe_playwright_python.sync_playwright import Axe as LibraryAxe


class Axe(LibraryAxe):
    """The library's Axe, its script injected only when the page does not hold it yet (the run is the library's)."""

    def run(self, page, context=None, options=DEFAULT_OPTIONS):
        if page.evaluate("typeof window.axe === 'undefined'"):
            page.evaluate(self.axe_script)
        arguments = self._format_script_args(context=context, options=options)
        return AxeResults(page.evaluate(f"axe.run({arguments}).then(results => {{return results;}})"))
