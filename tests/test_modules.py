"""The client's module graph: read by a JavaScript parser (module preloads, import checks), and no export left
unused."""

import re

from helpers import ROOT

from webapp.web.js_graph import module_facts, read_module, resolve
from webapp.web.preload import module_graph, module_imports, read_imports

STATIC = ROOT / "webapp" / "static"

SOURCE = """import { a, b as c } from './a.js';
import './side-effect.js';
import * as ns from "../ns.js";
import def, { d } from './def.js';
export { e } from './e.js';
export * from './star.js';
/* import { commented } from './comment.js'; */
// import './line-comment.js';
const text = 'import x from "./string.js"';
const doc = `
import { inTemplate } from './template.js';
`;
const later = () => import('./later.js');
const computed = (name) => import(`./views/${name}.js`);
export function f() { return import('./inner.js'); }
export const g = 1, { h, i: j } = {};
export class K {}
export default function main() {}
export { c as renamed };
"""


def test_the_parser_reads_every_import_form_and_nothing_in_strings_or_comments():
    facts = read_module(SOURCE)
    assert facts.static == ["./a.js", "./side-effect.js", "../ns.js", "./def.js", "./e.js", "./star.js"]
    assert facts.dynamic == ["./later.js", "./inner.js"]  # a computed specifier cannot be followed
    assert facts.exports == ["e", "f", "g", "h", "j", "K", "default", "renamed"]
    assert ("./a.js", "a") in facts.imported and ("./a.js", "b") in facts.imported
    assert ("../ns.js", "*") in facts.imported and ("./def.js", "default") in facts.imported
    assert read_imports(SOURCE) == {"static": facts.static, "dynamic": facts.dynamic}


def test_module_imports_gives_each_module_its_direct_imports(tmp_path):
    js = tmp_path / "js"
    (js / "views").mkdir(parents=True)
    (js / "views" / "a.js").write_text(
        "import { x } from '../b.js';\nexport { y } from './c.js';\nconst later = () => import('../services/d.js');\n"
    )
    (js / "b.js").write_text("export const x = `\nimport { no } from './nothing.js';\n`;\n")
    graph = module_imports(tmp_path)
    assert graph["js/views/a.js"] == ["js/b.js", "js/views/c.js", "js/services/d.js"]
    assert graph["js/b.js"] == []
    assert module_imports(tmp_path, dynamic=False)["js/views/a.js"] == ["js/b.js", "js/views/c.js"]


def test_the_preloads_are_the_static_imports_of_the_app():
    """Every module app.js loads statically, each once; none that only loads on demand."""
    order = module_graph(STATIC)
    graph = module_imports(STATIC, dynamic=False)
    reached = {"js/app/app.js"}
    for module in ["js/app/app.js", *order]:
        reached.update(graph[module])
    assert len(order) == len(set(order)) and set(order) == reached - {"js/app/app.js"}
    lazy = {target for module in order for target in module_imports(STATIC)[module]} - reached
    assert lazy and not lazy & set(order)


def test_every_export_is_used():
    """An export nothing imports, uses or tests is dead code (as engine.js's answersFromMap was)."""
    facts = module_facts(STATIC)
    used = set()
    for module, found in facts.items():
        used |= {(resolve(STATIC, module, spec), name) for spec, name in found.imported}
        used |= {(resolve(STATIC, module, spec), "*") for spec in found.dynamic}
    tests = " ".join(
        path.read_text(encoding="utf-8")
        for path in (ROOT / "tests").glob("*")
        if path.suffix in (".py", ".mjs") and path.name != "test_modules.py"
    )
    unused = []
    for module, found in facts.items():
        own = (STATIC / module).read_text(encoding="utf-8")
        for name in found.exports:
            word = re.compile(rf"\b{re.escape(name)}\b")
            if not ({(module, name), (module, "*")} & used or len(word.findall(own)) > 1 or word.search(tests)):
                unused.append(f"{module}: {name}")
    assert unused == []
