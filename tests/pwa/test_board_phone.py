"""The board's page on a phone in a browser ("its own
one-column page with the event's name, no sideways scroll, no automatic screen turning,
finding 'my team' by name"; docs/tournaments.md "The board on a phone"): at 390x844 and
320x640, light and dark, it fits the width with 48 px targets and axe finds nothing; typing
a name finds the team as one types; a hand at a table shows without the page moving (no
jump to the top, no next screen). TALLY_SHOTS=/tmp/shots saves each screen."""

import pytest
from helpers.board import Event
from helpers.browser import screenshot, serve, wait_js, wait_recorded, wait_still
from helpers.layout import screen_problems
from helpers.waits import ms

POLL_S = 1  # the page's redraw period, short for the test

LONG = [
    "Rangers of Hallettsville",
    "Bubba Jones & Earl Hrncir",
    "Aggies",
    "The Shiner Bock Boys of Lavaca County",
    "Owls",
    "Moulton Dominoes",
    "Bears",
    "Yoakum Cowboys",
]


@pytest.fixture(scope="module")
def phone_url(tmp_path_factory):
    url, stop = serve(tmp_path_factory.mktemp("phone"), BOARD_REFRESH_SECONDS=POLL_S)
    yield url
    stop()


def long_named_event(browser, base_url):
    request = browser.new_context(base_url=base_url).request
    event = Event(request, 8, first_to=[2], tables=3, name="Hallettsville KC Hall 42 Tournament")
    for team, name in zip(event.view()["teams"], LONG, strict=True):
        event.ok(
            request.patch(
                f"/api/events/{event.id}/teams/{team['id']}",
                data={"name": name},
                headers=event.auth,
            )
        )
    return event


def open_phone(browser, base_url, event, scheme="light", query=""):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        base_url=base_url,
        color_scheme=scheme,
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    page = context.new_page()
    page.set_default_timeout(ms(10))
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    page.goto(f"/b/{event.public}/phone{query}")
    return context, page


def test_the_phone_page_fits_and_reads_clean(browser, phone_url, axe_source):
    event = long_named_event(browser, phone_url)
    event.hand("W1.1", 0)  # a live game at table 1
    context, page = open_phone(browser, phone_url, event)
    try:
        assert page.locator("h1").inner_text() == "Hallettsville KC Hall 42 Tournament"
        assert screen_problems(page, "board-phone", axe_source) == {}
        page.set_viewport_size({"width": 320, "height": 640})
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 320
        page.fill("#find", "hrncir")
        screen_problems(page, "board-phone-found")
        assert page.js_errors == []
    finally:
        context.close()


def visible_teams(page):
    return page.evaluate(
        "() => [...document.querySelectorAll('.teams li[data-find]')]"
        ".filter((li) => !li.hidden).map((li) => li.querySelector('.team').textContent)"
    )


def test_find_my_team_as_one_types_and_a_reload_keeps_it(browser, phone_url):
    event = long_named_event(browser, phone_url)
    context, page = open_phone(browser, phone_url, event, scheme="dark")
    try:
        page.fill("#find", "earl")
        assert visible_teams(page) == ["Bubba Jones & Earl Hrncir"]
        where = page.locator(".teams li:not([hidden]) .where").inner_text()
        assert where.startswith(("At table", "Next:")), where
        assert page.url.endswith("?team=earl")
        page.fill("#find", "nobody here")
        assert visible_teams(page) == []
        assert page.locator(".teams .none").is_visible()
        page.fill("#find", "owls")
        page.reload()
        assert visible_teams(page) == ["Owls"] and page.input_value("#find") == "owls"
        screenshot(page, "board-phone-find-owls")
    finally:
        context.close()


def test_a_hand_shows_without_the_page_moving_or_turning(browser, phone_url):
    """Scrolled down to the tables, the reader stays there while the page redraws a hand
    played at table 1, and it never goes to another address on its own."""
    event = long_named_event(browser, phone_url)
    context, page = open_phone(browser, phone_url, event)
    try:
        page.set_viewport_size({"width": 320, "height": 640})
        page.locator("#tables-h").scroll_into_view_if_needed()
        page.evaluate("() => window.scrollBy(0, 40)")
        top = page.evaluate("() => window.scrollY")
        assert top > 200
        before = page.url
        event.hand("W1.1", 0)
        wait_js(
            page,
            "() => [...document.querySelectorAll('.tables .num.game')]"
            ".some((el) => el.textContent === '2')",
            timeout=ms(8),
        )
        # several turns of the redraw: the page fetched itself again three times, and drew
        turns = []
        page.on(
            "requestfinished", lambda r: turns.append(r) if r.resource_type == "fetch" else None
        )
        wait_recorded(
            page, lambda: len(turns) >= 3, "three turns of the redraw", ms(3 * POLL_S + 10)
        )
        wait_still(page)
        assert page.url == before
        assert abs(page.evaluate("() => window.scrollY") - top) < 2
        screenshot(page, "board-phone-scrolled")
        assert page.js_errors == []
    finally:
        context.close()
