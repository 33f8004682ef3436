"""The first screen's stylesheet, inlined in every page so the first paint needs no second request.

It is the only inline style the CSP allows: by the SHA-256 of its exact text, worked out here at start-up (issue 17).
The file is `templates/first-screen.css`; the rest of the styles are `static/css/app.css`, which main.js adds.
"""

import base64
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from markupsafe import Markup

SOURCE = Path(__file__).resolve().parent.parent / "templates" / "first-screen.css"
ICON = Path(__file__).resolve().parent.parent / "static" / "icons" / "icon.svg"
COMMENT = re.compile(r"/\*.*?\*/", re.S)


@dataclass(frozen=True)
class InlineStyle:
    """The text that goes between <style> and </style>, and the CSP source that allows exactly that text."""

    text: str

    @property
    def source(self):
        digest = hashlib.sha256(self.text.encode("utf-8")).digest()
        return f"'sha256-{base64.b64encode(digest).decode()}'"


def compact(css):
    """Drop comments and indentation (the hash is taken of what is sent, so any form works; shorter is cheaper)."""
    lines = (line.strip() for line in COMMENT.sub("", css).splitlines())
    return "\n".join(line for line in lines if line)


def load(path=SOURCE):
    """Read and compact the stylesheet; refuse text that could end the <style> element early."""
    text = compact(Path(path).read_text(encoding="utf-8"))
    if "</" in text or "<!--" in text:
        raise ValueError(f"{path}: an inline stylesheet cannot hold '</' or '<!--'")
    return InlineStyle(text)


def icon_data_url(path=ICON):
    """The tab's icon as a data: URL (the CSP's img-src allows data:), so a first visit spends none of its six
    HTTP/1.1 connections on it while the app's modules load; static/icons/icon.svg stays its one source."""
    svg = " ".join(Path(path).read_text(encoding="utf-8").split())
    return "data:image/svg+xml," + quote(svg, safe="=:/;,.()-")


def init_app(app):
    """Load the style and the icon once; templates put them in the head with `{{ first_screen_style }}` and
    `{{ icon_url }}`."""
    style = load()
    icon = icon_data_url()
    app.extensions["first_screen_style"] = style
    app.context_processor(lambda: {"first_screen_style": Markup(style.text), "icon_url": icon})
