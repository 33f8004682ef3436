"""The glossary: the words referees and players use at the table, explained in the project's own words."""

from flask_babel import lazy_gettext as _  # named _ so that the extractor finds these strings

# (id, search words, term, definition). The search words find the term's rulings whatever the language.
GLOSSARY = [
    (
        "chombo",
        "chombo",
        _("Chombo (chonbo)"),
        _(
            "A serious foul, such as a false win. It usually ends the hand and costs the offender a fixed payment or "
            "penalty points."
        ),
    ),
    (
        "dead-hand",
        "dead hand",
        _("Dead hand"),
        _(
            "The offender keeps playing but can no longer win the hand; in many rulesets they may not call tiles "
            "either."
        ),
    ),
    (
        "false-win",
        "false win",
        _("False win"),
        _("Declaring a win with a hand that is not complete or does not meet the minimum value."),
    ),
    (
        "furiten",
        "furiten",
        _("Furiten"),
        _(
            "In riichi, a player may not win on a discard when one of their own discards would also complete their "
            "hand. A self-drawn win is still allowed."
        ),
    ),
    ("tenpai", "tenpai", _("Tenpai"), _("A hand that needs only one more tile to win.")),
    (
        "noten",
        "noten",
        _("Noten"),
        _("A hand that is not tenpai. At an exhaustive draw, noten players usually pay the tenpai players."),
    ),
    (
        "riichi",
        "riichi",
        _("Riichi"),
        _("Declaring a concealed hand ready to win, with a 1,000-point stick put on the table."),
    ),
    (
        "noten-riichi",
        "noten riichi",
        _("Noten riichi"),
        _(
            "A riichi declared with a hand that is not tenpai. Found out at the end of the hand, it is usually a "
            "chombo."
        ),
    ),
    (
        "kuikae",
        "kuikae",
        _("Kuikae (swap-calling)"),
        _(
            "Calling a tile and then discarding a tile that would have completed the same group. Many riichi rulesets "
            "forbid it."
        ),
    ),
    (
        "taahai",
        "taahai",
        _("Taahai and shouhai"),
        _("A hand with too many (taahai) or too few (shouhai) tiles, also called a long or a short hand."),
    ),
    ("hu", "hu", _("Hu"), _("The Chinese word for a win, called out in MCR to claim it.")),
    (
        "ron-tsumo",
        "ron tsumo",
        _("Ron and tsumo"),
        _("A win on another player's discard (ron) or on a tile the winner drew (tsumo)."),
    ),
    (
        "pao",
        "pao",
        _("Pao (liability)"),
        _(
            "When a player's discard lets another player complete a large hand, the discarder pays all or part of the "
            "win."
        ),
    ),
    ("kan", "kan", _("Kan (kong)"), _("A group of four identical tiles.")),
    ("pon", "pon", _("Pon (pung)"), _("A group of three identical tiles.")),
    (
        "chii",
        "chii",
        _("Chii (chow)"),
        _(
            "A run of three consecutive tiles of one suit. A discard can be called for it only from the player on the "
            "left."
        ),
    ),
    (
        "dealer",
        "dealer",
        _("Dealer (oya)"),
        _("The East player of the hand. The dealer wins and pays more, and often keeps the deal after a win."),
    ),
    (
        "honba",
        "honba",
        _("Honba"),
        _(
            "A counter added when the dealer keeps the deal or a hand ends in a draw; each one adds a small bonus to "
            "the next win."
        ),
    ),
    (
        "hanchan",
        "hanchan",
        _("Hanchan"),
        _("A game of the East and South rounds, the usual length of a riichi tournament session."),
    ),
    ("uma", "uma", _("Uma"), _("Points added to or taken from the final scores according to placement.")),
    (
        "dead-wall",
        "dead wall",
        _("Dead wall"),
        _("The tiles at the end of the wall that are not drawn in normal play; they hold the replacement tiles."),
    ),
    (
        "flowers",
        "flowers",
        _("Flowers"),
        _(
            "Bonus tiles in MCR and other Chinese-style games. They are set aside, replaced by a drawn tile, and add "
            "points to a win."
        ),
    ),
    (
        "penalty-tiles",
        "penalty tiles",
        _("Penalty tiles"),
        _("In the World Series of Mahjong rules, tiles a player must keep face up after certain fouls."),
    ),
    (
        "misdeal",
        "misdeal",
        _("Misdeal"),
        _("An error in building or dealing the walls, after which the hand is dealt again."),
    ),
    (
        "progressive",
        "progressive",
        _("Progressive penalty"),
        _(
            "A penalty that grows each time the same player repeats a fault: first a warning, then more and more "
            "points."
        ),
    ),
]


def glossary_entries():
    """The glossary as the page's scripts read it."""
    return [{"id": key, "q": query, "term": str(term), "definition": str(text)} for key, query, term, text in GLOSSARY]
