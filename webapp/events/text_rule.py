"""The one rule for user text, as the phone applies it (static/js/logic/text-rule.js): Unicode scalar values only (no
lone surrogate: half an emoji), NFC, no control character (tab and line breaks only where a text may have several
lines), no bidi embedding, override or isolate (they turn the text around it), and not only invisible characters."""

import re
import unicodedata

SURROGATE = re.compile("[\ud800-\udfff]")
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
CONTROL_IN_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # tab, newline and carriage return allowed
BIDI_CONTROL = re.compile("[\u202a-\u202e\u2066-\u2069]")
SPACES = "\t\n\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"  # spelt out: \s differs between Python and JS
ONLY_SPACES = re.compile(f"[{SPACES}]+")
# Characters that show nothing: zero-width ones, marks and fillers. A text of these and spaces reads as nothing.
INVISIBLE = re.compile(
    f"[{SPACES}\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u2060-\u2064\u3164\ufe00-\ufe0f\ufeff\uffa0]*"
)

# Codes, as both sides name them.
NOT_UNICODE, NOT_NFC, CONTROL_CHARACTER, BIDI, ONLY_INVISIBLE = (
    "not_unicode",
    "not_nfc",
    "control_character",
    "bidi_control",
    "invisible",
)


def text_problem(value, *, lines=False):
    """The code of what breaks the rule in `value` (a str), or None. `lines`: tab and line breaks are allowed."""
    if SURROGATE.search(value):
        return NOT_UNICODE
    if (CONTROL_IN_TEXT if lines else CONTROL).search(value):
        return CONTROL_CHARACTER
    if BIDI_CONTROL.search(value):
        return BIDI
    if not unicodedata.is_normalized("NFC", value):
        return NOT_NFC
    if value and not ONLY_SPACES.fullmatch(value) and INVISIBLE.fullmatch(value):
        return ONLY_INVISIBLE
    return None


def id_problem(value):
    """An opaque id: scalar values and no control character (it is compared as it is, never normalized)."""
    if SURROGATE.search(value):
        return NOT_UNICODE
    if CONTROL.search(value):
        return CONTROL_CHARACTER
    return None
