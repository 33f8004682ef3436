"""Strings of the search, browse, glossary and share screens, translated by flask-babel for the page's scripts."""

from flask_babel import gettext as _

from .glossary import glossary_entries


def find_strings():
    """Return the translated strings of finding and sharing rulings, keyed by a stable id."""
    return {
        "search_title": _("Search the rulings"),
        "search_label": _("Words to look for"),
        "search_help": _("For example: kuikae, false win, late. Accents and small typos do not matter."),
        "search_all": _("Search every ruleset"),
        "search_count": _("Rulings found: %(count)s"),
        "search_none": _("No ruling matches these words."),
        "search_none_here": _("No ruling of %(ruleset)s matches these words."),
        "search_not_covered": _("Not covered by %(ruleset)s: %(tag)s"),
        "search_not_covered_status": _("Not covered by this ruleset: %(tags)s."),
        "search_covered_elsewhere": _("The other rulesets' rulings on it:"),
        "search_elsewhere": _("Found in other rulesets"),
        "search_link": _("Search"),
        "browse_title": _("All the rulings, as in the source"),
        "browse_link": _("Browse the ruleset"),
        "browse_other": _("Other rulings"),
        "glossary_title": _("Glossary"),
        "glossary_link": _("Glossary"),
        "glossary_search": _("Find the rulings about %(term)s"),
        "find_nav": _("Find a ruling"),
        "share": _("Share this ruling"),
        "share_copied": _("Link copied. Paste it to share it."),
        "share_failed": _("This browser cannot copy the link. Here it is:"),
        "share_penalty": _("Penalty: %(penalty)s"),
        "glossary": glossary_entries(),
    }
