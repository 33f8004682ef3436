"""Page delivery: the pages and the ruleset data (`pages.py`), installability and offline use (`pwa.py`, with what the
service worker caches in `precache.py` and its version in `precache_version.py`), what makes the first screen fast
(`first_screen.py`, `preload.py` over the module graph of `js_graph.py`), what every answer carries on its way out
(`security.py`, `served_text.py`, `compression.py`), the static export (`export.py`) and the production server
(`serve.py`). It builds on `webapp.rules` and `webapp.i18n`; of `webapp.events` it uses only the API's error
answers."""
