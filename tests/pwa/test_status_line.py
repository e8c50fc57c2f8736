"""The status line tells the truth: "live" while a stream is open; "updates every 20 s" (the
share page: 30 s) when the server runs no live process, never "reconnecting…"; "reconnecting…"
only once a real failure has lasted a few seconds; "offline" with no network."""

import time

import pytest
from helpers.browser import Table, new_phone, serve, wait_js
from helpers.waits import ms

LIVE_TEXT = "() => document.querySelector('#live')?.textContent || ''"
SHARE_TEXT = "() => document.querySelector('.live')?.textContent || ''"

# the page's fetch of its game's stream fails (as a dropped live process would) while
# window.streamDown is true, and the phone is told the network came back, so it reconnects now
BREAK_STREAM = """() => {
  const real = window.fetch;
  window.streamDown = true;
  window.fetch = (url, init) =>
    window.streamDown && String(url).endsWith('/events')
      ? Promise.reject(new TypeError('the live process is down'))
      : real(url, init);
  window.dispatchEvent(new Event('online'));
}"""


@pytest.fixture(scope="module")
def api_alone(tmp_path_factory):
    """The API on its own (LIVE_ROLE web, no LIVE_URL): every stream is a 503
    LIVE_UNAVAILABLE, and the phone pulls every 20 s."""
    url, stop = serve(tmp_path_factory.mktemp("alone"), LIVE_ROLE="web")
    yield url
    stop()


def texts_for(page, expression, seconds):
    """Every text `expression` gave, read every 100 ms for `seconds`."""
    seen = set()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seen.add(page.evaluate(expression))
        page.wait_for_timeout(100)
    return seen


def test_without_a_live_process_the_bar_says_how_often_it_updates(browser, api_alone):
    context, page = new_phone(browser, api_alone)
    try:
        table = Table(page, api_alone)
        table.open()
        game_id = table.new_game("marks")
        table.wait_synced(game_id)
        wait_js(page, f"() => ({LIVE_TEXT})() === 'updates every 20 s'")
        # the stream is asked, refused as not running here, and nothing cries wolf
        assert texts_for(page, LIVE_TEXT, 5) == {"updates every 20 s"}
        assert page.evaluate("() => document.querySelector('#live').dataset.state") == "polling"

        token = table.phone_game(game_id)["game"]["edit_token"]
        share = page.request.get(
            f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}
        ).json()["share_token"]
        page.goto(f"/s/{share}")
        assert page.inner_text(".live") == "updates every 30 s"
        assert texts_for(page, SHARE_TEXT, 5) == {"updates every 30 s"}
        assert page.locator('meta[http-equiv="refresh"]').count() == 1  # the refresh stands
    finally:
        context.close()


def test_with_a_live_process_the_bar_says_live_then_offline_then_reconnecting(table):
    page = table.page
    table.open()
    game_id = table.new_game("marks")
    table.wait_synced(game_id)
    wait_js(page, f"() => ({LIVE_TEXT})() === 'live'")

    page.context.set_offline(True)
    wait_js(page, "() => document.querySelector('#net').textContent === 'Offline'")
    assert page.evaluate(LIVE_TEXT) == ""
    page.context.set_offline(False)
    wait_js(page, f"() => ({LIVE_TEXT})() === 'live'")

    page.evaluate(BREAK_STREAM)
    # a failure of a second or two is no news
    assert "reconnecting…" not in texts_for(page, LIVE_TEXT, 2.5)
    wait_js(page, f"() => ({LIVE_TEXT})() === 'reconnecting…'", timeout=ms(6))
    page.evaluate("() => { window.streamDown = false; }")
    wait_js(page, f"() => ({LIVE_TEXT})() === 'live'", timeout=ms(20))


def test_the_share_page_says_live_and_offline(phone):
    res = phone.request.post("/api/games", data={"ruleset": "straight-42", "first_dealer": 0})
    share = res.json()["share_token"]
    phone.goto(f"/s/{share}")
    wait_js(phone, f"() => ({SHARE_TEXT})() === 'live'")
    phone.context.set_offline(True)
    wait_js(phone, f"() => ({SHARE_TEXT})() === 'offline'")
    phone.context.set_offline(False)
    wait_js(phone, f"() => ({SHARE_TEXT})() === 'live'", timeout=ms(15))
