"""Rulesets: the format (`ruleset.schema.json`, read by `schema.py`), the checks that say each problem in an author's
words (`schema_messages.py`, `checks.py`), the incident tags every ruleset shares (`tags.py`), the URL words a ruleset
id or answer may not take (`url_grammar.py`), the loader that compiles every ruleset into what the client fetches
(`store.py`), and the two references written from the files (`format_doc.py`, `readings_doc.py`). It reads the
catalogs of `webapp.i18n` for the translated strings and imports nothing of the pages or the events API."""
