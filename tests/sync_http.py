"""The production server (waitress) in its own process, and a small JSON client for the events API, shared by the
crash test and the sync benchmark."""

import gzip
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import brotli
from ports import free_port

ROOT = Path(__file__).resolve().parent.parent
SERVER_OPTIONS = ["--threads=2", "--connection-limit=400", "--backlog=1024"]  # extra_args may override these


class WaitressServer:
    """`python -m webapp.web.serve --call webapp:create_app` (waitress) on a loopback port, configured by FLASK_*
    environment variables."""

    def __init__(self, config, port=None, extra_args=()):
        self.port = port or free_port()
        self.extra_args = list(extra_args)
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, **{f"FLASK_{key}": value for key, value in config.items()}}
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the server object, read by output()
        self.process = None

    def start(self, timeout=60):
        command = [sys.executable, "-m", "webapp.web.serve", "--host=127.0.0.1", f"--port={self.port}"]
        command += [*SERVER_OPTIONS, *self.extra_args, "--call", "webapp:create_app"]
        self.process = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("waitress stopped: " + self.output())
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.kill()
        raise RuntimeError("waitress did not start in time: " + self.output())

    def output(self):
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def kill(self):
        """Stop at once, as a crash or a power cut of the app server would (SIGKILL: no clean-up runs)."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


class ApiClient:
    """One device's keep-alive connection to the API; `call` returns (status, JSON body). It accepts compressed
    answers, as a phone's browser does (the server compresses what it sends then)."""

    def __init__(self, url, token=None, tls=None):
        """`tls`: an SSL context for an https:// url (the front server), else plain HTTP."""
        self.host, self.port = url.split("://", 1)[1].split(":")
        self.token, self.tls = token, tls
        self.connection = None
        self.headers = {}  # the last answer's headers (an ETag, say), read without regard to case

    def call(self, method, path, body=None, timeout=300, headers=None):
        """One request (with `headers` added); a keep-alive connection the server closed meanwhile is reopened once
        and the request sent again, as browsers do (harmless here: every write of this API is idempotent)."""
        reused = self.connection is not None
        try:
            return self._call(method, path, body, timeout, headers)
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            if not reused:
                raise
            return self._call(method, path, body, timeout, headers)

    def _call(self, method, path, body, timeout, extra_headers=None):
        if self.connection is None:
            if self.tls:
                self.connection = http.client.HTTPSConnection(
                    self.host, int(self.port), timeout=timeout, context=self.tls
                )
            else:
                self.connection = http.client.HTTPConnection(self.host, int(self.port), timeout=timeout)
        headers = {"Accept": "application/json", "Accept-Encoding": "br, gzip"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        headers.update(extra_headers or {})
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException):
            self.close()
            raise
        self.headers = response.headers  # read without regard to case: waitress sends "Etag"
        coding = response.getheader("Content-Encoding")
        if coding == "br":
            payload = brotli.decompress(payload)
        elif coding == "gzip":
            payload = gzip.decompress(payload)
        return response.status, json.loads(payload) if payload else None

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def sign_in(self, credential):
        status, body = self.call(
            "POST", "/api/auth/token", {"credential_id": credential["id"], "secret": credential["secret"]}
        )
        if status != 200:
            raise RuntimeError(f"sign-in failed: {status} {body}")
        self.token = body["access_token"]
        return self


def send_and_forget(url, path, body, token):
    """Send a whole request on a raw socket and return it without reading the answer (the server is killed next)."""
    host, port = url.removeprefix("http://").split(":")
    data = json.dumps(body).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
        f"Authorization: Bearer {token}\r\nContent-Length: {len(data)}\r\nConnection: close\r\n\r\n"
    ).encode()
    sock = socket.create_connection((host, int(port)))
    sock.sendall(head + data)
    return sock
