"""Shell commands: `flask --app app rulesets check [--strict]` validates the ruleset files and their translations,
`flask --app app export DIR` writes the static site."""

from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from .i18n.translation_gaps import ui_gaps
from .rules.store import check_rulesets

rulesets_cli = AppGroup("rulesets", help="Work with the ruleset files.")


@rulesets_cli.command("check")
@click.option(
    "--strict",
    is_flag=True,
    help="Also fail on any string without a French or Italian translation (missing, or fuzzy: to review), "
    "as the tests and the export do.",
)
def check(strict):
    """Validate every ruleset file and report each problem with its file and path."""
    ruleset_dir, translations_dir = (
        Path(current_app.config["RULESET_DIR"]),
        Path(current_app.config["TRANSLATIONS_DIR"]),
    )
    checked = check_rulesets(ruleset_dir, translations_dir)
    for line in checked.problems:
        click.echo(line, err=True)
    if checked.problems:
        raise SystemExit(1)
    gaps = checked.gaps + ui_gaps(translations_dir)
    if strict:
        for gap in gaps:
            click.echo(gap.line(), err=True)
        if gaps:
            raise SystemExit(1)
    click.echo(f"{len(checked.parsed)} rulesets valid: {', '.join(sorted(checked.parsed))}")
    if gaps:
        click.echo(
            f"{len(gaps)} strings have no translation the app may show; they are shown in English "
            "(--strict lists them and fails)"
        )


def init_app(app):
    from .web.export import export_command

    app.cli.add_command(rulesets_cli)
    app.cli.add_command(export_command)
