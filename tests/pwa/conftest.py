"""Browser-test fixtures: the real app on a free local port, Debian's Chromium, a phone page.

The app runs in a thread (werkzeug, threaded) on a temporary SQLite file. Chromium is the
Debian package at /usr/bin/chromium, driven by Playwright's sync API at 390x844.
"""

import os
import socket
import threading

import pytest

playwright_sync = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}


def free_port():
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def base_url(tmp_path_factory):
    """Serve the whole app (API and pwa/) on 127.0.0.1; yields its base URL."""
    from werkzeug.serving import make_server

    from api import create_app

    db = tmp_path_factory.mktemp("db") / "tally42.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{db}", "RATELIMIT_ENABLED": False,
                      "TESTING": True})
    port = free_port()
    server = make_server("127.0.0.1", port, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(scope="session")
def playwright():
    """One Playwright driver for the session."""
    with playwright_sync.sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright):
    """Debian's Chromium, headless."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield browser
    browser.close()


def new_phone(browser, base_url, color_scheme="light"):
    """A fresh phone-sized context (own storage and service worker) and its page."""
    context = browser.new_context(viewport=PHONE, base_url=base_url, color_scheme=color_scheme,
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.js_errors = errors
    return context, page


@pytest.fixture
def phone(browser, base_url):
    """A page on a fresh phone; fails the test if the page logged a JavaScript error."""
    context, page = new_phone(browser, base_url)
    yield page
    errors = [e for e in page.js_errors if "Failed to load resource" not in e]
    context.close()
    assert not errors, errors
