"""The client's module graph, read with a real JavaScript parser (tree-sitter), never with a regular expression.

A parser knows an `import` inside a string or a comment is no import, and reads every form of the syntax
(`import x from`, `import './a.js'`, `export * from`, `export { a as b } from`, `import('./a.js')`).
"""

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import tree_sitter_javascript
from tree_sitter import Language, Parser


@lru_cache(maxsize=1)
def _parser():
    return Parser(Language(tree_sitter_javascript.language()))


@dataclass
class ModuleFacts:
    """What one module's source says about its links: the specifiers it imports, and the names it exports."""

    static: list = field(default_factory=list)  # import ... from 'x' / import 'x' / export ... from 'x', in order
    dynamic: list = field(default_factory=list)  # import('x') with a plain string, in order
    exports: list = field(default_factory=list)  # exported names ('default' for export default)
    imported: list = field(default_factory=list)  # (specifier, name) per imported binding: '*' for a namespace


def _text(node):
    return node.text.decode("utf-8")


def _string(node):
    """The value of a string literal node, or None for anything computed."""
    if node is None or node.type != "string":
        return None
    return "".join(_text(child) for child in node.named_children if child.type == "string_fragment")


def _declared_names(declaration):
    """The names a declaration exports: function f, class K, const a = 1, b = 2."""
    name = declaration.child_by_field_name("name")
    if name is not None:
        return [_text(name)]
    names = []
    for declarator in declaration.named_children:
        if declarator.type == "variable_declarator":
            target = declarator.child_by_field_name("name")
            names += [_text(target)] if target.type == "identifier" else [_text(leaf) for leaf in _identifiers(target)]
    return names


def _identifiers(node):
    """The identifiers bound by a destructuring pattern."""
    if node.type in ("identifier", "shorthand_property_identifier_pattern"):
        yield node
    for child in node.named_children:
        if child.type == "pair_pattern":
            yield from _identifiers(child.child_by_field_name("value"))
        elif child.type != "property_identifier":
            yield from _identifiers(child)


def _export_names(statement):
    """The names an export statement makes public."""
    if any(child.type == "default" for child in statement.children):
        return ["default"]
    declaration = statement.child_by_field_name("declaration")
    if declaration is not None:
        return _declared_names(declaration)
    names = []
    for child in statement.named_children:
        if child.type == "export_clause":
            for specifier in child.named_children:
                alias = specifier.child_by_field_name("alias") or specifier.child_by_field_name("name")
                names.append(_text(alias))
        elif child.type == "namespace_export":  # export * as ns from '...'
            names += [_text(leaf) for leaf in child.named_children if leaf.type == "identifier"]
    return names


def _import_names(statement):
    """The exported names an import statement takes from its module: 'default', a named one, or '*'."""
    names = []
    for clause in statement.named_children:
        if clause.type != "import_clause":
            continue
        for part in clause.named_children:
            if part.type == "identifier":
                names.append("default")
            elif part.type == "namespace_import":
                names.append("*")
            elif part.type == "named_imports":
                names += [
                    _text(spec.child_by_field_name("name"))
                    for spec in part.named_children
                    if spec.type == "import_specifier"
                ]
    return names


def _dynamic_imports(node):
    """Yield the string specifier of every `import('...')` call under node."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "call_expression" and current.child_by_field_name("function").type == "import":
            arguments = current.child_by_field_name("arguments").named_children
            spec = _string(arguments[0]) if arguments else None
            if spec is not None:
                yield current.start_byte, spec
        stack.extend(current.named_children)


def read_module(source: str) -> ModuleFacts:
    """Parse one module's source and list its imports and exports."""
    tree = _parser().parse(source.encode("utf-8"))
    facts = ModuleFacts()
    for statement in tree.root_node.named_children:
        if statement.type == "import_statement":
            spec = _string(statement.child_by_field_name("source"))
            facts.static.append(spec)
            facts.imported += [(spec, name) for name in _import_names(statement)]
        elif statement.type == "export_statement":
            spec = _string(statement.child_by_field_name("source"))
            if spec is not None:
                facts.static.append(spec)
                # A re-export (`export { a as b } from './x.js'`) uses x's `a` as an import would.
                for clause in (c for c in statement.named_children if c.type == "export_clause"):
                    facts.imported += [
                        (spec, _text(item.child_by_field_name("name"))) for item in clause.named_children
                    ]
            if spec is None or any(c.type in ("export_clause", "namespace_export") for c in statement.named_children):
                facts.exports += _export_names(statement)
    facts.dynamic = [spec for _, spec in sorted(_dynamic_imports(tree.root_node))]
    return facts


def module_facts(static) -> dict:
    """Each module under static/js, by path relative to static ("js/a.js"), with what its source says."""
    static = Path(static).resolve()
    return {
        path.relative_to(static).as_posix(): read_module(path.read_text(encoding="utf-8"))
        for path in sorted((static / "js").rglob("*.js"))
    }


def resolve(static, module, spec):
    """The path relative to static that a relative specifier of module names; None for a bare or absolute one."""
    if not spec.startswith(("./", "../")):
        return None
    static = Path(static).resolve()
    return ((static / module).parent / spec).resolve().relative_to(static).as_posix()
