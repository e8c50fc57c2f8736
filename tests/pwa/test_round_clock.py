"""The round clock and "time called" on the phones (docs/rules.md
36-38; docs/tournaments.md "The round clock"). A director with a 30-minute clock calls time
at table 1 from the director's phone; the table's phone says "Time! Finish this hand", then
"Level: one more hand", then who won on time, and the bracket moves on by itself."""

import re

import pytest
from helpers.browser import Table, new_phone, screenshot, wait_js
from helpers.director_links import post_hand  # side 0 bids 2 marks and makes it
from helpers.director_screens import api, start_event
from helpers.layout import SMALL_TARGETS, WIDEST
from helpers.table_phone import SIZES, TEAMS, keep_event
from helpers.waits import ms

LEFT = r"^\d+:\d\d left in this game$"


def clock_event(base_url):
    """Rangers v Aggies at table 1 (one game a match, a 30-minute clock): Rangers 2-0 there."""
    made, started = start_event(
        base_url,
        TEAMS,
        format="single-elimination",
        first_to=[1],
        tables=2,
        time_limit_minutes=30,
    )
    link = started["new_table_links"]["1"]
    read = api(base_url, "GET", f"/api/events/{made['id']}/tables/1", link)
    post_hand(base_url, read["match"]["current_game"], link, 1)
    return made, started, link, read["match"]["current_game"]


def test_the_director_calls_time_and_the_table_finishes_the_hand(browser, base_url):
    made, started, link, game_id = clock_event(base_url)
    context, director = new_phone(browser, base_url)
    try:
        director.goto("/#/")
        wait_js(director, "() => document.querySelector('#tournaments')")
        keep_event(director, made, started)
        director.goto(f"/#/e/{made['id']}")
        director.locator("#clock-1").filter(has_text="left in this game").wait_for()
        assert director.locator("#call-time-all").inner_text() == "Call time at every table (2)"
        phone = context.new_page()
        errors = []
        phone.on("pageerror", lambda exc: errors.append(str(exc)))
        phone.goto(f"/#/table/{made['id']}/1/{link}")
        clock = phone.locator("#table-clock")
        clock.wait_for()
        assert clock.inner_text().startswith(("29:", "30:")), clock.inner_text()
        phone.locator("#play-game").click()
        phone.wait_for_url(f"**/#/g/{game_id}")
        phone.locator("#sheet-clock").filter(has_text="left in this game").wait_for()
        screenshot(phone, "clock-sheet-left-390-light")
        table = Table(phone, base_url)
        # the director's one tap; the sheet says so by itself
        director.bring_to_front()
        director.locator("#call-time-1").click()
        director.locator("#clock-1").filter(has_text="Time! Finish this hand.").wait_for()
        board = context.new_page()  # the hall's TV: each table's clock, counted down there
        board.set_viewport_size({"width": 1920, "height": 1080})
        board.goto(f"/b/{made['public_token']}")
        board.locator(".card .clock.called").filter(has_text="Time! Finishing the hand").wait_for()
        left = board.locator(".card .clock[data-deadline]")
        assert re.match(r"^\d+:\d\d left$", left.inner_text()), left.inner_text()
        screenshot(board, "clock-board-1920")
        board.close()
        phone.bring_to_front()
        banner = phone.locator("#time-called")
        banner.filter(has_text="Time! Finish this hand.").wait_for(timeout=ms(25))
        screenshot(phone, "clock-sheet-time-390-light")
        table.hand(1, "84", "made")  # Aggies (seats 1, 3) 2 marks: 2-2, level
        banner.filter(has_text="Level: one more hand.").wait_for()
        table.hand(0, "84", "made")  # Rangers: 4-2 on time
        phone.locator("#time-called").filter(
            has_text="Rangers win on time, 4 marks to 2."
        ).wait_for()
        screenshot(phone, "clock-over-390-light")
        table.wait_synced(game_id)
        server = table.server_game(game_id)
        assert (server["winner"], server["time"]["phase"]) == (0, "decided")
        view = api(base_url, "GET", f"/api/events/{made['id']}", made["director_token"])
        w11 = next(m for m in view["matches"] if m["id"] == "W1.1")
        assert (w11["winner"], w11["how"]) == (w11["teams"][0], "games")
        assert errors == director.js_errors == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_clock_screens_fit_and_read_clean(browser, base_url, size, scheme):
    """Time called at table 1 (by the API), table 2 still counting down: the table's screen,
    its sheet and the director's tables fit, with 48 px targets, at 390x844 and 320x640,
    light and dark."""
    made, started, link, game_id = clock_event(base_url)
    api(base_url, "POST", f"/api/events/{made['id']}/tables/1/time", made["director_token"], {})
    context, page = new_phone(browser, base_url, scheme, SIZES[size])
    try:
        page.goto(f"/#/table/{made['id']}/1/{link}")
        page.locator("#table-clock").filter(has_text="Time! Finish this hand.").wait_for()
        screenshot(page, f"clock-table-{size}-{scheme}")
        page.locator("#play-game").click()
        page.locator("#time-called").filter(has_text="Time! Finish this hand.").wait_for()
        screenshot(page, f"clock-sheet-{size}-{scheme}")
        for check in (WIDEST,):
            assert page.evaluate(check) <= SIZES[size]["width"] + 0.5
        page.goto("/#/")
        wait_js(page, "() => document.querySelector('#tournaments')")
        keep_event(page, made, started)
        page.goto(f"/#/e/{made['id']}")
        page.locator("#call-time-2").scroll_into_view_if_needed()
        assert page.locator("#clock-2").inner_text().endswith("left in this game")
        screenshot(page, f"clock-director-{size}-{scheme}")
        assert page.evaluate(WIDEST) <= SIZES[size]["width"] + 0.5
        assert page.evaluate(SMALL_TARGETS) == []
        page.goto("/#/events/new")  # the event form's round clock: refused in words
        page.fill("#event-name", "Richardson 42")
        page.fill("#event-time-limit", "3")
        page.locator("#make-event").click()
        page.get_by_text("The round clock is a whole number of minutes from 5 to 240").wait_for()
        assert page.evaluate("document.activeElement.id") == "event-time-limit"
        assert page.js_errors == []
    finally:
        context.close()
