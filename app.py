"""Entry point for `flask --app app run`: an invalid ruleset stops start-up with its problems listed."""
import sys

from webapp import create_app
from webapp.ruleset_store import RulesetError

try:
    app = create_app()
except RulesetError as error:
    sys.exit(str(error))
