"""Quiet reconnects: the server ends every stream on schedule
(LIVE_MAX_STREAM_SECONDS: 300 s by default, 5.2 s here: the phone takes a stream closed within
5 s for a failing server and backs off) and each page reconnects at once. The
phone's status line, the share page and the board go on saying "live", never "reconnecting…",
while their streams end and reopen several times ("reconnecting" is for a real failure that
lasts: tests/pwa/test_status_line.py)."""

import re

import pytest
from helpers.browser import Table, new_phone, serve, wait_js, wait_recorded
from helpers.one_table import started_event
from helpers.waits import ms

STREAM_S = 5.2  # each stream's life here
# the bound for two scheduled ends a page (EventSource waits the stream's 2 s retry)
WATCH_S = 40.0
STATES = {
    "phone": "() => document.querySelector('#live')?.textContent || ''",
    "share": "() => document.querySelector('.live')?.textContent || ''",
    "board": "() => document.querySelector('.live-state')?.textContent || ''",
}
# Every text a page's status words take, from now on: each change of the page is read.
RECORD = """() => {
  const words = (%s);
  window.statesSeen = new Set([words()]);
  new MutationObserver(() => window.statesSeen.add(words())).observe(document, {
    subtree: true, childList: true, characterData: true, attributes: true,
  });
}"""
STREAMS = {
    "phone": re.compile(r"/api/games/[^/]+/events$"),
    "share": re.compile(r"/api/share/[^/]+/events"),
    "board": re.compile(r"/api/e/[^/]+/events"),
}


@pytest.fixture(scope="module")
def short_streams(tmp_path_factory):
    """The whole app in one process (API and live), every stream closed after 5.2 s."""
    url, stop = serve(tmp_path_factory.mktemp("short"), LIVE_MAX_STREAM_SECONDS=STREAM_S)
    yield url
    stop()


def test_scheduled_stream_ends_reconnect_without_a_word(browser, short_streams):
    context, phone = new_phone(browser, short_streams)
    opened = dict.fromkeys(STREAMS, 0)

    def count(request):
        for page, pattern in STREAMS.items():
            if pattern.search(request.url.split("?")[0]):
                opened[page] += 1

    context.on("request", count)
    hall = browser.new_context(viewport={"width": 1920, "height": 1080}, base_url=short_streams)
    hall.on("request", count)
    try:
        table = Table(phone, short_streams)
        table.open()
        game_id = table.new_game("marks")
        table.wait_synced(game_id)
        token = table.phone_game(game_id)["game"]["edit_token"]
        share = phone.request.get(
            f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}
        ).json()["share_token"]
        follower = context.new_page()
        follower.goto(f"/s/{share}")
        board = hall.new_page()
        board.goto(f"/b/{started_event(board.request)[1]}")
        pages = {"phone": phone, "share": follower, "board": board}
        for name, page in pages.items():
            wait_js(page, f"() => ({STATES[name]})() === 'live'")

        before = dict(opened)
        for name, page in pages.items():
            page.evaluate(RECORD % STATES[name])
        # two scheduled ends a page: the words are recorded at each change of the page
        reopened = lambda: all(opened[n] >= before[n] + 2 for n in pages)  # noqa: E731
        wait_recorded(context, reopened, "two reopened streams a page", ms(WATCH_S))
        seen = {
            name: set(page.evaluate("() => [...window.statesSeen]")) for name, page in pages.items()
        }

        # every page's stream ended on schedule and reopened while the words were read
        assert all(opened[name] > before[name] for name in pages), (before, opened)
        assert seen == {name: {"live"} for name in pages}, seen
    finally:
        hall.close()
        context.close()
