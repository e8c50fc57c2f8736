"""Calling tables ("the table phone's 'We're seated' stops it. When
it runs out the director's phone asks for the no-show with one tap"; docs/tournament-screens.md
"Calling tables"; the Timpson flyer's 5 minutes, docs/rules.md rule 28). Two tables are called:
table 1's phone taps "We're seated" and the board (1920x1080) stops counting for it; table 2's
says only Owls came, the board counts table 2 down each second, and when its time runs out the
director's phone asks for Bears' no-show, recorded with one tap. The clock is moved by setting
table 2's call time back in the store (a 5-minute wait is not waited out)."""

import datetime
import os

import pytest
from helpers.browser import ARGS, CHROMIUM, new_phone, screenshot, serve, wait_js
from helpers.director_screens import api, start_event
from helpers.table_phone import keep_event
from helpers.waits import ms
from playhouse.db_url import connect

from api.store.events import EventMatch

TEAMS = [
    ("Rangers", ["Ann", "Bo"]),
    ("Owls", ["Cy", "Dot"]),
    ("Bears", ["Ed", "Flo"]),
    ("Aggies", ["Gus", "Hal"]),
]
SIZES = [("390", {"width": 390, "height": 844}), ("320", {"width": 320, "height": 640})]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The whole app in one process (the board polls each second); (its URL, its store)."""
    folder = tmp_path_factory.mktemp("calling")
    url, stop = serve(folder, BOARD_REFRESH_SECONDS=1)
    yield url, os.environ.get("PWA_DATABASE_URL") or f"sqlite:///{folder}/tally42.sqlite3"
    stop()


def call_again(store, event_id, bracket_id, seat_in):
    """Move match `bracket_id`'s call back so its time to sit down is `seat_in` from now."""
    database = connect(store)
    called = datetime.datetime.now(datetime.UTC).replace(tzinfo=None) - datetime.timedelta(
        minutes=5
    )
    with database.bind_ctx([EventMatch]), database.connection_context():
        EventMatch.update(called_at=called + seat_in).where(
            (EventMatch.event == event_id) & (EventMatch.bracket_id == bracket_id)
        ).execute()
    database.close()


def shots(page, name):
    """The screen at 390x844 and 320x640, light and dark (only when TALLY_SHOTS is set)."""
    if not os.environ.get("TALLY_SHOTS"):
        return
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for size, viewport in SIZES:
            page.set_viewport_size(viewport)
            screenshot(page, f"{name}-{size}-{scheme}")
    page.emulate_media(color_scheme="light")
    page.set_viewport_size(SIZES[0][1])


def test_seated_stops_the_board_and_times_up_asks_the_director(browser, served, playwright):
    base_url, store = served
    made, started = start_event(
        base_url, TEAMS, format="single-elimination", first_to=[1], tables=2
    )
    event_id, links = made["id"], started["new_table_links"]
    call_again(store, event_id, "W1.2", datetime.timedelta(seconds=20))
    tv = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    contexts = []
    try:
        board = tv.new_page(viewport={"width": 1920, "height": 1080})
        board.goto(f"{base_url}/b/{made['public_token']}")
        clocks = board.locator(".now .clock")
        clocks.first.wait_for()
        assert clocks.count() == 2  # both tables count down to sit down

        pages = {}
        for n in ("1", "2"):
            context, page = new_phone(browser, base_url)
            contexts.append(context)
            page.goto(f"/#/table/{event_id}/{n}/{links[n]}")
            page.locator("#seat-card").wait_for()
            pages[n] = page
        assert pages["1"].locator("#seat-clock").inner_text() == "Sit down within 5 minutes"
        shots(pages["1"], "table-seat")

        # table 1 is seated: one tap; the card goes and the board says "seated"
        pages["1"].locator("#seated").click()
        pages["1"].locator("#seat-card").wait_for(state="detached")
        board.locator(".now .clock.seated").wait_for(timeout=ms(10))

        # table 2: only Owls came; the board keeps counting table 2 down, each second
        pages["2"].locator("#seat-one summary").click()
        pages["2"].locator("#seat-here-0").click()
        here = pages["2"].locator("#seat-here")
        here.wait_for()
        assert here.inner_text() == "Owls are here; Bears are not yet."
        shots(pages["2"], "table-seat-here")
        ticking = board.locator(".now .clock[data-until]")
        before = ticking.inner_text()
        assert before.endswith("to sit down")
        moved = "(before) => document.querySelector('.clock[data-until]').textContent !== before"
        wait_js(board, moved, before, timeout=ms(5))  # each second, with no read
        screenshot(board, "calling-board-1920")
        if os.environ.get("TALLY_SHOTS"):
            board.set_viewport_size({"width": 1280, "height": 720})
            screenshot(board, "calling-board-1280")

        # the director's phone: when table 2's time runs out, it asks with one tap
        context, director = new_phone(browser, base_url)
        contexts.append(context)
        director.goto("/#/")
        wait_js(director, "() => document.querySelector('#tournaments')")
        keep_event(director, made, started)
        director.goto(f"/#/e/{event_id}")
        director.locator("#table-link-1").wait_for()
        assert director.locator("#no-show-ask").is_hidden()  # not before the time
        ask = director.locator("#no-show-ask strong")
        ask.wait_for(timeout=ms(20))
        assert ask.inner_text() == "Bears have not sat down at table 2. Record a no-show?"
        assert board.locator(".now .clock[data-until]").inner_text() == "time is up"
        shots(director, "director-no-show-ask")
        bears = next(t["id"] for t in made["teams"] if t["name"] == "Bears")
        director.locator(f"#no-show-W1\\.2-{bears}").click()
        director.locator("#no-show-ask").wait_for(state="hidden")
        view = api(base_url, "GET", f"/api/events/{event_id}", made["director_token"])
        w12 = next(m for m in view["matches"] if m["id"] == "W1.2")
        assert (w12["how"], w12["winner"]) == ("no-show", w12["teams"][0])
        for page in (*pages.values(), director):
            assert page.js_errors == []
    finally:
        for context in contexts:
            context.close()
        tv.close()
