"""The database: which one (SQLite in the instance folder, or PostgreSQL from DATABASE_URL), its engine and sessions."""

import os
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import sessionmaker

# Concurrent writers wait for each other this long; past it the request answers 503 busy (errors.py) rather than
# holding one of the server's few threads while the database stays locked.
SQLITE_BUSY_TIMEOUT_MS = 4_000
POSTGRES_LOCK_TIMEOUT_MS = 4_000  # the same on PostgreSQL: waiting for a row lock (a space's, during an upload)
POOL_TIMEOUT_S = 4  # waiting for a free connection of the pool


def database_url(app):
    """The configured URL with the driver this app uses; SQLite in the instance folder when none is configured."""
    url = app.config.get("DATABASE_URL") or os.environ.get("DATABASE_URL")
    if not url:
        Path(app.instance_path).mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{Path(app.instance_path) / 'mahjong-referee.sqlite3'}"
    # Hosting platforms hand out postgres:// or postgresql:// URLs; psycopg 3 is the driver installed.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _sqlite_setup(engine):
    """WAL (readers never block the writer), a busy timeout, foreign keys, and write transactions that take the
    write lock when they begin (BEGIN IMMEDIATE), so two writers queue up instead of failing halfway."""

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves, below
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")  # WAL + NORMAL: a commit survives a crash of the app
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection):
        immediate = connection.get_execution_options().get("sqlite_immediate")
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def make_engine(url):
    """An engine for the URL; SQLite gets its pragmas, PostgreSQL a pool and a lock timeout.

    The pool does not ping a connection before each use (`pool_pre_ping`: one more round trip on every request, a
    seventh of a request's time when 200 referees sync): a connection the database dropped (restarted) fails its
    request, which answers 503 busy (errors.py), and SQLAlchemy then replaces every connection of the pool."""
    if make_url(url).get_backend_name() == "sqlite":
        engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000, "check_same_thread": False})
        _sqlite_setup(engine)
        return engine
    return create_engine(
        url,
        pool_size=10,
        max_overflow=10,
        pool_timeout=POOL_TIMEOUT_S,
        connect_args={"options": f"-c lock_timeout={POSTGRES_LOCK_TIMEOUT_MS}"},
    )


class Database:
    """One app's engine, with a session for reading and one for writing (which on SQLite takes the write lock first)."""

    def __init__(self, url):
        self.url = url
        self.engine = make_engine(url)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        # PostgreSQL's reads run in autocommit: a read request sends no BEGIN and no ROLLBACK (two round trips of
        # five for a page of the changes feed); each statement still reads one consistent snapshot.
        reads = self.engine if self.is_sqlite else self.engine.execution_options(isolation_level="AUTOCOMMIT")
        self._read = sessionmaker(reads, expire_on_commit=False)
        self._write = sessionmaker(
            self.engine.execution_options(sqlite_immediate=True), expire_on_commit=False, info={"writing": True}
        )

    @contextmanager
    def reading(self):
        """A session for a request that only reads."""
        with self._read() as session:
            yield session

    @contextmanager
    def writing(self):
        """A session whose work is committed together at the end, or not at all."""
        with self._write() as session, session.begin():
            yield session

    def dispose(self):
        self.engine.dispose()
