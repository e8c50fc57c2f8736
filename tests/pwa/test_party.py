"""A progressive party in the browser (a director and two table phones,
the board at 1920x1080; docs/tournaments.md "How a party runs"). The director's phone makes
a party of 12 pasted players, starts it and hands out the tables' links; two table phones
follow their links and keep score on the ordinary sheet (table 3 plays through the API); the
director starts round 2 once every table is done, and the table phones show their new seats
by themselves; the board shows the round's seating in letters readable across a room."""

import re

import pytest
from helpers.browser import ARGS, CHROMIUM, Table, new_phone, screenshot, serve, wait_js
from helpers.director_links import post_hand  # side 0 bids 2 marks and makes it
from helpers.director_screens import api
from helpers.party_phone import PLAYERS, make_party_on_phone

BIG = {"name": "Senior centre 42 night", "ruleset": "straight-42", "rounds": 6}
BIG_NAMES = [f"{name} {letter}." for letter in "ABCD" for name in PLAYERS[:10]]
SEAT = re.compile(r"^Table \d: \w+ and \w+ against \w+ and \w+$")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    url, stop = serve(tmp_path_factory.mktemp("party"))
    yield url
    stop()


def play_two_hands(page, base_url, bidders, headline):
    """On a table's phone: open the table's game, two 2-mark hands made by `bidders`' seats,
    the game-over screen's `headline`, and back to the table."""
    page.locator("#play-game").click()
    page.wait_for_url("**/#/g/*")
    table = Table(page, base_url)
    game_id = page.url.split("#/g/")[1]
    for seat in bidders:
        table.hand(seat, "84", "made")
    table.wait_synced(game_id)
    server = table.server_game(game_id)
    assert server["game_over"] and server["next_hand_no"] == 3  # the hand limit ended it
    page.locator("#to-table, #game-over").first.wait_for()
    if page.locator("#to-table").count() == 0:
        page.locator("#game-over").click()
    assert page.locator("h1.winner").text_content() == headline
    page.locator("#to-table").click()
    page.locator("#waiting").wait_for()


def test_a_director_and_two_table_phones_run_a_party_the_board_shows_the_seating(
    browser, base_url, playwright
):
    director_context, director = new_phone(browser, base_url)
    contexts = [director_context]
    try:
        director.goto("/#/")
        party_id = make_party_on_phone(director)
        assert director.input_value("#party-players").split("\n") == PLAYERS
        kept = director.evaluate(
            "async (id) => (await import('/js/party.js')).myParty(id)", party_id
        )
        assert api(base_url, "GET", f"/api/parties/{party_id}", kept["token"])["rules"]["nello"]
        director.locator("#start-party").click()
        director.locator("#party-seating").wait_for()
        seats = director.locator("#party-seating strong").all_text_contents()
        assert len(seats) == 3 and all(SEAT.match(s) for s in seats), seats
        assert director.locator("#round-h").text_content() == "Round 1 of 2"
        before = director.locator("#party-standings li .muted").all_text_contents()
        assert set(before) == {" · no table played yet"}, before  # not "won 0 of 0"
        screenshot(director, "party-director-390-light")
        links = {
            n: director.locator(f"#table-link-{n} .link-text").text_content() for n in (1, 2, 3)
        }
        assert all(f"/#/table/p/{party_id}/{n}/" in links[n] for n in links)

        phones = {}
        for n, (size, scheme) in {1: ((390, 844), "light"), 2: ((320, 640), "dark")}.items():
            context, page = new_phone(
                browser,
                base_url,
                color_scheme=scheme,
                viewport=dict(zip(("width", "height"), size, strict=True)),
            )
            contexts.append(context)
            page.goto(links[n].replace(base_url, ""))
            page.locator("#seat-words").wait_for()
            assert "/table/p/" in page.url and links[n].split("/")[-1] not in page.url
            assert page.locator("#seat-words").text_content() == seats[n - 1]
            phones[n] = page
        screenshot(phones[2], "party-table-320-dark")

        # the board on the room's TV
        tv = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        board = tv.new_page(viewport={"width": 1920, "height": 1080})
        public = kept["public_token"]
        board.goto(f"{base_url}/party/{public}")
        assert board.locator(".what").text_content() == "Round 1 of 2"
        first = board.locator("#table-1 .who").first
        size = float(first.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)"))
        assert size >= 40  # readable from the back of a hall (about 4 cm on a 55-inch TV)
        fits = board.evaluate(
            "() => document.documentElement.scrollWidth <= 1920 "
            "&& document.documentElement.scrollHeight <= 1080"
        )
        assert fits
        screenshot(board, "party-board-1920-dark")

        # round 1: tables 1 and 2 on their phones, table 3 through the API
        play_two_hands(
            phones[1], base_url, (0, 0), f"{seats[0].split(': ')[1].split(' against')[0]} win!"
        )
        play_two_hands(phones[2], base_url, (0, 1), "A tie!")  # level after the 2 hands
        token3 = links[3].split("/")[-1]
        read = api(base_url, "GET", f"/api/parties/{party_id}/tables/3", token3)
        for hand_no in (1, 2):
            post_hand(base_url, read["game"]["id"], token3, hand_no)
        director.locator("#next-round").click()
        wait_js(
            director, "() => document.querySelector('#round-h')?.textContent === 'Round 2 of 2'"
        )
        round2 = director.locator("#party-seating strong").all_text_contents()
        for n, page in phones.items():  # each table phone shows its new seats by itself
            wait_js(
                page,
                "(words) => document.querySelector('#seat-words')?.textContent === words",
                round2[n - 1],
            )
            assert page.locator("#party-round").text_content() == "Round 2 of 2"
        screenshot(phones[1], "party-table-390-light")
        # table 1's phone is lost: the director makes the table a new link, the old one stops
        director.locator("#renew-link-1").click()
        wait_js(director, "() => document.querySelector('#table-link-1')?.open")
        assert director.locator("#table-link-1 .link-text").text_content() != links[1]
        phones[1].locator("#table-note").wait_for()
        note = phones[1].locator("#table-note").text_content()
        assert "the director made the table a new one" in note and "new QR code" in note
        standings = director.locator("#party-standings li").all_text_contents()
        assert len(standings) == 12 and standings[0].startswith("1. ")
        assert all(re.search(r"won [01] of 1 table$", line) for line in standings), standings
        board.reload()
        assert board.locator(".what").text_content() == "Round 2 of 2"
        # a 40-player party (10 tables) still fits the TV: four columns, smaller letters
        big = api(base_url, "POST", "/api/parties", body={**BIG, "players": BIG_NAMES})
        api(base_url, "POST", f"/api/parties/{big['id']}/start", big["director_token"])
        board.goto(f"{base_url}/party/{big['public_token']}")
        assert board.locator(".tables > li").count() == 10
        assert board.evaluate("() => document.documentElement.scrollHeight <= 1080")
        screenshot(board, "party-board-40-1920-dark")
        board.goto(f"{base_url}/party/{public}?theme=light")
        screenshot(board, "party-board-1920-light")
        tv.close()
        small_context, small = new_phone(
            browser, base_url, color_scheme="dark", viewport={"width": 320, "height": 640}
        )
        contexts.append(small_context)
        small.goto("/#/")
        small.evaluate(
            "async ([id, entry]) => (await import('/js/party.js')).keepParty(id, entry)",
            [
                party_id,
                director.evaluate(
                    "async (id) => (await import('/js/party.js')).myParty(id)", party_id
                ),
            ],
        )
        small.goto(f"/#/party/{party_id}")
        small.locator("#party-seating").wait_for()
        wide = small.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= 320
        screenshot(small, "party-director-320-dark")
        for page in (director, *phones.values(), small):
            errors = [e for e in page.js_errors if "Failed to load resource" not in e]
            assert not errors, errors
    finally:
        for context in contexts:
            context.close()
