"""The board's screens in a browser (docs/tournaments.md "The board"):
every screen of a 32-team double elimination mid-way, a 128-team double elimination at the
start and mid-way (40 tables) and a 128-team round robin fits 1920x1080 and 1280x720 with
nothing clipped or overlapping and type a hall can read; without JavaScript the refresh
moves on to the next screen; with it the board rotates without a reload and still shows a
live hand.

The events are seeded fast through the director API (bench/event_seed.py: forfeits and a few
hands, not whole games). Screenshots go to $BOARD_SHOTS when set (not committed)."""

import pathlib
import sys
import uuid

import pytest
from helpers.board import CLIPPED, HALL, OVERLAPS, SMALL_TV, open_board, shoot
from helpers.browser import serve, wait_js

sys.path.insert(0, str(pathlib.Path(__file__).parents[2] / "bench"))
from event_seed import TWO_MARKS, EventSeed  # noqa: E402
from helpers.board_screens import forfeit_all, hands_at_tables
from helpers.waits import ms

SCREEN_S = 2  # each screen's time, short for the rotation test


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The whole app in one process; each screen shown for SCREEN_S seconds."""
    url, stop = serve(
        tmp_path_factory.mktemp("screens"), BOARD_REFRESH_SECONDS=1, BOARD_SCREEN_SECONDS=SCREEN_S
    )
    yield url
    stop()


def seeded(url, teams, tables, fmt="double-elimination", rounds=(), won=0):
    """An event started at `tables` tables, with `rounds`: (id prefix, share forfeited) (a
    forfeit in a 128-team round robin costs a second: its games are won at `won` tables)."""
    event = EventSeed(url, teams=teams, fmt=fmt, tables=tables)
    event.check_in_all()
    event.start()
    for prefix, share in rounds:
        forfeit_all(event, prefix, share)
    hands_at_tables(event, won)
    return event


def one_more_hand(event, table):
    """One more hand (side 0 bids 2 marks and makes it) in the game at `table`; returns the
    game's totals afterwards."""
    match = next(
        m for m in event.view()["matches"] if m["table"] == table and m["status"] == "playing"
    )
    game = next(g for g in match["games"] if not g["game_over"])
    hands = event.call("GET", f"/api/games/{game['id']}")["hands"]
    event.call(
        "POST",
        f"/api/games/{game['id']}/hands",
        {"hand_no": len(hands) + 1, "bidder": 0, **TWO_MARKS},
        status=201,
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    match = next(m for m in event.public_view()["matches"] if m["id"] == match["id"])
    assert len(match["games"][-1]["totals"]) == 2 and sum(match["games"][-1]["totals"]) > 0
    return match["games"][-1]["totals"]


@pytest.fixture(scope="module")
def events(server):
    """The four events of the sizes a hall runs (seeded once for the module)."""
    return {
        "32-de-midway": seeded(server, 32, 8, rounds=[("W1.", 1), ("W2.", 0.5), ("L1.", 0.5)]),
        "128-de-start": seeded(server, 128, 40),
        "128-de-midway": seeded(server, 128, 40, rounds=[("W1.", 1), ("W2.", 0.5), ("L1.", 0.5)]),
        "128-rr": seeded(server, 128, 40, fmt="round-robin", won=16),
    }


def screens_of(page):
    return int(page.evaluate("() => document.body.dataset.screens"))


SIZES = """() => ({
  card: [...document.querySelectorAll('.card .side .name')].map(
    (el) => parseFloat(getComputedStyle(el).fontSize)),
  bracket: [...document.querySelectorAll('.match .side .name')].map(
    (el) => parseFloat(getComputedStyle(el).fontSize)),
  standings: [...document.querySelectorAll('.rr th[scope=row], .entered li')].map(
    (el) => parseFloat(getComputedStyle(el).fontSize)),
  bottom: Math.max(...[...document.querySelectorAll(
    '.rr tr, .entered li, .round h3')].map((el) => el.getBoundingClientRect().bottom), 0),
  main: document.querySelector('.main-col').getBoundingClientRect().bottom,
})"""


def check_screen(page, viewport):
    """Nothing clipped or overlapping, names big enough (test_board.py's checks), and no
    standings row or team name below the main column's edge."""
    clipped = page.evaluate(CLIPPED)
    assert clipped == [], clipped
    overlaps = page.evaluate(OVERLAPS)
    assert overlaps == [], overlaps
    sizes = page.evaluate(SIZES)
    height = viewport["height"]
    assert all(s >= 0.025 * height for s in sizes["card"]), sizes["card"][:3]
    assert all(s >= 0.016 * height for s in sizes["bracket"]), sizes["bracket"][:3]
    assert all(s >= 0.02 * height for s in sizes["standings"]), sizes["standings"][:3]
    assert sizes["bottom"] <= sizes["main"] + 1, sizes
    return sizes


@pytest.mark.parametrize("viewport", [HALL, SMALL_TV], ids=["1920x1080", "1280x720"])
@pytest.mark.parametrize("name", ["32-de-midway", "128-de-start", "128-de-midway", "128-rr"])
def test_every_screen_fits_and_reads(hall_browser, server, events, name, viewport):
    event = events[name]
    context = hall_browser.new_context(viewport=viewport, base_url=server)
    page = context.new_page()
    page.set_default_timeout(ms(60))  # a 128-team board: under load its page took past 10 s
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"/b/{event.public}?hold=1")
        count = screens_of(page)
        assert count > 1  # too big for one screen: it is cut into several
        seen = set()
        for n in range(1, count + 1):
            page.goto(f"/b/{event.public}?screen={n}&hold=1")
            words = page.inner_text(".bar .screen")
            assert words.endswith(f"screen {n} of {count}"), words
            shoot(page, f"board-{name}-{viewport['width']}-s{n}.png")
            sizes = check_screen(page, viewport)
            seen.update(["tables"] if sizes["card"] else [])
            seen.update(["bracket"] if sizes["bracket"] else [])
            seen.update(["standings"] if sizes["standings"] else [])
        # every table and every match in play is on some screen
        assert "tables" in seen and ("bracket" in seen or "standings" in seen), seen
        assert not errors, errors
    finally:
        context.close()


@pytest.fixture(scope="module")
def hall_browser(playwright):
    from helpers.browser import ARGS, CHROMIUM

    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield browser
    browser.close()


def test_without_javascript_the_refresh_moves_to_the_next_screen(hall_browser, server, events):
    event = events["32-de-midway"]
    context, page = open_board(hall_browser, server, event, theme="light", js=False)
    try:
        count = screens_of(page)
        shoot(page, "board-32-de-midway-1920-light-s1.png")
        meta = page.locator('meta[http-equiv="refresh"]').get_attribute("content")
        assert meta == f"{SCREEN_S}; url=/b/{event.public}?screen=2&theme=light"
        # the browser follows it: screen 2, still light, then on round to screen 1
        page.wait_for_url(f"**/b/{event.public}?screen=2&theme=light", timeout=ms(5))
        assert page.inner_text(".bar .screen").endswith(f"screen 2 of {count}")
        assert page.locator("body.theme-light").count() == 1
        shoot(page, "board-32-de-midway-1920-light-s2.png")
    finally:
        context.close()


def test_with_javascript_the_board_rotates_without_reload_and_shows_a_live_hand(
    hall_browser, server, events
):
    event = events["32-de-midway"]
    context, page = open_board(hall_browser, server, event)
    try:
        count = screens_of(page)
        page.evaluate("() => { window.notReloaded = true; }")
        # the screen shown moves on (which one is on show when this reads it depends on how
        # long the load took: a loaded machine may already be past screen 1)
        shown = page.inner_text(".bar .screen")
        assert shown.endswith(f" of {count}"), shown
        wait_js(
            page,
            "(shown) => document.querySelector('.bar .screen').textContent !== shown",
            shown,
            timeout=ms(SCREEN_S + 3),
        )
        assert page.locator('meta[http-equiv="refresh"]').count() == 0
        # a hand at table 1 shows when the tables come round again, with no reload
        totals = one_more_hand(event, 1)
        wait_js(
            page,
            """(want) => [...document.querySelectorAll('.card')].some((c) =>
                 new RegExp(want).test(c.innerText.replace(/\\s+/g, ' ')))""",
            f"^Table 1 .* 0 {totals[0]} .* 0 {totals[1]}( |$)",
            timeout=ms(count * SCREEN_S + 5),
        )
        assert page.evaluate("() => window.notReloaded === true")
        assert not page.js_errors, page.js_errors
    finally:
        context.close()
