"""Every screen, at 320x640 and 390x844, light and dark: nothing scrolls sideways
(scrollWidth <= clientWidth, the share page included) and no toast is over a control; with
TALLY_SHOTS set, a screenshot of each. And the words on every screen read clean."""

import re

import pytest
from helpers.browser import Table, new_phone, screenshot, wait_js, wait_still
from helpers.words import unclean

SIDEWAYS = """() => { const d = document.documentElement;
    return { scroll: d.scrollWidth, client: d.clientWidth }; }"""
# every control under the shown toast, the header's included
TOAST_OVER = """() => { const el = document.getElementById('toast');
    if (!el || !el.classList.contains('show')) return [];
    const t = el.getBoundingClientRect();
    return [...document.querySelectorAll('button, a, input, select, summary')]
      .filter((c) => c.getClientRects().length && c !== el)
      .filter((c) => { const r = c.getBoundingClientRect();
        return r.bottom > t.top && r.top < t.bottom && r.right > t.left && r.left < t.right; })
      .map((c) => c.textContent.trim() || c.id); }"""
SIZES = {"320": {"width": 320, "height": 640}, "390": {"width": 390, "height": 844}}


def visit_every_screen(page, base_url, look):
    """Walk the app through each of its screens, calling look(name) on each."""
    table = Table(page, base_url)
    table.open()
    look("games-empty")
    page.click("#new-game")
    page.wait_for_selector("#start")
    page.select_option("#preset", "h2g2-house")
    page.get_by_text("What these rules mean").click()
    look("new-game")
    page.fill("#carry-0", "9")
    page.click("#start")
    page.wait_for_selector("#carry-error")
    look("new-game-carry-error")
    page.fill("#carry-0", "")
    page.fill("#team-0", "Rangers")
    page.fill("#team-1", "Aggies of the Brazos Valley")
    page.fill("#seat-0", "Ann")
    page.click("#start")
    page.wait_for_url("**/#/g/*")
    game_id = page.url.split("#/g/")[1]
    table.hand(1, 30, 35)
    table.hand(2, 84, "set")
    page.wait_for_selector(".hands")
    look("sheet")
    page.click(".bidder-bar [data-seat='3']")
    page.click("[data-bid='84']")
    look("hand")
    page.click("a:text('Cancel')")
    page.get_by_role("button", name="Undo last").click()
    page.get_by_role("button", name="Put it back").wait_for()
    look("sheet-undone")
    page.get_by_role("button", name="Put it back").click()
    wait_js(page, "() => document.querySelectorAll('.hands tbody tr').length === 2")
    page.get_by_role("link", name="Rules").click()
    page.wait_for_selector("h1:has-text('Rules')")
    look("rules-game")
    page.goto(f"{base_url}/#/rules/texas-88")
    page.wait_for_selector("h1:has-text('Rules')")
    look("rules-preset")
    page.goto(f"{base_url}/#/g/{game_id}")
    for hand in [(0, 84, "made"), (2, 84, "made"), (0, 84, "made"), (2, 42, "made")]:
        table.hand(*hand)
    page.wait_for_url("**/over")
    table.wait_synced(game_id)
    page.wait_for_selector("svg.qr")
    look("game-over")
    share_url = page.get_attribute("#share-link", "href")
    page.goto(f"{base_url}/#/g/{game_id}")
    page.wait_for_selector(".hands")
    look("sheet-over")
    page.click("a.brand")
    page.wait_for_selector(".list li")
    look("games")
    # a points game, mid-way, with its "to go", and its share page while live
    points_id = table.new_game("points", carry=[120, 95])
    for hand in [(0, 30, 42), (1, 35, 30)]:
        table.hand(*hand)
    look("sheet-points")
    table.wait_synced(points_id)
    page.evaluate(
        """async (id) => { const store = await import('/js/store.js');
        await store.updateGame(id, (g) => { g.conflict = { status: 409, hand_no: 2, kind: 'put',
          mine: g.hands[1], theirs: g.hands[0],
          message: 'Another phone changed hand 2 first.' }; return []; }); }""",
        points_id,
    )
    page.goto(f"{base_url}/#/g/{points_id}/conflict")
    page.wait_for_selector("#keep-mine")
    look("conflict")
    page.goto(f"{base_url}/#/g/{points_id}/over")
    page.wait_for_selector("#share-link")
    live_share = page.get_attribute("#share-link", "href")
    page.goto(f"{base_url}/#/join/{'0' * 8}-0000-4000-8000-{'0' * 12}/{'x' * 43}")
    page.wait_for_selector("main .banner")
    look("join-refused")
    page.goto(f"{base_url}/#/g/no-such-game")
    page.wait_for_selector("h1:text('Game not found')")
    look("not-found")
    for name, url in (("share-over", share_url), ("share-live", live_share)):
        page.goto(url)
        page.wait_for_selector("section[aria-label='Hands'] table")  # the race's is folded
        look(name)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", sorted(SIZES))
def test_every_screen_fits(browser, base_url, size, scheme):
    context, page = new_phone(browser, base_url, color_scheme=scheme)
    page.set_viewport_size(SIZES[size])
    problems = {}

    def look(name):
        wait_still(page)
        width = page.evaluate(SIDEWAYS)
        if width["scroll"] > width["client"]:
            problems[f"{name}: scrolls sideways"] = width
        covered = page.evaluate(TOAST_OVER)
        if covered:
            problems[f"{name}: toast over"] = covered
        screenshot(page, f"{name}-{size}-{scheme}")

    try:
        visit_every_screen(page, base_url, look)
    finally:
        errors = [e for e in page.js_errors if not re.search("Failed to load resource", e)]
        context.close()
    assert problems == {}
    assert errors == []


def test_every_screen_reads_clean(browser, base_url):
    """The words on every screen, the share page's included. The preset descriptions come
    from the API: clean once the rules helper's rewrite of them is merged."""
    context, page = new_phone(browser, base_url)
    words = {}

    def look(name):
        text = page.inner_text("body")
        if unclean(text):
            words[name] = [line for line in text.split("\n") if unclean(line)]

    try:
        visit_every_screen(page, base_url, look)
    finally:
        context.close()
    assert words == {}
