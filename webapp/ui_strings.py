"""Every string the client scripts show, translated by flask-babel and handed to them in the page."""
from flask_babel import gettext as _

from .tags import TAGS


def client_strings():
    """Return the translated strings the scripts need, keyed by a stable id."""
    return {
        "what_happened": _("What happened?"),
        "choose_ruleset": _("Choose the ruleset of your event"),
        "change_ruleset": _("Change ruleset"),
        "current_ruleset": _("Ruleset"),
        "start": _("Start: what happened?"),
        "back": _("Back"),
        "start_over": _("Start over"),
        "step": _("Step %(n)s"),
        "your_answers": _("Your answers"),
        "penalty": _("Penalty"),
        "scores": _("What happens to the scores"),
        "next_steps": _("What to do next at the table"),
        "section": _("Source"),
        "exceptions": _("Exceptions"),
        "judgement": _("Left to the referee's judgement"),
        "ambiguity": _("How this app reads the source"),
        "number_submit": _("Continue"),
        "number_error_empty": _("Enter a number."),
        "number_error_range": _("Enter a whole number from %(min)s to %(max)s."),
        "not_found": _("This page does not exist in this ruleset."),
        "load_error": _("The ruleset could not be loaded. Check your connection and try again."),
        "offline_pending": _("Preparing offline use…"),
        "offline_ready": _("Ready to work offline."),
        "offline_unsupported": _("This browser cannot keep the app for offline use."),
        "update_available": _("An update is available."),
        "update_now": _("Update now"),
        "install": _("Install the app"),
        "ruling_reached": _("Ruling"),
        "tag": _("Kind of incident"),
        "other_rulesets": _("The same incident under other rulesets"),
        "edition": _("Edition"),
        "tags": {key: str(label) for key, label in TAGS.items()},
    }
