"""`flask --app app export DIR`: the whole app as static files, for any static host or CDN."""

import shutil
from pathlib import Path

import click
from flask import current_app, g, render_template
from flask.cli import with_appcontext

from ..i18n.catalogs import LANGUAGE_NAMES, LANGUAGES
from .compression import CODINGS, MIN_SIZE, encode
from .precache import precache_plan, static_urls
from .security import document_headers

SUFFIXES = {"br": ".br", "gzip": ".gz"}
TEXT = {".html", ".js", ".css", ".json", ".webmanifest", ".svg", ".txt"}
STATIC_EXPORT = "mahjong_referee.static_export"  # set in the WSGI environ of the requests the export makes


def file_for(url):
    """Where a URL lives in the export: directories get an index.html, as static hosts expect."""
    path = url.lstrip("/")
    return path + "index.html" if path == "" or path.endswith("/") else path


def _fetch(client, url):
    with client.get(url, headers={"Accept-Encoding": "identity"}, environ_base={STATIC_EXPORT: True}) as response:
        if response.status_code != 200:
            raise click.ClickException(f"{url}: HTTP {response.status_code}")
        return response.get_data()


def _render(app, template):
    """A page only the export has (the language chooser at `/`, the 404 fallback), in English."""
    with app.test_request_context("/"):
        g.lang = "en"
        languages = [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]
        return render_template(template, languages=languages).encode()


def _host_files(app):
    """Rules for hosts that read them (Netlify, Cloudflare Pages): headers, and each language's shell for deep links.

    Every path gets a document's headers: such hosts cannot tell a page from a script by its path (a missing path is
    answered by 404.html), and they speak HTTP/2 or 3, whose header compression sends a repeated header once.
    """
    headers = "\n".join(
        [
            "/*",
            *(f"  {name}: {value}" for name, value in document_headers(app.extensions["csp"]).items()),
            "/sw.js",
            "  Cache-Control: no-cache",
            "/data/*",
            "  Cache-Control: public, max-age=31536000, immutable",
            "/precache/*",
            "  Cache-Control: public, max-age=31536000, immutable",
            "",
        ]
    )
    redirects = "".join(f"/{lang}/*  /{lang}/index.html  200\n" for lang in LANGUAGES)
    return {"_headers": headers.encode(), "_redirects": redirects.encode()}


def site_files(app):
    """Every file of the static site, as {relative path: bytes}, fetched from the app itself."""
    client = app.test_client()
    with app.test_request_context():
        plan = precache_plan()
        urls = dict.fromkeys([*plan.fetched, *plan.bundled, *static_urls(), plan.bundle_url, "/sw.js"])
    files = {file_for(url): _fetch(client, url) for url in urls}
    for lang in LANGUAGES:  # hosts that use the nearest 404.html serve the language's shell for any deep link
        files[f"{lang}/404.html"] = files[file_for(f"/{lang}/")]
    files["index.html"] = _render(app, "export_index.html")
    files["404.html"] = _render(app, "export_404.html")
    files.update(_host_files(app))
    return files


def export_site(app, target):
    """Write the site into target, with a precompressed copy of every text file; return the paths written.

    The target must be new, empty, or an earlier export (which is replaced): nothing else is ever deleted.
    """
    target = Path(target)
    if target.exists() and any(target.iterdir()):
        if not (target / "sw.js").is_file():
            raise click.ClickException(f"{target} is not empty and is not an earlier export")
        shutil.rmtree(target)
    written = []
    for relative, body in sorted(site_files(app).items()):
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body)
        written.append(path)
        if path.suffix in TEXT and len(body) >= MIN_SIZE:
            for coding in CODINGS:
                copy = path.with_name(path.name + SUFFIXES[coding])
                copy.write_bytes(encode(body, coding))
                written.append(copy)
    return written


@click.command("export")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@with_appcontext
def export_command(directory):
    """Write the whole app as static files into DIRECTORY (replacing what is there); refuse while a string has no
    translation the app may show, as an export is what visitors get."""
    from ..i18n.translation_gaps import MissingTranslations
    from ..rules.store import translation_gaps

    gaps = translation_gaps(Path(current_app.config["RULESET_DIR"]), Path(current_app.config["TRANSLATIONS_DIR"]))
    if gaps:
        raise click.ClickException(str(MissingTranslations(gaps)))
    written = export_site(current_app._get_current_object(), directory)
    size = sum(path.stat().st_size for path in written)
    click.echo(f"{len(written)} files, {size // 1024} KB, in {directory}")
