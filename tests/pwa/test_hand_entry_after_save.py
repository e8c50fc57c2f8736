"""The hand screen after a save (tests/pwa/test_hand_entry.py has the entering): the score in
view, hands an edit sets aside and puts back (offline, after a reload, on the server), the
screen fitting with nothing covering a control, and the outbox's If-Match. Apart from
test_hand_entry.py so two test processes share the hand screen's tests (docs/testing.md).
Screenshots: TALLY_SHOTS=dir."""

import json
import re

import pytest
from helpers.browser import Table, new_phone, screenshot, wait_js, wait_still
from helpers.hand_entry import NELLO, box, saved


@pytest.mark.parametrize("run", range(3))
def test_after_a_save_the_score_is_in_view(table, run):
    table.open()
    game_id = table.new_game("marks")
    page = table.page
    for hand in [
        (1, 30, 35),
        (2, 30, 20),
        (3, 31, 31),
        (0, 30, 30),
    ] * 2:  # a sheet taller than the screen
        table.hand(*hand)
    table.wait_synced(game_id)  # no redraw of the sheet from here on
    wait_js(page, "() => document.querySelectorAll('.hands tbody tr').length === 8")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # reading the hands so far
    assert page.evaluate("window.scrollY") > 0
    page.click(".bidder-bar [data-seat='0']")
    page.wait_for_selector("[data-bid='32']")
    assert page.evaluate("window.scrollY") == 0, "the hand opens at its top"
    page.click("[data-bid='32']")
    page.click("[data-count='33']")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    saved(page)
    wait_js(page, "() => document.querySelectorAll('.hands tbody tr').length === 9")
    assert page.evaluate("[window.scrollY, location.hash.split('/').length]") == [0, 3]
    table.wait_synced(game_id)
    wait_still(page)
    totals = box(page, ".totals")
    assert totals["y"] >= 48 and totals["y"] + totals["height"] <= 844


def uncovered(page, bar=".hand-bar"):
    """Controls the fixed bottom bar covers when the page is scrolled to its end (names)."""
    return page.evaluate(
        """(sel) => {
        window.scrollTo(0, document.body.scrollHeight);
        const bar = document.querySelector(sel).getBoundingClientRect();
        return [...document.querySelectorAll('main button, main a.btn, main summary')]
          .filter((el) => !el.closest(sel) && el.checkVisibility())
          .filter((el) => el.getBoundingClientRect().bottom > bar.top + 0.5)
          .map((el) => el.textContent.trim()); }""",
        bar,
    )


MARKS_TEN = [(0, 30, 35), (1, 30, 35)] * 5  # 5-5 after ten hands


def test_an_edit_that_ends_the_game_sooner_sets_later_hands_aside_and_puts_them_back(table):
    table.open()
    game_id = table.new_game("marks")
    page = table.page
    for hand in MARKS_TEN:
        table.hand(*hand)
    page.click("a[aria-label='Edit hand 2']")
    page.click("[data-bid='84']")
    page.click("[data-count='set']")  # Them set at 2 marks: Us +2, and Us reach 7 at hand 9
    text = page.inner_text("#preview")
    assert text == "needed 42: set, Us +2. The game now ends at hand 9, so hand 10 no longer fits."
    assert page.is_enabled("#save") and uncovered(page) == []
    screenshot(page, "entry-set-aside-preview")
    page.click("#save")
    assert "Set hand 10 aside?" in page.inner_text("#preview")
    assert uncovered(page) == []
    page.click("#save")
    page.wait_for_url(f"**/#/g/{game_id}")
    phone = table.phone_game(game_id)
    assert len(phone["game"]["hands"]) == 9 and phone["state"]["totals"] == [7, 3]
    aside = phone["game"]["set_aside"]
    assert aside["hand_no"] == 2 and aside["first_hand_no"] == 10
    assert aside["previous"] == {"dealer": 1, "bidder": 1, "bid": 30, "result": {"captured": 35}}
    assert aside["hands"] == [{"dealer": 1, "bidder": 1, "bid": 30, "result": {"captured": 35}}]
    assert "hand 10 set aside" in page.inner_text(".banner.set-aside")
    screenshot(page, "entry-set-aside-sheet")
    page.click("#put-back")
    wait_js(page, "() => document.querySelectorAll('.hands tbody tr').length === 10")
    phone = table.phone_game(game_id)
    assert phone["state"]["totals"] == [5, 5] and phone["game"]["set_aside"] is None
    assert page.locator(".banner.set-aside").count() == 0


def test_set_aside_and_put_back_work_offline_and_survive_a_reload(table):
    table.open()
    game_id = table.new_game("marks")
    page = table.page
    for hand in MARKS_TEN:
        table.hand(*hand)
    table.wait_synced(game_id)
    page.context.set_offline(True)
    page.click("a[aria-label='Edit hand 2']")
    page.click("[data-bid='84']")
    page.click("[data-count='set']")
    page.click("#save")
    page.click("#save")
    page.wait_for_url(f"**/#/g/{game_id}")
    page.reload()  # kept in IndexedDB with its outbox op, not in memory
    page.wait_for_selector(".banner.set-aside")
    phone = table.phone_game(game_id)
    assert len(phone["game"]["hands"]) == 9 and phone["outbox"] == 1
    page.click("#put-back")
    wait_js(page, "() => document.querySelectorAll('.hands tbody tr').length === 10")
    phone = table.phone_game(game_id)
    assert phone["state"]["totals"] == [5, 5] and phone["outbox"] == 2
    assert phone["game"]["hands"][1]["bid"] == 30 and phone["game"]["set_aside"] is None


def test_set_aside_and_put_back_reach_the_server(table):
    """Interface 5 on the server (the API-PERF branch): passes once that branch is merged."""
    table.open()
    game_id = table.new_game("marks")
    page = table.page
    for hand in MARKS_TEN:
        table.hand(*hand)
    table.wait_synced(game_id)
    page.click("a[aria-label='Edit hand 2']")
    page.click("[data-bid='84']")
    page.click("[data-count='set']")
    page.click("#save")
    page.click("#save")
    page.wait_for_url(f"**/#/g/{game_id}")
    table.wait_synced(game_id)
    server = table.assert_same(game_id)
    assert len(server["hands"]) == 9 and server["set_aside"]["first_hand_no"] == 10
    page.click("#put-back")
    table.wait_synced(game_id)
    server = table.assert_same(game_id)
    assert len(server["hands"]) == 10 and server["set_aside"] is None


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [(390, 844), (320, 640)])
def test_hand_entry_fits_and_nothing_covers_a_control(browser, base_url, scheme, size):
    context, page = new_phone(browser, base_url, color_scheme=scheme)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    table = Table(page, base_url)
    problems = {}

    def check(name, bar=".hand-bar"):
        page.wait_for_selector(f"{bar} :is(#preview, [data-seat])")
        screenshot(page, f"entry-{name}-{size[0]}-{scheme}")
        widest = page.evaluate("""() => Math.max(...[...document.querySelectorAll('main *')]
            .filter((el) => el.checkVisibility() && !el.closest('.visually-hidden'))
            .map((el) => el.getBoundingClientRect().right))""")
        covered = uncovered(page, bar)
        if widest > size[0] + 0.5 or covered:
            problems[name] = (widest, covered)

    try:
        table.open()
        for preset, scoring, seat, bid in (
            ("texas-88", "marks", 1, "60"),
            ("h2g2-house", "marks", 0, None),
            ("140", "points", 1, "100"),
            ("straight-42", "marks", 3, "30"),
        ):
            table.open()
            table.new_game(scoring, preset=preset)
            if preset in ("straight-42", "h2g2-house"):
                table.hand(1, 30, 35)
            check(f"{preset}-sheet", ".bidder-bar")
            page.click(f".bidder-bar [data-seat='{seat if bid else 'forced'}']")
            check(f"{preset}-seats")
            page.click(f"[data-bid='{bid or NELLO}']")
            check(f"{preset}-count")
    finally:
        context.close()
    assert problems == {}


def test_the_outbox_speaks_interface_5_with_if_match(table):
    """The requests themselves, answered here as the server will: PUT ?later=set_aside, then
    POST .../set-aside/restore, each with If-Match carrying the last ETag the phone saw."""
    table.open()
    game_id = table.new_game("marks")
    page = table.page
    for hand in MARKS_TEN:
        table.hand(*hand)
    table.wait_synced(game_id)
    etag = table.phone_game(game_id)["game"]["etag"]
    sent = []

    def answer(route, tag, body):
        request = route.request
        sent.append(
            (
                request.method,
                request.url.split(game_id)[1],
                request.headers.get("if-match"),
                request.post_data_json if request.post_data else None,
            )
        )
        route.fulfill(
            status=200,
            headers={"ETag": tag},
            content_type="application/json",
            body=json.dumps(body),
        )

    # no pulls meanwhile: this server copy does not know these routes
    page.route(
        re.compile(rf".*/api/games/{game_id}$"),
        lambda route: (
            route.fulfill(status=503) if route.request.method == "GET" else route.continue_()
        ),
    )
    page.route(
        re.compile(r".*/hands/2\?later=set_aside$"),
        lambda route: answer(route, '"t1"', {"hand_no": 2, "hand": route.request.post_data_json}),
    )
    page.route(re.compile(r".*/set-aside/restore$"), lambda route: answer(route, '"t2"', {}))
    page.click("a[aria-label='Edit hand 2']")
    page.click("[data-bid='84']")
    page.click("[data-count='set']")
    page.click("#save")
    page.click("#save")
    page.wait_for_url(f"**/#/g/{game_id}")
    wait_js(
        page,
        """async (id) => { const s = await import('/js/store.js');
        const g = await s.getGame(id);
        return g.etag === '"t1"' && g.hands[1].sync === 'synced'; }""",
        game_id,
    )
    page.click("#put-back")
    wait_js(
        page,
        """async (id) => { const s = await import('/js/store.js');
        const g = await s.getGame(id); return g.etag === '"t2"'
          && g.hands.length === 10 && g.hands.every((x) => x.sync === 'synced'); }""",
        game_id,
    )
    hand2 = {"dealer": 1, "bidder": 1, "bid": 84, "result": {"captured": 0, "declared": "set"}}
    assert sent == [
        ("PUT", "/hands/2?later=set_aside", etag, hand2),
        ("POST", "/set-aside/restore", '"t1"', None),
    ]
