"""People's names compared as a referee reads them, the same rule as the phone's static/js/logic/names.js, so the server
takes "Marco Polo", "marco  polo" and "MARCO-POLO" for one player of an event (a test runs both on the same names)."""

import re
import unicodedata

FOLDS = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}
_FOLDABLE = re.compile("[" + "".join(FOLDS) + "]")
_NOT_WORD = re.compile(r"[\W_]+")


def normalize_name(name):
    """Lower case, marks removed, punctuation read as spaces, spaces collapsed:
    ' Léa  Müller-Ó’Neil ' → 'lea muller o neil'."""
    text = unicodedata.normalize("NFKD", str(name or ""))
    text = "".join(char for char in text if not unicodedata.category(char).startswith("M")).lower()
    text = _FOLDABLE.sub(lambda match: FOLDS[match.group(0)], text)
    return _NOT_WORD.sub(" ", text).strip()
