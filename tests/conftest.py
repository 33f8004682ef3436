"""Shared fixtures: the app, a test client, a live server for the browser, and the system Chromium."""
import os
import shutil
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from webapp import create_app

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
# Chromium must not look up outside hosts: there is no outside network on CI.
NO_DNS = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost"


@pytest.fixture(scope="session")
def app():
    return create_app()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Drive the system Chromium when there is one (Playwright's download is not reachable everywhere)."""
    args = {**browser_type_launch_args, "args": [NO_DNS]}
    if CHROMIUM:
        args["executable_path"] = CHROMIUM
    return args


class LiveServer:
    """The real app on an ephemeral port in a thread, counting the requests that reach it."""

    def __init__(self, app):
        self.requests = []
        app.before_request(self._count)
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def _count(self):
        from flask import request

        self.requests.append(request.path)

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def live_server():
    server = LiveServer(create_app())
    yield server
    server.stop()


@pytest.fixture
def own_server():
    """A live server of its own, for tests that stop it."""
    server = LiveServer(create_app())
    yield server
    server.stop()


def wait_offline_ready(page):
    """Wait until the service worker has precached everything and controls the page."""
    expect(page.locator("#offline-status")).to_have_attribute("data-state", "ready", timeout=20000)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20000)


@pytest.fixture
def offline_context(context, own_server):
    """A browser context that has visited the app once, with the server then stopped."""
    page = context.new_page()
    page.goto(f"{own_server.url}/en/")
    wait_offline_ready(page)
    page.close()
    own_server.stop()
    return context, own_server.url


def rulings_after_server_stops(context, server, also=None):
    """Visit once, stop the server, then in a new tab reach rulings in every language; return what came from the network.

    `also(page, lang)` runs more checks per language in the same offline tab.
    """
    page = context.new_page()
    page.goto(f"{server.url}/en/")
    wait_offline_ready(page)
    server.stop()
    served_by_network = []
    fresh = context.new_page()
    fresh.on("response", lambda r: None if r.from_service_worker else served_by_network.append(r.url))
    for lang in ("en", "fr", "it"):
        fresh.goto(f"{server.url}/{lang}/wrc-2015/")
        for answer in ("attendance", "late"):
            fresh.click(f"#opt-{answer}")
        fresh.fill("#number-input", "4")
        fresh.click("#number-submit")
        expect(fresh.locator("#ruling")).to_have_attribute("data-ruling-id", "r_late")
        fresh.goto(f"{server.url}/{lang}/wrc-2015/ruling/r_cheating")
        expect(fresh.locator("#ruling")).to_have_attribute("data-ruling-id", "r_cheating")
        if also:
            also(fresh, lang)
    fresh.goto(f"{server.url}/")
    expect(fresh.locator("#ruleset-list")).to_be_attached()
    return served_by_network
