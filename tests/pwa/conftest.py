"""Browser-test fixtures: the real app on a free local port, Debian's Chromium, a phone page.

The app runs in a thread (werkzeug, threaded) on a temporary SQLite file. Chromium is the
Debian package at /usr/bin/chromium, driven by Playwright's sync API at 390x844.
"""

import os
import pathlib

# Missing tools fail loudly (plain imports, no importorskip): a skipped browser suite must
# never pass for a green one. Both come from pyproject's [test] extra.
import playwright.sync_api as playwright_sync
import pytest
from helpers.browser import ARGS, CHROMIUM, Table, new_phone, serve
from helpers.waits import DEFAULT_S, ms

from bench.servers import pg_drop_schema, pg_schema_url, web_and_live

PG_URL = os.environ.get("TEST_DATABASE_URL")


@pytest.fixture(scope="session")
def base_url(tmp_path_factory):
    """The app, served for the whole session; yields its base URL."""
    url, stop = serve(tmp_path_factory.mktemp("db"))
    yield url
    stop()


@pytest.fixture(scope="session")
def playwright():
    """One Playwright driver for the session; `expect` waits as long as an action does (the
    scaled bound of helpers.waits)."""
    playwright_sync.expect.set_options(timeout=ms(DEFAULT_S))
    with playwright_sync.sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright):
    """Debian's Chromium, headless."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install -y chromium (tests/run-all does)")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield browser
    browser.close()


@pytest.fixture
def phone(browser, base_url):
    """A page on a fresh phone; fails the test if the page logged a JavaScript error."""
    context, page = new_phone(browser, base_url)
    yield page
    errors = [e for e in page.js_errors if "Failed to load resource" not in e]
    context.close()
    assert not errors, errors


@pytest.fixture
def table(phone, base_url):
    """A Table on a fresh phone."""
    return Table(phone, base_url)


@pytest.fixture(scope="session")
def axe_source():
    """axe-core's source, as shipped inside the axe-playwright-python package."""
    import axe_playwright_python as package  # pyproject's [test] extra

    return (pathlib.Path(package.__file__).parent / "axe.min.js").read_text()


@pytest.fixture(scope="module")
def split_url(tmp_path_factory):
    """The Procfile's topology, as `python3 -m api.serve` starts it: the API on sync workers
    (gunicorn, app:app) and the streams on the live process (gunicorn, live:app) on another
    port, which the API names to the phone (LIVE_URL) and which lets the API's pages in
    (CORS). On PostgreSQL when TEST_DATABASE_URL is set, else SQLite. Yields the API's URL."""
    if PG_URL:
        schema = f"live_pwa_{os.getpid()}"
        url = pg_schema_url(PG_URL, schema)
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('split') / 'tally42.sqlite3'}"
    env = {"DATABASE_URL": url, "RATELIMIT_ENABLED": "0", "LIVE_THREADS": "32"}
    webs, live = web_and_live(env, web_workers=2, live_workers=1)
    # the phone reaches the live process on the port the API names, like api.serve's ":8001"
    try:
        yield webs[0].url
    finally:
        for server in (*webs, live):
            server.stop()
        if PG_URL:
            pg_drop_schema(PG_URL, schema)
