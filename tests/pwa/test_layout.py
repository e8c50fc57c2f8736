"""Phone-first layout: nothing wider than a 320 px screen, tap targets of 48 px, no layout shift."""

from helpers.browser import Table, wait_js, wait_still
from helpers.layout import SMALL_TARGETS, WIDEST

SHIFTS = """() => { window.shifts = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) {
        if (!e.hadRecentInput) window.shifts += e.value; } })
      .observe({ type: 'layout-shift', buffered: true }); }"""


def test_every_screen_fits_320_px_with_48_px_targets(browser, base_url):
    context = browser.new_context(
        viewport={"width": 320, "height": 640}, base_url=base_url, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    table = Table(page, base_url)
    problems = {}

    def check(name):
        widest = page.evaluate(WIDEST)
        small = page.evaluate(SMALL_TARGETS)
        if widest > 320.5 or small:
            problems[name] = (widest, small)

    try:
        table.open()
        check("games")
        page.click("#new-game")
        page.wait_for_selector("#start")
        page.set_checked("#rule-nello", True)
        check("new-game")
        page.click("#start")
        page.wait_for_url("**/#/g/*")
        game_id = page.url.split("#/g/")[1]
        table.hand(1, 31, 33)
        table.hand(2, '{"contract":"nello","marks":1,"doubles":"high"}', "made")
        check("sheet")
        page.click(".bidder-bar [data-seat='3']")
        page.click("[data-bid='30']")
        check("hand")
        page.click("a:text('Cancel')")
        for hand in [(0, 84, "made"), (2, 84, "made"), (0, 84, "made")]:
            table.hand(*hand)
        page.wait_for_url("**/over")
        table.wait_synced(game_id)
        page.wait_for_selector("svg.qr")
        check("game-over")
    finally:
        context.close()
    assert problems == {}


def test_no_layout_shift_while_playing(table):
    table.open()
    page = table.page
    page.evaluate(SHIFTS)
    game_id = table.new_game("marks")
    for hand in [(1, 30, 35), (2, 42, "made"), (3, 34, 20)]:
        table.hand(*hand)
    table.wait_synced(game_id)
    page.reload()
    page.evaluate(SHIFTS)
    page.wait_for_selector(".hands")
    wait_js(page, "() => document.querySelectorAll('.sync.synced').length === 3")
    wait_still(page)
    assert page.evaluate("window.shifts") < 0.01


def test_screen_kept_awake_during_a_game_only(table):
    table.open()
    page = table.page
    if not page.evaluate("'wakeLock' in navigator"):
        return  # nothing to hold: the app works without it
    assert page.evaluate("document.documentElement.dataset.awake") is None
    table.new_game("marks")
    wait_js(page, "() => document.documentElement.dataset.awake === 'on'")
    page.click("a.brand")
    wait_js(page, "() => document.documentElement.dataset.awake === undefined")


# Controls in view under the toast: they meet its box, and at the middle of the overlap the
# page shows the control itself (elementFromPoint skips the toast: it takes no pointer events).
TOAST_OVER = """() => { const t = document.getElementById('toast').getBoundingClientRect();
    return [...document.querySelectorAll('main button, main a, main input, main select')]
      .filter((el) => el.getClientRects().length)
      .filter((el) => { const r = el.getBoundingClientRect();
        const x = (Math.max(r.left, t.left) + Math.min(r.right, t.right)) / 2;
        const y = (Math.max(r.top, t.top) + Math.min(r.bottom, t.bottom)) / 2;
        return r.bottom > t.top && r.top < t.bottom && r.right > t.left && r.left < t.right
          && el.contains(document.elementFromPoint(x, y)); })
      .map((el) => el.textContent.trim() || el.id); }"""


def test_a_toast_never_covers_a_control_of_a_scrolled_screen(phone, base_url):
    """The toast is fixed over the top bar; the bar stays put when a screen scrolls, so the
    toast sits on the bar and not on the first row of bids."""
    table = Table(phone, base_url)
    table.open()
    table.new_game()
    phone.click(".bidder-bar [data-seat='1']")
    phone.click("[data-bid='30']")
    phone.wait_for_selector("[data-count='42']")  # the count grid makes the screen scroll
    assert phone.evaluate("document.documentElement.scrollHeight") > 844
    for y in (0, 120, 200, 400, 10_000):
        phone.evaluate(f"window.scrollTo(0, {y})")
        phone.evaluate("""() => { const t = document.getElementById('toast');
            t.textContent = 'Hand 1 saved on this phone'; t.classList.add('show'); }""")
        assert phone.evaluate(TOAST_OVER) == [], f"scrolled to {y}"
