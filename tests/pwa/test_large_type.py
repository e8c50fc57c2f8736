"""Large type: a switch on the game list, kept on the phone, makes the whole app about 1.3
times larger with its targets; nothing scrolls sideways at 320, and the hand screen fits
390x844 with one scroll at most. Screenshots: TALLY_SHOTS=dir (390x844 and 320x640, light and
dark)."""

import pytest
from helpers.browser import Table, new_phone, screenshot, wait_js, wait_still

NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"
# targets under 48 px as drawn (after the zoom); the helper's tricks share one row (32 px up)
SMALL = """() => [...document.querySelectorAll('button, a.btn, input, select, summary')]
    .filter((el) => el.getClientRects().length)
    .map((el) => [el, (el.type === 'checkbox' && el.closest('label') || el)
                        .getBoundingClientRect()])
    .filter(([el, r]) => r.height < 47.5
                         || r.width < (el.dataset.tricks === undefined ? 47.5 : 32))
    .map(([el, r]) => `${el.textContent.trim() || el.id} ${Math.round(r.width)}`
                      + `x${Math.round(r.height)}`)"""
BUTTON_HEIGHT = "() => document.querySelector('#new-game').getBoundingClientRect().height"
# the heading's type as drawn: its size times the page's zoom
FONT = """() => parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)
                * (parseFloat(getComputedStyle(document.body).zoom) || 1)"""


def large_phone(browser, base_url, width, height, scheme):
    """A phone of that size and scheme, on the game list with large type switched on."""
    context, page = new_phone(browser, base_url, color_scheme=scheme)
    page.set_viewport_size({"width": width, "height": height})
    table = Table(page, base_url)
    table.open()
    normal = page.evaluate(BUTTON_HEIGHT), page.evaluate(FONT)
    page.get_by_role("checkbox", name="Large type").check()
    return context, page, table, normal


def fits(page, name, problems):
    """Note what scrolls sideways or is too small to tap on the screen shown."""
    wait_still(page)
    if not page.evaluate(NO_SIDEWAYS):
        problems[f"{name}: sideways"] = page.evaluate("document.documentElement.scrollWidth")
    small = page.evaluate(SMALL)
    if small:
        problems[f"{name}: small"] = small


def test_large_type_is_1_3_times_larger_and_kept_on_the_phone(browser, base_url):
    context, page, table, (button, font) = large_phone(browser, base_url, 390, 844, "light")
    try:
        assert page.evaluate(BUTTON_HEIGHT) == pytest.approx(button * 1.3, abs=1)
        assert page.evaluate(FONT) == pytest.approx(font * 1.3, abs=0.5)
        page.reload()
        page.wait_for_selector("#new-game")
        assert page.evaluate("() => document.documentElement.classList.contains('large-type')")
        assert page.get_by_role("checkbox", name="Large type").is_checked()
        page.get_by_role("checkbox", name="Large type").uncheck()
        assert page.evaluate(BUTTON_HEIGHT) == pytest.approx(button, abs=1)
        page.reload()
        page.wait_for_selector("#new-game")
        assert not page.get_by_role("checkbox", name="Large type").is_checked()
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_hand_screen_fits_390_with_one_scroll_at_most(browser, base_url, scheme):
    context, page, table, _ = large_phone(browser, base_url, 390, 844, scheme)
    try:
        problems = {}
        fits(page, "games", problems)
        screenshot(page, f"large-390-games-{scheme}")
        table.new_game("marks", preset="straight-42")
        page.click(".bidder-bar [data-seat='1']")
        page.click("[data-bid='30']")
        fits(page, "hand", problems)
        height = page.evaluate("() => document.documentElement.scrollHeight")
        assert height <= 2 * 844, f"the hand screen is {height} px: more than one scroll"
        screenshot(page, f"large-390-hand-{scheme}")
        page.click("[data-count='35']")
        page.click("#save")
        wait_js(page, "() => !location.hash.includes('/hand')")
        fits(page, "sheet", problems)
        screenshot(page, f"large-390-sheet-{scheme}")
        assert problems == {}
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_nothing_scrolls_sideways_at_320(browser, base_url, scheme):
    context, page, table, _ = large_phone(browser, base_url, 320, 640, scheme)
    try:
        problems = {}
        fits(page, "games", problems)
        screenshot(page, f"large-320-games-{scheme}")
        page.click("#new-game")
        page.wait_for_selector("#start")
        fits(page, "new-game", problems)
        screenshot(page, f"large-320-new-game-{scheme}")
        page.click("#start")
        page.wait_for_url("**/#/g/*")
        game_id = page.url.split("#/g/")[1]
        fits(page, "sheet", problems)
        screenshot(page, f"large-320-sheet-{scheme}")
        page.click(".bidder-bar [data-seat='1']")
        page.click("[data-bid='30']")
        page.get_by_text("Help me count").click()
        page.get_by_role("button", name="4 tricks").click()
        fits(page, "hand", problems)
        screenshot(page, f"large-320-hand-{scheme}")
        page.click("a:text('Cancel')")
        for hand in [(1, 84, "made"), (3, 84, "made"), (1, 84, "made"), (3, 84, "made")]:
            table.hand(*hand)
        page.wait_for_url("**/over")
        table.wait_synced(game_id)
        page.wait_for_selector("svg.qr")
        fits(page, "game-over", problems)
        screenshot(page, f"large-320-over-{scheme}")
        assert problems == {}
    finally:
        context.close()
