"""Scripts and styles are served lean (webapp/web/served_text.py): without comments or the spaces they do not need, and
with nothing else changed: the same tokens in the same order, the same line breaks where the language reads them."""

import gzip

import pytest
from helpers import ROOT

from webapp.web import served_text
from webapp.web.js_graph import _parser
from webapp.web.served_text import lean_script, lean_style

STATIC = ROOT / "webapp" / "static"
SCRIPTS = sorted(path.relative_to(STATIC).as_posix() for path in STATIC.rglob("*.js"))
NO_LINE_BREAK_READ_AFTER = {b";", b",", b"{"}


def tokens(source):
    """Every leaf of the parse tree but the comments, as (type, text): what the program is made of."""
    tree = _parser().parse(source)
    assert not tree.root_node.has_error
    leaves = []

    def walk(node):
        if node.type == "comment":
            return
        if node.child_count == 0:
            leaves.append((node.type, node.text))
        for child in node.children:
            walk(child)

    walk(tree.root_node)
    return leaves


def line_breaks_between_tokens(source):
    """For each token after the first, whether a line break comes before it (automatic semicolon insertion depends
    on it), except after `;`, `,` and `{`, where no rule of the language reads one."""
    tree = _parser().parse(source)
    breaks, previous = [], None

    def walk(node):
        nonlocal previous
        if node.type == "comment":
            return
        if node.child_count == 0:
            if previous is not None and previous.text not in NO_LINE_BREAK_READ_AFTER:
                breaks.append((node.text, b"\n" in source[previous.end_byte : node.start_byte]))
            previous = node
        for child in node.children:
            walk(child)

    walk(tree.root_node)
    return breaks


@pytest.mark.parametrize("name", SCRIPTS)
def test_each_script_keeps_every_token_and_line_break(name):
    source = (STATIC / name).read_bytes()
    lean = lean_script(source)
    assert len(lean) < len(source)  # rewritten, not the source served as it is
    assert tokens(lean) == tokens(source)
    assert line_breaks_between_tokens(lean) == line_breaks_between_tokens(source)
    assert b"/**" not in lean or b"/**" in b"".join(text for _, text in tokens(source))


def test_look_alikes_in_strings_templates_and_patterns_stay():
    source = (
        b"const a = '// not a comment'; // a comment\n"
        b"const b = `/* kept\n  // kept ${ 1 +  2 } */`;\n"
        b"const c = /\\/\\/ kept  /g;\n"
        b"/* alone\n   on two lines */\n"
        b"const d = 1 /* inline */ + 2;\n"
        b"const e = 3 /* two\nlines */\n"
        b"function f() {\n  return 4;\n}\n"
    )
    assert lean_script(source) == (
        b"const a='// not a comment';const b=`/* kept\n  // kept ${ 1 +  2 } */`;const c=/\\/\\/ kept  /g;const d=1+2;"
        b"const e=3\nfunction f(){return 4;}\n"
    )


@pytest.mark.parametrize(
    "source, lean",
    [
        (b"x = a + +b - -c;\n", b"x=a+ +b- -c;\n"),  # not ++ or --
        (b"x = 1 .toString();\n", b"x=1 .toString();\n"),  # not the number 1.
        (b"x = a / /re/.source;\n", b"x=a/ /re/.source;\n"),  # not a comment
        (b"function f() { return typeof x in y; }\n", b"function f(){return typeof x in y;}\n"),
        (b"let a = b\n(c)\nlet d = 1\nreturn\n", b"let a=b\n(c)\nlet d=1\nreturn\n"),  # line breaks the language reads
    ],
)
def test_two_tokens_are_kept_apart_where_they_would_read_otherwise(source, lean):
    assert lean_script(source) == lean


def test_a_script_the_parser_cannot_read_is_served_as_it_is():
    source = b"const = ; // broken\n"
    assert lean_script(source) == source


def test_a_rewrite_that_would_change_the_tokens_is_not_served(monkeypatch):
    """The check itself can fail: a rewrite that joins two tokens is refused, and the source served as it is."""
    source = b"const a = b + +c;\n"
    monkeypatch.setattr(served_text, "_needs_space", lambda before, after: False)
    served_text._lean_script.cache_clear()
    try:
        assert lean_script(source) == source
    finally:
        served_text._lean_script.cache_clear()


def test_styles_lose_comments_and_indentation_but_not_what_looks_like_one():
    source = (
        b"/* the frame */\n"
        b".a {\n  content: '/* kept */';  /* gone */\n\n  color: red;\n}\n"
        b'.b::after { content: "x/*y*/"; }\n'
        b"a/**/b { color: blue; }\n"
    )
    assert lean_style(source) == (
        b".a {\ncontent: '/* kept */';\ncolor: red;\n}\n.b::after { content: \"x/*y*/\"; }\na/**/b { color: blue; }\n"
    )


def test_the_server_serves_scripts_styles_and_the_service_worker_lean(client):
    for path, lean in (("js/app/main.js", lean_script), ("css/app.css", lean_style)):
        source = (STATIC / path).read_bytes()
        served = client.get(f"/static/{path}", headers={"Accept-Encoding": "identity"})
        assert b"/*" in source and served.get_data() == lean(source) and b"/**" not in served.get_data(), path
        assert int(served.headers["Content-Length"]) == len(served.get_data())
        compressed = client.get(f"/static/{path}", headers={"Accept-Encoding": "gzip"})
        assert gzip.decompress(compressed.get_data()) == lean(source)
    worker = client.get("/sw.js", headers={"Accept-Encoding": "identity"}).get_data()
    assert (ROOT / "webapp" / "templates" / "sw.js").read_bytes().count(b"\n") > 2 * worker.count(b"\n")
    assert tokens(worker)
