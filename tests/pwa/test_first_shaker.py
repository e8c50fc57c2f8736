"""Who shakes first in game 1: the new-game form and the sheet of a game with no hand yet set
it, or draw for it (the app draws and says who drew); the server follows."""

import re

from helpers.browser import wait_js

SEATS = ["You", "Left", "Partner", "Right"]
PRESSED = "fieldset:has(legend:text('Who shakes first')) button[aria-pressed='true']"


def turn(page):
    """The sheet's line saying whose shake it is."""
    return page.locator("p.turn").inner_text()


def test_the_new_game_form_draws_who_shakes_first_and_says_who_drew(table):
    page = table.page
    table.open()
    page.click("#new-game")
    page.get_by_role("button", name="Draw", exact=True).click()
    said = page.get_by_role("status").filter(has_text="Drawn:").inner_text()
    drawn = re.fullmatch(r"Drawn: (\w+) shakes? first\.", said).group(1)
    assert said.endswith(" shake first." if drawn == "You" else " shakes first.")
    assert page.locator(PRESSED).inner_text() == drawn
    page.click("#start")
    page.wait_for_url("**/#/g/*")
    game_id = page.url.split("#/g/")[1]
    assert turn(page).startswith(f"Hand 1: {drawn} shake")
    table.wait_synced(game_id)
    assert table.server_game(game_id)["first_dealer"] == SEATS.index(drawn)


def test_game_one_sheet_sets_who_shakes_first_until_the_first_hand(table):
    page = table.page
    table.open()
    game_id = table.new_game("marks", first_shaker=0)
    table.wait_synced(game_id)
    assert turn(page).startswith("Hand 1: You shake")
    page.get_by_text("Who shakes first").click()
    page.get_by_role("button", name="Partner").click()
    wait_js(page, "() => document.querySelector('p.turn').textContent.includes('Partner shakes')")
    table.wait_synced(game_id)
    assert table.server_game(game_id)["first_dealer"] == 2

    page.get_by_role("button", name="Draw", exact=True).click()
    said = page.get_by_role("status").filter(has_text="Drawn:").inner_text()
    drawn = re.fullmatch(r"Drawn: (\w+) shakes? first\.", said).group(1)
    assert said.endswith(" shake first." if drawn == "You" else " shakes first.")
    wait_js(page, f"() => document.querySelector('p.turn').textContent.includes('{drawn} shake')")
    table.wait_synced(game_id)
    assert table.server_game(game_id)["first_dealer"] == SEATS.index(drawn)

    # the first hand is dealt by the drawn seat; after it, nothing offers to change it
    bidder = (SEATS.index(drawn) + 1) % 4
    table.hand(bidder, 30, 35)
    assert page.locator("#first-shaker").count() == 0
    table.wait_synced(game_id)
    server = table.server_game(game_id)
    assert server["hands"][0]["result"]["dealer"] == SEATS.index(drawn)
