"""Module preloads: the shell names every module main.js imports, so the browser fetches them at once, not level by level.

Only a page loaded over the network gets them. The service worker's copy of the shell has none: from its cache every
module arrives at once, and each hint only costs a slow phone time before its first paint.
"""
import re
from pathlib import Path

from flask import current_app, g, request, url_for

ENTRY = "js/main.js"
STATIC_IMPORT = re.compile(r"""(?:^|[;\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?['"](\.{1,2}/[^'"]+\.js)['"]""")


def module_graph(static, entry=ENTRY):
    """Every module reached by static imports from entry, breadth first, entry excluded (paths relative to static)."""
    static = Path(static).resolve()
    seen, queue, order = {entry}, [entry], []
    while queue:
        current = queue.pop(0)
        path = static / current
        if not path.is_file():
            continue
        for spec in STATIC_IMPORT.findall(path.read_text(encoding="utf-8")):
            target = (path.parent / spec).resolve().relative_to(static).as_posix()
            if target not in seen:
                seen.add(target)
                queue.append(target)
                order.append(target)
    return order


def module_preloads():
    """The preload URLs, worked out once per app."""
    cached = current_app.extensions.get("module_preloads")
    if cached is None:
        cached = [url_for("static", filename=name) for name in module_graph(current_app.static_folder)]
        current_app.extensions["module_preloads"] = cached
    return cached


def for_this_request():
    """The preloads for this response: none unless the browser is navigating (the service worker fetches "empty")."""
    g.varies_by_destination = True
    if request.headers.get("Sec-Fetch-Dest", "document") != "document":
        return []
    return module_preloads()


def init_app(app):
    app.context_processor(lambda: {"module_preloads": for_this_request})

    @app.after_request
    def vary(response):
        if g.get("varies_by_destination"):
            response.vary.add("Sec-Fetch-Dest")
        return response
