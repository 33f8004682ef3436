"""Module preloads: the app's modules are fetched at once, not level by level as each one's imports are read.

`app-modules` in the page lists them in two groups. "start" is what the first screen needs (app.js and its static
imports). A page loaded over the network also names those in its head, so they download alongside the stylesheet;
the service worker's copy of the shell does not, as from its cache they arrive at once and hints in the head only
cost a slow phone time before its first paint. main.js hints "start" just after the first paint, and "later" (the
screens imported on first use) once the app is idle, so every screen comes from the same version as the page.
"""
import re
from pathlib import Path

from flask import current_app, g, request, url_for

ENTRY = "js/app.js"  # main.js only bootstraps it after the first paint
STATIC_IMPORT = re.compile(r"""(?:^|[;\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?['"](\.{1,2}/[^'"]+\.js)['"]""")
DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*['"](\.{1,2}/[^'"]+\.js)['"]\s*\)""")


def module_graph(static, entry=ENTRY, dynamic=False):
    """Every module reached by static imports (and dynamic ones if asked) from entry, breadth first, entry excluded
    (paths relative to static)."""
    static = Path(static).resolve()
    seen, queue, order = {entry}, [entry], []
    while queue:
        current = queue.pop(0)
        path = static / current
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        for spec in STATIC_IMPORT.findall(text) + (DYNAMIC_IMPORT.findall(text) if dynamic else []):
            target = (path.parent / spec).resolve().relative_to(static).as_posix()
            if target not in seen:
                seen.add(target)
                queue.append(target)
                order.append(target)
    return order


def module_preloads():
    """Every module of the app by when it is wanted, {"start": [...], "later": [...]}, worked out once per app."""
    cached = current_app.extensions.get("module_preloads")
    if cached is None:
        static = current_app.static_folder
        start = [ENTRY, *module_graph(static)]
        later = [name for name in module_graph(static, dynamic=True) if name not in start]
        cached = {group: [url_for("static", filename=name) for name in names]
                  for group, names in (("start", start), ("later", later))}
        current_app.extensions["module_preloads"] = cached
    return cached


def head_preloads():
    """The hints for this response's head: none unless the browser is navigating (the service worker fetches "empty")."""
    g.varies_by_destination = True
    if request.headers.get("Sec-Fetch-Dest", "document") != "document":
        return []
    return module_preloads()["start"]


def init_app(app):
    app.context_processor(lambda: {"module_preloads": module_preloads, "head_preloads": head_preloads})

    @app.after_request
    def vary(response):
        if g.get("varies_by_destination"):
            response.vary.add("Sec-Fetch-Dest")
        return response
