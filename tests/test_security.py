"""Security: headers on every kind of response, no open redirect, translated 404s online and offline."""

import base64
import hashlib
import html.parser
import re

import pytest
from conftest import every_language_kept, wait_offline_ready
from playwright.sync_api import expect

from webapp.web.export import site_files
from webapp.web.security import PERMISSIONS_POLICY, relative_location

LANGS = ["en", "fr", "it"]


def data_url(app, lang="en"):
    return app.extensions["rulesets"].data_urls(lang)["strings"]


def kinds_of_response(app):
    """One URL for every kind of response the app gives, with the status it must have and what it is to the browser."""
    return [
        ("/", 302, "document"),
        ("/en", 308, "document"),
        ("/en/", 200, "document"),
        ("/fr/wrc-2015/false-win/shown", 200, "document"),
        ("/it/wrc-2015/ruling/r_cheating", 200, "document"),
        ("/nothing", 404, "document"),
        ("/de/", 404, "document"),
        ("/fr/no-such-ruleset/", 404, "document"),
        ("/static/nothing.js", 404, "document"),
        (data_url(app).replace(".json", "0.json"), 404, "document"),
        ("/static/icons/icon.svg", 200, "document"),  # an SVG opened on its own is a document
        ("/sw.js", 200, "worker"),
        (data_url(app), 200, "subresource"),
        ("/fr/manifest.webmanifest", 200, "subresource"),
        ("/static/js/app/main.js", 200, "subresource"),
        ("/static/css/app.css", 200, "subresource"),
        ("/static/icons/icon-192.png", 200, "subresource"),
    ]


def csp_directives(response):
    csp = response.headers.get("Content-Security-Policy", "")
    return {part.split()[0]: part.split()[1:] for part in (d.strip() for d in csp.split(";")) if part}


def assert_strict_csp(app, response, url):
    """The strict policy: no inline script, no inline style but the first screen's, pinned by its hash."""
    directives = csp_directives(response)
    assert directives.get("script-src") == ["'self'"], url
    assert directives.get("style-src") == ["'self'", app.extensions["first_screen_style"].source], url
    assert directives.get("frame-ancestors") == ["'none'"], url
    assert directives.get("object-src") == ["'none'"], url
    csp = response.headers["Content-Security-Policy"]
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp and "'unsafe-hashes'" not in csp, url


def assert_secure_headers(app, response, url, kind="document"):
    """What the browser uses: a document's full set, a worker's own policy, and nosniff on everything."""
    assert response.headers.get("X-Content-Type-Options") == "nosniff", url
    if kind in ("document", "worker"):
        assert_strict_csp(app, response, url)
        assert response.headers.get("Referrer-Policy") == "no-referrer", url
    if kind == "document":
        assert response.headers.get("X-Frame-Options") == "DENY", url
        assert response.headers.get("Permissions-Policy") == PERMISSIONS_POLICY, url


@pytest.mark.parametrize("encoding", ["", "gzip, br"])
def test_every_kind_of_response_has_the_headers(app, client, encoding):
    for url, status, kind in kinds_of_response(app):
        with client.get(url, headers={"Accept-Encoding": encoding}) as response:
            assert response.status_code == status, url
            assert_secure_headers(app, response, url, kind)


def test_subresources_carry_only_the_headers_they_use(app, client):
    """Scripts, styles, data and images go without the document headers: over HTTP/1.1 they cost every request."""
    for url, _, kind in kinds_of_response(app):
        if kind == "subresource":
            headers = client.get(url, headers={"Accept-Encoding": "br"}).headers
            assert not {"Content-Security-Policy", "X-Frame-Options", "Permissions-Policy"} & set(headers), url


def test_not_modified_static_file_keeps_nosniff(app, client):
    with client.get("/static/js/app/main.js") as first:
        etag = first.headers["ETag"]
    with client.get("/static/js/app/main.js", headers={"If-None-Match": etag}) as response:
        assert response.status_code == 304
        assert_secure_headers(app, response, "304", "subresource")


def test_permissions_policy_denies_only_what_the_app_never_uses(client):
    """Camera, microphone and location are denied; sharing (clipboard, Web Share) keeps the browser's defaults."""
    policy = dict(item.strip().split("=", 1) for item in client.get("/en/").headers["Permissions-Policy"].split(","))
    assert policy == {"camera": "()", "microphone": "()", "geolocation": "()"}


@pytest.mark.parametrize("path", ["/en", "/fr/wrc-2015", "/it/wrc-2015?x=1", "//en", "///fr"])
def test_slash_redirects_never_name_a_host(client, path):
    """Werkzeug's 308 to the path with a slash echoed the request's Host header in an absolute Location."""
    response = client.get(path, headers={"Host": "evil.example", "X-Forwarded-Host": "evil.example"})
    assert response.status_code == 308
    location = response.headers["Location"]
    assert location.startswith("/") and not location.startswith("//"), location
    assert "evil.example" not in location


# Hosts that Werkzeug either lowercases (so the Location named a host the request did not) or refuses as a host (so
# the Location read `http:///en/`, which browsers take for `http://en/`), and an empty one (issue 28).
ODD_HOSTS = ["EVIL.example", "Localhost", "a@b", "x/", "x?y", "", "evil.example:99999", "[::1", "ex ample"]


@pytest.mark.parametrize("host", ODD_HOSTS)
@pytest.mark.parametrize("path", ["/en", "/fr/wrc-2015?x=1", "/"])
def test_every_redirect_is_relative_whatever_the_host_header(client, host, path):
    response = client.get(path, headers={"Host": host})
    assert response.status_code in (302, 308)
    location = response.headers["Location"]
    assert re.fullmatch(r"/(en|fr|it)/(wrc-2015/)?(\?x=1)?", location), location


def test_relative_location_drops_any_host_and_collapses_slashes():
    """The app only ever redirects within itself, so whatever host a Location names is dropped."""
    assert relative_location("http://here.example/en/?x=1") == "/en/?x=1"
    assert relative_location("http://here.example//evil.example/") == "/evil.example/"
    assert relative_location("http://here.example/\\evil.example/") == "/evil.example/"
    assert relative_location("https://elsewhere.example/en/") == "/en/"
    assert relative_location("http:///en/") == "/en/"
    assert relative_location("//evil.example/en/") == "/en/"
    assert relative_location("/en/#top") == "/en/#top"
    assert relative_location("/en/") == "/en/"


def test_root_redirect_varies_by_language(client):
    response = client.get("/", headers={"Accept-Language": "fr"})
    assert response.headers["Location"] == "/fr/"
    assert "Accept-Language" in response.vary


class InlineStyles(html.parser.HTMLParser):
    """Collects the text of every <style> element and every element that has a style attribute."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.styles, self.attributes, self._in_style = [], [], False

    def handle_starttag(self, tag, attrs):
        if any(name == "style" for name, _ in attrs):
            self.attributes.append(tag)
        if tag == "style":
            self._in_style = True
            self.styles.append("")

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.styles[-1] += data


def served_pages(app, client):
    """Every page the app or its static export serves, as (name, html, response or None)."""
    pages = []
    for url in [
        "/en/",
        "/fr/",
        "/it/",
        "/it/wrc-2015/false-win/shown",
        "/en/log",
        "/fr/glossary",
        "/nothing",
        "/fr/no-such-ruleset/",
    ]:
        for dest in ("document", "empty"):  # as navigated to, and as the service worker caches it
            response = client.get(url, headers={"Sec-Fetch-Dest": dest})
            pages.append((f"{url} ({dest})", response.get_data(as_text=True), response))
    for name, body in site_files(app).items():
        if name.endswith(".html"):
            pages.append((f"export {name}", body.decode(), None))
    return pages


def test_the_one_inline_style_is_the_one_the_policy_allows(app, client):
    """Each page holds exactly one <style>, whose hash is the policy's; no other inline style, no style attribute."""
    allowed = app.extensions["first_screen_style"].source
    for name, text, response in served_pages(app, client):
        found = InlineStyles()
        found.feed(text)
        assert len(found.styles) == 1, name
        digest = base64.b64encode(hashlib.sha256(found.styles[0].encode()).digest()).decode()
        assert f"'sha256-{digest}'" == allowed, name
        assert found.attributes == [], name
        assert " style=" not in text.lower(), name
        if response is not None:
            assert csp_directives(response)["style-src"] == ["'self'", allowed], name


def test_export_headers_carry_the_same_policy(app):
    rules = site_files(app)["_headers"].decode()
    assert f"Content-Security-Policy: {app.extensions['csp']}" in rules
    assert f"Permissions-Policy: {PERMISSIONS_POLICY}" in rules
    assert "unsafe-inline" not in rules


EVIL_LANGUAGES = [
    "//evil.example",
    "https://evil.example",
    "fr//evil.example",
    "evil.example, fr;q=0.1",
    "../../etc/passwd",
    "it;q=abc",
    "*",
    "fr-FR\r\nLocation: https://evil.example",
    "\\\\evil.example",
    "%2F%2Fevil.example",
    "x" * 5000,
]
EVIL_QUERIES = [
    "?next=https://evil.example",
    "?url=//evil.example",
    "?lang=//evil.example",
    "?redirect=%2F%2Fevil.example",
]


@pytest.mark.parametrize("language", EVIL_LANGUAGES)
@pytest.mark.parametrize("query", ["", *EVIL_QUERIES])
def test_root_redirect_is_never_open(client, language, query):
    response = client.get(f"/{query}", environ_overrides={"HTTP_ACCEPT_LANGUAGE": language})  # raw, even with CR LF
    assert response.status_code == 302
    assert response.headers["Location"] in {"/en/", "/fr/", "/it/"}


def test_root_redirect_with_a_host_header_stays_relative(client):
    response = client.get("/", headers={"Host": "evil.example", "X-Forwarded-Host": "evil.example"})
    assert re.fullmatch(r"/(en|fr|it)/", response.headers["Location"])


def heading(html):
    match = re.search(r'<h1 id="not-found">([^<]+)</h1>', html)
    assert match, html
    return match.group(1).strip()


@pytest.mark.parametrize(
    "path", ["/{lang}/no-such-ruleset/", "/{lang}/no-such-ruleset/a/b", "/{lang}/wrc-2015x/ruling/r"]
)
def test_unknown_paths_give_a_translated_404(client, path):
    headings = {}
    for lang in LANGS:
        response = client.get(path.format(lang=lang))
        assert response.status_code == 404
        html = response.get_data(as_text=True)
        assert f'<html lang="{lang}">' in html
        headings[lang] = heading(html)
    assert headings["fr"] != headings["en"] and headings["it"] != headings["en"] and headings["fr"] != headings["it"]


@pytest.mark.parametrize("path", ["/de/", "/xx/wrc-2015/", "/nothing", "/EN/"])
def test_unknown_languages_give_the_english_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert '<html lang="en">' in html
    assert heading(html)


@pytest.mark.service_worker
def test_offline_fallback_for_unknown_paths(context, own_server):
    """Offline, an unknown ruleset or answer under a language gets the shell's not-found view, in that language."""
    page = context.new_page()
    page.goto(f"{own_server.url}/fr/")
    wait_offline_ready(page)
    every_language_kept(page)
    own_server.stop()
    fresh = context.new_page()
    served_by_network = []
    fresh.on("response", lambda r: None if r.from_service_worker else served_by_network.append(r.url))
    for lang in ("fr", "it"):
        for path in (
            f"/{lang}/no-such-ruleset/",
            f"/{lang}/no-such-ruleset/a/b",
            f"/{lang}/wrc-2015/no-such-answer",
            f"/{lang}/constructor/",
            f"/{lang}/__proto__/x",
            f"/{lang}/wrc-2015/ruling/constructor",
            f"/{lang}/wrc-2015/ruling/__proto__",
            f"/{lang}/wrc-2015/constructor/toString",
        ):
            fresh.goto(own_server.url + path)
            expect(fresh.locator("h1#not-found")).to_be_visible()
            assert fresh.get_attribute("html", "lang") == lang
    assert served_by_network == []


def test_no_request_reads_or_sets_a_cookie_session(app, client):
    """The app keeps nothing in Flask's cookie session: a session cookie sent is never read, none is ever set."""
    from flask import session
    from flask.sessions import NullSession

    with app.test_request_context("/en/", headers={"Cookie": "session=eyJ4IjoxfQ.forged.signature"}):
        app.preprocess_request()
        assert isinstance(session._get_current_object(), NullSession)
    for path in ("/en/", "/api/events/e1/changes"):
        assert "Set-Cookie" not in client.get(path, headers={"Cookie": "session=anything"}).headers
