"""Whole games by tapping, online: marks to 7, points to 250, undo, edit, share page."""

from helpers.browser import wait_js
from helpers.game_flow import MARKS_GAME, POINTS_GAME, play


def test_marks_game_to_seven_by_tapping(table):
    table.open()
    game_id = table.new_game("marks")
    previews = play(table, MARKS_GAME)
    assert previews[2] == "needed 34, took 20: set, Us +1"
    table.page.wait_for_url("**/over")
    table.page.wait_for_selector("h1:text-is('Us win!')")
    table.wait_synced(game_id)
    server = table.assert_same(game_id)
    assert server["totals"] == [7, 2] and server["winner"] == 0


def test_points_game_to_250_by_tapping(table):
    table.open()
    game_id = table.new_game("points")
    previews = play(table, POINTS_GAME)
    assert previews[1] == "needed 35, took 30: set, Us +47"
    table.page.wait_for_url("**/over")
    table.wait_synced(game_id)
    server = table.assert_same(game_id)
    assert server["game_over"] and server["winner"] == 0
    assert server["totals"][0] >= 250


def test_undo_and_edit_an_earlier_hand_rescore_what_follows(table):
    table.open()
    game_id = table.new_game("marks")
    play(table, MARKS_GAME[:4])
    page = table.page
    page.click("#undo")
    wait_js(page, "() => document.querySelectorAll('.hands tbody tr').length === 3")
    assert table.phone_game(game_id)["state"]["totals"] == [2, 1]
    # hand 1: Left's 30 made becomes a set (took 20): Them lose the mark, Us gain it
    page.click("a[aria-label='Edit hand 1']")
    page.wait_for_selector("[data-seat='1'][aria-pressed='true']")
    page.click("[data-count='20']")
    assert page.inner_text("#preview") == "needed 30, took 20: set, Us +1"
    page.click("#save")
    page.wait_for_url(f"**/#/g/{game_id}")
    assert table.phone_game(game_id)["state"]["totals"] == [3, 0]
    table.wait_synced(game_id)
    server = table.assert_same(game_id)
    assert len(server["hands"]) == 3


def test_game_over_opens_the_share_page(table):
    table.open()
    game_id = table.new_game("marks")
    play(table, [(0, 84, "made")] * 3 + [(2, 42, "made")])
    page = table.page
    page.wait_for_url("**/over")
    table.wait_synced(game_id)
    page.wait_for_selector("#share-link")
    assert page.is_visible("svg.qr")
    href = page.get_attribute("#share-link", "href")
    assert "/s/" in href
    share = page.context.new_page()
    share.goto(href)
    assert "7" in share.inner_text("body")
    share.close()
    page.click("#rematch")
    page.wait_for_url("**/#/new/*")
    page.click("#start")
    page.wait_for_url("**/#/g/*")
    assert page.url.split("#/g/")[1] != game_id


def test_a_standard_hand_takes_four_taps(table):
    table.open()
    table.new_game("marks")
    page = table.page
    page.evaluate("""() => { window.taps = 0;
        document.addEventListener('click', (e) => { if (e.isTrusted) window.taps += 1; },
                                  true); }""")
    table.hand(1, 31, 33)
    assert page.evaluate("window.taps") == 4
    assert page.inner_text(".hands tbody tr td:nth-child(2)").startswith("Left")


def test_names_carried_score_and_an_all_pass_reshuffle(table):
    table.open()
    game_id = table.new_game(
        "marks",
        switches={"forced": False},
        carry=[5, 3],
        names={"#team-0": "Rangers", "#seat-0": "Ann"},
    )
    page = table.page
    assert page.inner_text(".totals").split() == ["Rangers", "5", "Them", "3"]
    assert page.inner_text(".bidder-bar [data-seat='0'] .seat-name") == "Ann"
    page.click(".bidder-bar [data-seat='1']")
    page.click("[data-seat='pass']")
    assert page.inner_text("#preview") == "All passed: reshuffle, no score"
    page.click("#save")
    wait_js(page, "() => !location.hash.includes('/hand')")
    table.hand(0, 84, "made")
    page.wait_for_url("**/over")
    page.wait_for_selector("h1:text-is('Rangers win!')")
    table.wait_synced(game_id)
    server = table.assert_same(game_id)
    assert server["teams"][0]["name"] == "Rangers" and server["teams"][0]["players"][0] == "Ann"
    assert server["start_totals"] == [5, 3] and server["totals"] == [7, 3]


def test_moon_takes_every_players_tricks(table):
    table.open()
    game_id = table.new_game("points", preset="moon")
    page = table.page
    page.click(".bidder-bar [data-seat='0']")
    page.click("[data-bid='5']")
    for tricks in (5, 1):  # the first side, the second, and the third gets the rest
        page.click(f"[data-count='{tricks}']")
    assert "made" in page.inner_text("#preview")
    page.click("#save")
    wait_js(page, "() => !location.hash.includes('/hand')")
    table.wait_synced(game_id)
    assert table.assert_same(game_id)["totals"] == [5, 1, 1]


def test_share_mid_game_new_link_and_stop_sharing(table):
    table.open()
    game_id = table.new_game("marks")
    table.hand(1, 30, 35)
    table.wait_synced(game_id)
    page = table.page
    page.click("#share-game")
    page.wait_for_selector("#share-link")
    assert page.inner_text("h1") == "Share this game" and page.locator("#rematch").count() == 0
    first = page.get_attribute("#share-link", "href")
    assert page.request.get(first).status == 200
    page.click("#rotate")
    wait_js(page, f"() => document.querySelector('#share-link')?.href !== {first!r}")
    second = page.get_attribute("#share-link", "href")
    assert page.request.get(first).status == 404 and page.request.get(second).status == 200
    page.click("#revoke")
    page.wait_for_selector("text=Sharing is off.")
    assert page.request.get(second).status == 404


def test_a_renege_decides_the_hand_against_the_side_that_reneged(table):
    table.open()
    game_id = table.new_game("marks")
    page = table.page
    page.click(".bidder-bar [data-seat='1']")
    page.click("[data-bid='84']")
    page.click("summary:text('Penalty called?')")
    page.click("[data-penalty='renege-1']")
    assert page.inner_text("#preview") == "needed 42, renege by Them: set, Us +2"
    page.click("#save")
    wait_js(page, "() => !location.hash.includes('/hand')")
    table.wait_synced(game_id)
    server = table.assert_same(game_id)
    assert server["totals"] == [2, 0]
    assert server["hands"][0]["hand"]["penalties"] == [{"kind": "renege", "side": 1}]
