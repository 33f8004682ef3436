"""The client's shape: views only render (no view reaches the data layer), pure modules touch no DOM or storage."""

import re

import pytest
from helpers import ROOT

from webapp.preload import module_imports

STATIC = ROOT / "webapp" / "static"
# What owns the referee's data and workflows: the storage layer, the services, the screens' controllers, the app.
DATA_LAYER = re.compile(
    r"^js/(storage/|services/|screens/|controller\.js$|app\.js$|main\.js$|pwa\.js$|offline-languages\.js$|store\.js$"
    r"|table-store\.js$|log-store\.js$)"
)
# Browser APIs that keep or share data: only the storage layer (and the update code) may use them.
STORAGE_APIS = re.compile(
    r"\b(localStorage|sessionStorage|indexedDB|BroadcastChannel|navigator\.storage|navigator\.locks)\b"
)
PURE = [
    "js/engine.js",
    "js/calculator.js",
    "js/discipline.js",
    "js/log.js",
    "js/log-file.js",
    "js/csv-export.js",
    "js/numbers.js",
    "js/table-state.js",
    "js/hand-scoring.js",
    "js/table-history.js",
    "js/storage/kinds/table.js",
    "js/search.js",
    "js/browse.js",
    "js/storage/check.js",
    "js/storage/kinds.js",
    "js/names.js",
    "js/roster-data.js",
    "js/log-view.js",
    "js/sync-versions.js",
    "js/sync-records.js",
    "js/schema-check.js",
    "js/text-rule.js",
    "js/record-schemas.js",
    "js/format.js",
    "js/player-record.js",
]
BROWSER_ONLY = re.compile(r"\b(document|window|localStorage|sessionStorage|indexedDB|BroadcastChannel|navigator)\b")


# A player's counts, strikes and status are player-record.js's alone: no screen or view imports the module that works
# out suspensions, nor calls a function that computes escalation.
ESCALATION_MODULES = {"js/discipline.js"}
ESCALATION_CALLS = re.compile(r"\b(disciplineStatus|progressiveAmount|escalation)\s*\(")


def reached(graph, start):
    """Every module reached from start by static or dynamic imports, start excluded."""
    seen, queue = set(), [start]
    while queue:
        for target in graph.get(queue.pop(), []):
            if target not in seen:
                seen.add(target)
                queue.append(target)
    return seen


def view_violations(graph):
    """(view, forbidden module) pairs: a view that reaches the data layer, directly or through another module."""
    return sorted(
        (module, target)
        for module in graph
        if module.startswith("js/views/")
        for target in reached(graph, module)
        if DATA_LAYER.match(target)
    )


def test_no_view_reaches_the_data_layer():
    graph = module_imports(STATIC)
    assert any(module.startswith("js/views/") for module in graph)
    assert view_violations(graph) == []


def test_the_check_catches_a_view_that_imports_a_store_or_a_service():
    """The checker itself can fail: a planted direct and an indirect import are both reported."""
    graph = {
        "js/views/a.js": ["js/dom.js", "js/services/log.js"],
        "js/views/b.js": ["js/helper.js"],
        "js/helper.js": ["js/storage/repository.js"],
        "js/dom.js": [],
    }
    assert view_violations(graph) == [
        ("js/views/a.js", "js/services/log.js"),
        ("js/views/b.js", "js/storage/repository.js"),
    ]


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
        if not module.startswith(("js/screens/", "js/views/")):
            continue
        found += [(module, target) for target in graph[module] if target in ESCALATION_MODULES]
        source = re.sub(r"/\*.*?\*/|//[^\n]*", "", source_of(module), flags=re.S)
        found += [(module, f"{call}()") for call in sorted(set(ESCALATION_CALLS.findall(source)))]
    return found


def test_no_screen_or_view_computes_escalation():
    graph = module_imports(STATIC)
    assert any(module.startswith("js/screens/") for module in graph)
    assert escalation_violations(graph, lambda module: (STATIC / module).read_text(encoding="utf-8")) == []


def test_the_check_catches_a_screen_that_imports_discipline_or_counts_itself():
    """The checker itself can fail: a planted import of discipline.js and a planted progressive count are reported."""
    graph = {
        "js/screens/a.js": ["js/player-record.js", "js/discipline.js"],
        "js/views/b.js": ["js/dom.js"],
        "js/player-record.js": ["js/discipline.js"],
    }
    sources = {
        "js/screens/a.js": "",
        "js/views/b.js": "const next = progressiveAmount(scale, 2);",
        "js/player-record.js": "disciplineStatus(days, rules, today)",
    }
    assert escalation_violations(graph, sources.get) == [
        ("js/screens/a.js", "js/discipline.js"),
        ("js/views/b.js", "progressiveAmount()"),
    ]


@pytest.mark.parametrize(
    "path", sorted(p.relative_to(STATIC).as_posix() for p in (STATIC / "js" / "views").glob("*.js"))
)
def test_views_use_no_storage_api(path):
    assert not STORAGE_APIS.search((STATIC / path).read_text(encoding="utf-8")), path


@pytest.mark.parametrize("path", PURE)
def test_pure_modules_use_no_browser_api(path):
    """Pure logic runs unchanged in Node and the browser: no DOM, no storage, and it imports only pure modules."""
    graph = module_imports(STATIC)
    for module in [path, *reached(graph, path)]:
        assert module in PURE or module.startswith("js/storage/kinds/"), (path, module)
        source = re.sub(r"/\*.*?\*/|//[^\n]*", "", (STATIC / module).read_text(encoding="utf-8"), flags=re.S)
        assert not BROWSER_ONLY.search(source), module
