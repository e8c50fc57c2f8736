"""From "match over at table 1" to "table 1's phone has the next match", on the phones
(docs/tournament-screens.md "After the start" and "A table's phone"). The hand
that decides a match calls the next one at the freed table at once, and that call hands its
table link to no one: the director's screen says which tables need a link, the bar at the
foot of the screen (under the thumb) makes the first one and opens its QR code, and the
finished table's phone says where its next link comes from. Offline, the screen says what
still works and its timer never pulls a director scrolled down to a table back up."""

import pytest
from helpers.browser import axe_violations, own_server, screenshot, wait_js
from helpers.director_links import TEAMS, post_hand
from helpers.director_screens import api, keep_on_phone, start_event
from helpers.layout import SMALL_TARGETS, WIDEST, screen_problems


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    """The app for these tests (PostgreSQL when TEST_DATABASE_URL names one, else SQLite)."""
    yield from own_server(tmp_path_factory, "links")


def table_1_decided(base_url):
    """An 8-team single elimination at 2 tables, one game a match, started; table 1's phone
    then plays its match to the end with its table token. Returns (event, start tokens)."""
    made, started = start_event(
        base_url,
        [(n, [f"{n} 1", f"{n} 2"]) for n in TEAMS],
        format="single-elimination",
        first_to=[1],
        tables=2,
    )
    made["matches"], tokens = started["matches"], started["new_table_tokens"]
    game = next(m for m in started["matches"] if m["id"] == "W1.1")["games"][0]["id"]
    for hand_no in range(1, 5):
        result = post_hand(base_url, game, tokens["W1.1"], hand_no)
    assert result["game_over"]
    return made, tokens


def test_the_director_sees_the_freed_table_and_links_it_with_one_thumb(phone, browser, base_url):
    made, tokens = table_1_decided(base_url)
    phone.goto("/#/")
    wait_js(phone, "() => document.querySelector('#tournaments')")
    keep_on_phone(phone, made, tokens)  # the start's links: table 2's is still good
    phone.goto(f"/#/e/{made['id']}")
    phone.locator("#tables").wait_for()
    # at a glance: which table waits for its link (table 2's link, kept, is good)
    assert phone.locator("#need-links").inner_text() == "Table 1 needs its link."
    assert phone.locator("[data-table='1']").get_attribute("class").endswith("needs-link")
    assert "needs-link" not in phone.locator("[data-table='2']").get_attribute("class")
    # the thumb: the button is in the bar fixed at the foot of the screen
    button = phone.locator("#link-next")
    assert button.inner_text() == "Make table 1's link"
    box = button.bounding_box()
    assert box["y"] > 0.75 * 844 and box["y"] + box["height"] <= 844 and box["height"] >= 48
    button.click()
    # one tap: the link is made and its QR code is open, on screen and clear of the bar
    phone.locator("#table-link-1[open]").wait_for()
    qr = phone.get_by_role("img", name="QR code: Table 1's link and QR").bounding_box()
    bar = phone.locator(".event-bar").bounding_box()
    assert qr["y"] >= 48 and qr["y"] + qr["height"] <= bar["y"], (qr, bar)
    assert phone.locator("#need-links").count() == 0 and phone.locator("#link-next").count() == 0
    link = phone.locator("#table-link-1 .link-text").inner_text()
    assert f"#/t/{made['id']}/W1.3/" in link

    # table 1's phone: the finished match says where the next link comes from; the new
    # link opens the next match
    table = browser.new_context(viewport={"width": 390, "height": 844}, base_url=base_url)
    page = table.new_page()
    try:
        page.goto(f"/#/t/{made['id']}/W1.1/{tokens['W1.1']}")
        assert page.locator("#next-link").inner_text() == (
            "This match is over. The next match at table 1 has a new link: ask the director "
            "for it, and scan its QR code with this phone."
        )
        page.goto(link)
        page.get_by_role("heading", name="Table 1").wait_for()
        view = api(base_url, "GET", f"/api/events/{made['id']}", made["director_token"])
        called = next(m for m in view["matches"] if m["id"] == "W1.3")
        names = [next(t["name"] for t in view["teams"] if t["id"] == i) for i in called["teams"]]
        shown = page.locator("#table-teams li strong").all_inner_texts()
        assert shown == names and (called["table"], called["status"]) == (1, "playing")
        assert page.get_by_role("button", name="Score game 1").is_visible()
    finally:
        table.close()


SCROLLED_GAP = """() => {
    window.scrollTo(0, document.body.scrollHeight);
    const last = document.querySelector('#public-link').getBoundingClientRect();
    const bar = document.querySelector('.event-bar').getBoundingClientRect();
    const atEnd = window.scrollY + window.innerHeight >= document.body.scrollHeight - 1;
    return window.scrollY > 0 && atEnd && { gap: bar.top - last.bottom };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_link_bar_fits_a_320_px_phone(browser, base_url, scheme, axe_source):
    """The bar's extra row at 320x640, light and dark (the house bar): nothing past the
    right edge, 48 px targets, no axe violation, and the last card clears the bar."""
    made, tokens = table_1_decided(base_url)
    context = browser.new_context(
        viewport={"width": 320, "height": 640},
        base_url=base_url,
        color_scheme=scheme,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    try:
        page.goto("/#/")
        wait_js(page, "() => document.querySelector('#tournaments')")
        keep_on_phone(page, made, tokens)
        page.goto(f"/#/e/{made['id']}")
        page.locator("#link-next").wait_for()
        screenshot(page, f"director-needs-link-320-{scheme}")
        assert page.evaluate(WIDEST) <= 320.5
        assert page.evaluate(SMALL_TARGETS) == []
        assert axe_violations(page, axe_source) == []
        # scrolled to the end and measured in one step, again until the scroll took (the
        # screen may still be drawing the event's second read when the test scrolls)
        gap = wait_js(page, SCROLLED_GAP)
        assert gap["gap"] >= 0, gap
    finally:
        context.close()


def test_offline_the_screen_says_what_still_works_and_stays_where_the_director_is(phone, base_url):
    """ "Online only is acceptable for the director (say so plainly when offline)": the
    links already on the phone still work, nothing new can be made; the 15 s timer's read
    without a signal says so without scrolling the screen away from the table in hand."""
    made, tokens = table_1_decided(base_url)
    phone.clock.install()
    phone.goto("/#/")
    wait_js(phone, "() => document.querySelector('#tournaments')")
    keep_on_phone(phone, made, tokens)
    phone.goto(f"/#/e/{made['id']}")
    phone.locator("#tables").wait_for()
    phone.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    seen = "() => document.querySelector('#public-link').getBoundingClientRect().top"
    before = phone.evaluate(seen)
    assert phone.evaluate("() => window.scrollY") > 300
    phone.context.set_offline(True)
    phone.clock.run_for(16_000)  # one turn of the timer
    note = phone.locator("#event-note")
    note.filter(has_text="No signal").wait_for(state="attached")
    assert abs(phone.evaluate(seen) - before) < 2  # the note shows above; what is seen stays
    words = note.inner_text()
    assert words.startswith("No signal: this is the tournament as it stood at "), words
    assert words.endswith(
        "The table links and QR codes shown still work; anything new needs the network."
    ), words
    phone.get_by_role("button", name="Make table 1's link").first.click()
    note.filter(has_text="Nothing was changed").wait_for()
    phone.context.set_offline(False)
    phone.evaluate("() => window.dispatchEvent(new Event('online'))")
    note.wait_for(state="hidden")


def test_opened_offline_the_screen_shows_the_table_links_the_phone_keeps(phone, base_url):
    """docs/tournament-screens.md "Online only": the director's screen opened without a
    signal (a phone that lost the hall's wifi) still shows the table links and QR codes this
    phone holds, for the tables as it last saw them, and says plainly they may not be
    current; it never names a bracket id."""
    made, tokens = table_1_decided(base_url)
    phone.goto("/#/")
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_js(phone, "() => navigator.serviceWorker.controller !== null")
    keep_on_phone(phone, made, tokens)
    phone.goto(f"/#/e/{made['id']}")
    phone.locator("#tables").wait_for()
    online = phone.locator("#table-link-2 .link-text").inner_text()
    phone.context.set_offline(True)
    phone.reload()
    note = phone.locator("#event-note")
    note.filter(has_text="No signal").wait_for()
    words = note.inner_text()
    assert words == (
        "No signal: the tournament cannot be read now. Below are the table links this phone "
        "keeps; they may not be current (a match may be over, or its link made again). "
        "Anything new needs the network."
    )
    table_2 = phone.locator("[data-table='2']")
    assert table_2.get_by_role("heading", name="Table 2").is_visible()
    assert table_2.locator(".link-text").inner_text() == online  # the same link, and its QR
    assert table_2.locator("svg.qr").count() == 1
    assert "As this phone last saw it, at " in table_2.inner_text()
    # table 1's new match was called by a table's hand: this phone holds no link for it
    assert phone.locator("[data-table='1']").count() == 0
    assert "W1." not in phone.inner_text("main") and "W2." not in phone.inner_text("main")
    table_2.locator("summary").click()  # the QR, as the director shows it to the table
    assert screen_problems(phone, "tournament-offline-kept") == {}
    phone.context.set_offline(False)
