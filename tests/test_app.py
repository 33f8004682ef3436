"""Server: the language redirect, shells, compiled data at content-hashed URLs, PWA files and headers."""

import json

import pytest
import yaml
from helpers import ROOT, call_module, ruleset_ids

from webapp.i18n.catalogs import read_catalog
from webapp.rules.schema import TEXT_KEYS


def status(client, url):
    """Fetch a URL and close the response (static files stay open otherwise)."""
    with client.get(url) as response:
        return response.status_code


@pytest.mark.parametrize("header,target", [("fr-CA,fr;q=0.9", "/fr/"), ("it", "/it/"), ("de", "/en/"), ("", "/en/")])
def test_root_redirects_by_accept_language(client, header, target):
    response = client.get("/", headers={"Accept-Language": header})
    assert response.status_code == 302
    assert response.headers["Location"] == target


@pytest.mark.parametrize(
    "cookie,target", [("it", "/it/"), ("fr", "/fr/"), ("de", "/en/"), ("//evil.example", "/en/"), ("", "/en/")]
)
def test_root_opens_the_language_chosen_last(client, cookie, target):
    """The language cookie (set when the referee taps a language) wins over the browser's; anything else is ignored.
    Caches keep one answer per cookie and language, and no shared cache keeps it."""
    client.set_cookie("mjref-lang", cookie)
    response = client.get("/", headers={"Accept-Language": "en"})
    assert (response.status_code, response.headers["Location"]) == (302, target)
    assert {"Cookie", "Accept-Language"} <= set(response.vary)
    assert "private" in response.headers["Cache-Control"]


def test_root_redirect_is_not_open(client):
    response = client.get("/?next=https://evil.example", headers={"Accept-Language": "//evil.example"})
    assert response.headers["Location"] == "/en/"


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_shell_per_language(client, lang):
    response = client.get(f"/{lang}/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert f'href="/{lang}/manifest.webmanifest"' in html


@pytest.mark.parametrize("path", ["/de/", "/en/no-such-ruleset/", "/en/no-such-ruleset/a/b", "/nothing"])
def test_unknown_paths_are_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert 'id="not-found"' in response.get_data(as_text=True)


def test_wizard_urls_serve_the_shell(client):
    assert client.get("/en/wrc-2015/false-win/shown").status_code == 200
    assert client.get("/it/wrc-2015/ruling/r_false_win_shown").status_code == 200


def test_data_urls_are_content_hashed_and_immutable(app, client):
    store = app.extensions["rulesets"]
    urls = {lang: store.data_urls(lang) for lang in ("en", "fr", "it")}
    assert len({u["structure"] for u in urls.values()}) == 1, "the structure is shared by every language"
    assert len({u["strings"] for u in urls.values()}) == 3
    for pair in urls.values():
        for url in pair.values():
            response = client.get(url)
            assert response.status_code == 200
            assert "immutable" in response.headers["Cache-Control"]
        assert set(client.get(pair["strings"]).get_json()) == set(ruleset_ids())
    assert set(client.get(urls["en"]["structure"]).get_json()["rulesets"]) == set(ruleset_ids())
    assert client.get(urls["en"]["strings"].replace(".json", "0.json")).status_code == 404
    assert client.get(urls["en"]["structure"].replace("/data/", "/data/fr/")).status_code == 404


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_shell_names_the_data_of_its_language(app, client, lang):
    body = client.get(f"/{lang}/").get_data(as_text=True)
    for url in app.extensions["rulesets"].data_urls(lang).values():
        assert f'"{url}"' in body


def test_module_preloads_only_for_a_navigation(client):
    """A browser navigating gets a hint for every module; the service worker's copy of the shell gets none."""
    navigation = client.get("/fr/", headers={"Sec-Fetch-Dest": "document"})
    assert navigation.get_data(as_text=True).count('rel="modulepreload"') >= 5
    assert 'href="/static/js/app/controller.js"' in navigation.get_data(as_text=True)
    precache = client.get("/fr/", headers={"Sec-Fetch-Dest": "empty"})
    assert 'rel="modulepreload"' not in precache.get_data(as_text=True)
    assert 'id="app-config"' in precache.get_data(as_text=True)
    for response in (navigation, precache):
        assert "Sec-Fetch-Dest" in response.headers["Vary"]
        assert '<script type="application/json" id="app-modules">["/static/js/app/app.js", ' in response.get_data(
            as_text=True
        )


def test_client_assembles_every_ruleset_exactly(app, tmp_path):
    """The structure and a language's string tables, joined by the client module, give the whole ruleset file with
    each text translated by its catalog (and the source's coverage map reduced to the order of its ids)."""
    store = app.extensions["rulesets"]
    calls = [
        [json.loads(store.structure.body), json.loads(store.strings[lang].body), lang] for lang in ("en", "fr", "it")
    ]
    results = call_module("logic/ruleset-data.js", "assembleRulesets", calls, tmp_path)
    for (_, _, lang), assembled in zip(calls, results):
        assert sorted(assembled) == ruleset_ids()
        for ruleset_id, document in assembled.items():
            assert document == expected_document(ruleset_id, lang), (ruleset_id, lang)
            assert document["lang"] == lang


def expected_document(ruleset_id, lang):
    """The ruleset file with every text in lang, read straight from the file and its catalog (an oracle of its own:
    every string under a text key is looked up, without the app's schema walk)."""
    data = yaml.safe_load((ROOT / "rulesets" / f"{ruleset_id}.yaml").read_text(encoding="utf-8"))
    catalog = read_catalog(ROOT / "translations", lang, ruleset_id)
    source = {key: value for key, value in data["source"].items() if key != "items"}
    data = {**data, "source": {**source, "item_order": list(data["source"]["items"])}}

    def translated(value, is_text=False):
        if isinstance(value, dict):
            return {key: translated(child, key in TEXT_KEYS) for key, child in value.items()}
        if isinstance(value, list):
            return [translated(item, is_text) for item in value]
        return catalog.get(value) if is_text and isinstance(value, str) else value

    return {**translated(data), "lang": lang}


def test_manifest_is_complete(client):
    manifest = json.loads(client.get("/fr/manifest.webmanifest").data)
    assert manifest["start_url"] == "/fr/"
    assert manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        assert status(client, icon["src"]) == 200


def test_service_worker_precaches_everything(app, client):
    """The rulesets' structure one request; each language's shell and strings one request each, kept per language;
    every other file of the app (all modules, styles, manifests) in the bundle; together, every static file but the
    static export's own fallback and the home-screen icons, which the system keeps itself."""
    from webapp.web.precache import NOT_OFFLINE, precache_plan, static_urls

    with app.test_request_context():
        plan, statics = precache_plan(), static_urls()
    body = client.get("/sw.js").get_data(as_text=True)
    store = app.extensions["rulesets"]
    served = sorted(store.served())
    by_language = plan.by_language()
    for lang in ("en", "fr", "it"):
        strings = [url for url in served if url.startswith(f"/data/{lang}/")]
        assert by_language[lang] == [f"/{lang}/", *strings] and len(strings) == 1, lang
        assert f'"{lang}":["/{lang}/","{strings[0]}"]' in body.replace(" ", ""), lang
    structure = [url for url in served if url.count("/") == 2]
    assert plan.common() == structure and f'"{structure[0]}"' in body
    assert f'"{plan.bundle_url}"' in body
    bundle = client.get(plan.bundle_url).get_json()
    bundled = [item["url"] for item in bundle["files"]]
    assert bundled == plan.bundled
    for asset in (
        "/static/js/app/main.js",
        "/static/js/logic/engine.js",
        "/static/css/app.css",
        "/en/manifest.webmanifest",
    ):
        assert asset in bundled, asset
    assert set(statics) - set(plan.fetched) - set(bundled) == {f"/static/{name}" for name in NOT_OFFLINE}
    assert "/static/icons/icon-192.png" not in plan.fetched


def test_bundle_holds_each_file_as_served(app, client):
    """The worker caches each bundled file under its URL with the body and type the server gives it."""
    from webapp.web.precache import precache_plan

    with app.test_request_context():
        plan = precache_plan()
    response = client.get(plan.bundle_url)
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    for item in response.get_json()["files"]:
        with client.get(item["url"], headers={"Accept-Encoding": "identity"}) as served:
            assert item["body"] == served.get_data(as_text=True), item["url"]
            assert item["type"] == served.content_type, item["url"]
    assert client.get("/precache/0123456789abcdef.json").status_code == 404  # another version's bundle


def test_precache_urls_all_exist(app, client):
    from webapp.web.precache import precache_manifest

    with app.test_request_context():
        _, urls = precache_manifest()
    for url in urls:
        assert status(client, url) == 200, url


def test_cache_version_changes_with_content(tmp_path):
    """Any change to the served content gives a new cache name."""
    import shutil

    from helpers import ROOT

    from webapp import create_app

    def version(static):
        app = create_app({"TESTING": True})
        app.static_folder = str(static)
        with app.test_request_context():
            from webapp.web.precache import precache_manifest

            return precache_manifest()[0]

    static = tmp_path / "static"
    shutil.copytree(ROOT / "webapp" / "static", static)
    before = version(static)
    (static / "css" / "app.css").write_text((static / "css" / "app.css").read_text() + "\n/* a comment */\n")
    assert version(static) == before  # not served (served_text.py): the phones keep what they have
    (static / "css" / "app.css").write_text((static / "css" / "app.css").read_text() + "\n.changed { color: red; }\n")
    assert version(static) != before


@pytest.mark.parametrize("change", ["the sw.js template", "a shell's text from the Python code", "a static file"])
def test_cache_version_covers_every_precached_file_and_sw_js(tmp_path, monkeypatch, change):
    """Whatever the phone caches changes, the version changes, so installed phones update: sw.js and text that Python
    puts in a shell included (the version was a hash of the HTML templates and some files only)."""
    import shutil

    from webapp import create_app
    from webapp.web import pages
    from webapp.web.precache import precache_manifest

    templates, static = tmp_path / "templates", tmp_path / "static"
    shutil.copytree(ROOT / "webapp" / "templates", templates)
    shutil.copytree(ROOT / "webapp" / "static", static)

    def version():
        app = create_app({"TESTING": True})
        app.template_folder, app.static_folder = str(templates), str(static)
        with app.test_request_context():
            return precache_manifest()[0]

    before = version()
    assert version() == before  # the same content, the same version
    if change == "the sw.js template":
        sw = templates / "sw.js"
        sw.write_text(
            sw.read_text(encoding="utf-8").replace("self.clients.claim()", "self.clients.claim() && 'v2'"),
            encoding="utf-8",
        )
    elif change == "a shell's text from the Python code":
        strings = pages.client_strings
        monkeypatch.setattr(pages, "client_strings", lambda: {**strings(), "new_string": "New"})
    else:
        (static / "js" / "logic" / "format.js").write_text(
            (static / "js" / "logic" / "format.js").read_text() + "\nexport const changed = true;\n"
        )
    assert version() != before


def test_security_headers(client):
    response = client.get("/en/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp
    assert "frame-ancestors 'none'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_no_inline_script(client):
    html = client.get("/en/").get_data(as_text=True)
    for chunk in html.split("<script")[1:]:
        assert 'src="' in chunk.split(">")[0] or 'type="application/json"' in chunk.split(">")[0]


def test_home_is_in_the_page_only_for_a_navigation(client):
    """The first visit's list of rulesets is in a navigated page of home, never in the service worker's copy, nor in a
    deep link's page, nor when the browser does not say what it fetches (the static export's copy)."""
    navigated = client.get("/fr/", headers={"Sec-Fetch-Dest": "document"})
    assert 'id="ruleset-wrc-2015"' in navigated.get_data(as_text=True)
    assert "Sec-Fetch-Dest" in navigated.vary
    for url, headers in [
        ("/fr/", {"Sec-Fetch-Dest": "empty"}),
        ("/fr/", {}),
        ("/fr/wrc-2015/", {"Sec-Fetch-Dest": "document"}),
        ("/fr/log", {"Sec-Fetch-Dest": "document"}),
    ]:
        response = client.get(url, headers=headers)
        assert 'id="ruleset-list"' not in response.get_data(as_text=True), (url, headers)
        assert "Sec-Fetch-Dest" in response.vary, url


def test_the_url_grammar_is_served_and_given_to_the_client(client):
    """Flask's routes come from webapp/rules/url_grammar.py, and the page hands the same grammar to urls.js."""
    from webapp.i18n.catalogs import LANGUAGES
    from webapp.rules.url_grammar import APP_PAGES, client_grammar

    for lang in LANGUAGES:
        for segment in APP_PAGES.values():
            assert status(client, f"/{lang}/{segment}") == 200, (lang, segment)
        assert status(client, f"/{lang}/manifest.webmanifest") == 200
    assert status(client, "/de/log") == 404
    html = client.get("/it/").get_data(as_text=True)
    start = html.index('id="app-config">') + len('id="app-config">')
    assert json.loads(html[start : html.index("</script>", start)])["urls"] == client_grammar()


def test_the_tab_icon_is_in_the_page(client):
    """The page's icon is static/icons/icon.svg itself, as a data: URL (no request on a first visit)."""
    import html
    import re
    from urllib.parse import unquote

    from webapp.web.first_screen import ICON

    body = client.get("/en/", headers={"Sec-Fetch-Dest": "document"}).get_data(as_text=True)
    href = html.unescape(re.search(r'<link rel="icon" href="([^"]+)"', body).group(1))
    assert href.startswith("data:image/svg+xml,")
    assert unquote(href.removeprefix("data:image/svg+xml,")) == " ".join(ICON.read_text(encoding="utf-8").split())
