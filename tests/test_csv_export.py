"""The log's CSV export in Node, read back by Python's csv module as a spreadsheet would: byte-order mark, the
separator of each language, translated headers, local times, translated seats, accents, and formula escaping."""

import codecs
import csv
import io
import subprocess

import pytest
from flask_babel import force_locale
from helpers import NODE, ROOT, call_module

from webapp.i18n.ui_strings import client_strings

LANGS = ["en", "fr", "it"]
SEPARATORS = {"en": ",", "fr": ";", "it": ";"}
COLUMNS = [
    "at",
    "tournament",
    "session",
    "table",
    "player",
    "seat",
    "ruleset",
    "ruling",
    "penalty",
    "title",
    "section",
    "points",
    "note",
]

# Texts a spreadsheet could run as a formula: the plain signs, each after a leading space, no-break space, tab,
# newline or carriage return, and the full-width signs (U+FF1D, U+FF0B, U+FF0D, U+FF20), alone or after a space.
FORMULAS = [
    "=1+1",
    "+1+1",
    "-1+1",
    "@SUM(A1)",
    "=cmd|' /C calc'!A0",
    " =1+1",
    "\u00a0=1+1",
    "\t=1+1",
    "\n=1+1",
    "\r=1+1",
    "\r\n=1+1",
    "  \u00a0\t-2+3",
    "\uff1d1+1",
    "\uff0b1+1",
    "\uff0d1+1",
    "\uff20SUM(A1)",
    " \uff1d1+1",
    "\u00a0\uff20x",
    "\n\uff0b1",
]
# Texts that stay as they are: real numbers, accents, and signs that do not start the cell.
KEPT = ["-5", "-1.5", "-1,5", "+5", "12", "Léa Müller", "a=b", "x - y", "Note: 1+1", "Ça va ; oui, « non »", 'say "hu"']


def strings(app, lang):
    with app.test_request_context(), force_locale(lang):
        return client_strings()


def incident(n, **fields):
    return {
        "id": f"i{n}",
        "at": f"2026-03-0{1 + n // 60}T09:{n % 60:02d}:00.000Z",
        "player": "Alice",
        "rulesetId": "wrc-2015",
        "rulingId": "r_late",
        "points": None,
        **fields,
    }


def read_back(text, tmp_path, lang, delimiter):
    """Write the export as the browser saves it (UTF-8) and read it as a spreadsheet would, byte-order mark and all."""
    path = tmp_path / f"log-{lang}.csv"
    path.write_bytes(text.encode("utf-8"))
    assert path.read_bytes().startswith(codecs.BOM_UTF8)
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.reader(handle, delimiter=delimiter))


def export(tmp_path, incidents, **options):
    return call_module("logic/csv-export.js", "incidentsCsv", [[incidents, options]], tmp_path)[0]


@pytest.mark.parametrize("lang", LANGS)
def test_formulas_are_neutralised_and_text_survives(app, tmp_path, lang):
    texts = FORMULAS + KEPT
    incidents = [incident(n, note=text, tournament=text) for n, text in enumerate(texts)]
    ui = strings(app, lang)
    rows = read_back(
        export(tmp_path, incidents, headers=ui["csv"]["headers"], locale=lang, timeZone="Europe/Paris"),
        tmp_path,
        lang,
        SEPARATORS[lang],
    )
    assert len(rows) == 1 + len(texts)
    note, tournament = COLUMNS.index("note"), COLUMNS.index("tournament")
    for text, row in zip(texts, rows[1:]):
        assert len(row) == len(COLUMNS), text
        expected = f"'{text}" if text in FORMULAS else text
        assert row[note] == expected, text
        assert row[tournament] == expected, text


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_reads_back_with_its_separator_headers_times_and_seats(app, tmp_path, lang):
    ui = strings(app, lang)
    winds = ui["winds"]
    incidents = [
        incident(0, at="2026-01-15T10:00:00.000Z", player="Léa Müller", seat=0, points=-1.5, note="Öffnung ça"),
        incident(1, at="2026-07-15T10:00:00.000Z", player="Zoë", seat=2, points=20),
        incident(2, at="2026-07-16T10:00:00.000Z", player="Bo", seat=3, points=None),
        incident(3, at="2026-07-17T10:00:00.000Z", player="Ann", seat=1, points=-5),
        incident(4, at="2026-07-18T10:00:00.000Z", player="Cy", seat=None, points=0),
    ]
    text = export(tmp_path, incidents, headers=ui["csv"]["headers"], locale=lang, timeZone="Europe/Paris", winds=winds)
    rows = read_back(text, tmp_path, lang, SEPARATORS[lang])
    header, *body = rows
    assert header == [ui["csv"]["headers"][column] for column in COLUMNS]
    assert not set(header) & {"rulesetId", "rulingId", "at", "seat", "note"} - {ui["csv"]["headers"]["seat"]}
    column = {name: [row[COLUMNS.index(name)] for row in body] for name in COLUMNS}
    assert column["player"] == ["Léa Müller", "Zoë", "Bo", "Ann", "Cy"]
    assert column["note"][0] == "Öffnung ça"
    # Seats (codes) as winds in the reader's language; no seat, an empty cell.
    assert column["seat"] == [winds[0], winds[2], winds[3], winds[1], ""]
    # Local time in Paris: UTC+1 in winter, UTC+2 in summer, in the reader's date order.
    winter, summer = {
        "en": ("01/15/2026 11:00", "07/15/2026 12:00"),
        "fr": ("15/01/2026 11:00", "15/07/2026 12:00"),
        "it": ("15/01/2026 11:00", "15/07/2026 12:00"),
    }[lang]
    assert column["at"][:2] == [winter, summer]
    # Points with the reader's decimal mark, so the spreadsheet reads numbers.
    decimal = "." if lang == "en" else ","
    assert column["points"] == [f"-1{decimal}5", "20", "", "-5", "0"]
    assert column["ruleset"] == ["wrc-2015"] * 5 and column["ruling"] == ["r_late"] * 5


@pytest.mark.parametrize("lang,separator", [("fr", ","), ("en", ";"), ("it", "\t")])
def test_the_separator_can_be_chosen(app, tmp_path, lang, separator):
    ui = strings(app, lang)
    incidents = [incident(0, points=-1.5, note="a, b; c\td"), incident(1, note="-1,5")]
    rows = read_back(
        export(tmp_path, incidents, headers=ui["csv"]["headers"], locale=lang, separator=separator),
        tmp_path,
        lang,
        separator,
    )
    assert [len(row) for row in rows] == [len(COLUMNS)] * 3
    assert rows[1][COLUMNS.index("note")] == "a, b; c\td"
    assert rows[2][COLUMNS.index("note")] == "-1,5"


def test_described_rulings_fill_their_columns(tmp_path):
    """The caller's description of the ruling (ruleset name, penalty, title, section) fills its columns."""
    script = """
import { incidentsCsv } from './webapp/static/js/logic/csv-export.js';
const incidents = [{ id: 'a', at: '2026-03-01T09:00:00Z', player: 'Al', rulesetId: 'wrc-2015', rulingId: 'r_late' },
  { id: 'b', at: '2026-03-01T10:00:00Z', player: 'Bo', rulesetId: 'wsom', rulingId: 'r_gone' }];
const describe = (item) => (item.rulesetId === 'wrc-2015'
  ? { ruleset: 'WRC 2015', penalty: 'Pénalité de points', title: 'Retard', section: '§7' } : {});
process.stdout.write(incidentsCsv(incidents, { locale: 'fr', describe }));
"""
    text = subprocess.run(
        [*NODE, "--input-type=module", "-e", script], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    rows = read_back(text, tmp_path, "fr", ";")
    described = slice(COLUMNS.index("ruleset"), COLUMNS.index("points"))
    assert rows[1][described] == ["WRC 2015", "r_late", "Pénalité de points", "Retard", "§7"]
    assert rows[2][described] == ["wsom", "r_gone", "", "", ""]  # a ruling the caller cannot describe keeps its ids
    assert rows[0] == COLUMNS  # no headers given: the column keys, never empty cells


def test_separator_of_each_language(tmp_path):
    assert call_module(
        "logic/csv-export.js", "csvSeparator", [["en"], ["en-GB"], ["fr"], ["it"], ["de"]], tmp_path
    ) == [
        ",",
        ",",
        ";",
        ";",
        ";",
    ]


def test_seat_codes_are_written_as_winds(tmp_path):
    """Seats are stored as codes (0 East to 3 North); the export writes the wind in the reader's language, and
    nothing for no seat or when no names are given."""
    winds = ["Est", "Sud", "Ouest", "Nord"]
    calls = [[0, winds], [1, winds], [2, winds], [3, winds], [None, winds], [2, None]]
    assert call_module("logic/csv-export.js", "seatName", calls, tmp_path) == ["Est", "Sud", "Ouest", "Nord", "", ""]


def test_the_log_screens_export_neutralises_every_formula(tmp_path):
    """csv-export.js's toCsv (the log screen's earlier call, still exported) gets the same escaping and byte-order mark;
    the log screen now calls incidentsCsv with the reader's language, headers and seats."""
    log = {
        "format": "mahjong-referee/incident-log",
        "version": 1,
        "incidents": [incident(n, note=text) for n, text in enumerate(FORMULAS + KEPT)],
    }
    text = call_module("logic/csv-export.js", "toCsv", [[log]], tmp_path)[0]
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""), delimiter=","))
    assert [row[COLUMNS.index("note")] for row in rows[1:]] == [f"'{t}" for t in FORMULAS] + KEPT
