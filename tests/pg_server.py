"""A throwaway PostgreSQL server for the tests and the benchmark: Debian's binaries, a data folder in a temporary
directory, a free loopback port. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user."""

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ports import free_port


def bin_dir():
    """The newest installed server's binaries (Debian keeps them out of the PATH), else the PATH's."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).resolve().parent
    raise RuntimeError("PostgreSQL is not installed: run `bash .ci/setup` (apt-get install postgresql)")


class PostgresServer:
    """initdb + pg_ctl start on construction's `start()`, pg_ctl stop and folder removed on `stop()`."""

    def __init__(self, fast=True):
        self.bin = bin_dir()
        self.root = Path(tempfile.mkdtemp(prefix="mjref-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.fast = fast  # no fsync: the tests stop the app, never the machine
        self.as_postgres = os.geteuid() == 0

    def _run(self, *args):
        command = [str(self.bin / args[0]), *args[1:]]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)

    def start(self):
        if self.as_postgres:
            shutil.chown(self.root, "postgres", "postgres")
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",
        )
        for attempt in range(3):
            # Parallel test workers each start a server: a port free when probed may be taken before pg_ctl binds it.
            options = f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.root}"
            if self.fast:
                options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            log = str(self.root / "server.log")
            try:
                self._run("pg_ctl", "-D", str(self.data), "-l", log, "-o", options, "-w", "start")
                return self
            except subprocess.CalledProcessError:
                if attempt == 2:
                    raise
                self.port = free_port()

    def url(self, database="postgres"):
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def pid(self):
        """The server's main process (the postmaster), whose children serve the connections."""
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def create_database(self, name):
        """A new empty database on this server; returns its URL."""
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self):
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
