"""Alembic environment: runs with the connection the app hands over (see webapp/events/migrate.py)."""

from alembic import context
from sqlalchemy import create_engine

from webapp.events.models import Base

config = context.config
target_metadata = Base.metadata


def run(connection):
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite cannot alter tables in place: batch mode copies them
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:  # the alembic command line with sqlalchemy.url set
    with create_engine(config.get_main_option("sqlalchemy.url")).connect() as own:
        run(own)
        own.commit()
