"""Languages and their strings: the languages the app speaks and the catalogs that hold their translations
(`catalogs.py`), the request's language (`locale.py`), the strings the client is handed (`ui_strings.py` with
`find_strings.py`, `sync_strings.py` and `glossary.py`), the strings still without a translation (`translation_gaps.py`)
and the command that keeps the catalogs in step with the sources (`translate.py`). It walks a ruleset's texts through
`webapp.rules.schema` and imports nothing of the pages or the events API."""
