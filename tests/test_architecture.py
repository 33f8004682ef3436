"""The client's layers, by folder: what a module of each folder may import, and that pure logic touches no browser API.

A module's layer is the folder of webapp/static/js it sits in (LAYERS); the server's packages have their own rule
(tests/test_server_layers.py).
"""

import re

import pytest
from helpers import ROOT

from webapp.web.preload import module_imports

STATIC = ROOT / "webapp" / "static"
# The layers, each a folder of js/, and what a module of each may import (folders, by prefix).
LAYERS = {
    "app/": None,  # the bootstrap, the controller that routes to screens, offline use and install: anything
    "screens/": ("screens/", "model/", "views/", "logic/"),  # controllers: read the tab's model, write through it
    "model/": ("model/", "services/", "storage/changes.js", "logic/"),  # the tab's one model: the screens' only reader
    "services/": ("services/", "storage/", "logic/"),  # the referee's data and its workflows
    "storage/": ("storage/", "legacy/", "logic/records/"),  # IndexedDB: reads that validate, atomic writes
    "views/": ("views/", "logic/"),  # render only: data and callbacks in, DOM out
    "legacy/": ("legacy/", "logic/"),  # pure, and only for the previous release's data (storage migrates it)
    "logic/": ("logic/",),  # pure: no DOM, no storage, no network; runs in Node as in the browser
}
PURE = ("logic/", "legacy/")  # layers whose modules touch no browser API
# What a browser-only module names (comments left out): no pure module names any of them.
BROWSER_API = re.compile(
    r"\b(document|window|localStorage|sessionStorage|indexedDB|IDBKeyRange|BroadcastChannel|navigator|fetch"
    r"|XMLHttpRequest|WebSocket|location|caches|requestAnimationFrame|customElements|HTMLElement)\b"
)
# Browser APIs that keep or share data: no view uses them.
STORAGE_APIS = re.compile(
    r"\b(localStorage|sessionStorage|indexedDB|BroadcastChannel|navigator\.storage|navigator\.locks)\b"
)
# A player's counts, strikes and status are player-record.js's alone: no screen or view imports the module that works
# out suspensions, nor calls a function that computes escalation.
ESCALATION_MODULE = "logic/discipline.js"
ESCALATION_CALLS = re.compile(r"\b(disciplineStatus|progressiveAmount|escalation)\s*\(")


def place(module):
    """A module's path under js/ ("js/views/x.js" -> "views/x.js")."""
    return module.removeprefix("js/")


def layer(module):
    """The layer folder a module is in ("logic/records/x.js" is in "logic/"), or None."""
    return next((folder for folder in LAYERS if place(module).startswith(folder)), None)


def strip_comments(source):
    return re.sub(r"/\*.*?\*/|//[^\n]*", "", source, flags=re.S)


def import_violations(graph):
    """(module, import) pairs where the import's folder is not one the module's layer may import (LAYERS)."""
    found = []
    for module, targets in sorted(graph.items()):
        allowed = LAYERS.get(layer(module), ())
        if allowed is None:  # the app: anything
            continue
        found += [(module, target) for target in targets if not place(target).startswith(allowed)]
    return found


def browser_api_violations(sources):
    """(module, name) for each pure module (a layer in PURE) that names a browser API outside its comments."""
    found = []
    for module, source in sorted(sources.items()):
        if place(module).startswith(PURE):
            code = strip_comments(source)
            found += [(module, name) for name in sorted(set(BROWSER_API.findall(code)))]
    return found


def sources():
    return {module: (STATIC / module).read_text(encoding="utf-8") for module in module_imports(STATIC)}


def test_every_module_has_a_layer():
    """No module sits outside the layers' folders (a new folder gets its row in LAYERS first)."""
    graph = module_imports(STATIC)
    assert {layer(module) for module in graph} == set(LAYERS)
    assert [module for module in graph if layer(module) is None] == []


def test_each_layer_imports_only_what_it_may():
    """logic/ imports logic/ only; views/ import views/ and logic/; storage/ imports storage/, legacy/ and
    logic/records/; services/, screens/ and legacy/ as LAYERS says."""
    assert import_violations(module_imports(STATIC)) == []


def test_logic_touches_no_browser_api():
    """Pure logic runs unchanged in Node and the browser: no DOM, no storage, no network."""
    found = sources()
    assert any(place(module).startswith("logic/records/") for module in found)
    assert browser_api_violations(found) == []


def test_the_import_check_catches_a_view_importing_storage_and_logic_importing_a_view():
    """The checker itself can fail: planted imports across layers are reported, allowed ones are not. A screen reads
    the tab's model and nothing under it: a screen importing a service or storage is caught."""
    graph = {
        "js/views/a.js": ["js/views/b.js", "js/logic/c.js", "js/storage/repository.js"],
        "js/views/b.js": ["js/services/log.js"],
        "js/logic/c.js": ["js/logic/records/d.js", "js/views/b.js"],
        "js/storage/e.js": ["js/logic/records/d.js", "js/logic/c.js"],
        "js/screens/f.js": ["js/model/model.js", "js/views/a.js", "js/app/controller.js", "js/services/log.js"],
        "js/screens/h.js": ["js/storage/repository.js"],
        "js/model/i.js": ["js/services/log.js", "js/storage/changes.js", "js/views/a.js"],
        "js/app/g.js": ["js/storage/e.js"],
    }
    assert import_violations(graph) == [
        ("js/logic/c.js", "js/views/b.js"),
        ("js/model/i.js", "js/views/a.js"),
        ("js/screens/f.js", "js/app/controller.js"),
        ("js/screens/f.js", "js/services/log.js"),
        ("js/screens/h.js", "js/storage/repository.js"),
        ("js/storage/e.js", "js/logic/c.js"),
        ("js/views/a.js", "js/storage/repository.js"),
        ("js/views/b.js", "js/services/log.js"),
    ]


def test_only_the_models_selectors_import_the_player_record():
    """A person's record comes from one selector: player-record.js is imported by model/selectors.js alone."""
    graph = module_imports(STATIC)
    assert sorted(module for module, targets in graph.items() if "js/logic/player-record.js" in targets) == [
        "js/model/selectors.js"
    ]


def test_no_re_render_rescue_is_left():
    """Screens update in place (views/patch.js): no carrying typed input across a redraw, no waiting for a press."""
    found = sorted(
        module
        for module, source in sources().items()
        if re.search(r"\b(carryInput|pressEnded|LONGEST_PRESS_MS)\b", source)
    )
    assert found == []


def test_the_browser_api_check_catches_a_logic_module_touching_document():
    planted = {
        "js/logic/a.js": "export const title = () => document.title; // reads the page",
        "js/logic/records/b.js": "/* document, window: named in a comment only */ export const b = 1;",
        "js/views/c.js": "export const c = () => document.createElement('p');",
    }
    assert browser_api_violations(planted) == [("js/logic/a.js", "document")]


def test_module_imports_reads_static_and_dynamic_imports(tmp_path):
    js = tmp_path / "js"
    (js / "views").mkdir(parents=True)
    (js / "views" / "a.js").write_text(
        "import { x } from '../b.js';\nexport { y } from './c.js';\nconst later = () => import('../services/d.js');\n"
    )
    graph = module_imports(tmp_path)
    assert graph["js/views/a.js"] == ["js/b.js", "js/views/c.js", "js/services/d.js"]
    assert module_imports(tmp_path, dynamic=False)["js/views/a.js"] == ["js/b.js", "js/views/c.js"]


def escalation_violations(graph, source_of):
    """(screen or view, what it does wrong): an import of discipline.js, or a call computing escalation."""
    found = []
    for module in sorted(graph):
        if layer(module) not in ("screens/", "views/"):
            continue
        found += [(module, target) for target in graph[module] if target.endswith("/" + ESCALATION_MODULE)]
        source = strip_comments(source_of(module))
        found += [(module, f"{call}()") for call in sorted(set(ESCALATION_CALLS.findall(source)))]
    return found


def test_no_screen_or_view_computes_escalation():
    graph = module_imports(STATIC)
    assert any(layer(module) == "screens/" for module in graph)
    assert escalation_violations(graph, lambda module: (STATIC / module).read_text(encoding="utf-8")) == []


def test_the_check_catches_a_screen_that_imports_discipline_or_counts_itself():
    """The checker itself can fail: a planted import of discipline.js and a planted progressive count are reported."""
    graph = {
        "js/screens/a.js": ["js/logic/player-record.js", "js/logic/discipline.js"],
        "js/views/b.js": ["js/views/dom.js"],
        "js/logic/player-record.js": ["js/logic/discipline.js"],
    }
    sources = {
        "js/screens/a.js": "",
        "js/views/b.js": "const next = progressiveAmount(scale, 2);",
        "js/logic/player-record.js": "disciplineStatus(days, rules, today)",
    }
    assert escalation_violations(graph, sources.get) == [
        ("js/screens/a.js", "js/logic/discipline.js"),
        ("js/views/b.js", "progressiveAmount()"),
    ]


@pytest.mark.parametrize("module", sorted(m for m in module_imports(STATIC) if layer(m) == "views/"))
def test_views_use_no_storage_api(module):
    assert not STORAGE_APIS.search((STATIC / module).read_text(encoding="utf-8")), module
