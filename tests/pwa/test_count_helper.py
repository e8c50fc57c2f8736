"""The count helper on the hand screen: one tap opens it; the side's tricks as one row and
the count dominoes drawn with their pips; it fills the count with the rules engine's sum and
says it in words. Straight 42, Texas 88 (two sets, tricks at 2), nel-o (tricks only), Moon
(a side at a time), offline. Screenshots: TALLY_SHOTS=dir, at 390x844 and 320x640, light and
dark."""

import pytest
from helpers.browser import Table, axe_violations, new_phone, screenshot, wait_js

NELLO = '{"contract":"nello","marks":1,"doubles":"high"}'
NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def open_helper(page):
    """One tap on the fold opens the helper."""
    page.get_by_text("Help me count").click()
    page.wait_for_selector("#count-helper[open] [data-tricks]")


def helper_at_bid(table, preset, bid):
    """A new marks game of `preset` on the table's phone, hand 1 bid `bid` by seat 1, and the
    helper open: the page."""
    table.open()
    table.new_game("marks", preset=preset)
    page = table.page
    page.click(".bidder-bar [data-seat='1']")
    page.click(f"[data-bid='{bid}']")
    open_helper(page)
    return page


def tap_tiles(page, *tiles):
    """Tap count dominoes by their ends ("5-5"); a tile drawn twice (two sets) is tapped in
    order of appearance."""
    seen = {}
    for tile in tiles:
        nth = seen.get(tile, 0)
        page.locator(f"#count-helper [data-tile='{tile}']").nth(nth).click()
        seen[tile] = nth + 1


def last_hand(table, game_id):
    """The last hand as the phone stores it."""
    return table.phone_game(game_id)["game"]["hands"][-1]


def test_straight_42_four_tricks_and_three_count_dominoes_make_29(table):
    table.open()
    game_id = table.new_game("marks", preset="straight-42")
    page = table.page
    page.click(".bidder-bar [data-seat='1']")
    page.click("[data-bid='30']")
    assert not page.is_visible("[data-tricks]")  # folded until asked for
    open_helper(page)
    # drawn tiles: pips, no numbers
    tile = page.locator("#count-helper [data-tile='5-5']")
    assert tile.locator("circle.pip").count() == 10 and tile.inner_text().strip() == ""
    assert page.locator("#count-helper [data-tile]").count() == 5
    assert page.locator("#count-helper [data-tricks]").count() == 8  # 0 to 7, one row
    tops = page.eval_on_selector_all(
        "#count-helper [data-tricks]", "els => els.map((e) => e.getBoundingClientRect().top)"
    )
    assert len(set(tops)) == 1
    page.get_by_role("button", name="4 tricks").click()
    tap_tiles(page, "5-5", "6-4", "3-2")
    assert page.inner_text("#helper-sum") == "4 tricks and 25 in count: 29"
    assert page.get_attribute("[data-count='29']", "aria-pressed") == "true"
    assert page.inner_text("#preview").startswith("needed 30, took 29: set")
    screenshot(page, "count-helper-42")
    # a tile tapped again comes off: 4 tricks and 15 in count
    tap_tiles(page, "6-4")
    assert page.inner_text("#helper-sum") == "4 tricks and 15 in count: 19"
    tap_tiles(page, "6-4")
    page.click("#save")
    wait_js(page, "() => !location.hash.includes('/hand')")
    assert last_hand(table, game_id)["result"] == {"captured": 29}


def test_the_helper_refuses_count_without_a_trick(table):
    page = helper_at_bid(table, "straight-42", 30)
    page.get_by_role("button", name="0 tricks").click()
    tap_tiles(page, "5-5")
    assert page.inner_text("#helper-sum") == "A side with no trick has no count."
    assert page.is_disabled("#save")


def test_texas_88_counts_two_sets_and_tricks_at_2(table):
    table.open()
    game_id = table.new_game("marks", preset="texas-88")
    page = table.page
    page.click(".bidder-bar [data-seat='1']")
    page.click("[data-bid='60']")
    open_helper(page)
    assert page.locator("#count-helper [data-tile]").count() == 10  # two sets
    assert page.locator("#count-helper [data-tricks]").count() == 10  # 0 to 9
    page.get_by_role("button", name="7 tricks").click()
    tap_tiles(page, "5-5", "5-5", "6-4", "6-4", "5-0", "4-1")
    assert page.inner_text("#helper-sum") == "7 tricks at 2 and 50 in count: 64"
    assert page.inner_text("#preview").startswith("needed 60, took 64: made")
    screenshot(page, "count-helper-88")
    page.click("#save")
    wait_js(page, "() => !location.hash.includes('/hand')")
    assert last_hand(table, game_id)["result"] == {"captured": 64}


def test_nello_counts_tricks_taken_only(table):
    table.open()
    game_id = table.new_game("marks", preset="h2g2-house")  # You shake: forced, nel-o offered
    page = table.page
    page.click(".bidder-bar [data-seat='forced']")
    page.click(f"[data-bid='{NELLO}']")
    page.get_by_text("Count the tricks").click()
    assert page.locator("#count-helper [data-tile]").count() == 0
    page.get_by_role("button", name="2 tricks").click()
    assert page.inner_text("#helper-sum") == "2 tricks taken: set"
    page.get_by_role("button", name="0 tricks").click()
    assert page.inner_text("#helper-sum") == "No trick taken: made"
    page.click("#save")
    wait_js(page, "() => !location.hash.includes('/hand')")
    assert last_hand(table, game_id)["result"] == {"tricks": 0}


def test_moon_puts_a_side_s_tricks_on_it(table):
    table.open()
    game_id = table.new_game("points", preset="moon")
    page = table.page
    page.click(".bidder-bar [data-seat='1']")
    page.click("[data-bid='4']")
    open_helper(page)
    assert page.locator("#count-helper [data-tile]").count() == 0  # Moon has no count
    page.get_by_role("button", name="5 tricks").click()
    assert page.inner_text("#helper-sum") == "5 tricks: 5"
    page.get_by_role("button", name="Put 5 on").click()
    side = page.locator("[data-side='1'] strong").inner_text()
    assert side == "5"
    assert game_id


@pytest.mark.parametrize("size", [(390, 844), (320, 640)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_helper_fits_and_works_offline(browser, base_url, size, scheme):
    context, page = new_phone(browser, base_url, color_scheme=scheme)
    try:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        table = Table(page, base_url)
        table.open()
        table.new_game("marks", preset="straight-42")
        page.context.set_offline(True)
        page.click(".bidder-bar [data-seat='1']")
        page.click("[data-bid='30']")
        open_helper(page)
        page.get_by_role("button", name="4 tricks").click()
        tap_tiles(page, "5-5", "6-4", "3-2")
        assert page.inner_text("#helper-sum") == "4 tricks and 25 in count: 29"
        assert page.evaluate(NO_SIDEWAYS)
        # 48 px tall; the tiles 48 px wide too; the tricks, one row as the table counts them,
        # share the width (8 of them: 33 px at 320, 42 at 390; WCAG 2.5.8 asks 24)
        small = page.eval_on_selector_all(
            "#count-helper button, #count-helper summary",
            """els => els.map((e) => [e.dataset.tricks, e.getBoundingClientRect()])
                 .filter(([t, r]) => r.height < 47.5 || r.width < (t === undefined ? 47.5 : 32))
                 .length""",
        )
        assert small == 0
        screenshot(page, f"count-helper-{size[0]}-{scheme}")
    finally:
        context.close()


def test_the_open_helper_passes_axe(table, axe_source):
    """The helper's tiles, tricks and sum are named for a screen reader (axe-core finds
    nothing), in plain and in large type."""
    page = helper_at_bid(table, "texas-88", 60)
    page.get_by_role("button", name="5 tricks").click()
    tap_tiles(page, "5-5")
    assert page.get_by_role("button", name="5-5, 10").first.get_attribute("aria-pressed") == "true"
    assert axe_violations(page, axe_source) == []
    page.evaluate("() => document.documentElement.classList.add('large-type')")
    assert axe_violations(page, axe_source) == []
