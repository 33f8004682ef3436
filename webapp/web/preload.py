"""Module preloads: the app's modules are fetched at once, not level by level as each one's imports are read.

A page loaded over the network names them in its head, so they download alongside the stylesheet. The service
worker's copy of the shell does not: from its cache they arrive at once, and hints in the head only cost a slow phone
time before its first paint. There, main.js adds the same hints just after the first paint (from `app-modules`).

The import graph is read by a JavaScript parser (`js_graph.py`); `module_imports` gives each module's direct imports,
which is also what the architecture test checks (no view reaches the storage layer).
"""

from flask import current_app, g, request, url_for

from .js_graph import module_facts, read_module, resolve

ENTRY = "js/app/app.js"  # main.js only bootstraps it after the first paint


def read_imports(source):
    """The module specifiers a module's source imports: {"static": [...], "dynamic": [...]}, in order."""
    facts = read_module(source)
    return {"static": facts.static, "dynamic": facts.dynamic}


def module_imports(static, dynamic=True):
    """Each module under static/js and its direct imports, as paths relative to static: {"js/a.js": ["js/b.js"]}.

    With dynamic=False only static imports count (what loads with a module); with True, `import('./x.js')` too.
    """
    graph = {}
    for module, facts in module_facts(static).items():
        targets = []
        for spec in facts.static + (facts.dynamic if dynamic else []):
            target = resolve(static, module, spec)
            if target is not None and target not in targets:
                targets.append(target)
        graph[module] = targets
    return graph


def module_graph(static, entry=ENTRY):
    """Every module reached by static imports from entry, breadth first, entry excluded (paths relative to static)."""
    imports = module_imports(static, dynamic=False)
    seen, queue, order = {entry}, [entry], []
    while queue:
        for target in imports.get(queue.pop(0), []):
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
    """The hints for this response's head: none unless the browser is navigating (the service worker fetches
    "empty")."""
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
        if g.get("varies_by_save_data"):
            response.vary.add("Save-Data")
        return response
