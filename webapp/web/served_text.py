"""Scripts and styles are served lean: comments and indentation are for people reading the source, not for a phone.

The sources keep every comment and indent; the server leaves them out as it serves each file (and so from the
service worker's precache). A script is read by a real JavaScript parser (tree-sitter) and written again token by
token: a string, template or regular expression whole, a line break where the source had one between two tokens
(automatic semicolon insertion depends on it) unless it follows `;`, `,` or `{`, a space only where two tokens would
otherwise join, nothing else. The result is parsed again and must give the same tokens and line breaks, else the
source is served as it is, as is a file the parser cannot read whole. A style loses its comments, its indentation
and its blank lines. About a third of the precache's bundle, compressed, is saved so (issue 37).
"""

import re
from functools import lru_cache

from flask import request

from .js_graph import _parser

SCRIPT_TYPES = {"text/javascript", "application/javascript"}
STYLE_TYPES = {"text/css"}
WHOLE = {"string", "template_string", "regex"}  # written as they are, whatever spaces they hold
WORD = re.compile(rb"[\w$\\\x80-\xff]")  # bytes of a name, a keyword or a number (and of non-ASCII names)
JOINING = {b"++", b"--", b"//", b"/*", b"<!"}  # two operators that would read as one, or as a comment
# After these tokens no rule of the language reads a line break (no statement can end at them, none is a restricted
# production's left side), so the line break after them goes too.
OPEN = {b";", b",", b"{"}


def _unit_nodes(tree):
    """The program's tokens in order: each leaf, or a string, template or regular expression whole; no comment. A
    cursor, not recursion: a module has tens of thousands of nodes."""
    cursor = tree.walk()
    while True:
        node = cursor.node
        whole = node.child_count == 0 or node.type in WHOLE
        if node.type != "comment" and whole:
            yield node
        if not whole and node.type != "comment" and cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return


def _units(tree, source):
    """[(type, text, line break before it, start, end)] for the program's tokens, a line break counted only where the
    language could read it (not after `;`, `,` or `{`); the empty token the parser adds for a missing semicolon is one
    too, so a change in where semicolons are inserted shows."""
    units, previous_end, previous = [], 0, None
    for node in _unit_nodes(tree):
        start, end = node.start_byte, node.end_byte
        line_break = previous is not None and previous not in OPEN and b"\n" in source[previous_end:start]
        units.append((node.type, source[start:end], line_break, start, end))
        if end > start:
            previous_end, previous = end, source[start:end]
    return units


def _needs_space(before, after):
    """Whether two tokens written side by side, ending and starting with these bytes, would read otherwise."""
    return (
        bool(WORD.match(before) and WORD.match(after))
        or before + after in JOINING
        or (before.isdigit() and after == b".")
    )


def _rewrite(units):
    out = bytearray()
    for _type, text, line_break, _start, _end in units:
        if not text:
            continue
        if out:
            if line_break:
                out += b"\n"
            elif _needs_space(bytes(out[-1:]), text[:1]):
                out += b" "
        out += text
    return bytes(out) + b"\n"


def _same_program(units, other):
    return [unit[:3] for unit in units] == [unit[:3] for unit in other]


@lru_cache(maxsize=256)
def _lean_script(source):
    tree = _parser().parse(source)
    if tree.root_node.has_error:
        return source
    units = _units(tree, source)
    lean = _rewrite(units)
    lean_tree = _parser().parse(lean)
    if lean_tree.root_node.has_error or not _same_program(units, _units(lean_tree, lean)):
        return source
    return lean


def lean_script(source):
    """The script as served: the same tokens and line breaks, without comments or spaces they do not need."""
    return _lean_script(bytes(source))


STYLE_COMMENT = re.compile(rb"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|/\*.*?\*/""", re.S)


def lean_style(source):
    """The stylesheet as served: no comments (a string that looks like one stays), no indentation, no blank lines.

    A comment touching text on both sides (`a/**/b`) stays, since what replaces it could change the selector."""

    def comment(match):
        if match.group(1):  # a string
            return match.group(0)
        before, after = source[match.start() - 1 : match.start()], source[match.end() : match.end() + 1]
        return b"" if not before.strip() or not after.strip() else match.group(0)

    lines = (line.strip() for line in STYLE_COMMENT.sub(comment, bytes(source)).split(b"\n"))
    return b"\n".join(line for line in lines if line) + b"\n"


def init_app(app):
    """Serve every static script and style lean (registered after compression, so it runs before it)."""

    @app.after_request
    def lean(response):
        if request.endpoint != "static" or response.status_code != 200 or "Content-Encoding" in response.headers:
            return response
        if response.mimetype in SCRIPT_TYPES:
            make_lean = lean_script
        elif response.mimetype in STYLE_TYPES:
            make_lean = lean_style
        else:
            return response
        response.direct_passthrough = False
        response.set_data(make_lean(response.get_data()))
        return response
