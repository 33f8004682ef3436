"""Scripts are served without their comments, and with nothing else changed: the same tokens in the same order."""

import pytest
from helpers import ROOT

from webapp.web.js_graph import _parser
from webapp.web.script_comments import strip_comments

STATIC = ROOT / "webapp" / "static"
SCRIPTS = sorted(path.relative_to(STATIC).as_posix() for path in STATIC.rglob("*.js"))


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
    on it)."""
    tree = _parser().parse(source)
    breaks, previous_end = [], 0

    def walk(node):
        nonlocal previous_end
        if node.type == "comment":
            return
        if node.child_count == 0:
            if previous_end:
                breaks.append(b"\n" in source[previous_end : node.start_byte])
            previous_end = node.end_byte
        for child in node.children:
            walk(child)

    walk(tree.root_node)
    return breaks


@pytest.mark.parametrize("name", SCRIPTS)
def test_each_script_keeps_every_token_and_line_break(name):
    source = (STATIC / name).read_bytes()
    stripped = strip_comments(source)
    assert tokens(stripped) == tokens(source)
    assert line_breaks_between_tokens(stripped) == line_breaks_between_tokens(source)
    assert b"/**" not in stripped or b"/**" in b"".join(text for _, text in tokens(source))


def test_comment_look_alikes_in_strings_templates_and_patterns_stay():
    source = (
        b"const a = '// not a comment'; // a comment\n"
        b"const b = `/* kept\n  // kept */`;\n"
        b"const c = /\\/\\/ kept/g;\n"
        b"/* alone\n   on two lines */\n"
        b"const d = 1 /* inline */ + 2;\n"
        b"const e = 3 /* two\nlines */ ;\n"
    )
    assert strip_comments(source) == (
        b"const a = '// not a comment';\n"
        b"const b = `/* kept\n  // kept */`;\n"
        b"const c = /\\/\\/ kept/g;\n"
        b"const d = 1   + 2;\n"
        b"const e = 3 \n ;\n"
    )


def test_a_script_the_parser_cannot_read_is_served_as_it_is():
    source = b"const = ; // broken\n"
    assert strip_comments(source) == source


def test_the_server_serves_scripts_without_comments(client):
    source = (STATIC / "js" / "app" / "main.js").read_bytes()
    served = client.get("/static/js/app/main.js", headers={"Accept-Encoding": "identity"})
    assert b"/**" in source and served.get_data() == strip_comments(source) and b"/**" not in served.get_data()
    assert int(served.headers["Content-Length"]) == len(served.get_data())
    compressed = client.get("/static/js/app/main.js", headers={"Accept-Encoding": "gzip"})
    import gzip

    assert gzip.decompress(compressed.get_data()) == strip_comments(source)
