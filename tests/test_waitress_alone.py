"""Waitress alone, as the README runs it in production, answered by raw socket requests: every redirect stays relative
whatever the Host header, and waitress's own answers (a bad request line 400, oversized headers 431) carry the app's
security headers (issue 28)."""

import re
import socket

import pytest
from front_server import Waitress

from webapp.web.security import PERMISSIONS_POLICY


@pytest.fixture(scope="module")
def waitress(tmp_path_factory):
    server = Waitress(tmp_path_factory.mktemp("waitress-alone"))
    yield server
    server.stop()


def raw_request(port, data):
    """Send bytes as they are on a new loopback connection; the status code and headers of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(data)
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return int(head[0].split()[1]), headers


@pytest.mark.parametrize("host", [b"EVIL.example", b"a@b", b"x/", b"x?y", b""])
@pytest.mark.parametrize("path", [b"/en", b"/"])
def test_redirects_stay_relative_whatever_the_host(waitress, host, path):
    status, headers = raw_request(
        waitress.port, b"GET " + path + b" HTTP/1.1\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n"
    )
    assert status in (302, 308)
    assert headers["location"] == ["/en/"] or re.fullmatch(r"/(fr|it)/", headers["location"][0])


def assert_security_headers(headers):
    assert headers["x-content-type-options"] == ["nosniff"]
    assert headers["x-frame-options"] == ["DENY"]
    assert headers["referrer-policy"] == ["no-referrer"]
    assert headers["permissions-policy"] == [PERMISSIONS_POLICY]
    csp = headers["content-security-policy"][0]
    assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp and "unsafe" not in csp


def test_waitress_own_bad_request_has_the_security_headers(waitress):
    status, headers = raw_request(waitress.port, b"/bad HTTP/1.1\r\nHost: localhost\r\n\r\n")
    assert status == 400
    assert_security_headers(headers)


def test_waitress_own_headers_too_large_has_the_security_headers(waitress):
    status, headers = raw_request(
        waitress.port, b"GET /en/ HTTP/1.1\r\nHost: localhost\r\nX-Big: " + b"x" * 300_000 + b"\r\n\r\n"
    )
    assert status == 431
    assert_security_headers(headers)


def test_the_app_answers_normally(waitress):
    status, headers = raw_request(waitress.port, b"GET /en/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
    assert status == 200
    assert len(headers["content-security-policy"]) == 1 and "sha256-" in headers["content-security-policy"][0]
