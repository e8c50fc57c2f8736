"""Entering a hand the way a 42 table plays it: the seats where they sit, only the bids that
seat can win, a count in one tap, a forced all pass, trump, stopping early, and the words.

Taps are counted as trusted clicks (a scroll is never a click, and the tests assert no
scroll where the count must be in view). Screenshots: TALLY_SHOTS=dir.
"""

import json

from helpers.browser import screenshot, wait_js, wait_still
from helpers.hand_entry import NELLO, box, saved

COUNT_TAPS = """() => { window.taps = 0;
    document.addEventListener('click', (e) => { if (e.isTrusted) window.taps += 1; }, true); }"""


def taps(page):
    """Trusted clicks since count_taps."""
    return page.evaluate("window.taps")


def offered(page):
    """The bids on offer, as their data-bid values, in screen order (once they are drawn)."""
    page.wait_for_selector(".bids [data-bid]")
    return [
        json.loads(b)
        for b in page.eval_on_selector_all(
            ".bids [data-bid]", "els => els.map((e) => e.dataset.bid)"
        )
    ]


def last_hand(table, game_id):
    """The last hand as the phone stores it (input fields only)."""
    hand = table.phone_game(game_id)["game"]["hands"][-1]
    keys = ("dealer", "bids", "bidder", "bid", "trump", "result", "penalties")
    return {k: hand[k] for k in keys if hand.get(k) is not None}


def test_h2g2_nel_o_only_for_the_forced_dealer_in_four_taps(table):
    table.open()
    game_id = table.new_game("marks", preset="h2g2-house")  # You shake: Left bids first
    page = table.page
    page.evaluate(COUNT_TAPS)
    page.click(".bidder-bar [data-seat='forced']")
    page.click(f"[data-bid='{NELLO}']")
    page.click("[data-count='made']")
    saved(page)
    assert taps(page) == 4
    assert last_hand(table, game_id) == {
        "dealer": 0,
        "bids": ["pass", "pass", "pass", json.loads(NELLO)],
        "bidder": 0,
        "bid": json.loads(NELLO),
        "result": {"tricks": 0},
    }
    assert table.phone_game(game_id)["state"]["totals"] == [1, 0]
    table.wait_synced(game_id)
    table.assert_same(game_id)
    # Left shakes hand 2: Partner, Right and You are not offered nel-o; the dealer (Left) is
    for seat, nello in ((2, False), (3, False), (0, False), (1, True)):
        page.click(f".bidder-bar [data-seat='{seat}']")
        page.wait_for_selector(".bids [data-bid]")
        kinds = [b.get("contract") for b in offered(page) if isinstance(b, dict)]
        assert ("nello" in kinds) is nello, (seat, kinds)  # the dealer's: after the RULES merge
        page.click("#cancel")
        page.wait_for_selector(".bidder-bar")


def test_the_offer_reads_points_then_marks_then_contracts(table):
    table.open()
    game_id = table.new_game("marks", preset="wikipedia-42")
    page = table.page
    page.click(".bidder-bar [data-seat='1']")
    bids = offered(page)
    kinds = [
        "points"
        if isinstance(b, int) and b < 42
        else "marks"
        if isinstance(b, int)
        else b["contract"]
        for b in bids
    ]
    order = ["points", "marks", "nello", "sevens", "splash", "plunge"]
    assert kinds == sorted(kinds, key=order.index), kinds
    assert "sevens" not in kinds  # sevens is a trump called on a mark bid
    assert kinds.count("nello") == 1  # one nel-o; its doubles mode is picked like a trump
    page.evaluate(COUNT_TAPS)
    page.click("[data-bid='42']")
    page.click("[data-trump='sevens']")
    page.click("[data-count='made']")
    saved(page)
    assert taps(page) == 4  # bid, trump, made, save (after the bidder)
    assert last_hand(table, game_id)["trump"] == "sevens"
    assert page.inner_text(".hands tbody tr td:nth-child(2)").startswith("Left, 1 mark in sevens")
    page.evaluate("window.taps = 0")
    page.click(".bidder-bar [data-seat='3']")
    page.click("[data-bid*='plunge']")
    page.click("[data-count='made']")
    saved(page)
    assert taps(page) == 4
    assert last_hand(table, game_id)["bid"]["contract"] == "plunge"
    table.wait_synced(game_id)
    table.assert_same(game_id)


def test_seats_sit_where_the_players_sit_with_their_team(table):
    table.open()
    game_id = table.new_game("marks")
    page = table.page
    table.wait_synced(game_id)  # the sheet redraws as the outbox reports: measure after that
    wait_still(page)
    page.wait_for_selector(".bidder-bar [data-seat='3']")
    you, left, partner, right = (box(page, f".bidder-bar [data-seat='{s}']") for s in range(4))
    assert partner["y"] < you["y"] and left["x"] < you["x"] < right["x"]
    assert abs(left["y"] - you["y"]) < 1 and abs(right["y"] - you["y"]) < 1
    assert page.inner_text(".bidder-bar [data-seat='1']").split("\n") == [
        "Left",
        "Them · bids first",
    ]
    assert page.inner_text(".bidder-bar [data-seat='0']").split("\n") == ["You", "Us · shakes"]
    table.hand(1, 30, 35)
    table.wait_synced(game_id)
    wait_still(page)
    wait_js(page, "() => document.querySelectorAll('.hands tbody tr').length === 1")
    # Left shakes now: Partner bids first, and nobody moved
    assert box(page, ".bidder-bar [data-seat='0']") == you
    assert box(page, ".bidder-bar [data-seat='2']") == partner
    assert page.inner_text(".bidder-bar [data-seat='2']").split("\n") == [
        "Partner",
        "Us · bids first",
    ]
    screenshot(page, "entry-sheet-seats")


def test_texas_88_seats_show_their_team_and_only_possible_counts(table):
    table.open()
    game_id = table.new_game("marks", preset="texas-88")
    page = table.page
    tags = [page.inner_text(f".bidder-bar [data-seat='{s}'] .seat-tag") for s in range(6)]
    assert [t.split(" · ")[0] for t in tags] == ["Us", "Them"] * 3
    page.click(".bidder-bar [data-seat='1']")
    page.click("[data-bid='60']")
    tens = page.eval_on_selector_all("[data-tens]", "els => els.map((e) => +e.dataset.tens)")
    assert tens == list(range(0, 90, 10))
    page.click("[data-tens='0']")
    off = page.eval_on_selector_all(
        "[data-units]:disabled", "els => els.map((e) => +e.dataset.units)"
    )
    assert off == [1, 3, 5]
    page.evaluate(COUNT_TAPS)
    page.click("[data-tens='80']")
    off = page.eval_on_selector_all(
        "[data-units]:disabled", "els => els.map((e) => +e.dataset.units)"
    )
    assert off == [3, 5, 7, 9]  # 83, 85, 87 cannot happen and 89 is beyond the 88 points
    page.click("[data-units='4']")
    assert page.inner_text("#preview").startswith("needed 60, took 84: made")
    screenshot(page, "entry-88-pads")
    saved(page)
    assert taps(page) == 3  # tens, units, save: with the bidder and the bid, 5 taps in all
    assert last_hand(table, game_id)["result"] == {"captured": 84}


def test_140_three_teams_two_taps_and_the_rest_is_worked_out(table):
    table.open()
    game_id = table.new_game("points", preset="140")
    page = table.page
    assert page.inner_text(".bidder-bar [data-seat='1'] .seat-tag") == "Seats 2 & 5 · bids first"
    page.evaluate(COUNT_TAPS)
    page.click(".bidder-bar [data-seat='1']")
    page.click("[data-bid='100']")
    assert page.locator("input").count() == 0  # no typing: counts are tapped
    page.click("[data-count='105']")  # the bidders (seats 2 & 5) first
    page.click("[data-count='20']")  # then seats 1 & 4; seats 3 & 6 get the rest
    assert page.inner_text("[data-side='2'] strong") == "15"
    screenshot(page, "entry-140-sides")
    saved(page)
    assert taps(page) == 5
    assert last_hand(table, game_id)["result"] == {"by_side": [20, 105, 15]}
    table.wait_synced(game_id)
    table.assert_same(game_id)


def test_72_offers_counts_up_to_its_70_points(table):
    table.open()
    table.new_game("marks", preset="72")
    page = table.page
    page.click(".bidder-bar [data-seat='1']")
    page.click("[data-bid='40']")
    page.click("[data-tens='70']")
    on = page.eval_on_selector_all(
        "[data-units]:not(:disabled)", "els => els.map((e) => +e.dataset.units)"
    )
    assert on == [0]  # no 71 or 72: the 72 preset's hand is 70 points (after the RULES merge)


def test_a_42_count_is_one_tap_with_no_scroll_and_save_in_view(table):
    table.open()
    table.new_game("marks")
    page = table.page
    page.evaluate(COUNT_TAPS)
    page.click(".bidder-bar [data-seat='3']")
    page.click("[data-bid='35']")
    assert page.evaluate("window.scrollY") == 0
    bar = box(page, ".hand-bar")
    cells = page.eval_on_selector_all(
        "[data-count]", "els => els.map((e) => e.getBoundingClientRect().bottom)"
    )
    assert len(cells) == 43 + 2 and max(cells) <= bar["y"]  # 0..42 and the two stopped-early
    assert bar["y"] + bar["height"] <= 844
    screenshot(page, "entry-42-count")
    page.click("[data-count='38']")
    saved(page)
    assert taps(page) == 4


def test_everyone_passed_the_dealer_is_forced(table):
    table.open()
    game_id = table.new_game("marks", first_shaker=2)
    page = table.page
    assert page.inner_text(".bidder-bar [data-seat='forced']").split("\n") == [
        "All passed",
        "dealer forced",
    ]
    page.evaluate(COUNT_TAPS)
    page.click(".bidder-bar [data-seat='forced']")
    page.wait_for_selector("[data-seat='forced'][aria-pressed='true']")
    page.click("[data-bid='30']")
    page.click("[data-count='32']")
    assert page.inner_text("#preview") == "forced bid, needed 30, took 32: made, Us +1"
    saved(page)
    assert taps(page) == 4
    assert last_hand(table, game_id) == {
        "dealer": 2,
        "bids": ["pass", "pass", "pass", 30],
        "bidder": 2,
        "bid": 30,
        "result": {"captured": 32},
    }
    assert "Partner, 30 (forced)" in page.inner_text(".hands tbody tr td:nth-child(2)")
    table.wait_synced(game_id)
    table.assert_same(game_id)


def test_everyone_passed_and_a_reshuffle_is_two_taps(table):
    table.open()
    game_id = table.new_game("marks", switches={"forced": False})
    page = table.page
    assert page.inner_text(".bidder-bar [data-seat='pass']").split("\n") == [
        "All passed",
        "reshuffle",
    ]
    page.evaluate(COUNT_TAPS)
    page.click(".bidder-bar [data-seat='pass']")
    page.wait_for_selector("[data-seat='pass'][aria-pressed='true']")
    assert page.inner_text("#preview") == "All passed: reshuffle, no score"
    saved(page)
    assert taps(page) == 2
    assert last_hand(table, game_id) == {"dealer": 0, "bids": ["pass"] * 4}


def test_trump_is_one_optional_tap_kept_with_the_hand(table):
    table.open()
    game_id = table.new_game("marks")
    page = table.page
    page.click(".bidder-bar [data-seat='1']")
    page.click("[data-bid='31']")
    page.click("[data-trump='5']")
    page.click("[data-trump='5']")  # a second tap clears it: trump is never required
    assert page.get_attribute("[data-trump='5']", "aria-pressed") == "false"
    page.click("[data-trump='5']")
    page.click("[data-count='33']")
    saved(page)
    assert last_hand(table, game_id)["trump"] == 5
    assert page.inner_text(".hands tbody tr td:nth-child(2)").startswith("Left, 31 in fives")
    table.hand(2, 30, 30)  # no trump tapped: saved without one
    assert "trump" not in last_hand(table, game_id)
    table.wait_synced(game_id)
    table.assert_same(game_id)


def test_stopped_early_made_or_set_without_a_count(table):
    table.open()
    game_id = table.new_game("marks")
    page = table.page
    page.evaluate(COUNT_TAPS)
    page.click(".bidder-bar [data-seat='1']")
    page.click("[data-bid='34']")
    page.click("[data-count='set-early']")
    assert page.inner_text("#preview") == "needed 34, stopped early: set, Us +1"
    saved(page)
    assert taps(page) == 4
    assert last_hand(table, game_id)["result"] == {"declared": "set"}
    assert "set, stopped early" in page.inner_text(".hands tbody tr")
    table.wait_synced(game_id)
    table.assert_same(game_id)


def test_points_games_offer_no_stopping_early(table):
    table.open()
    table.new_game("points")
    page = table.page
    page.click(".bidder-bar [data-seat='1']")
    page.click("[data-bid='30']")
    assert page.locator("[data-count='made-early']").count() == 0


def test_moon_says_shoot_the_moon_and_shoot_it_over(table):
    table.open()
    table.new_game("points", preset="moon")
    page = table.page
    page.click(".bidder-bar [data-seat='1']")
    assert page.inner_text("[data-bid='21']") == "Shoot the moon (21)"
    page.click("#cancel")
    page.click(".bidder-bar [data-seat='2']")  # a later seat can shoot it over a moon
    assert page.inner_text("[data-bid='42']") == "Shoot it over (42)"


def test_you_bid_first(table):
    table.open()
    table.new_game("marks", first_shaker=3)
    assert "You bid first." in table.page.inner_text(".turn")


POINTS_210 = [(0, 42, 42), (1, 42, 42)] * 5  # 210-210 after ten hands


def test_a_game_ending_points_hand_says_why(table):
    table.open()
    table.new_game("points")
    page = table.page
    for hand in POINTS_210 + [(0, 30, 30)]:  # 240-222
        table.hand(*hand)
    page.click(".bidder-bar [data-seat='3']")
    page.click("[data-bid='30']")
    page.click("[data-count='30']")  # Them +30, Us +12: 252-252, and Them made their bid
    text = page.inner_text("#preview")
    assert text.startswith("needed 30, took 30: made, Us +12, Them +30. Ends the game: ")
    assert text.endswith(
        "the bidders made it, so Them go out."
    )  # end_reason, after the RULES merge
    saved(page)
    page.wait_for_url("**/over")


def test_a_side_reaching_250_alone_ends_the_game(table):
    table.open()
    table.new_game("points")
    page = table.page
    for hand in POINTS_210 + [(1, 30, 30)]:  # 222-240
        table.hand(*hand)
    page.click(".bidder-bar [data-seat='0']")
    page.click("[data-bid='30']")
    page.click("[data-count='36']")  # Us 258, Them 246
    assert page.inner_text("#preview") == (
        "needed 30, took 36: made, Us +36, Them +6. Ends the game: Us reach 250 points."
    )  # one table: words.js END_WORDS
