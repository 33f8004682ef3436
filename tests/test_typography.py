"""Typography of every catalog: French and Italian each keep one apostrophe, one quote style and their own spacing.

French: a no-break space (U+00A0) before : ; ? ! and just inside « » and after §, the apostrophe ’ (U+2019), quotes « »,
and U+202F between thousands, as Intl.NumberFormat('fr') prints them (the app prints its numbers that way). Italian:
’, « » with no space inside, no space before : ; ? !, and "." between thousands. Placeholders (%(count)s), URLs and
e-mail addresses are left out of every check: the ':' of 'http://' is not typography.

One rule reads the placeholders themselves: a placeholder whose value is a noun phrase of any gender and number
(FREE_PLACEHOLDERS: « la table et son historique », « les événements », « il cronometro ») stands apart from the
sentence, after a colon, in parentheses or alone at the start, so no word has to agree with it (« %(what)s n’a pas
pu être enregistré » breaks for « les événements »).
"""

import re

import pytest
from catalog_text import TRANSLATIONS, entries, plant

NBSP, NNBSP = "\u00a0", "\u202f"
# Left out of the text before checking, each replaced by a neutral word so the spacing around it still counts.
NOT_TEXT = re.compile(
    r"%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[sdifr]|%[sdif]|\{[A-Za-z_][\w.]*\}"
    r"|https?://\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
)
# A number written with thousands separators, whatever they are: 1 000, 1,000, 100.000, 30 000.
GROUPED = re.compile(r"(?<![\d.,\u00a0\u202f])\d{1,3}(?:[ \u00a0\u202f.,]\d{3})+(?!\d)")
# Four or more digits with no separator. Years (1900-2099) are left alone unless a score unit follows.
UNGROUPED = re.compile(r"(?<![\d.,\u00a0\u202f])(\d{4,})(?![\d.,]\d)(\s*(?:points?|punti|P)\b)?")
THOUSANDS = {"fr": NNBSP, "it": "."}
# Placeholders filled with a noun phrase of any gender and number (ui_strings.py: the what_* phrases, a step in words).
FREE_PLACEHOLDERS = ("what", "step")
# Where such a placeholder may stand: at the start, or after a colon or an opening parenthesis; and before the end,
# punctuation, a parenthesis or another placeholder, so no verb, participle or adjective agrees with it.
APART_BEFORE = re.compile(r"(?:^|[:(]\s*)$")
APART_AFTER = re.compile(r"^(?:$|[\s\u00a0]*[).,;:]|\s+\(|\s+%\()")


def _context(text, start, end):
    """The offending characters with a few characters around them, so a failure is easy to find."""
    return text[max(0, start - 12) : end + 12]


def _french_punctuation(text):
    """: ; ? ! take a no-break space (U+00A0) before them, preceded by a letter or a sign, not by another space."""
    for match in re.finditer(r"[:;?!]", text):
        at = match.start()
        before = text[at - 1] if at else ""
        if match.group() == ":" and before.isdigit() and text[at + 1 : at + 2].isdigit():
            continue  # a time or a ratio such as 10:30
        if before in "?!" and before:
            continue  # ?! written together
        if before != NBSP or (at >= 2 and text[at - 2].isspace()):
            yield _context(text, at - 1, at + 1)


def _french_quotes(text):
    """« and » take a no-break space (U+00A0) just inside, and only that one."""
    for match in re.finditer(r"«(?!\u00a0\S)|(?<!\S\u00a0)»", text):
        yield _context(text, match.start(), match.end())


def _pattern(regex):
    """A rule that flags every match of one pattern."""
    compiled = re.compile(regex)
    return lambda text: (_context(text, m.start(), m.end()) for m in compiled.finditer(text))


RULES = {
    "fr": [
        ("a no-break space U+00A0 before : ; ? ! (never an ordinary space, never none)", _french_punctuation),
        ("a no-break space U+00A0 just inside « »", _french_quotes),
        ("the apostrophe ’ (U+2019), not ' or ‘", _pattern(r"['‘ʼ`´]")),
        ('quotes « », not " “ ” „ ‹ ›', _pattern(r"[\"“”„‹›]")),
        ("a no-break space U+00A0 after § (§ 7.1)", _pattern(r"§(?!\u00a0)")),
    ],
    "it": [
        ("no space before : ; ? !", _pattern(r"\s[:;?!]")),
        ("quotes «…» with no space inside", _pattern(r"«\s|\s»")),
        ("the apostrophe ’ (U+2019), not ' or ‘", _pattern(r"['‘ʼ`´]")),
        ('quotes « », not " “ ” „ ‹ ›', _pattern(r"[\"“”„‹›]")),
    ],
}


def _numbers(lang, text):
    """Numbers grouped with another separator than the language's, and large numbers left ungrouped."""
    separator = THOUSANDS[lang]
    for match in GROUPED.finditer(text):
        if set(re.sub(r"\d", "", match.group())) != {separator}:
            yield match.group()
    for match in UNGROUPED.finditer(text):
        number, unit = match.group(1), match.group(2)
        if len(number) >= 5 or unit or not 1900 <= int(number) <= 2099:
            yield match.group()


def _agreeing_placeholders(text):
    """Free placeholders (FREE_PLACEHOLDERS) that a word of the sentence would have to agree with."""
    for name in FREE_PLACEHOLDERS:
        for match in re.finditer(re.escape(f"%({name})s"), text):
            before, after = text[: match.start()], text[match.end() :]
            if not (APART_BEFORE.search(before) and APART_AFTER.search(after)):
                yield _context(text, match.start(), match.end())


def problems_in(lang, text):
    """(rule, offending text) for every break of the rules of lang in one string."""
    if lang not in RULES:
        return []
    visible = NOT_TEXT.sub("X", text)
    found = [(rule, bad) for rule, check in RULES[lang] for bad in check(visible)]
    found += [(f"thousands separated by {THOUSANDS[lang]!r}", bad) for bad in _numbers(lang, visible)]
    found += [
        ("a noun-phrase placeholder stands apart (after a colon or in parentheses): nothing may agree with it", bad)
        for bad in _agreeing_placeholders(text)
    ]
    return found


def typography_problems(root=TRANSLATIONS):
    """Every break of the typography rules, one line each: catalog, msgid, rule, and the offending text."""
    return [
        f"{entry.where()}: {rule}: {bad!r} in {entry.text!r}"
        for entry in entries(root)
        for rule, bad in problems_in(entry.lang, entry.text)
    ]


def test_every_catalog_follows_the_typography():
    problems = typography_problems()
    assert problems == [], f"{len(problems)} typography problems:\n" + "\n".join(problems)


PLANTED = [
    ("fr", "Que s’est-il passé ?", "before : ; ? !"),
    ("fr", "Que s’est-il passé?", "before : ; ? !"),
    ("fr", "Que s’est-il passé\u202f?", "before : ; ? !"),
    ("fr", "Que s'est-il passé\u00a0?", "apostrophe"),
    ("fr", "« Que s’est-il passé\u00a0?\u00a0»", "inside « »"),
    ("fr", "“Que s’est-il passé\u00a0?”", "quotes"),
    ("fr", "Que s’est-il passé avec 100 000 points\u00a0?", "thousands"),
    ("fr", "Que s’est-il passé avec 1000 points\u00a0?", "thousands"),
    ("fr", "Que s’est-il passé au §7.1\u00a0?", "after §"),
    ("fr", "Que s’est-il passé au § 7.1\u00a0?", "after §"),
    ("it", "Che cosa è successo ?", "no space before"),
    ("it", "Che cos'è successo?", "apostrophe"),
    ("it", '"Che cosa è successo?"', "quotes"),
    ("it", "« Che cosa è successo? »", "no space inside"),
    ("it", "Che cosa è successo con 100 000 punti?", "thousands"),
    # Issue 34's native review: a value of any gender and number breaks the agreement of the words around it.
    ("fr", "Cet appareil est plein\u00a0: %(what)s n’a pas pu être enregistré.", "placeholder stands apart"),
    ("fr", "Enregistré par une version plus récente\u00a0: la table, puis %(what)s gardé.", "placeholder stands apart"),
    ("it", "Memoria piena: %(what)s conservati dalla versione precedente.", "placeholder stands apart"),
    ("it", "Non è stato possibile salvare %(what)s.", "placeholder stands apart"),
]


@pytest.mark.parametrize("lang,bad,rule", PLANTED)
def test_check_fails_on_a_planted_error(tmp_path, lang, bad, rule):
    """Plant one error into a copy of the catalogs: the check names that catalog, its msgid and the rule broken."""
    root = plant(tmp_path / "translations", lang, "wrc-2015", "What happened?", bad)
    problems = typography_problems(root)
    assert problems, "the planted error was not found"
    assert all(p.startswith(f"{lang}/wrc-2015.po, msgid 'What happened?': ") for p in problems), problems
    assert any(rule in p for p in problems), problems


@pytest.mark.parametrize(
    "text",
    [
        "Décisions trouvées\u00a0: %(count)s",
        "Voir http://example.org/a?b=c",
        "Écrire à competitive@azriichi.org\u00a0!",
        "Le total n’est pas de 100\u202f000\u00a0?",
        "«\u00a0judge\u00a0»",
        "WRC 2015, §\u00a07.1 Chombo",
        "de 10 à 60 points",
        "Chombo\u00a0! Chombo\u00a0!",
        "À 10:30, le 14 avril 2026",
        "1\u202f000 points de table",
        "Cet appareil n’a plus d’espace de stockage et n’a pas pu enregistrer ces données\u00a0: %(what)s.",
        "Une copie plus ancienne (%(what)s, %(count)s) a été mise de côté.",
        "%(what)s %(id)s (de côté depuis le %(when)s)",
        "%(step)s\u00a0: ne peut plus s’appliquer",
    ],
)
def test_french_text_that_is_right(text):
    assert problems_in("fr", text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Decisioni trovate: %(count)s",
        "L’arbitro dice «judge»",
        "Il totale non è 100.000?",
        "1.000 punti",
        "§6.2; 2014",
    ],
)
def test_italian_text_that_is_right(text):
    assert problems_in("it", text) == []


# The client's own code must not join a label and its value with punctuation of its own (« Type d’incident: … »):
# every such join goes through the catalog string "%(label)s: %(value)s", which French writes with a no-break space.
SCRIPTS = TRANSLATIONS.parent / "webapp" / "static" / "js"
TEMPLATE = re.compile(r"`(?:[^`\\]|\\.)*`")
JOIN_IN_TEMPLATE = re.compile(r"\}\s*[:;]\s+|\w[:;]\s+\$\{|\w[:;]\s+$")  # `${label}: ${value}`, `${label}: `
LONE_PUNCTUATION = re.compile(
    r"(?:,|\[|(?<!\.split)\()\s*(['\"])\s*[:;]\s*\1\s*[,)\]]"
)  # label, ': ', value; .join('; ')
COOKIE = re.compile(r"; Path=")  # a cookie's attributes are not shown text
COMMENT = re.compile(r"/\*.*?\*/|(?<![:'\"`])//[^\n]*", re.S)


def hard_coded_joins(source):
    """The template literals and lone ': ' or '; ' strings of a script that join words with their own punctuation."""
    code = COMMENT.sub("", source)
    found = [
        m.group()
        for m in TEMPLATE.finditer(code)
        if JOIN_IN_TEMPLATE.search(m.group()[1:-1]) and not COOKIE.search(m.group())
    ]
    return found + [m.group().strip(",()[] ") for m in LONE_PUNCTUATION.finditer(code)]


def test_no_script_joins_a_label_and_its_value_with_its_own_colon():
    found = {
        path.relative_to(SCRIPTS).as_posix(): hard_coded_joins(path.read_text(encoding="utf-8"))
        for path in sorted(SCRIPTS.rglob("*.js"))
    }
    assert {path: joins for path, joins in found.items() if joins} == {}


@pytest.mark.parametrize(
    "source",
    [
        "el('p', {}, `${strings.tag}: ${label}`)",
        "el('span', { class: 'visually-hidden' }, `${kind.label}: `)",
        "el('li', {}, el('strong', {}, name), ': ', text)",
        "const past = dates.join('; ');",
    ],
)
def test_a_planted_hard_coded_colon_is_found(source):
    assert hard_coded_joins(source)


@pytest.mark.parametrize(
    "source",
    [
        "format(strings.label_value, { label, value })",
        "{ 'aria-describedby': 'x' }",
        "`name:${id}:${key}`",
        "// a comment: ${not code}",
        "`${a} → ${b}`",
        "cookie.split('; ')",
        "`lang=${lang}; Path=/; Max-Age=1`",
    ],
)
def test_code_that_is_not_a_join_passes(source):
    assert hard_coded_joins(source) == []
