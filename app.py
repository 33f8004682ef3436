"""Entry point for `flask --app app run` (and the `rulesets check` and `export` commands): the developer's app.

An invalid ruleset stops start-up with its problems listed. A string without a translation does not: it is shown in
English and listed in a warning, so editing a ruleset's English does not stop an author's work
(FLASK_MISSING_TRANSLATIONS=refuse makes it strict here too). A production server calls `webapp:create_app`, which
refuses to start on a missing translation.
"""

import os
import sys

from webapp import create_app
from webapp.i18n.translation_gaps import MissingTranslations
from webapp.rules.store import RulesetError

try:
    app = create_app({"MISSING_TRANSLATIONS": os.environ.get("FLASK_MISSING_TRANSLATIONS", "warn")})
except (RulesetError, MissingTranslations) as error:
    sys.exit(str(error))
