"""The browser tests' tools: Debian's Chromium and its flags, the app served in-process, a phone
(a browser context at 390x844), waiting on the page, a table's scorepad, axe and screenshots."""

import logging
import os
import pathlib
import socket
import threading
from time import monotonic

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from helpers.waits import DEFAULT_S, ms

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


PHONE = {"width": 390, "height": 844}


def free_port():
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(tmp_dir, **config):
    """Start the whole app (API and pwa/) on a free 127.0.0.1 port; returns (url, stop)."""
    from werkzeug.serving import make_server

    from api import create_app

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # one line a request drowns failures
    db = pathlib.Path(tmp_dir) / "tally42.sqlite3"
    # PWA_DATABASE_URL runs the browser tests on another store (a PostgreSQL database of
    # their own: the tests never empty it, every id they make is new)
    url = os.environ.get("PWA_DATABASE_URL") or f"sqlite:///{db}"
    app = create_app({"DATABASE_URL": url, "RATELIMIT_ENABLED": False, "TESTING": True, **config})
    port = free_port()
    server = make_server("127.0.0.1", port, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def stop():
        server.shutdown()
        thread.join(5)

    return f"http://127.0.0.1:{port}", stop


def own_server(tmp_path_factory, name):
    """A module's own app (PostgreSQL when TEST_DATABASE_URL names one, else SQLite), for a
    module-scoped `base_url` fixture: yields its base URL, then stops it."""
    db = os.environ.get("TEST_DATABASE_URL")
    url, stop = serve(tmp_path_factory.mktemp(name), **({"DATABASE_URL": db} if db else {}))
    yield url
    stop()


def new_phone(browser, base_url, color_scheme="light", viewport=PHONE):
    """A fresh phone-sized context (own storage and service worker) and its page; its
    JavaScript errors and console errors gather in page.js_errors."""
    context = browser.new_context(
        viewport=viewport,
        base_url=base_url,
        color_scheme=color_scheme,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    context.set_default_timeout(ms(DEFAULT_S))
    context.set_default_navigation_timeout(ms(DEFAULT_S))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.js_errors = errors
    return context, page


# wait_js's poll, run in the page: `fn` is the caller's function, polled every 100 ms
# until it returns a truthy value or `ms` pass.
POLL = """async ([arg, ms]) => {
  const fn = (%s);
  const end = performance.now() + ms;
  for (;;) {
    const value = await fn(arg);
    if (value) return { value };
    if (performance.now() > end) return null;
    await new Promise((done) => setTimeout(done, 100));
  }
}"""


def wait_js(page, expression, arg=None, timeout=None):
    """Wait until a JS function (given as source) returns a truthy value; returns it. The bound
    is `timeout` ms (default: the scaled DEFAULT_S of helpers.waits).

    Playwright's wait_for_function evaluates strings, which the app's CSP (no unsafe-eval)
    refuses; page.evaluate does not, so the poll is one evaluate that loops in the page. A
    navigation in the middle ends that evaluate; the wait then goes on in the new page.
    """
    bound = ms(DEFAULT_S) if timeout is None else timeout
    deadline = monotonic() + bound / 1000
    while True:
        left = max(0, int((deadline - monotonic()) * 1000))
        try:
            found = page.evaluate(POLL % expression, [arg, left])
        except PlaywrightError as exc:
            if "context was destroyed" not in str(exc) and "navigat" not in str(exc):
                raise
            found = None
        if found:
            return found["value"]
        if monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {expression[:80]!r}")


def wait_recorded(target, done, what, timeout=None, event="request"):
    """Wait until `done()` holds, where `done` reads what a page's or context's event handlers
    recorded (requests made, streams closed), which Playwright delivers only inside its own
    calls: each turn waits for the next `event` on `target`, re-checking at least each second.
    The bound is `timeout` ms (default: the scaled DEFAULT_S)."""
    deadline = monotonic() + (ms(DEFAULT_S) if timeout is None else timeout) / 1000
    while not done():
        left = deadline - monotonic()
        assert left > 0, f"timed out waiting for {what}"
        try:
            target.wait_for_event(event, timeout=min(left, 1) * 1000)
        except PlaywrightTimeout:
            pass


def writes_to(page, part):
    """A list that gathers, from now on, every write (POST, PUT, PATCH, DELETE) the page sends
    to a URL holding `part`: "nothing sent" is read from it once the page is still."""
    writes = []

    def seen(request):
        if request.method != "GET" and part in request.url:
            writes.append(f"{request.method} {request.url}")

    page.on("request", seen)
    return writes


def tap_bidder(page, seat):
    """Tap a bidder's seat on the score sheet and wait for that hand's entry screen. With two
    browser test processes on a loaded 2-core machine a tap was seen, twice in four runs, to
    open nothing (the bid buttons never came in 10 s; not explained yet): it is tapped again
    after 3 s, as a player would, at most twice."""
    for _ in range(3):
        page.click(f".bidder-bar [data-seat='{seat}']")
        try:
            wait_js(page, "() => location.hash.includes('/hand')", timeout=ms(3))
            return
        except AssertionError:
            pass
    raise AssertionError(f"tapping seat {seat} never opened the hand's entry screen")


class Table:
    """Drives the app the way a scorekeeper does (taps only) and reads both copies of a game."""

    def __init__(self, page, base_url):
        """`page` is a phone page; `base_url` the app's root for direct API reads."""
        self.page = page
        self.base_url = base_url

    def open(self, route="#/"):
        """Load the app and wait for the service worker to control the page."""
        self.page.goto(f"/{route}")
        self.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        wait_js(self.page, "() => navigator.serviceWorker.controller !== null")

    def new_game(
        self, scoring="marks", preset=None, switches=None, first_shaker=0, names=None, carry=None
    ):
        """Fill in the new-game form and start; returns the game id."""
        page = self.page
        page.click("#new-game")
        page.click(f"button:has-text('{'Marks' if scoring == 'marks' else 'Points'}')")
        if preset:
            page.select_option("#preset", preset)
        for key, on in (switches or {}).items():
            page.set_checked(f"#rule-{key}", on)
        for selector, value in (names or {}).items():
            page.fill(selector, value)
        for side, value in enumerate(carry or []):
            page.fill(f"#carry-{side}", str(value))
        page.click(f"fieldset:has(legend:text('Who shakes first')) button >> nth={first_shaker}")
        page.click("#start")
        page.wait_for_url("**/#/g/*")
        return page.url.split("#/g/")[1]

    def hand(self, bidder, bid, count):
        """Enter one hand from the sheet: bidder, bid, count (or "made"/"set"), save."""
        page = self.page
        tap_bidder(page, bidder)
        page.click(f"[data-bid='{bid}']")
        page.click(f"[data-count='{count}']")
        preview = page.inner_text("#preview")
        page.click("#save")
        wait_js(page, "() => !location.hash.includes('/hand')")
        return preview

    def phone_game(self, game_id):
        """The game as this phone stores it, with its local score."""
        return self.page.evaluate(
            """async (id) => {
                 const store = await import('/js/store.js');
                 const { score } = await import('/js/game.js');
                 const game = await store.getGame(id);
                 const outbox = (await store.outboxAll()).filter((op) => op.game_id === id);
                 return { game, state: score(game).state, outbox: outbox.length };
               }""",
            game_id,
        )

    def wait_synced(self, game_id, timeout=None):
        """Wait until the outbox has nothing for the game and every hand is synced."""
        self.page.evaluate("import('/js/sync.js').then((s) => s.syncNow())")
        timeout = ms(15) if timeout is None else timeout
        try:
            self._wait_synced(game_id, timeout)
        except AssertionError:
            phone = self.phone_game(game_id)
            raise AssertionError(
                f"not synced: outbox {phone['outbox']}, conflict "
                f"{phone['game']['conflict']}, hands "
                f"{[h.get('sync') for h in phone['game']['hands']]}"
            ) from None

    def _wait_synced(self, game_id, timeout):
        """wait_synced's loop."""
        wait_js(
            self.page,
            """async (id) => {
                 const store = await import('/js/store.js');
                 const game = await store.getGame(id);
                 const ops = (await store.outboxAll()).filter((op) => op.game_id === id);
                 if (ops.length) { (await import('/js/sync.js')).syncNow(); return false; }
                 return game.created && !game.conflict
                   && game.hands.every((x) => x.sync === 'synced');
               }""",
            game_id,
            timeout,
        )

    def server_game(self, game_id):
        """The game as the server has it (GET with the phone's edit token)."""
        token = self.phone_game(game_id)["game"]["edit_token"]
        response = self.page.request.get(
            f"{self.base_url}/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}
        )
        assert response.status == 200, response.text()
        return response.json()

    def assert_same(self, game_id):
        """The server's game equals the phone's: same hands in order, same totals and winner."""
        phone = self.phone_game(game_id)
        server = self.server_game(game_id)
        keys = ("dealer", "bids", "bidder", "bid", "trump", "result", "penalties")
        mine = [{k: h[k] for k in keys if h.get(k) is not None} for h in phone["game"]["hands"]]
        theirs = [h["hand"] for h in server["hands"]]
        assert mine == theirs
        assert [h["hand_no"] for h in server["hands"]] == list(range(1, len(theirs) + 1))
        assert server["totals"] == phone["state"]["totals"]
        assert server["game_over"] == phone["state"]["game_over"]
        assert server["winner"] == phone["state"]["winner"]
        return server


def second_phone(table, browser, base_url):
    """A new marks game on `table`'s phone, joined by a second phone through its edit link:
    (game id, the second phone's context, its page, its Table). The caller closes the context."""
    table.open()
    game_id = table.new_game("marks")
    table.wait_synced(game_id)
    token = table.phone_game(game_id)["game"]["edit_token"]
    context, page = new_phone(browser, base_url)
    other = Table(page, base_url)
    other.open(f"#/join/{game_id}/{token}")
    page.wait_for_selector(".bidder-bar")
    assert token not in page.url  # the edit token leaves the address bar at once
    return game_id, context, page, other


# Two frames drawn, and no finite animation or transition running (a toast fading in, a
# colour scheme changing): what is on screen is what stays there.
STILL = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return document.getAnimations().every(
    (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
  );
}"""


def wait_still(page):
    """Wait until the page is drawn and nothing on it is moving or fading: axe read a toast's
    colours halfway through its fade-in under load and reported its contrast."""
    wait_js(page, STILL)


def axe_violations(page, source):
    """Run axe-core (WCAG 2 A/AA and best practices) on the page once it is still; returns
    readable violations."""
    wait_still(page)
    page.evaluate(source)
    result = page.evaluate("""() => axe.run(document, {resultTypes: ['violations']})""")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
    ]


def screenshot(page, name):
    """Save a screenshot under $TALLY_SHOTS (never in the repository) when it is set."""
    folder = os.environ.get("TALLY_SHOTS")
    if folder:
        pathlib.Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/{name}.png")
        page.screenshot(path=f"{folder}/{name}-full.png", full_page=True)
