"""A match from the phone's new-game screen ("Matches (casual play too): a series
of games between two teams, first to N wins (best of 3, best of 5) ... The match score shows
on the sheet, the share page and the game-over screen"; docs/matches.md): the form's "Best of
3" makes the match on the server, game 1 is played on the phone to the end, game 2 starts
from the game-over screen, and the match score shows. Offline, the form says plainly that a
match needs a signal and makes nothing. Found by role and visible text, at 390x844."""

import json
import urllib.request

from helpers.browser import Table, axe_violations, new_phone, screenshot, wait_js

RANGERS_TO_7 = [(0, 84, "made")] * 3 + [(2, 42, "made")]  # 2 + 2 + 2 + 1 marks


def api_get(base_url, path, token):
    request = urllib.request.Request(
        f"{base_url}{path}", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def fill_match_form(page, best_of=3, shake="Take turns"):
    """Open the new-game form, name the teams, choose a match and its shaking rule."""
    page.get_by_role("link", name="New game").click()
    page.get_by_role("textbox", name="Team 1").fill("Rangers")
    page.get_by_role("textbox", name="Team 2").fill("Aggies")
    games = page.get_by_role("group", name="Games")
    games.get_by_role("button", name=f"Best of {best_of}").click()
    page.get_by_role("group", name="Who shakes first in the next game").get_by_role(
        "button", name=shake
    ).click()


def match_score(page):
    wait_js(page, "() => document.querySelector('#match-score')")
    return page.locator("#match-score")


def test_a_best_of_3_from_the_new_game_form_plays_on_to_game_2(table, base_url, axe_source):
    page = table.page
    table.open()
    fill_match_form(page, 3, "Last game's loser")
    assert (
        page.get_by_role("button", name="Last game's loser").get_attribute("aria-pressed") == "true"
    )
    assert page.get_by_text("First team to win 2 games takes the match.").is_visible()
    assert not page.get_by_role("group", name="Score carried over from paper").is_visible()
    assert axe_violations(page, axe_source) == []
    page.get_by_role("button", name="Start best of 3").click()
    page.wait_for_url("**/#/g/*")
    first = page.url.split("#/g/")[1]
    assert match_score(page).inner_text() == (
        "Match, first to 2 games: Rangers 0, Aggies 0. This is game 1."
    )

    game = table.phone_game(first)["game"]
    view = api_get(base_url, f"/api/games/{first}", game["edit_token"])
    match_id = view["match"]["id"]
    match = api_get(base_url, f"/api/matches/{match_id}", game["edit_token"])
    assert (match["first_to"], match["shake_rule"]) == (2, "loser")
    assert [t["name"] for t in match["teams"]] == ["Rangers", "Aggies"]

    for hand in RANGERS_TO_7:
        table.hand(*hand)
    page.wait_for_url("**/over")
    page.get_by_role("heading", name="Rangers win!").wait_for()  # the screen is drawn
    wait_js(page, "() => document.querySelector('#match-score')?.textContent.includes('Rangers 1')")
    assert match_score(page).inner_text() == (
        "Match, first to 2 games: Rangers 1, Aggies 0. This was game 1."
    )
    table.wait_synced(first)
    page.get_by_role("button", name="Next game (game 2)").click()
    wait_js(page, f"() => location.hash.startsWith('#/g/') && !location.hash.includes('{first}')")
    second = page.url.split("#/g/")[1]
    assert match_score(page).inner_text() == (
        "Match, first to 2 games: Rangers 1, Aggies 0. This is game 2."
    )
    match = api_get(base_url, f"/api/matches/{match_id}", game["edit_token"])
    assert [g["id"] for g in match["games"]] == [first, second]
    assert match["score"] == [1, 0] and match["games"][1]["shaker"] == 1  # the losers shake


def test_offline_the_form_says_a_match_needs_a_signal_and_makes_nothing(table):
    page = table.page
    table.open()
    fill_match_form(page, 5)
    page.context.set_offline(True)
    page.get_by_role("button", name="Start best of 5").click()
    alert = page.get_by_role("alert").filter(has_text="No signal")
    assert alert.inner_text() == (
        "No signal: a match is kept on the server, so it starts only "
        "with a signal. One game can start now."
    )
    assert "#/new" in page.url
    assert page.evaluate("() => import('/js/store.js').then((s) => s.allGames())") == []
    page.get_by_role("group", name="Games").get_by_role("button", name="One game").click()
    page.get_by_role("button", name="Start game").click()  # one game starts offline
    page.wait_for_url("**/#/g/*")
    page.context.set_offline(False)


def test_a_ruleset_of_three_sides_offers_no_match(table):
    page = table.page
    table.open()
    page.get_by_role("link", name="New game").click()
    page.get_by_role("button", name="Points (to 250)").click()
    page.select_option("#preset", "moon")
    page.get_by_text("A match is between two teams; Moon has 3 sides.").wait_for()
    assert page.get_by_role("button", name="Best of 3").count() == 0


def test_screenshots_of_the_match_choice_and_the_match_score(browser, base_url):
    """Screens to look at (TALLY_SHOTS=dir): the form with the match choice and the
    game-over screen with the match score, 390x844 and 320x640, light and dark."""
    for width, height in ((390, 844), (320, 640)):
        for scheme in ("light", "dark"):
            context, page = new_phone(browser, base_url, scheme)
            page.set_viewport_size({"width": width, "height": height})
            table = Table(page, base_url)
            table.open()
            fill_match_form(page)
            page.get_by_role("group", name="Games").scroll_into_view_if_needed()
            screenshot(page, f"match-form-{width}-{scheme}")
            page.get_by_role("button", name="Start best of 3").click()
            page.wait_for_url("**/#/g/*")
            for hand in RANGERS_TO_7:
                table.hand(*hand)
            page.wait_for_url("**/over")
            wait_js(page, "() => document.querySelector('#match-score')")
            screenshot(page, f"match-over-{width}-{scheme}")
            overflow = page.evaluate(
                "() => document.documentElement.scrollWidth > window.innerWidth"
            )
            assert not overflow, (width, scheme)
            errors = [e for e in page.js_errors if "Failed to load resource" not in e]
            context.close()
            assert not errors, errors
