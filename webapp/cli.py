"""Shell commands: `flask --app app rulesets check` validates the ruleset files, `flask --app app export DIR` writes the static site."""
from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from .ruleset_store import check_rulesets

rulesets_cli = AppGroup("rulesets", help="Work with the ruleset files.")


def _dirs():
    return Path(current_app.config["RULESET_DIR"]), Path(current_app.config["TRANSLATIONS_DIR"])


@rulesets_cli.command("check")
def check():
    """Validate every ruleset file and report each problem with its file and path."""
    parsed, _, problems = check_rulesets(*_dirs())
    for line in problems:
        click.echo(line, err=True)
    if problems:
        raise SystemExit(1)
    click.echo(f"{len(parsed)} rulesets valid: {', '.join(sorted(parsed))}")


def init_app(app):
    from .export import export_command

    app.cli.add_command(rulesets_cli)
    app.cli.add_command(export_command)
