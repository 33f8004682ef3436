"""Moves the client's modules (webapp/static/js) into one folder per layer, and rewrites every reference to them.

    .venv/bin/python scripts/move_to_layers.py            # move (git mv) and rewrite; prints the plan
    .venv/bin/python scripts/move_to_layers.py --check    # print the plan only; exit 1 if anything would move
    .venv/bin/python scripts/move_to_layers.py --draw now   # the folders and their imports, as a Mermaid chart
    .venv/bin/python scripts/move_to_layers.py --draw plan  # the same, with each module where the plan puts it

The place of each module comes from rules, so modules added on other branches are placed too: first by the module's
path (PLACES, for what moves out of its folder or gets a better name), then by its folder (FOLDERS), then, for a module
at the top of js/, by what it is (CONTENT: a module that touches no browser API and imports only logic is logic). A
module no rule places stops the script before anything moves, with the list. Once moved, every module is in a layer's
folder, the folder rules keep it there, and a second run changes nothing.

What is rewritten: relative import specifiers in the modules (recomputed from both ends' new places), and in every
other tracked text file each mention of a module as a path (`static/js/x.js`, `js/x.js`, `views/x.js`), each quoted
path relative to js/ (`call_module("log.js", ...)` in the tests), `"js" / "x.js"` path joins, and the bare name of a
renamed module. The script leaves the result in the working tree (moves staged by git mv) for a commit.
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

import tree_sitter_javascript
from tree_sitter import Language, Parser

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "webapp" / "static" / "js"

# The layers, each a folder of js/, and what a module of each may import (folders, by prefix). The architecture test
# (tests/test_architecture.py) reads this table.
LAYERS = {
    "app/": None,  # the bootstrap, the controller that routes to screens, offline use and install: anything
    "screens/": ("screens/", "services/", "views/", "logic/", "storage/"),  # controllers: own data and workflows
    "services/": ("services/", "storage/", "logic/"),  # the referee's data and its workflows
    "storage/": ("storage/", "legacy/", "logic/records/"),  # IndexedDB: reads that validate, atomic writes
    "views/": ("views/", "logic/"),  # render only: data and callbacks in, DOM out
    "legacy/": ("legacy/", "logic/"),  # pure, and only for the previous release's data (storage migrates it)
    "logic/": ("logic/",),  # pure: no DOM, no storage, no network; runs in Node as in the browser
}
PURE = ("logic/", "legacy/")  # layers whose modules touch no browser API

# By path: modules that leave their folder, or get a name that says what they hold. Old path -> new path.
PLACES = {
    "main.js": "app/main.js",
    "app.js": "app/app.js",
    "controller.js": "app/controller.js",
    "app-nav.js": "app/navigation.js",
    "pwa.js": "app/pwa.js",
    "offline-languages.js": "app/offline-languages.js",
    "fallback.js": "app/fallback.js",
    "router.js": "logic/urls.js",  # URLs from the server's grammar: pure, and every view builds links with it
    "finder.js": "screens/finder.js",  # the search, browse and glossary screens' controller
    "dom.js": "views/dom.js",  # building DOM nodes: what views are made of
    "log-view.js": "logic/log-overview.js",  # the log screen's filters and player cards, worked out: pure, no view
    "views/scores.js": "views/shared-parts.js",  # seat names, preview table and field helpers other views share
    "record-schemas.js": "logic/records/record-schemas.js",
    "schema-check.js": "logic/records/schema-check.js",
    "storage/check.js": "logic/records/check.js",
    "storage/kinds.js": "logic/records/kinds.js",
    "storage/legacy.js": "storage/legacy-migration.js",  # storage's: the previous release's data moved into IndexedDB
    "storage/legacy-format.js": "legacy/local-storage.js",
}
# By folder, longest first: old folder -> new folder. A layer's own folder keeps its modules.
FOLDERS = {
    "storage/kinds/": "logic/records/",  # the record shapes storage and logic share
    **{layer: layer for layer in LAYERS},
}
# What a browser-only module names (comments left out): a module naming none of them may be pure.
BROWSER_API = re.compile(
    r"\b(document|window|localStorage|sessionStorage|indexedDB|IDBKeyRange|BroadcastChannel|navigator|fetch"
    r"|XMLHttpRequest|WebSocket|location|caches|requestAnimationFrame|customElements|HTMLElement)\b"
)
# Text files whose mentions are rewritten (tracked, outside js/); generated lists and catalogs are left alone.
TEXT_SUFFIXES = (".py", ".js", ".mjs", ".md", ".html", ".css", ".json", ".yaml", ".yml", ".toml", ".txt", ".sh")
LEFT_ALONE = ("package-lock.json", "tests/source_fingerprints.json", "scripts/move_to_layers.py")
CODE_SUFFIXES = (".py", ".js", ".mjs")  # where a quoted path relative to js/ is a module ("log.js")

_parser = Parser(Language(tree_sitter_javascript.language()))


def modules():
    """Every module under js/, as a path relative to it ("views/log.js")."""
    return sorted(p.relative_to(JS).as_posix() for p in JS.rglob("*.js"))


def layer_of(path):
    """The layer folder a path relative to js/ is in ("logic/records/" counts as "logic/"), or None."""
    return next((layer for layer in LAYERS if path.startswith(layer)), None)


def strip_comments(source):
    return re.sub(r"/\*.*?\*/|//[^\n]*", "", source, flags=re.S)


def import_strings(source):
    """(start, end, value) of each relative path string in a module: import specifiers (imports, exports, import())
    and other files' URLs (`new URL('../css/app.css', import.meta.url)`)."""
    found = []

    def visit(node):
        if node.type == "string":
            value = "".join(c.text.decode() for c in node.named_children if c.type == "string_fragment")
            if value.startswith(("./", "../")):
                found.append((node.start_byte + 1, node.end_byte - 1, value))
            return
        for child in node.children:
            visit(child)

    visit(_parser.parse(source.encode()).root_node)
    return found


def resolve(module, spec):
    """The path relative to js/ that module's relative specifier names."""
    parts = module.split("/")[:-1]
    for part in spec.split("/"):
        if part == "..":
            parts = parts[:-1]
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def relative(module, target):
    """The specifier module writes to import target (both relative to js/)."""
    here, there = module.split("/")[:-1], target.split("/")
    common = 0
    while common < len(here) and common < len(there) - 1 and here[common] == there[common]:
        common += 1
    ups = len(here) - common
    return ("../" * ups if ups else "./") + "/".join(there[common:])


def place(path, source=None, logic_sources=None):
    """(new path, rule) for one module, or (None, why) when no rule places it."""
    if path in PLACES:
        return PLACES[path], "by path"
    for folder in sorted(FOLDERS, key=len, reverse=True):
        if path.startswith(folder):
            return FOLDERS[folder] + path[len(folder) :], "by folder"
    if "/" not in path and source is not None and logic_sources is not None:
        code = strip_comments(source)
        targets = [resolve(path, spec) for _, _, spec in import_strings(source) if spec.endswith(".js")]
        if not BROWSER_API.search(code) and all(target in logic_sources for target in targets):
            return "logic/" + path, "by content (pure)"
        return None, "at the top of js/, not pure: add it to PLACES"
    return None, "in no layer's folder: add it to PLACES or FOLDERS"


def plan(paths=None, read=None):
    """{old path: (new path, rule)} for every module; raises SystemExit listing the modules no rule places."""
    paths = modules() if paths is None else paths
    read = read or (lambda path: (JS / path).read_text(encoding="utf-8"))
    placed, unplaced = {}, {}
    for path in paths:
        new, rule = place(path)
        if new is not None:
            placed[path] = (new, rule)
        elif "/" in path:
            unplaced[path] = rule
    # The top of js/: a module that names no browser API is logic if every module it imports is. Start from all such
    # modules and drop those importing anything else until none is dropped (so modules importing each other stay).
    top = [p for p in paths if p not in placed and p not in unplaced]
    pure = {p for p in top if not BROWSER_API.search(strip_comments(read(p)))}
    while True:
        logic = pure | {old for old, (new, _) in placed.items() if new.startswith("logic/")}
        kept = {p for p in pure if place(p, read(p), logic)[0] is not None}
        if kept == pure:
            break
        pure = kept
    for path in top:
        new, rule = place(path, read(path), logic)
        if new is None:
            unplaced[path] = rule
        else:
            placed[path] = (new, rule)
    targets = {}
    for old, (new, _) in sorted(placed.items()):
        if new in targets:
            unplaced[old] = f"same place as js/{targets[new]}: js/{new}"
        targets[new] = old
    if unplaced:
        lines = "\n".join(f"  js/{path}: {why}" for path, why in sorted(unplaced.items()))
        raise SystemExit(f"No rule places these modules; nothing was moved:\n{lines}")
    return placed


# A mention of a module in text: a path-like word ending in .js (not part of a longer word or path).
MENTION = re.compile(r"(?<![\w./-])([\w./-]*[\w-]\.js)(?![\w-])")
QUOTED = re.compile(r"""(["'])([\w./-]+\.js)\1""")
JOINED = re.compile(r"""(["'])js\1(\s*/\s*)(["'])([\w.-]+\.js)\3""")  # "js" / "format.js" in a path join


def rewrite_text(text, moves, renamed, quoted_paths):
    """Text with each mention of a moved module pointing at its new path (see the module's docstring)."""

    def joined(match):
        quote, old = match.group(3), match.group(4)
        if old not in moves:
            return match.group(0)
        parts = ["js", *moves[old].split("/")]
        return (match.group(2) or " / ").join(f"{quote}{part}{quote}" for part in parts)

    def quoted(match):
        old = match.group(2)
        if old not in moves or match.string[: match.start()].rstrip().endswith("/"):  # a path join's last part
            return match.group(0)
        return f"{match.group(1)}{moves[old]}{match.group(1)}"

    def mention(match):
        word = match.group(1)
        if word.startswith(("./", "../")) and "static/js/" not in word:
            return word
        for anchor in ("static/js/", "js/"):
            at = word.rfind(anchor)
            if at != -1 and (at == 0 or word[at - 1] == "/") and word[at + len(anchor) :] in moves:
                return word[: at + len(anchor)] + moves[word[at + len(anchor) :]]
        if word.startswith("/") and word[1:] in moves:  # a URL's end: endsWith('/main.js')
            return "/" + moves[word[1:]]
        if "/" in word:
            return moves.get(word, word)
        return renamed.get(word, word)

    text = JOINED.sub(joined, text)
    if quoted_paths:
        text = QUOTED.sub(quoted, text)
    return MENTION.sub(mention, text)


def rewrite_module(path, source, moves, renamed):
    """A module's source with its relative paths recomputed from its new place, and its mentions rewritten."""
    new_path = "js/" + moves.get(path, path)  # paths relative to static/, so a URL may leave js/ ('../css/app.css')
    pieces, last = [], 0
    encoded = source.encode()
    for start, end, spec in import_strings(source):
        target = resolve("js/" + path, spec)
        if target.removeprefix("js/") in moves:
            spec = relative(new_path, "js/" + moves[target.removeprefix("js/")])
        elif (JS.parent / target).exists():
            spec = relative(new_path, target)
        pieces += [encoded[last:start].decode(), spec]
        last = end
    pieces.append(encoded[last:].decode())
    text = "".join(pieces)
    # Mentions in comments and strings: only paths (js/x.js, views/x.js) and renamed names, never a relative one.
    return rewrite_text(text, moves, renamed, quoted_paths=False)


LIMIT = 120  # the longest line ruff and eslint accept


def wrap_long_lines(name, text, before):
    """Code's lines the rewrite made longer than LIMIT, wrapped where they are prose (a comment, a docstring's line):
    the words that do not fit go to the start of the paragraph's next line, which is wrapped in turn."""
    old_lines, lines, out = set(before.split("\n")), text.split("\n"), []
    at = 0
    while at < len(lines):
        body, at = lines[at], at + 1
        if len(body) <= LIMIT or body in old_lines:
            out.append(body)
            continue
        indent = body[: len(body) - len(body.lstrip())]
        stripped = body.lstrip()
        if stripped.startswith(("# ", "// ", "* ")):
            prefix = indent + stripped.split(" ", 1)[0] + " "
        elif name.endswith(".py") and ("\n".join(out).count('"""') % 2 == 1 or stripped.startswith('"""')):
            prefix = indent
        else:
            out.append(body)
            continue
        while len(body) > LIMIT:
            cut = body.rfind(" ", len(prefix) + 1, LIMIT + 1)
            if cut == -1:
                break
            out.append(body[:cut])
            rest = body[cut + 1 :]
            following = lines[at][len(prefix) :] if at < len(lines) and lines[at].startswith(prefix) else ""
            same_paragraph = following.strip() and not following.startswith((" ", '"""', "*/")) and '"""' not in rest
            if same_paragraph:
                body, at = f"{prefix}{rest} {following}", at + 1
            else:
                body = prefix + rest
        out.append(body)
    return "\n".join(out)


def tracked_text_files():
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    for name in listed.splitlines():
        if name.startswith("webapp/static/js/") or name.startswith("translations/") or name.endswith(LEFT_ALONE):
            continue
        if name.endswith(TEXT_SUFFIXES) or name.startswith(".ci/"):
            path = ROOT / name
            if path.is_file() and not path.is_symlink():
                yield name


def draw(placed, planned):
    """A Markdown page with a Mermaid chart: each folder of js/ (its modules and lines) and the imports between them."""
    sys.path.insert(0, str(ROOT))
    from webapp.web.preload import module_imports

    def folder(path):
        path = placed[path][0] if planned else path
        return path.rsplit("/", 1)[0] + "/" if "/" in path else "(top of js/)"

    graph = {m.removeprefix("js/"): [t.removeprefix("js/") for t in ts] for m, ts in module_imports(JS.parent).items()}
    sizes, lines, arrows = {}, {}, {}
    for module, targets in graph.items():
        here = folder(module)
        sizes[here] = sizes.get(here, 0) + 1
        lines[here] = lines.get(here, 0) + len((JS / module).read_text(encoding="utf-8").splitlines())
        for target in targets:
            if target in placed and folder(target) != here:
                arrows[here, folder(target)] = arrows.get((here, folder(target)), 0) + 1
    ids = {name: f"f{number}" for number, name in enumerate(sorted(sizes))}
    title = "where the move puts each module" if planned else "as the modules are now"
    out = [
        f"# The client's folders, {title}",
        "",
        "Each box is a folder of `webapp/static/js` (modules, lines); an arrow is the imports from one folder's",
        "modules to another's (static and dynamic). Made by `scripts/move_to_layers.py --draw "
        + ("plan" if planned else "now")
        + "`.",
        "",
        "```mermaid",
        "flowchart TD",
    ]
    out += [
        f'  {ids[name]}["{name}<br/>{sizes[name]} module{"s" * (sizes[name] > 1)}, {lines[name]} lines"]'
        for name in sorted(sizes)
    ]
    out += [f"  {ids[a]} -->|{count}| {ids[b]}" for (a, b), count in sorted(arrows.items())]
    out += ["```", ""]
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="print the plan only; exit 1 if anything would move")
    parser.add_argument("--draw", choices=["now", "plan"], help="print the folders' chart (Markdown) and stop")
    args = parser.parse_args()
    placed = plan()
    if args.draw:
        print(draw(placed, planned=args.draw == "plan"), end="")
        return
    moves = {old: new for old, (new, _) in placed.items()}
    moving = {old: new for old, new in moves.items() if old != new}
    for old, (new, rule) in sorted(placed.items()):
        if old != new:
            print(f"js/{old} -> js/{new}  ({rule})")
    if args.check or not moving:
        print(f"{len(moving)} of {len(moves)} modules to move" if moving else "Every module is in its layer's folder.")
        sys.exit(1 if moving and args.check else 0)
    names = [old.rsplit("/", 1)[-1] for old in moves]
    renamed = {
        old.rsplit("/", 1)[-1]: new.rsplit("/", 1)[-1]
        for old, new in moving.items()
        if old.rsplit("/", 1)[-1] != new.rsplit("/", 1)[-1] and names.count(old.rsplit("/", 1)[-1]) == 1
    }
    # Everything is read and rewritten before anything moves.
    sources = {}  # every module, rewritten
    for old in moves:
        before = (JS / old).read_text(encoding="utf-8")
        sources[old] = wrap_long_lines(old, rewrite_module(old, before, moves, renamed), before)
    texts = {}
    for name in tracked_text_files():
        before = (ROOT / name).read_text(encoding="utf-8")
        after = rewrite_text(before, moves, renamed, quoted_paths=name.endswith(CODE_SUFFIXES))
        if after != before:
            texts[name] = wrap_long_lines(name, after, before) if name.endswith(CODE_SUFFIXES) else after
    for old, new in sorted(moving.items()):
        (JS / new).parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "mv", f"webapp/static/js/{old}", f"webapp/static/js/{new}"], cwd=ROOT, check=True)
    for old, source in sources.items():
        (JS / moves[old]).write_text(source, encoding="utf-8")
    for name, text in texts.items():
        (ROOT / name).write_text(text, encoding="utf-8")
    for folder in sorted({p.parent for p in JS.rglob("*")}, key=lambda p: len(p.parts), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    # Code lines the rewrite lengthened: ruff formats the Python files it changed (their other lines are formatted).
    python = [name for name in texts if name.endswith(".py")]
    if python:
        ruff = ROOT / ".venv" / "bin" / "ruff"
        subprocess.run([str(ruff) if ruff.exists() else "ruff", "format", "--quiet", *python], cwd=ROOT, check=True)
    long_lines = [
        f"  {name}:{number}"
        for name in [*texts, *(f"webapp/static/js/{new}" for new in moves.values())]
        for number, line in enumerate((ROOT / name).read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > LIMIT and name.endswith(".py")
    ]
    print(f"Moved {len(moving)} modules; rewrote {len(texts)} other files.")
    if long_lines:
        print("Lines longer than the linters accept, to shorten by hand:\n" + "\n".join(long_lines))


if __name__ == "__main__":
    main()
