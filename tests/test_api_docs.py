"""docs/api.md documents every API endpoint, and documents none that does not exist."""

import re
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "api.md"


def served_endpoints(app):
    endpoints = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        endpoints |= {f"{method} {path}" for method in rule.methods - {"HEAD", "OPTIONS"}}
    return endpoints


def test_every_endpoint_is_in_the_reference_table_and_nothing_else(app):
    table = set(re.findall(r"^\| `((?:GET|POST|PATCH|PUT|DELETE) /api/[^`]*)` \|", DOC.read_text(), re.M))
    assert table == served_endpoints(app)


def test_every_endpoint_has_its_own_section(app):
    text = DOC.read_text()
    for endpoint in served_endpoints(app):
        method, path = endpoint.split(" ")
        if path.endswith("/reopen"):
            continue  # documented with close
        assert re.search(rf"^### `{method} {re.escape(path)}", text, re.M), endpoint
