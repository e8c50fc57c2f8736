"""The table's screens besides hand entry: undo, "to go", why the game ended, the Rules
screen, the carried-over score's error, the game list. Taps only, located by visible text."""

from helpers.browser import wait_js, wait_still

IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight; }"""
# in view and on top: a tap at its middle reaches it (no fixed bar over it)
TAPPABLE = """(sel) => { const el = document.querySelector(sel);
    const r = el.getBoundingClientRect();
    const x = (r.left + r.right) / 2; const y = (r.top + r.bottom) / 2;
    return y > 0 && y < window.innerHeight && el.contains(document.elementFromPoint(x, y)); }"""


def rows(page):
    """How many hands the sheet lists."""
    return page.locator(".hands tbody tr").count()


def test_one_tap_on_undo_can_be_put_back(table):
    """Undo takes the hand back and says so, with "Put it back" for a few seconds: one tap
    never silently loses a hand. Putting it back restores the same hand, on the server too."""
    table.open()
    game_id = table.new_game("marks")
    table.hand(1, 30, 35)
    table.hand(2, 84, "made")
    page = table.page
    page.get_by_role("button", name="Undo last").click()
    wait_js(page, "() => document.querySelectorAll('.hands tbody tr').length === 1")
    offer = page.get_by_role("status").filter(has_text="undone")
    assert offer.inner_text().startswith("Hand 2 undone: 2 marks bid by Partner, made.")
    assert page.evaluate(TAPPABLE, "#put-back")
    page.get_by_role("button", name="Put it back").click()
    wait_js(page, "() => document.querySelectorAll('.hands tbody tr').length === 2")
    assert page.get_by_role("button", name="Put it back").count() == 0
    assert table.phone_game(game_id)["state"]["totals"] == [2, 1]
    table.wait_synced(game_id)
    server = table.assert_same(game_id)
    assert server["hands"][1]["hand"]["bid"] == 84


def test_the_undo_says_which_hand_in_words(table):
    """The offer names the hand undone as the table would: its bid, who bid it, how it went."""
    table.open()
    table.new_game("marks", names={"#seat-0": "Ann"})
    table.hand(0, 30, 35)
    table.hand(1, 31, 20)
    page = table.page
    page.get_by_role("button", name="Undo last").click()
    offer = page.get_by_role("status").filter(has_text="undone")
    assert offer.inner_text().startswith("Hand 2 undone: 31 bid by Left, set.")
    page.get_by_role("button", name="Undo last").click()
    wait_js(page, "() => !document.querySelector('.hands tbody tr')")
    assert offer.inner_text().startswith("Hand 1 undone: 30 bid by Ann, made.")
    assert page.get_by_role("button", name="Put it back").is_visible()


def test_the_put_back_offer_is_in_reach_on_a_small_phone(table):
    """At 320x640 the offer is never under the bidder bar nor scrolled out of sight: not at
    the top of a short sheet (tall score boxes push the hands down), nor of a long sheet
    scrolled down to its Undo button."""
    page = table.page
    page.set_viewport_size({"width": 320, "height": 640})
    table.open()
    table.new_game("marks", names={"#team-1": "Aggies of the Brazos Valley"})
    for bidder in (1, 3):
        table.hand(bidder, 30, 35)
    page.get_by_role("button", name="Undo last").click()
    page.get_by_role("button", name="Put it back").wait_for()
    assert page.evaluate(TAPPABLE, "#put-back"), "a short sheet"
    page.get_by_role("button", name="Put it back").click()
    for bidder in (0, 2, 0, 2, 1, 3, 1, 3):
        table.hand(bidder, 30, 20)  # sets: both sides score, nobody reaches 7
    page.locator("#undo").wait_for()  # the sheet is drawn again after the last save
    page.evaluate("document.querySelector('#undo').scrollIntoView()")
    assert page.evaluate("window.scrollY") > 150
    page.get_by_role("button", name="Undo last").click()
    page.get_by_role("button", name="Put it back").wait_for()
    assert page.evaluate(TAPPABLE, "#put-back"), "a long sheet, scrolled"


def test_the_put_back_offer_goes_away_by_itself(table):
    table.open()
    table.new_game("marks")
    table.hand(1, 30, 35)
    page = table.page
    page.clock.install()  # after load: the sheet's timer runs on the page's clock from here
    page.reload()
    page.wait_for_selector(".hands")
    page.get_by_role("button", name="Undo last").click()
    page.get_by_role("button", name="Put it back").wait_for()
    page.clock.run_for(12_000)
    page.get_by_role("button", name="Put it back").wait_for(state="detached")
    assert rows(page) == 0


def test_a_points_sheet_shows_what_each_side_has_to_go(table):
    table.open()
    table.new_game("points")
    table.hand(0, 30, 42)
    page = table.page
    cards = page.get_by_role("region", name="Totals")
    assert "208 to go" in cards.inner_text() and "250 to go" in cards.inner_text()


def test_a_marks_sheet_has_tally_marks_and_no_to_go(table):
    table.open()
    table.new_game("marks")
    table.hand(0, 30, 42)
    assert "to go" not in table.page.get_by_role("region", name="Totals").inner_text()


def test_game_over_says_the_winner_reached_the_target(table):
    table.open()
    table.new_game("marks")
    for hand in [(0, 84, "made")] * 3 + [(2, 42, "made")]:
        table.hand(*hand)
    page = table.page
    page.wait_for_url("**/over")
    assert page.inner_text("#why-over") == "Us reached 7 marks first."


def test_both_sides_past_250_in_one_hand_the_bidders_go_out(table):
    """Needs the engine's end_reason (the rules helper's change): without it the screen
    cannot tell "bidder out" from a plain target, and this test fails."""
    table.open()
    table.new_game("points", carry=[240, 245])
    table.hand(0, 30, 30)  # Us 270, Them 257: both past 250; Us bid and made it
    page = table.page
    page.wait_for_url("**/over")
    assert page.inner_text("#why-over") == (
        "More than one side reached 250 points in the last hand; Us made the bid, and the "
        "bidders go out first."
    )


END_SENTENCES = """async () => {
  const { endSentence } = await import('/js/words.js');
  const game = { rules: { players: 4, sides: [0, 1, 0, 1], target: 7, scoring: 'marks',
    max_hands: 13 }, teams: [{ name: 'Rangers' }, { name: 'Aggies' }], hands: [{}] };
  const over = (reason) => ({ game_over: true, winner: 1, totals: [5, 6], end_reason: reason });
  const reasons = ['target', 'bidder_out', 'higher_total', 'hand_limit', 'paper_score'];
  return [endSentence(game, { game_over: false, winner: null, totals: [1, 2] }),
    ...reasons.map((reason) => endSentence(game, over(reason)))];
}"""


def test_every_end_reason_reads_as_a_sentence(table):
    table.open()
    assert table.page.evaluate(END_SENTENCES) == [
        None,
        "Aggies reached 7 marks first.",
        "More than one side reached 7 marks in the last hand; Aggies made the bid, and the "
        "bidders go out first.",
        "More than one side reached 7 marks in the last hand; Aggies have the higher score.",
        "All 13 hands are played; Aggies were ahead.",
        "The score carried over from paper had already decided it: Aggies win.",
    ]


def test_after_a_save_the_score_is_in_view(table):
    """A long sheet, a hand entered at the bottom of the screen: the saved hand lands on the
    sheet at its top, where the totals are, not scrolled halfway down."""
    table.open()
    table.new_game("points")
    for _ in range(8):
        table.hand(0, 30, 30)  # Us +30, Them +12 a hand: 240 to 96, nobody out
    page = table.page
    page.click(".bidder-bar [data-seat='1']")
    page.click("[data-bid='30']")
    page.click("[data-count='35']")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 0
    page.click("#save")
    wait_js(page, "() => !location.hash.includes('/hand') && document.querySelector('.totals')")
    assert page.evaluate("document.documentElement.scrollHeight") > 844  # the sheet scrolls
    assert page.evaluate(IN_VIEW, ".totals")
    # the first hand sits at the bottom of the sheet: edit it from there, save, totals in view
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.click("a[aria-label='Edit hand 1']")
    page.wait_for_selector("[data-count='31']")
    page.click("[data-count='31']")
    page.click("#save")
    wait_js(page, "() => !location.hash.includes('/hand') && document.querySelector('.totals')")
    wait_still(page)
    assert page.evaluate(IN_VIEW, ".totals")


def test_rules_screen_from_the_sheet_follows_the_knobs(table):
    """h2g2's house plunge is worth 3 marks: the screen says so, as the score counts it."""
    table.open()
    game_id = table.new_game("marks", preset="h2g2-house")
    page = table.page
    page.get_by_role("link", name="Rules").click()
    page.wait_for_url(f"**/#/g/{game_id}/rules")
    page.get_by_role("heading", name="Rules: h2g2 house rules").wait_for()
    text = page.inner_text("main")
    assert "Plunge: a player holding four doubles may bid 3 marks" in text
    assert "Only the shaker may call nel-o, when forced to bid." in text
    assert "First to 7 marks wins." in text
    page.get_by_role("link", name="Back to the sheet").click()
    page.wait_for_url(f"**/#/g/{game_id}")


def test_new_game_explains_the_rules_and_follows_the_switches(table):
    table.open()
    page = table.page
    page.click("#new-game")
    page.select_option("#preset", "h2g2-house")
    assert page.inner_text("#why-plunge").startswith("A player holding 4 doubles may bid 3 marks")
    page.get_by_text("What these rules mean").click()
    explained = page.locator("#rules-explained")
    assert "may bid 3 marks" in explained.inner_text()
    page.set_checked("#rule-plunge", False)
    assert "No plunge" in explained.inner_text()
    assert "may bid 3 marks" not in explained.inner_text()


def test_a_wrong_carried_score_is_said_next_to_its_box(table):
    table.open()
    page = table.page
    page.click("#new-game")
    page.fill("#carry-0", "9")
    page.click("#start")
    error = page.get_by_role("alert").filter(has_text="carried over")
    assert error.is_visible()
    assert page.evaluate(IN_VIEW, "#carry-error")
    assert page.locator("fieldset:has(legend:text('Score carried over')) #carry-error").count()
    assert page.evaluate("document.activeElement.id") == "carry-0"
    assert "#/new" in page.url


def test_the_game_list_shows_rules_teams_score_date_and_sync_apart(table):
    table.open()
    table.new_game("marks", names={"#team-0": "Rangers", "#team-1": "Aggies"})
    table.hand(1, 30, 35)
    page = table.page
    page.click("a.brand")
    entry = page.locator(".list li").first
    entry.wait_for()
    assert entry.locator(".teams").inner_text().split() == ["Rangers", "0", "Aggies", "1"]
    assert entry.locator(".ruleset").inner_text() == "Straight 42, to 7 marks"
    when = entry.locator(".when").bounding_box()
    sync = entry.locator(".sync").bounding_box()
    assert when["x"] + when["width"] + 8 <= sync["x"] or when["y"] + when["height"] <= sync["y"]


def test_a_dead_editor_link_says_what_to_do(table):
    table.open()
    page = table.page
    page.goto(f"/#/join/{'0' * 8}-0000-4000-8000-{'0' * 12}/{'x' * 43}")
    page.get_by_role("heading", name="Could not join the game").wait_for()
    assert page.get_by_role("alert").inner_text() == (
        "This editor link does not open a game any more. Ask the scorekeeper for a new one."
    )


TOAST_OVER_ANY = """() => { const t = document.getElementById('toast').getBoundingClientRect();
    return [...document.querySelectorAll('button, a, input, select, summary, .net, .update span')]
      .filter((c) => c.getClientRects().length)
      .filter((c) => { const r = c.getBoundingClientRect();
        return r.bottom > t.top && r.top < t.bottom && r.right > t.left && r.left < t.right; })
      .map((c) => c.textContent.trim() || c.id); }"""


def test_a_toast_never_covers_the_update_offer_or_the_network_state(table):
    """At 320 px, offline, with an update waiting: the toast takes no control's place."""
    page = table.page
    page.set_viewport_size({"width": 320, "height": 640})
    table.open()
    page.evaluate("""() => { document.getElementById('update').hidden = false;
        document.getElementById('net').textContent = 'Offline';
        const t = document.getElementById('toast');
        t.textContent = 'Hand 12 saved on this phone'; t.classList.add('show'); }""")
    assert page.evaluate(TOAST_OVER_ANY) == []
