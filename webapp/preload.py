"""Module preloads: the app's modules are fetched at once, not level by level as each one's imports are read.

A page loaded over the network names them in its head, so they download alongside the stylesheet. The service
worker's copy of the shell does not: from its cache they arrive at once, and hints in the head only cost a slow phone
time before its first paint. There, main.js adds the same hints just after the first paint (from `app-modules`).
"""
import re
from pathlib import Path

from flask import current_app, g, request, url_for

ENTRY = "js/app.js"  # main.js only bootstraps it after the first paint
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
    """The URL of every module of the app, worked out once per app."""
    cached = current_app.extensions.get("module_preloads")
    if cached is None:
        cached = [url_for("static", filename=name) for name in [ENTRY, *module_graph(current_app.static_folder)]]
        current_app.extensions["module_preloads"] = cached
    return cached


def head_preloads():
    """The hints for this response's head: none unless the browser is navigating (the service worker fetches "empty")."""
    g.varies_by_destination = True
    if request.headers.get("Sec-Fetch-Dest", "document") != "document":
        return []
    return module_preloads()


def init_app(app):
    app.context_processor(lambda: {"module_preloads": module_preloads, "head_preloads": head_preloads})

    @app.after_request
    def vary(response):
        if g.get("varies_by_destination"):
            response.vary.add("Sec-Fetch-Dest")
        return response
