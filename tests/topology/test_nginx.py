"""The production topology, tested: deploy/nginx.conf in front of two API servers
(gunicorn, sync workers, app:app) and the live process (gunicorn, threaded, live:app) on
PostgreSQL, on one origin. In Chromium, through the proxy only: a hand entered on one table
phone reaches the table's second phone and the board, pushed by the streams the proxy sends to
the live process (docs/deploy.md, "In production").

Needs Debian's nginx (tests/run-all installs nginx-light) and TEST_DATABASE_URL (PostgreSQL:
two API servers need a store they can share); without either the test fails, never skips.
"""

import os
import pathlib
import re
import shutil
import subprocess
import time

import pytest
from helpers.browser import ARGS, CHROMIUM, new_phone, wait_js
from helpers.one_table import at_table, started_event
from playwright.sync_api import sync_playwright

from bench.servers import Gunicorn, free_port, pg_drop_schema, pg_schema_url, wait_http

ROOT = pathlib.Path(__file__).resolve().parents[2]
SITE = ROOT / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PG_URL = os.environ.get("TEST_DATABASE_URL")
HALL = {"width": 1920, "height": 1080}
LIVE_WITHIN_S = 2.0  # docs/deploy.md: within a second; slack for a busy 2-core machine

MAIN = """daemon off;
worker_processes 1;
pid {scratch}/nginx.pid;
error_log {scratch}/error.log warn;
events {{ worker_connections 512; }}
http {{
    include /etc/nginx/mime.types;
    log_format upstream '$request_method $uri $status $upstream_addr';
    access_log {scratch}/access.log upstream;
    client_body_temp_path {scratch}/body;
    proxy_temp_path {scratch}/proxy;
    fastcgi_temp_path {scratch}/fastcgi;
    uwsgi_temp_path {scratch}/uwsgi;
    scgi_temp_path {scratch}/scgi;
    include {scratch}/tally42.conf;
}}
"""

STREAM = re.compile(r"^/api/(share|games|e)/[^/]+/events$")  # as deploy/nginx.conf routes them

MARKED = re.compile(r"^(\s*)(server|listen) [^;\n]+;(\s*# tally42: (web|live|listen))$", re.M)


def site(listen, webs, live):
    """deploy/nginx.conf as shipped, with only its marked addresses moved: `listen` the
    proxy's port, `webs` the API servers' and `live` the live process's addresses."""
    text = SITE.read_text()
    found = [m.group(4) for m in MARKED.finditer(text)]
    assert sorted(found) == ["listen", "live", "web", "web"], found
    addresses = {"web": iter(webs), "live": iter([live]), "listen": iter([listen])}

    def move(m):
        return f"{m.group(1)}{m.group(2)} {next(addresses[m.group(4)])};{m.group(3)}"

    return MARKED.sub(move, text)


@pytest.fixture(scope="module")
def proxy(tmp_path_factory):
    """nginx with deploy/nginx.conf on a free port, two API servers and one live process on
    PostgreSQL; yields (the proxy's URL, {"web": API servers' addresses, "live": the live
    process's, "log": the proxy's access log: method, path, status, upstream})."""
    if not PG_URL:
        pytest.fail("TEST_DATABASE_URL is not set: the topology runs on PostgreSQL")
    if not os.access(NGINX, os.X_OK):
        pytest.fail("no nginx: apt-get install -y nginx-light (tests/run-all does)")
    scratch = tmp_path_factory.mktemp("nginx")
    schema = f"topology_{os.getpid()}"
    env = {
        "DATABASE_URL": pg_schema_url(PG_URL, schema),
        "RATELIMIT_ENABLED": "0",
        "PROXY_FIX_HOPS": "1",
        "LIVE_THREADS": "32",
        "LIVE_URL": "",  # the streams are on this origin: the proxy sends them to `live`
    }
    servers = []
    nginx = None
    try:
        live = Gunicorn(
            "live:app",
            env=env,
            workers=1,
            probe="/api/live/health",
            config=str(ROOT / "gunicorn.live.conf.py"),
        )
        servers.append(live.start())
        for _ in range(2):
            web = Gunicorn("app:app", env={**env, "LIVE_ROLE": "web"}, workers=1)
            servers.append(web.start())
        port = free_port()
        addresses = [server.url.split("//")[1] for server in servers]
        (scratch / "tally42.conf").write_text(
            site(f"127.0.0.1:{port}", addresses[1:], addresses[0])
        )
        (scratch / "nginx.conf").write_text(MAIN.format(scratch=scratch))
        nginx = subprocess.Popen(
            [NGINX, "-p", str(scratch), "-e", str(scratch / "error.log"), "-c", "nginx.conf"],
            cwd=scratch,
        )
        url = f"http://127.0.0.1:{port}"
        wait_http(f"{url}/api/live/health", proc=nginx)
        yield url, {"web": addresses[1:], "live": addresses[0], "log": scratch / "access.log"}
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait(10)
        for server in servers:
            server.stop()
        pg_drop_schema(PG_URL, schema)


def streams_of(page):
    """Record the URLs of the stream requests `page` makes."""
    urls = []
    page.on("request", lambda r: urls.append(r.url) if r.url.endswith("/events") else None)
    return urls


def test_a_hand_on_one_phone_reaches_the_second_phone_and_the_board_through_nginx(proxy):
    url, where = proxy
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            through_the_proxy(browser, url)
        finally:
            browser.close()
    # nginx sent every stream to the live process and the rest to both API servers in turn
    # (its log, a line per request once it ended: method, path, status, upstream)
    time.sleep(0.5)  # the streams closed with the browser: their lines are written
    lines = [line.split() for line in where["log"].read_text().splitlines()]
    streams = [line for line in lines if STREAM.match(line[1])]
    rest = [line for line in lines if not STREAM.match(line[1])]
    assert {line[1].split("/")[2] for line in streams} == {"games", "e"}  # phones', board's
    assert all(line[3] == where["live"] for line in streams)
    assert {line[3] for line in rest if line[1] != "/api/live/health"} == set(where["web"])
    posted = [line for line in rest if line[0] == "POST" and line[1].endswith("/hands")]
    assert posted and all(line[2] == "201" for line in posted)


def through_the_proxy(browser, url):
    """The test's body: two table phones and the board, all on the proxy's origin."""
    contexts = []
    try:
        event_id, public, token = started_event(browser.new_context(base_url=url).request)
        board_context = browser.new_context(viewport=HALL, base_url=url)
        contexts.append(board_context)
        board = board_context.new_page()
        board_streams = streams_of(board)
        board.goto(f"/b/{public}")
        wait_js(board, "() => document.querySelector('.live-state')?.textContent === 'live'")
        context_a, phone_a = new_phone(browser, url)
        context_b, phone_b = new_phone(browser, url)
        contexts += [context_a, context_b]
        b_streams = streams_of(phone_b)
        game_a = at_table(phone_a, event_id, token)
        game_b = at_table(phone_b, event_id, token)
        for page in (phone_a, phone_b):
            page.wait_for_selector("#live[data-state='live']")
        assert game_a == game_b  # the second phone scores the same game
        for page in (phone_b, board):
            page.evaluate("() => { window.notReloaded = true; }")

        # phone A: Team 1's seat 0 bids 30 and makes it (one mark)
        phone_a.click(".bidder-bar [data-seat='0']")
        phone_a.click("[data-bid='30']")
        phone_a.click("[data-count='35']")
        started = time.monotonic()
        phone_a.click("#save")
        phone_b.wait_for_selector("a[aria-label='Edit hand 1']", timeout=10_000)
        to_phone = time.monotonic() - started
        wait_js(
            board,
            "() => /Team 1\\s*0\\s*1/.test(document.querySelector('.card')"
            "?.innerText.replace(/\\n/g, ' '))",
            timeout=10_000,
        )
        to_board = time.monotonic() - started
        print(f"through nginx: phone to phone {to_phone:.3f} s, to the board {to_board:.3f} s")
        assert to_phone <= LIVE_WITHIN_S, f"the second phone showed it after {to_phone:.2f} s"
        assert to_board <= LIVE_WITHIN_S, f"the board showed it after {to_board:.2f} s"
        for page in (phone_b, board):
            assert page.evaluate("() => window.notReloaded === true")  # pushed, not reloaded

        # one origin: every stream was asked of the proxy, which sent it to the live process
        assert b_streams and board_streams
        assert all(u.startswith(f"{url}/api/") for u in b_streams + board_streams)
    finally:
        for context in contexts:
            context.close()
