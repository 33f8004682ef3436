"""The server's layers, by package: what a module of each package may import, that a route module is imported only
where its blueprint is registered, and that no module of webapp/ sits outside a package but the app factory's.

    webapp/__init__.py, webapp/cli.py   the app factory and its commands: anything
    webapp/web/, webapp/events/         delivery: pages and PWA; the events API (web uses only the API's error answers)
    webapp/rules/, webapp/i18n/         content: rulesets, languages and catalogs; neither imports web or events

The client's layers are tests/test_architecture.py's.
"""

import ast

from helpers import ROOT

TOP = ("webapp", "webapp.cli")  # the app factory (webapp/__init__.py) and its CLI helper: may import anything
# Each package, and the packages its modules may import (module names, by prefix).
LAYERS = {
    "webapp.web": ("webapp.web", "webapp.events", "webapp.rules", "webapp.i18n"),
    "webapp.events": ("webapp.events", "webapp.rules", "webapp.i18n"),
    "webapp.rules": ("webapp.rules", "webapp.i18n"),
    "webapp.i18n": ("webapp.i18n", "webapp.rules"),
}
# The modules that register blueprints: the only ones that may import a route module.
REGISTRARS = ("webapp", "webapp.events.api")
ROUTE_DECORATORS = {"route", "get", "post", "put", "patch", "delete"}  # @bp.get("/path")


def package_of(module):
    return next((package for package in LAYERS if module == package or module.startswith(package + ".")), None)


def read_modules(root):
    """{module name: parsed source} for every Python file under root/webapp."""
    found = {}
    for path in sorted((root / "webapp").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = (ast.parse(path.read_text(encoding="utf-8")), path.name == "__init__.py")
    return found


def imports(modules):
    """{module: [the webapp modules it imports]}, at the top or inside a function alike."""
    graph = {}
    for name, (tree, is_package) in modules.items():
        targets = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    here = name.split(".") if is_package else name.split(".")[:-1]
                    base = ".".join([*here[: len(here) - node.level + 1], *([base] if base else [])])
                # `from package import module` imports the module; `from module import name`, the module
                targets += [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        graph[name] = sorted({target for target in targets if target.split(".")[0] == "webapp"})
    return graph


def route_modules(modules):
    """The modules that add routes to a blueprint (@bp.get(...), bp.add_url_rule(...))."""

    def adds_a_route(node):
        if isinstance(node, ast.FunctionDef):
            calls = [call.func for call in node.decorator_list if isinstance(call, ast.Call)]
            return any(isinstance(func, ast.Attribute) and func.attr in ROUTE_DECORATORS for func in calls)
        return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_url_rule"

    return {name for name, (tree, _) in modules.items() if any(adds_a_route(node) for node in ast.walk(tree))}


def unplaced(modules):
    """Modules neither the app factory's nor in a package of LAYERS."""
    return sorted(name for name in modules if name not in TOP and package_of(name) is None)


def layer_violations(graph):
    """(module, import) pairs where a package imports a package its layer may not."""
    found = []
    for module, targets in sorted(graph.items()):
        package = package_of(module)
        if package is None:  # the app factory
            continue
        found += [(module, target) for target in targets if not target.startswith(LAYERS[package])]
    return found


def route_imports(graph, routes):
    """(module, route module) pairs where a module that registers no blueprint imports a route module."""
    return [
        (module, target)
        for module, targets in sorted(graph.items())
        if module not in REGISTRARS
        for target in targets
        if target in routes
    ]


def cycles(graph):
    """Each import cycle between modules, once, as the list of its modules (Tarjan's strongly connected components)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(module):
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in graph.get(module, ()):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while not component or component[-1] != module:
                component.append(stack.pop())
                on_stack.discard(component[-1])
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


MODULES = read_modules(ROOT)
GRAPH = imports(MODULES)


def test_no_module_sits_outside_a_package_but_the_app_factorys():
    """webapp/ holds __init__.py and cli.py; every other module is in a package of LAYERS (a new one gets its row)."""
    assert "webapp.web.pages" in MODULES and "webapp.events.migrations.env" in MODULES
    assert unplaced(MODULES) == []


def test_each_package_imports_only_what_its_layer_may():
    """rules/ and i18n/ import no web or events module; events/ imports no web module."""
    assert layer_violations(GRAPH) == []


def test_nothing_imports_a_route_module_but_the_blueprint_that_registers_it():
    routes = route_modules(MODULES)
    assert {"webapp.web.pages", "webapp.web.pwa", "webapp.events.sync_routes"} <= routes
    assert "webapp.events.api" not in routes  # its hooks (before_request) are not routes
    assert route_imports(GRAPH, routes) == []


def test_no_import_cycle_between_modules():
    assert cycles(GRAPH) == []


def test_the_checks_catch_planted_imports(tmp_path):
    """The checks themselves can fail: a route module importing another (as sync_routes once took database() from
    events_routes), the rules importing a page, i18n importing the events API, and a module at the top of webapp/."""
    planted = {
        "webapp/__init__.py": "from .web import pages\n",
        "webapp/stray.py": "",
        "webapp/web/__init__.py": "",
        "webapp/web/pages.py": "for view in VIEWS:\n    bp.add_url_rule(f'/{view}', view, home)\n",
        "webapp/web/export.py": "from .pages import STATIC_EXPORT\n",
        "webapp/events/__init__.py": "",
        "webapp/events/api.py": "from . import events_routes, sync_routes\n@bp.before_request\ndef only_json(): ...\n",
        "webapp/events/events_routes.py": "@bp.post('/events')\ndef create(): ...\n\ndef database(): ...\n",
        "webapp/events/sync_routes.py": "from .events_routes import database\n@bp.get('/x')\ndef changes(): ...\n",
        "webapp/rules/__init__.py": "",
        "webapp/rules/store.py": "def load():\n    from ..web.pages import home\n",
        "webapp/i18n/__init__.py": "",
        "webapp/i18n/catalogs.py": "import webapp.events.api\nfrom . import ui_strings\n",
        "webapp/i18n/ui_strings.py": "from .catalogs import LANGUAGES\n",
    }
    for name, source in planted.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(source, encoding="utf-8")
    modules = read_modules(tmp_path)
    graph = imports(modules)
    assert unplaced(modules) == ["webapp.stray"]
    assert layer_violations(graph) == [
        ("webapp.i18n.catalogs", "webapp.events.api"),
        ("webapp.rules.store", "webapp.web.pages"),
    ]
    routes = route_modules(modules)
    assert routes == {"webapp.web.pages", "webapp.events.events_routes", "webapp.events.sync_routes"}
    assert route_imports(graph, routes) == [
        ("webapp.events.sync_routes", "webapp.events.events_routes"),
        ("webapp.rules.store", "webapp.web.pages"),
        ("webapp.web.export", "webapp.web.pages"),
    ]
    assert cycles(graph) == [["webapp.i18n.catalogs", "webapp.i18n.ui_strings"]]
