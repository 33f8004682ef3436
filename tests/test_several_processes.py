"""Several app processes, as docs/hosting.md hosts the app on a machine with several cores (issue 24's sync budget):
nginx spreads the requests over them (least_conn) and goes on when one stops, and the rate-limit counts live in
Redis, so reaching another process gives a guesser no more attempts."""

import pytest
from front_server import PROXIED_ARGS, Nginx, load_renderer
from redis_server import RedisServer
from sync_http import ApiClient, WaitressServer

EVENT = {
    "name": "Two Processes Open",
    "ruleset_id": "azrm-2026",
    "starts_on": "2026-11-23",
    "ends_on": "2026-11-23",
    "sessions": ["Round 1"],
    "display_name": "Head Referee",
}


def config(tmp_path, **extra):
    return {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'shared.sqlite3'}",
        "SECRET_KEY": "tests-only-secret-key",
        "PASSWORD_HASH_PROFILE": "CHEAPEST",
        **extra,
    }


@pytest.fixture
def two_processes(tmp_path):
    """Two waitress processes on one database, sharing rate-limit counts (3 failed guesses a minute) in Redis."""
    with RedisServer() as redis:
        shared = config(tmp_path, RATELIMIT_STORAGE_URI=redis.url, RATE_LIMIT_PER_CREDENTIAL="3 per minute")
        servers = []
        try:
            for _ in range(2):
                servers.append(WaitressServer(shared, extra_args=PROXIED_ARGS).start())
            yield servers
        finally:
            for server in servers:
                server.stop()


def new_event(url, tls=None):
    head = ApiClient(url, tls=tls)
    status, created = head.call("POST", "/api/events", EVENT)
    assert status == 201, created
    return head, created


def test_failed_sign_ins_counted_by_one_process_hold_back_the_other(two_processes):
    first, second = two_processes
    head, created = new_event(first.url)
    head.close()
    guess = {"credential_id": created["credential"]["id"], "secret": "wrong"}
    on_first = ApiClient(first.url)
    statuses = [on_first.call("POST", "/api/auth/token", guess)[0] for _ in range(3)]
    on_first.close()
    assert statuses == [401, 401, 401]
    on_second = ApiClient(second.url)
    status, answer = on_second.call("POST", "/api/auth/token", guess)
    on_second.close()
    assert (status, answer["error"]) == (429, "rate_limited")  # memory:// counts per process: 401 here


def test_nginx_spreads_requests_over_every_process_and_goes_on_when_one_stops(two_processes, tmp_path):
    first, second = two_processes
    nginx = Nginx(tmp_path, [first.port, second.port])
    try:
        tls = nginx.client_context()
        head, created = new_event(nginx.url, tls)
        head.sign_in(created["credential"])
        feed = f"/api/events/{created['event']['id']}/changes?since=0"
        assert [head.call("GET", feed)[0] for _ in range(4)] == [200] * 4
        first.stop()
        head.close()  # a new connection, as a phone coming back makes
        assert [head.call("GET", feed)[0] for _ in range(4)] == [200] * 4
        head.close()
    finally:
        nginx.stop()


def test_the_rendered_upstream_names_each_process_once_and_balances_by_requests_in_hand(tmp_path):
    render = load_renderer()
    lines = render.upstream_lines(["127.0.0.1:8080", "127.0.0.1:8081"])
    assert lines.splitlines() == ["    server 127.0.0.1:8080;", "    server 127.0.0.1:8081;"]
    for wrong in ([], ["127.0.0.1:8080", "127.0.0.1:8080"]):
        with pytest.raises(ValueError):
            render.upstream_lines(wrong)
    site = (
        render.render(
            tmp_path / "nginx",
            server_name="localhost",
            certificate=tmp_path / "cert.pem",
            certificate_key=tmp_path / "key.pem",
            upstream=["127.0.0.1:8080", "127.0.0.1:8081"],
        ).parent
        / "mahjong-referee.conf"
    )
    block = site.read_text().split("upstream mjref_waitress {", 1)[1].split("}", 1)[0]
    directives = [line.split("#", 1)[0].strip() for line in block.splitlines()]
    assert [d for d in directives if d] == [
        "least_conn;",
        "server 127.0.0.1:8080;",
        "server 127.0.0.1:8081;",
        "keepalive 128;",
    ]
