"""`flask --app app db upgrade|current|check`: the database migrations from the shell (deployment steps)."""

import click
from flask.cli import AppGroup

from . import migrate
from .db import database

db_cli = AppGroup("db", help="Work with the events database.")


@db_cli.command("upgrade")
@click.argument("revision", default="head")
def upgrade(revision):
    """Migrate the database to REVISION (default: the newest)."""
    migrate.upgrade(database(), revision)
    click.echo(f"database at {migrate.current(database())}")


@db_cli.command("current")
def current():
    """Print the revision the database is at."""
    click.echo(migrate.current(database()) or "empty (never migrated)")


@db_cli.command("check")
def check():
    """Fail when the models have changes no migration covers."""
    migrate.check(database())
    click.echo("the migrations match the models")
