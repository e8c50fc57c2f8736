"""Two phones on one game: a 409 and a 412 show both versions and let the user choose."""

import re

from helpers.browser import axe_violations, screenshot, second_phone, wait_js


def test_two_phones_conflict_then_choose(table, browser, base_url, axe_source):
    a = table
    game_id, context, page_b, b = second_phone(a, browser, base_url)
    try:
        # 409: both phones enter hand 1 offline, A reaches the server first
        a.page.context.set_offline(True)
        context.set_offline(True)
        a.hand(1, 30, 35)
        b.hand(2, 42, "made")
        a.page.context.set_offline(False)
        a.wait_synced(game_id)
        context.set_offline(False)
        page_b.evaluate("import('/js/sync.js').then((s) => s.syncNow())")
        page_b.wait_for_selector("a[href$='/conflict']")
        page_b.click("a[href$='/conflict']")
        assert page_b.inner_text("#mine") == "Partner bid 1 mark, all tricks"
        assert page_b.inner_text("#theirs") == "Left bid 30, took 35"
        screenshot(page_b, "conflict")
        assert axe_violations(page_b, axe_source) == []
        page_b.click("#keep-mine")
        b.wait_synced(game_id)
        server = b.assert_same(game_id)
        assert server["hands"][0]["hand"]["bidder"] == 2

        # phone A, quiet, pulls the server's copy: the two phones agree again
        a.page.evaluate("import('/js/sync.js').then((s) => s.syncNow())")
        wait_js(
            a.page,
            """async (id) => {
            const g = await (await import('/js/store.js')).getGame(id);
            return g.hands.length === 1 && g.hands[0].bidder === 2; }""",
            game_id,
        )
        a.assert_same(game_id)

        # 412: B edits hand 1 offline while A edits it online; B keeps theirs
        context.set_offline(True)
        page_b.click("a[aria-label='Edit hand 1']")
        page_b.click("[data-count='set']")
        page_b.click("#save")
        a.page.click("a[aria-label='Edit hand 1']")
        a.page.click("[data-bid='84']")
        a.page.click("[data-count='made']")
        a.page.click("#save")
        a.wait_synced(game_id)
        context.set_offline(False)
        page_b.evaluate("import('/js/sync.js').then((s) => s.syncNow())")
        page_b.wait_for_selector("a[href$='/conflict']")
        page_b.click("a[href$='/conflict']")
        assert page_b.inner_text("#mine") == "Partner bid 1 mark, lost a trick"
        assert page_b.inner_text("#theirs") == "Partner bid 2 marks, all tricks"
        page_b.click("#keep-theirs")
        b.wait_synced(game_id)
        assert b.assert_same(game_id)["totals"] == [2, 0]
    finally:
        context.close()


def test_a_conflict_whose_server_copy_could_not_be_read_keeps_the_phones_hands(
    table, browser, base_url
):
    """The read of the server's game after a 409 fails (503): the conflict record keeps the
    server's copy unknown, the sheet keeps this phone's hand, "Keep theirs" is not offered (and
    takes nothing if called), and reading again lets the server's score be taken
    (pwa/README.md "The conflict record")."""
    a = table
    game_id, context, page_b, b = second_phone(a, browser, base_url)
    try:
        context.set_offline(True)
        b.hand(2, 42, "made")
        a.hand(1, 30, 35)
        a.wait_synced(game_id)
        game_url = re.compile(rf".*/api/games/{game_id}$")  # the GET only, not the hands POST
        page_b.route(game_url, lambda route: route.fulfill(status=503))
        context.set_offline(False)
        page_b.evaluate("import('/js/sync.js').then((s) => s.syncNow())")
        page_b.wait_for_selector("a[href$='/conflict']")
        took = page_b.evaluate(
            "(id) => import('/js/sync.js').then((s) => s.keepTheirs(id))", game_id
        )
        mine = b.phone_game(game_id)["game"]
        assert [(h["bidder"], h["sync"]) for h in mine["hands"]] == [(2, "conflict")]
        assert took is False
        assert mine["conflict"]["server_hands"] is None

        page_b.click("a[href$='/conflict']")
        assert page_b.inner_text("#server-unread") == (
            "The server’s score could not be read: try again when the signal is back."
        )
        assert page_b.locator("#keep-theirs").count() == 0
        page_b.click("#read-server")  # still 503: nothing changes
        page_b.get_by_text("Still no signal: try again").wait_for()
        assert page_b.locator("#keep-theirs").count() == 0

        page_b.unroute(game_url)
        page_b.click("#read-server")
        page_b.click("#keep-theirs")
        b.wait_synced(game_id)
        server = b.assert_same(game_id)
        assert [h["hand"]["bidder"] for h in server["hands"]] == [1]
    finally:
        context.close()
