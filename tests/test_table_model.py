"""The table screen's model in Node: a load overtaken by another tab's change never keeps the older read."""

import json
import subprocess

from helpers import NODE, ROOT


def test_an_older_read_finishing_last_is_not_kept_as_the_current_one():
    """Two renders' loads overlap around another tab's change and the older read of the log ends last: every load,
    and the one after, shows the newer log (the older one showed a strike missing until the next change)."""
    output = subprocess.run(
        [
            *NODE,
            str(ROOT / "tests" / "table_model_runner.mjs"),
            str(ROOT / "webapp" / "static" / "js" / "screens" / "table-model.js"),
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    shown = json.loads(output)
    assert shown == {"reads": 2, "second": 2, "first": 2, "next": 2}
