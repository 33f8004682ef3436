"""A throwaway Redis server (Debian's redis-server) on a free loopback port, for the rate-limit counts that several
app processes share (RATELIMIT_STORAGE_URI); nothing is written to disk."""

import shutil
import socket
import subprocess
import tempfile
import time

from ports import free_port


class RedisServer:
    """`redis-server` started by `start()` (or `with`), stopped and its folder removed by `stop()`."""

    def __init__(self):
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        if not shutil.which(binary):
            raise RuntimeError("redis-server is missing: run `bash .ci/setup` (apt-get install redis-server)")
        self.binary, self.port, self.process = binary, free_port(), None
        self.folder = tempfile.mkdtemp(prefix="mjref-redis-")

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, seconds=20):
        command = [self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(
            [*command, "--dir", self.folder], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server stopped at start (exit {self.process.returncode})")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"redis-server did not answer within {seconds} s")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
