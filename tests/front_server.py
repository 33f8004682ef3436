"""The production stack on loopback, for the front-server test and benchmark: waitress as the README runs it, nginx in
front of it from the committed templates (rendered into a temporary directory, its own pid and temporary paths,
`daemon off`), a throwaway certificate authority, and slow clients that send headers one byte at a time."""

import contextlib
import importlib.util
import os
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

from ports import free_port

ROOT = Path(__file__).resolve().parent.parent
WAITRESS_ARGS = ["--threads=2", "--connection-limit=400", "--backlog=1024"]
# Behind the proxy, waitress believes the forwarded headers from the proxy's address only.
PROXIED_ARGS = [
    "--trusted-proxy=127.0.0.1",
    "--trusted-proxy-headers=x-forwarded-for x-forwarded-proto x-forwarded-host x-forwarded-port",
]


def nginx_binary():
    """nginx from the OS packages (.ci/setup installs it); /usr/sbin is not on every PATH."""
    found = os.environ.get("NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(found).is_file():
        raise RuntimeError("nginx is missing: run .ci/setup (it installs the nginx-light package)")
    return found


def load_renderer():
    """deploy/nginx/render.py, as a module (it is a script, outside the package)."""
    spec = importlib.util.spec_from_file_location("nginx_render", ROOT / "deploy" / "nginx" / "render.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wait_for_port(port, process, log, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args[0]} stopped: {Path(log).read_text(errors='replace')[-3000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {port} after {seconds} s")


def stop(process):
    """Stop a process this module started (its own pid only)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


class Waitress:
    """`python -m webapp.web.serve --call webapp:create_app` (waitress) on a free loopback port, as the README runs
    it."""

    def __init__(self, workdir, proxied=False):
        self.port = free_port()
        self.log = Path(workdir) / f"waitress-{self.port}.log"
        command = [
            sys.executable,
            "-m",
            "webapp.web.serve",
            "--host=127.0.0.1",
            f"--port={self.port}",
            *WAITRESS_ARGS,
            *(PROXIED_ARGS if proxied else []),
            "--call",
            "webapp:create_app",
        ]
        with self.log.open("wb") as log:  # a file, not a pipe nobody reads (it would fill up and stall the server)
            self.process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        wait_for_port(self.port, self.process, self.log)

    def stop(self):
        stop(self.process)


class Nginx:
    """nginx in front of an upstream, from the committed templates, with a certificate of a throwaway CA."""

    def __init__(self, workdir, upstream_port):
        """`upstream_port`: the waitress process's port, or a list of them (one per process)."""
        ports = upstream_port if isinstance(upstream_port, list) else [upstream_port]
        import trustme

        workdir = Path(workdir)
        self.ca = trustme.CA()
        cert = self.ca.issue_cert("localhost", "127.0.0.1")
        cert.private_key_pem.write_to_path(str(workdir / "key.pem"))
        cert.cert_chain_pems[0].write_to_path(str(workdir / "cert.pem"))
        with (workdir / "cert.pem").open("ab") as chain:
            for pem in cert.cert_chain_pems[1:]:
                chain.write(pem.bytes())
        self.https_port, self.http_port = free_port(), free_port()
        self.config = load_renderer().render(
            workdir / "nginx",
            server_name="localhost",
            certificate=workdir / "cert.pem",
            certificate_key=workdir / "key.pem",
            upstream=[f"127.0.0.1:{port}" for port in ports],
            https_listen=f"127.0.0.1:{self.https_port}",
            http_listen=f"127.0.0.1:{self.http_port}",
            public_host=f"localhost:{self.https_port}",
            daemon="off",
            user="root" if os.geteuid() == 0 else "",
            run_dir=workdir / "nginx" / "run",
        )
        self.log = workdir / "nginx" / "run" / "error.log"
        binary = nginx_binary()
        check = subprocess.run(
            [binary, "-t", "-q", "-c", str(self.config), "-p", str(self.config.parent)], capture_output=True, text=True
        )
        if check.returncode:
            raise RuntimeError(f"nginx -t: {check.stderr}")
        self.process = subprocess.Popen(
            [binary, "-c", str(self.config), "-p", str(self.config.parent)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.https_port, self.process, self.log)
        self.url = f"https://localhost:{self.https_port}"

    def client_context(self, alpn=("http/1.1",)):
        """A TLS client context that trusts the throwaway CA."""
        context = ssl.create_default_context()
        self.ca.configure_trust(context)
        context.set_alpn_protocols(list(alpn))
        return context

    def stop(self):
        stop(self.process)


class SlowClients:
    """Clients that each open a connection and send a request's headers one byte at a time, never finishing them
    (the "slowloris" pattern), until stopped or cut off by the server. Bounded: a fixed count, stopped by the caller.
    `opening` is sent whole as soon as a connection is open (BAD_REQUEST_LINE: the server refuses the request at once,
    then the client keeps its connection lingering with a byte every `interval`)."""

    HEADER = b"GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow\r\nX-Padding: " + b"x" * 4000
    BAD_REQUEST_LINE = b"/bad HTTP/1.1\r\n"
    # A whole request's headers, then its body a byte at a time (the bytes of HEADER serve as the body).
    SLOW_BODY = (
        b"POST /api/auth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100000\r\n\r\n"
    )

    def __init__(self, port, count, tls_context=None, interval=0.5, opening=b""):
        self.port, self.count, self.tls, self.interval, self.opening = port, count, tls_context, interval, opening
        self.sockets, self.cut_off = [], 0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._drip, daemon=True)

    def _open(self):
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        if self.tls:
            sock = self.tls.wrap_socket(sock, server_hostname="localhost")
        sock.settimeout(None)
        if self.opening:
            sock.sendall(self.opening)
        return sock

    def start(self):
        """Open every connection (TLS handshakes done), then send a byte on each every `interval` seconds."""
        for _ in range(self.count):
            try:
                self.sockets.append(self._open())
            except OSError:
                self.cut_off += 1  # refused or not accepted within 10 s: the server is full
        self.thread.start()
        return self

    def _drip(self):
        for position in range(len(self.HEADER)):
            if self.stopped.wait(self.interval):
                return
            for sock in list(self.sockets):
                try:
                    sock.send(self.HEADER[position : position + 1])
                except OSError:
                    self.sockets.remove(sock)
                    self.cut_off += 1

    def holding(self):
        """How many connections are still open."""
        return len(self.sockets)

    def stop(self):
        self.stopped.set()
        self.thread.join(self.interval * 4 + 5)
        for sock in self.sockets:
            with contextlib.suppress(OSError):
                sock.close()
        self.sockets = []
