"""Two phones on one game: a 409 and a 412 show both versions and let the user choose."""

from conftest import Table, axe_violations, new_phone, screenshot, wait_js


def test_two_phones_conflict_then_choose(table, browser, base_url, axe_source):
    a = table
    a.open()
    game_id = a.new_game("marks")
    a.wait_synced(game_id)
    token = a.phone_game(game_id)["game"]["edit_token"]
    context, page_b = new_phone(browser, base_url)
    try:
        b = Table(page_b, base_url)
        b.open(f"#/join/{game_id}/{token}")
        page_b.wait_for_selector(".bidder-bar")
        assert token not in page_b.url  # the edit token leaves the address bar at once

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
        wait_js(a.page, """async (id) => {
            const g = await (await import('/js/store.js')).getGame(id);
            return g.hands.length === 1 && g.hands[0].bidder === 2; }""", game_id)
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
