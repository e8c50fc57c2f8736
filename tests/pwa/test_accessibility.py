"""axe-core finds no violations on any screen, light and dark (screenshots: TALLY_SHOTS=dir)."""

import pytest
from helpers.browser import Table, axe_violations, new_phone, screenshot, wait_js

SETTLED = """() => {
  const toast = document.querySelector('#toast');
  const drawn = document.querySelector('main h1, h1');
  return drawn && (!toast || ['0', '1'].includes(getComputedStyle(toast).opacity));
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_screen_passes_axe(browser, base_url, axe_source, scheme):
    context, page = new_phone(browser, base_url, color_scheme=scheme)
    table = Table(page, base_url)
    found = {}

    def check(name):
        # axe reads the screen as it is: wait until the screen is drawn (its heading is there;
        # a busy machine changes the address before the new screen is drawn) and the toast has
        # come or gone (mid-fade its colours are a blend; a busy machine stretches the 0.2 s fade)
        wait_js(page, SETTLED)
        screenshot(page, f"{name}-{scheme}")
        found[name] = axe_violations(page, axe_source)

    try:
        table.open()
        check("games-empty")
        page.click("#new-game")
        page.wait_for_selector("#start")
        check("new-game")
        page.click("#start")
        page.wait_for_url("**/#/g/*")
        game_id = page.url.split("#/g/")[1]
        page.wait_for_selector(".bidder-bar [data-seat='1']")
        check("sheet-empty")
        page.click(".bidder-bar [data-seat='1']")
        page.click("[data-bid='31']")
        page.click("[data-count='28']")
        page.click("summary:text('Penalty called?')")
        check("hand")
        page.click("summary:text('Penalty called?')")
        page.click("#save")
        wait_js(page, "() => !location.hash.includes('/hand')")
        for hand in [(0, 84, "made"), (2, 42, "set"), (3, 30, 30), (0, 84, "made")]:
            table.hand(*hand)
        check("sheet")
        table.hand(2, 84, "made")
        page.wait_for_url("**/over")
        table.wait_synced(game_id)
        page.wait_for_selector("svg.qr")
        page.click("summary:text('Let another phone keep score')")
        wait_js(page, "() => document.querySelectorAll('svg.qr').length === 2")
        check("game-over")
        page.click("#rematch")
        page.wait_for_selector("#start")
        check("rematch")
        page.goto(base_url + "/#/")
        page.wait_for_selector(".list a")
        check("games")
    finally:
        context.close()
    assert {name: v for name, v in found.items() if v} == {}
