"""`flask --app app db upgrade|current|check`: the database migrations from the shell (deployment steps)."""

import click
from flask import current_app
from flask.cli import AppGroup

from . import migrate

db_cli = AppGroup("db", help="Work with the events database.")


def _database():
    return current_app.extensions["events.db"]


@db_cli.command("upgrade")
@click.argument("revision", default="head")
def upgrade(revision):
    """Migrate the database to REVISION (default: the newest)."""
    migrate.upgrade(_database(), revision)
    click.echo(f"database at {migrate.current(_database())}")


@db_cli.command("current")
def current():
    """Print the revision the database is at."""
    click.echo(migrate.current(_database()) or "empty (never migrated)")


@db_cli.command("check")
def check():
    """Fail when the models have changes no migration covers."""
    migrate.check(_database())
    click.echo("the migrations match the models")
