"""The database: which one (SQLite in the instance folder, or PostgreSQL from DATABASE_URL), its engine and sessions."""

import functools
import json
import os
import sqlite3
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from flask import current_app
from sqlalchemy import create_engine, event, exc
from sqlalchemy.engine import make_url
from sqlalchemy.orm import sessionmaker

# A write waits this long for another process's (or connection's) write; past it the request answers 503 busy
# (errors.py) rather than holding one of the server's few threads while the database stays locked.
SQLITE_BUSY_TIMEOUT_MS = 1_000
POSTGRES_LOCK_TIMEOUT_MS = 1_000  # the same on PostgreSQL: waiting for a row lock (a space's, during an upload)
POOL_TIMEOUT_S = 4  # waiting for a free connection of the pool
EXTENSION = "events.db"  # where the app keeps its Database (app.extensions)


def database():
    """The current app's events database (opened by the app factory, see events.init_app)."""
    return current_app.extensions[EXTENSION]


# JSON columns (record bodies above all) are stored as UTF-8 text without spaces: json.dumps's default escapes every
# letter outside ASCII (6 bytes for "é", 12 for an emoji) and spaces every separator (issue 36).
compact_json = functools.partial(json.dumps, ensure_ascii=False, separators=(",", ":"))
WRITES_AT_ONCE = 1  # per process: with waitress's 2 threads, one is always free for pages and reads
WRITE_PATIENCE_S = 0.25  # a write waits for this process's write under way only while that one is this young


class WritersBusy(Exception):
    """This process's write slots are taken by writes that wait for the database: answer 503 busy at once."""


class WriteGate:
    """Writes admitted at once in one process. Waitress serves from a few threads, and a write waiting for the
    database's lock holds its thread: without the gate, ten uploads waiting for a lock another process holds took
    every thread, and pages and feed reads queued behind them (issue 36). A write finds a slot, or waits for one
    while the write under way is young (writes take milliseconds); once that one has run `patience` seconds it is
    waiting for the database, and later writes are refused at once (503 busy), so no thread waits behind it."""

    def __init__(self, slots=WRITES_AT_ONCE, patience=WRITE_PATIENCE_S):
        self._slots = threading.BoundedSemaphore(slots)
        self._started = []  # when each write under way began (time.monotonic), oldest first
        self._guard = threading.Lock()
        self.patience = patience

    def _take(self):
        began = time.monotonic()
        with self._guard:
            self._started.append(began)
        return began

    def _wait_left(self):
        """Seconds a new write may wait for a slot: until the youngest write under way has run `patience`."""
        with self._guard:
            youngest = max(self._started, default=None)
        return 0 if youngest is None else youngest + self.patience - time.monotonic()

    @contextmanager
    def admitted(self):
        if not self._slots.acquire(blocking=False):
            left = self._wait_left()
            if left <= 0 or not self._slots.acquire(timeout=left):
                raise WritersBusy
        began = self._take()
        try:
            yield
        finally:
            with self._guard:
                self._started.remove(began)
            self._slots.release()


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
        if connection.get_execution_options().get("sqlite_immediate"):
            _begin_immediate(connection.connection.driver_connection)
        else:
            connection.exec_driver_sql("BEGIN")


WRITE_LOCK_POLL_S = 0.001


def _begin_immediate(driver):
    """Take SQLite's write lock, trying again every millisecond for up to the busy timeout. SQLite's own busy handler
    sleeps 1, 2, 5, ... 100 ms between tries, so a writer of one process wakes whole steps after the lock is free and
    the other process's next writer takes it first: with two processes, a third of 200 referees' uploads waited past
    the write gate's patience and were answered 503 busy (issue 36)."""
    deadline = time.monotonic() + SQLITE_BUSY_TIMEOUT_MS / 1000
    driver.execute("PRAGMA busy_timeout = 0")
    try:
        while True:
            try:
                driver.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                if error.sqlite_errorcode != sqlite3.SQLITE_BUSY or time.monotonic() >= deadline:
                    raise exc.OperationalError("BEGIN IMMEDIATE", (), error) from error
            time.sleep(WRITE_LOCK_POLL_S)
    finally:
        driver.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")


def make_engine(url):
    """An engine for the URL; SQLite gets its pragmas, PostgreSQL a pool and a lock timeout.

    The pool does not ping a connection before each use (`pool_pre_ping`: one more round trip on every request, a
    seventh of a request's time when 200 referees sync): a connection the database dropped (restarted) fails its
    request, which answers 503 busy (errors.py), and SQLAlchemy then replaces every connection of the pool."""
    if make_url(url).get_backend_name() == "sqlite":
        engine = create_engine(
            url,
            json_serializer=compact_json,
            connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000, "check_same_thread": False},
        )
        _sqlite_setup(engine)
        return engine
    return create_engine(
        url,
        pool_size=10,
        max_overflow=10,
        pool_timeout=POOL_TIMEOUT_S,
        json_serializer=compact_json,
        connect_args={"options": f"-c lock_timeout={POSTGRES_LOCK_TIMEOUT_MS}"},
    )


class Database:
    """One app's engine, with a session for reading and one for writing (which on SQLite takes the write lock first)."""

    def __init__(self, url, gate=None):
        self.url = url
        self.gate = gate or WriteGate()
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
        """A session whose work is committed together at the end, or not at all; admitted by the gate first."""
        with self.gate.admitted(), self._write() as session, session.begin():
            yield session

    def dispose(self):
        self.engine.dispose()
