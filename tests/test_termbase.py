"""Termbase: every catalog (UI and rulesets) uses one term per concept and one form of address per language.

translations/termbase.yaml lists, per concept, the preferred French and Italian terms and the variants to avoid;
a msgstr that uses an avoided variant, or the other form of address (French tu, Italian voi), fails here with the
catalog, the msgid, the variant and the text.
"""

import re
import unicodedata

import pytest
import yaml
from catalog_text import TRANSLATIONS, entries, plant

TERMBASE = TRANSLATIONS / "termbase.yaml"
APOSTROPHES = "'’ʼ‘"


def _fold(text):
    """Lower case, no accents, one apostrophe: how a `word` variant is compared."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(f"[{APOSTROPHES}]", "'", plain)


class Variant:
    """One avoided variant: a whole word or phrase, or a regular expression, maybe allowed for some msgids."""

    def __init__(self, spec, label, preferred):
        self.label, self.preferred, self.why = label, preferred, spec.get("why", "")
        if "word" in spec:
            self.shown = spec["word"]
            self.pattern = re.compile(r"(?<!\w)" + re.escape(_fold(spec["word"])) + r"(?!\w)")
            self.folds = True
        else:
            self.shown = spec["re"]
            self.pattern = re.compile(re.sub(f"[{APOSTROPHES}]", f"[{APOSTROPHES}]", spec["re"]), re.IGNORECASE)
            self.folds = False
        unless, when = spec.get("unless_msgid"), spec.get("when_msgid")
        self.unless = re.compile(unless, re.IGNORECASE) if unless else None
        self.when = re.compile(when, re.IGNORECASE) if when else None

    def find(self, msgid, text, folded=None):
        """The offending words of text (folded: the same text through _fold), unless this msgid may use them."""
        if self.unless and self.unless.search(msgid):
            return None
        if self.when and not self.when.search(msgid):
            return None
        match = self.pattern.search((folded or _fold(text)) if self.folds else text)
        return match.group() if match else None


def _terms(preferred):
    """The terms of a preferred entry such as "kan fermé (combinaison fermée)": kan fermé, combinaison fermée."""
    return [term.strip() for term in re.split(r"[,()]", preferred) if term.strip()]


def load_termbase(path=TERMBASE):
    """The termbase file as data."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def variants(termbase):
    """Per language, every Variant: the concepts' and the other form of address."""
    found = {"fr": [], "it": []}
    for lang, address in termbase["address"].items():
        for spec in address["avoid"]:
            found[lang].append(Variant(spec, f"form of address: use {address['use']}", address["use"]))
    for concept in termbase["concepts"]:
        for lang, specs in (concept.get("avoid") or {}).items():
            for spec in specs:
                found[lang].append(Variant(spec, f"concept {concept['id']}: use {concept[lang]!r}", concept[lang]))
    return found


def _any_of(found):
    """One pattern per language that matches where any variant might (folded words, then regexes), to skip clean
    text."""
    words = [v.pattern.pattern for v in found if v.folds] or ["(?!)"]
    regexes = [v.pattern.pattern for v in found if not v.folds] or ["(?!)"]
    return re.compile("|".join(f"(?:{p})" for p in words)), re.compile(
        "|".join(f"(?:{p})" for p in regexes), re.IGNORECASE
    )


# Italian instructions keep one voice in a string: the tu imperative (Decidi) or the impersonal si (Si continua).
_IMPERATIVE = re.compile(
    r"(?:^|[.;:!?]\s+)(?:Dichiara|Decidi|Scegli|Applica|Ricorda|Chiedi|Avvisa|Avverti|Correggi"
    r"|Rimetti|Annota|Registra|Chiama|Fai|Ferma|Gira|Conta|Restituisci|Rigioca|Togli|Aggiungi)\b"
)
_IMPERSONAL = re.compile(r"(?:^|[.;:!?]\s+|\bpoi\s+)[Ss]i\s+(?!può\b|possono\b)\w+")


def mixed_voice(text):
    """True when an Italian string gives instructions both in the imperative and with an impersonal si."""
    return bool(_IMPERATIVE.search(text) and _IMPERSONAL.search(text))


def termbase_problems(root=TRANSLATIONS, termbase=None):
    """Every msgstr that uses an avoided variant, or translates a name that must be kept, one line each."""
    termbase = termbase or load_termbase()
    avoided = variants(termbase)
    prefilter = {lang: _any_of(found) for lang, found in avoided.items()}
    kept = {msgid for concept in termbase["concepts"] for msgid in concept.get("keep", [])}
    problems = []
    for entry in entries(root):
        if entry.msgid in kept and entry.text != entry.msgid:
            problems.append(f"{entry.where()}: {entry.msgid!r} stays untranslated, not {entry.text!r}")
        if entry.lang == "it" and mixed_voice(entry.text):
            problems.append(f"{entry.where()}: one voice per string, imperative or impersonal si; in {entry.text!r}")
        folded = _fold(entry.text)
        words, regexes = prefilter.get(entry.lang, (None, None))
        if words is None or not (words.search(folded) or regexes.search(entry.text)):
            continue
        for variant in avoided[entry.lang]:
            bad = variant.find(entry.msgid, entry.text, folded)
            if bad is not None:
                why = f" ({variant.why})" if variant.why else ""
                problems.append(f"{entry.where()}: {bad!r} is avoided, {variant.label}{why}; in {entry.text!r}")
    return problems


def test_every_catalog_follows_the_termbase():
    problems = termbase_problems()
    assert problems == [], f"{len(problems)} termbase problems:\n" + "\n".join(problems)


def test_termbase_is_well_formed():
    """Every concept names its English and both preferred terms; no preferred term is one of its own variants."""
    termbase = load_termbase()
    assert set(termbase["address"]) == {"fr", "it"}
    assert termbase["address"]["fr"]["use"] == "vous" and termbase["address"]["it"]["use"] == "tu"
    ids = [concept["id"] for concept in termbase["concepts"]]
    assert len(ids) == len(set(ids))
    for concept in termbase["concepts"]:
        assert concept.get("en") and concept.get("fr") and concept.get("it"), concept["id"]
        assert set(concept.get("avoid") or {}) <= {"fr", "it"}, concept["id"]
    for lang, found in variants(termbase).items():
        for variant in found:
            for term in _terms(variant.preferred):
                assert variant.find("", term) is None, (lang, term, variant.shown)
    examples = {lang: " ".join(address["examples"]) for lang, address in termbase["address"].items()}
    assert [v.shown for lang, found in variants(termbase).items() for v in found if v.find("", examples[lang])] == []


PLANTED = [
    # (language, msgstr planted for "What happened?" in wrc-2015, what the failure must name)
    ("fr", "Que s’est-il passé au kan caché\u00a0?", "concept concealed_kan"),
    ("fr", "Que s’est-il passé à la partie nulle\u00a0?", "concept exhaustive_draw"),
    ("fr", "Qu’as-tu vu\u00a0?", "form of address"),
    ("fr", "Choisis ce qui s’est passé", "form of address"),
    ("fr", "Que s’est-il passé avec le bâton\u00a0?", "concept riichi_stick"),
    ("fr", "Que s’est-il passé à la pièce\u00a0?", "concept tile"),
    ("fr", "Cela coûte 10 points à chaque adversaire\u00a0?", "concept payer"),
    ("it", "Costa 10 punti a ogni avversario?", "concept payer"),
    ("fr", "Une des fautes mineures\u00a0?", "concept trivial_foul"),
    ("fr", "Que s’est-il passé au défausseur\u00a0?", "concept discarder"),
    ("fr", "Qui a donné le ron\u00a0?", "concept discarder"),
    ("fr", "Qui a jeté la tuile\u00a0?", "concept discard"),
    ("fr", "Que s’est-il passé dans l’app\u00a0?", "concept app"),
    ("fr", "Prêt à fonctionner hors ligne.", "concept app"),
    ("fr", "Des objets interdits\u00a0?", "concept foreign_objects"),
    ("it", "Oggetti vietati?", "concept foreign_objects"),
    ("fr", "Une faute repérée avant la fin\u00a0?", "concept noticed"),
    ("fr", "Que s’est-il passé aux deux chombos\u00a0?", "concept japanese_plural"),
    ("fr", "Rien\u00a0: aucun point ne change.", "concept no_points_change"),
    ("fr", "Un strike\u00a0?", "concept strike"),
    ("it", "Che cosa è successo allo strike?", "concept strike"),
    ("it", "Delle pedine sono cadute?", "concept partitive_start"),
    ("it", "Un nome registrato nel registro?", "concept register"),
    ("it", "Una pedina che si scambia con la combinazione?", "concept kuikae_option"),
    ("it", "Il turno di mazziere è passato?", "concept dealership"),
    ("it", "Correggete l’errore", "form of address"),
    ("it", "Che cosa è successo al vostro tavolo?", "form of address"),
    ("it", "Avvisate l’arbitro: che cosa è successo?", "form of address"),
    ("it", "Il giocatore è stato bandito?", "concept ban"),
    ("it", "Arbitro Mahjong", "concept app_name"),
    # Issue 34's native review: an ambiguous payer phrase, each wording it fixed, and the decision on « tessera »
    ("it", "Il giocatore che ha dato il ron paga?", "concept discarder"),
    ("fr", "Touchez la place qui a donné la tuile\u00a0?", "concept discarder"),
    ("fr", "Un faux hu avec 20 points à chaque adversaire\u00a0?", "concept payer"),
    ("it", "Un falso hu con 20 punti a ogni avversario?", "concept payer"),
    ("it", "Il turno di un mazziere è finito?", "concept dealership"),
    ("it", "Applica al tavolo e registra nel registro?", "concept register"),
    ("it", "Solo registrare", "concept register"),
    ("it", "Punti della mano: li aggiungiamo noi?", "concept app"),
    ("it", "Solo l’arbitro principale può modificarlo?", "concept head_referee"),
    ("it", "Invita un lettore?", "concept viewer"),
    ("it", "Nessuna variazione?", "concept no_points_change"),
    ("it", "Che cosa è successo dopo un tsumo?", "concept japanese_article"),
    ("fr", "Le joueur le plus près dans l’ordre de tour\u00a0?", "concept turn_order"),
    ("fr", "L’ordre des tours est-il perturbé\u00a0?", "concept turn_order"),
    ("it", "L’ordine dei turni è alterato?", "concept turn_order"),
    ("it", "Le tessere restano sul tavolo?", "concept tile"),
]


@pytest.mark.parametrize("lang,bad,named", PLANTED)
def test_check_fails_on_a_planted_variant(tmp_path, lang, bad, named):
    """Plant a variant into a copy of the catalogs: the check names that catalog, the msgid and the concept."""
    root = plant(tmp_path / "translations", lang, "wrc-2015", "What happened?", bad)
    problems = termbase_problems(root)
    assert problems, "the planted variant was not found"
    assert all(p.startswith(f"{lang}/wrc-2015.po, msgid 'What happened?': ") for p in problems), problems
    assert any(named in p for p in problems), problems


def test_turno_is_a_players_turn_never_a_round(tmp_path):
    """Italian « turno » is avoided only where the English says round: the same word stays right for a turn."""
    root = plant(tmp_path / "translations", "it", "messages", "Start the round now", "Avvia il turno ora")
    problems = termbase_problems(root)
    assert any("concept round" in p for p in problems), problems
    assert [
        v.shown for v in variants(load_termbase())["it"] if v.find("Playing out of turn", "Gioco fuori turno")
    ] == []


def test_italian_instruction_keeps_one_voice(tmp_path):
    """An imperative and an impersonal « si » instruction in one Italian string are flagged; either alone is fine."""
    assert mixed_voice("Decidi la penalità. Si continua a giocare.")
    assert mixed_voice("Ricorda al giocatore le regole; poi si continua a giocare.")
    assert not mixed_voice("Decidi la penalità. Avverti il giocatore che, se si ripete, può essere squalificato.")
    assert not mixed_voice("Si rimescolano le pedine e si ridistribuisce.")
    root = plant(tmp_path / "translations", "it", "wrc-2015", "What happened?", "Scegli. Si continua a giocare.")
    assert any("one voice" in p for p in termbase_problems(root))


@pytest.mark.parametrize(
    "lang,domain,msgid,bad,named",
    [
        # Variants avoided only where the English names one thing (when_msgid): planted into such a msgid.
        ("it", "messages", "Incident", "Caso", "concept incident"),
        ("fr", "messages", "offences", "infractions", "concept offence_count"),
        ("fr", "azrm-2026", "Suspensions", "suspensions", "concept suspension_label"),
        ("it", "azrm-2026", "Suspensions", "sospensioni", "concept suspension_label"),
        (
            "it",
            "tsumo-quebec",
            "The app's reading: handing over the deal is what ends a turn as dealer.",
            "Lettura dell’app: il suo turno finisce quando cede il mazzo.",
            "concept dealership",
        ),
    ],
)
def test_check_fails_where_the_english_names_the_concept(tmp_path, lang, domain, msgid, bad, named):
    root = plant(tmp_path / "translations", lang, domain, msgid, bad)
    problems = termbase_problems(root)
    assert any(named in p for p in problems), problems


def test_check_fails_on_a_translated_app_name(tmp_path):
    root = plant(tmp_path / "translations", "fr", "messages", "Mahjong Referee", "Arbitre de mahjong")
    problems = termbase_problems(root)
    assert any("'Mahjong Referee' stays untranslated" in p for p in problems), problems
    assert all(p.startswith("fr/messages.po, msgid 'Mahjong Referee': ") for p in problems), problems


@pytest.mark.parametrize(
    "lang,text",
    [
        ("fr", "Le bâtonnet de riichi reste sur la table."),  # bâton is avoided, bâtonnet is the term
        ("fr", "Appelez l’arbitre."),  # one calls the referee
        ("fr", "Le fautif est exclu du tournoi."),  # removed from the tournament, not banned
        ("fr", "Une tuile prise par un autre joueur."),  # a participle, not « la prise »
        ("it", "Il giocatore ha scartato fuori sequenza."),
        ("it", "Le chiamate simultanee sono nulle."),  # a noun, not « chiamate » (voi)
        ("it", "Le pedine restituite ai proprietari."),  # a participle
        ("it", "Si continua a giocare."),
        ("it", "Avvisa l’arbitro e decidi la penalità."),
        ("it", "Le pedine restano sul tavolo."),  # one term: « tessera » is avoided
        ("it", "Il giocatore ha scartato la pedina vincente."),  # the payer named by the act
        ("fr", "Le fautif paie 20 points à chaque adversaire."),
        ("it", "Il ruolo di mazziere passa; è il suo turno di pescare."),  # « turno » stays a player's turn
        ("fr", "Le joueur le plus proche dans l’ordre de jeu."),
        ("it", "Si paga solo per uno tsumo."),
        ("fr", "Suspension de deux semaines"),  # lower case inside a phrase is fine
        ("it", "Il giocatore ha giocato fuori turno."),
        ("fr", "Le score ne change pas."),
        ("fr", "Pour les fautes sans gravité."),
    ],
)
def test_right_text_passes(lang, text):
    found = [v.shown for v in variants(load_termbase())[lang] if v.find("", text)]
    assert found == []
