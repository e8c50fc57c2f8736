"""A table's phone follows its table ("when its match ends, the phone moves on to
the next match called to that table by itself, and the second phone at the table moves with
it (to the next game, too)"; "Sign-off"; "Call the director ... shows on the director's phone
and on the board until the director answers it"; docs/tournament-screens.md "A table's
phone"). A director runs an event; two phones holding table 1's one link play a match, sign
each game, call the director, and move on to the next game and the next match by
themselves; the board at 1920x1080 shows the call without a reload."""

import pytest
from helpers.browser import (
    ARGS,
    CHROMIUM,
    Table,
    axe_violations,
    new_phone,
    screenshot,
    serve,
    wait_js,
)
from helpers.director_links import post_hand  # side 0 bids 2 marks and makes it
from helpers.director_screens import api, start_event
from helpers.layout import SMALL_TARGETS, WIDEST
from helpers.table_phone import SIZES, TEAMS, keep_event
from helpers.waits import ms


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    """The whole app in one process: the board and the director's screen poll (1 s, 15 s)."""
    url, stop = serve(tmp_path_factory.mktemp("tablephone"), BOARD_REFRESH_SECONDS=1)
    yield url
    stop()


def win_game_on_sheet(table):
    """Rangers (seat 0) bid 84 and make it four times: 8 marks to none, game over."""
    for _ in range(4):
        table.hand(0, "84", "made")


def to_table(page):
    """From a game just over (its sheet, or the game-over screen the last hand opens) back
    to the table's screen: the game-over screen's "Your table"."""
    page.locator("#to-table, #game-over").first.wait_for(timeout=ms(15))
    if page.locator("#to-table").count() == 0:
        page.locator("#game-over").click()
    page.locator("#to-table").click()


def test_two_phones_with_one_table_link_sign_call_and_move_on(browser, base_url, playwright):
    made, started = start_event(
        base_url, TEAMS, format="single-elimination", first_to=[2, 1], tables=2
    )
    event_id, director_token = made["id"], made["director_token"]
    links = started["new_table_links"]
    # table 2 plays its match out first (by the API), so the final goes to table 1
    w12 = next(m for m in started["matches"] if m["id"] == "W1.2")
    assert w12["table"] == 2
    for game_no in (1, 2):
        read = api(base_url, "GET", f"/api/events/{event_id}/tables/2", links["2"])
        game = read["match"]["current_game"]
        if game is None:
            game = api(
                base_url,
                "POST",
                f"/api/matches/{read['match']['match']['id']}/games",
                links["2"],
                {"game_no": game_no},
            )["game"]["id"]
        for hand_no in range(1, 5):
            post_hand(base_url, game, links["2"], hand_no)

    contexts = []

    def phone_page(size="390"):
        context = browser.new_context(viewport=SIZES[size], base_url=base_url)
        contexts.append(context)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page, errors

    try:
        # the director's phone: table 1's card carries the table's own link and its QR
        director, director_errors = phone_page()
        director.goto("/#/")
        wait_js(director, "() => document.querySelector('#tournaments')")
        keep_event(director, made, started)
        director.goto(f"/#/e/{event_id}")
        director.locator("#table-link-1").wait_for()
        link = director.locator("#table-link-1 .link-text").text_content()
        assert f"/#/table/{event_id}/1/{links['1']}" in link
        assert director.locator("#need-links").count() == 0  # the tables have their links

        # the board on the hall's TV
        tv = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        board = tv.new_page(viewport={"width": 1920, "height": 1080})
        board.goto(f"{base_url}/b/{made['public_token']}")
        wait_js(board, "() => document.querySelector('.live-state')")

        # two phones scan table 1's link: the token leaves the address bar
        page_a, errors_a = phone_page()
        page_b, errors_b = phone_page()
        for page in (page_a, page_b):
            page.goto(link)
            page.locator("#table-teams").wait_for()
            assert links["1"] not in page.url
            assert page.locator("#table-teams li strong").all_inner_texts() == ["Rangers", "Aggies"]
        a = Table(page_a, base_url)

        # phone A scores game 1; phone B watches from the table's screen
        page_a.locator("#play-game").click()
        page_a.wait_for_url("**/#/g/*")
        game_1 = page_a.url.split("#/g/")[1]
        win_game_on_sheet(a)
        a.wait_synced(game_1)
        to_table(page_a)  # a table's game signs at the table first
        page_a.locator("#sign-off").wait_for()
        # phone B (the losing team's) is asked too, by itself, and signs with one tap
        page_b.locator("#sign-off").wait_for(timeout=ms(15))
        assert page_b.locator("#sign-words").inner_text() == "Aggies: Rangers won 8\xa0to\xa00?"
        page_b.locator("#sign-game").click()
        page_b.locator("#sign-off").wait_for(state="detached")
        page_a.locator("#sign-off").wait_for(state="detached", timeout=ms(15))

        # "Call the director": the director's phone and the board show it until answered
        page_a.locator("#call-director").click()
        page_a.locator("#called").wait_for()
        board.locator(".calls").filter(has_text="Table 1 calls the director").wait_for(
            timeout=ms(15)
        )
        screenshot(board, "board-call-1920")
        director.locator("#calls").wait_for(timeout=ms(20))
        assert director.locator("#calls strong").inner_text() == "Table 1 calls the director."
        director.locator("#answer-1").click()
        director.locator("#calls").wait_for(state="detached")
        board.locator(".calls").wait_for(state="detached", timeout=ms(15))
        page_a.locator("#call-director").wait_for(timeout=ms(15))

        # game 2: A starts it, and B's table screen opens it by itself
        page_a.locator("#play-game").click()
        page_a.wait_for_url("**/#/g/*")
        game_2 = page_a.url.split("#/g/")[1]
        assert game_2 != game_1
        page_b.wait_for_url(f"**/#/g/{game_2}", timeout=ms(15))
        page_b.go_back()  # B is laid down on the table's screen while A keeps the score
        page_b.locator("#table-teams").wait_for()
        win_game_on_sheet(a)
        a.wait_synced(game_2)

        # the match is decided: the final is called to table 1, and both phones show it
        # with the same link, after signing game 2
        to_table(page_a)
        for page in (page_a, page_b):  # B's table screen moves on by itself
            page.locator("#sign-off").wait_for(timeout=ms(15))
            assert page.locator("#table-match").inner_text().endswith("Final")
        page_a.locator("#sign-game").click()
        for page in (page_a, page_b):
            page.locator("#sign-off").wait_for(state="detached", timeout=ms(15))
            names = page.locator("#table-teams li strong").all_inner_texts()
            assert names == ["Rangers", "Owls"], names  # W1.2: Owls (seed 2) won
        view = api(base_url, "GET", f"/api/events/{event_id}", director_token)
        final = next(m for m in view["matches"] if m["id"] == "W2.1")
        assert (final["table"], final["status"]) == (1, "playing")
        # the director's link for table 1 is still the same one
        assert director.locator("#table-link-1 .link-text").text_content() == link
        tv.close()
        assert errors_a == errors_b == director_errors == []
    finally:
        for context in contexts:
            context.close()


def test_a_new_link_stops_the_old_phone_in_the_tables_words(browser, base_url):
    """A lost phone: the director's one tap makes table 1 a new link; the old phone says so
    in the table's words, and the new link opens the same table."""
    made, started = start_event(
        base_url, TEAMS, format="single-elimination", first_to=[1], tables=2
    )
    context = browser.new_context(viewport=SIZES["390"], base_url=base_url)
    try:
        director = context.new_page()
        director.goto("/#/")
        wait_js(director, "() => document.querySelector('#tournaments')")
        keep_event(director, made, started)
        old = api(base_url, "GET", f"/api/events/{made['id']}", made["director_token"])
        assert old["calls"] == []
        director.goto(f"/#/e/{made['id']}")
        before = director.locator("#table-link-1 .link-text").text_content()
        phone = context.new_page()
        phone.goto(before)
        phone.get_by_role("heading", name="Table 1").wait_for()
        director.locator("#new-link-1").click()
        director.locator("#table-link-1[open]").wait_for()
        after = director.locator("#table-link-1 .link-text").text_content()
        assert after != before
        note = phone.locator("#table-note")
        note.filter(has_text="no longer works").wait_for(timeout=ms(15))
        assert "made the table a new one" in note.inner_text()
        screenshot(phone, "table-phone-link-ended-390-light")
        # (the same browser context keeps one link per table: the new one replaces it)
        phone.goto(after)
        phone.locator("#play-game").wait_for()
        # the director deletes the event: the phone says its link went, and why it may have
        # (docs/tournaments.md "Deleting an event"), not that the table has a new link
        api(base_url, "DELETE", f"/api/events/{made['id']}", made["director_token"])
        note.filter(has_text="removed the event").wait_for(timeout=ms(15))
        assert "made the table a new one" not in note.inner_text()
        assert phone.locator("#play-game").count() == 0
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_table_screens_fit_and_read_clean(browser, base_url, size, scheme, axe_source):
    """The table's screen with a game to sign and an open call, and the director's screen with
    the call and the table's link: nothing past the right edge, 48 px targets, no axe
    violation, at 390x844 and 320x640, light and dark."""
    made, started = start_event(
        base_url, TEAMS, format="single-elimination", first_to=[2], tables=2
    )
    link = started["new_table_links"]["1"]
    read = api(base_url, "GET", f"/api/events/{made['id']}/tables/1", link)
    for hand_no in range(1, 5):
        post_hand(base_url, read["match"]["current_game"], link, hand_no)
    api(base_url, "POST", f"/api/events/{made['id']}/tables/1/call", link)
    context, page = new_phone(browser, base_url, scheme, SIZES[size])
    try:
        page.goto(f"/#/table/{made['id']}/1/{link}")
        page.locator("#sign-off").wait_for()
        page.locator("#called").wait_for()
        screenshot(page, f"table-phone-sign-{size}-{scheme}")
        for check in (WIDEST,):
            assert page.evaluate(check) <= SIZES[size]["width"] + 0.5
        assert page.evaluate(SMALL_TARGETS) == []
        assert axe_violations(page, axe_source) == []
        page.goto("/#/")
        wait_js(page, "() => document.querySelector('#tournaments')")
        keep_event(page, made, started)
        page.goto(f"/#/e/{made['id']}")
        page.locator("#calls").wait_for()
        screenshot(page, f"director-call-{size}-{scheme}")
        page.locator("#table-link-1").scroll_into_view_if_needed()
        screenshot(page, f"director-table-link-{size}-{scheme}")
        assert page.evaluate(WIDEST) <= SIZES[size]["width"] + 0.5
        assert page.evaluate(SMALL_TARGETS) == []
        assert axe_violations(page, axe_source) == []
    finally:
        context.close()
