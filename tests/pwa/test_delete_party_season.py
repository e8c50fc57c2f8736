"""Deleting a party and a crew's season on the phone (docs/tournaments.md
"Progressive parties", docs/leagues.md): "Delete this party" on the director's screen and
"Delete this season" on the season's screen ask first, in words naming what goes; saying no
deletes nothing; saying yes deletes it on the server and the phone forgets it. Screenshots
(TALLY_SHOTS=dir) of each open panel at 390x844 and 320x640, light and dark."""

from helpers.browser import new_phone, screenshot, wait_js
from helpers.director_screens import api
from helpers.league_night import crew_with_roster, make_season
from helpers.party_phone import make_party_on_phone

SIZES = {"390": (390, 844), "320": (320, 640)}


def answer_dialogs(page, said, answers):
    """Answer each confirm() with the next of `answers` (True: OK), keeping its words."""

    def answer(dialog):
        said.append(dialog.message)
        if answers.pop(0):
            dialog.accept()
        else:
            dialog.dismiss()

    page.on("dialog", answer)


def shots(page, panel, name):
    """The open panel at both phone sizes, light and dark."""
    for size, (width, height) in SIZES.items():
        for scheme in ("light", "dark"):
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(color_scheme=scheme)
            page.locator(panel).scroll_into_view_if_needed()
            screenshot(page, f"{name}-{size}-{scheme}")
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(color_scheme="light")


def no_then_yes(page, base_url, what, url, token, back):
    """Tap "Delete the <what>" twice: the question answered no (the server still has it),
    then yes (the phone goes to `back`). Returns (its name read between the two, the status of
    a read with `token` after)."""
    button = f"#delete-{what}-button"
    page.click(button)
    page.locator(button).wait_for()
    name = api(base_url, "GET", url, token)["name"]
    page.click(button)
    wait_js(page, f"() => location.hash === '{back}'")
    after = page.context.request.get(url, headers={"Authorization": f"Bearer {token}"})
    return name, after.status


def test_a_party_is_deleted_from_the_directors_screen_after_a_no(browser, base_url):
    context, page = new_phone(browser, base_url)
    said = []
    answer_dialogs(page, said, [False, True])
    try:
        page.goto("/#/")
        party_id = make_party_on_phone(page)
        kept = page.evaluate("async (id) => (await import('/js/party.js')).myParty(id)", party_id)
        page.locator("#start-party").click()
        page.locator("#party-seating").wait_for()
        page.locator("#delete-party summary").click()
        shots(page, "#delete-party", "party-delete")
        url = f"/api/parties/{party_id}"
        kept_name, after = no_then_yes(page, base_url, "party", url, kept["token"], "#/parties")
        assert (kept_name, after) == ("Church social", 401)  # its token is unknown after
        assert said == [said[0]] * 2 and said[0] == (
            "Delete Church social for good? Its 12 players and 3 table games played or under "
            "way go with it, and every link to it stops working: the board on the TV and the "
            "tables’ links. This cannot be undone."
        )
        board = page.context.request.get(f"/party/{kept['public_token']}")
        assert board.status == 404 and "deleted" in board.text()
        parties = page.evaluate("async () => (await import('/js/party.js')).myParties()")
        assert party_id not in [p["id"] for p in parties]
        assert page.js_errors == []
    finally:
        context.close()


def test_a_party_deleted_elsewhere_is_said_gone_and_taken_off_the_phone(browser, base_url):
    """The party deleted with its token from another phone (one restored from this one's
    backup): the director's screen says so in words, and one tap forgets it here."""
    context, page = new_phone(browser, base_url)
    try:
        page.goto("/#/")
        party_id = make_party_on_phone(page)
        kept = page.evaluate("async (id) => (await import('/js/party.js')).myParty(id)", party_id)
        api(base_url, "DELETE", f"/api/parties/{party_id}", kept["token"])
        page.goto("/#/parties")
        page.goto(f"/#/party/{party_id}")
        page.locator("#forget-party").wait_for()
        assert page.locator("#party-note").inner_text() == (
            "This party is not on the server any more: it was deleted, and its links no "
            "longer work."
        )
        assert page.locator("#delete-party").is_hidden()
        screenshot(page, "party-gone")
        page.click("#forget-party")
        wait_js(page, "() => location.hash === '#/parties'")
        parties = page.evaluate("async () => (await import('/js/party.js')).myParties()")
        assert party_id not in [p["id"] for p in parties]
    finally:
        context.close()


def test_a_season_is_deleted_from_its_screen_and_its_night_forgotten(browser, base_url):
    crew, ids = crew_with_roster(base_url)
    context, page = new_phone(browser, base_url)
    said = []
    answer_dialogs(page, said, [False, True])
    try:
        page.goto(f"/#/crew-join/{crew['id']}/{crew['token']}")
        page.locator("#crew-seasons").click()
        page.locator("#new-season").wait_for()
        make_season(page, ids)
        season_url = page.url
        season_id = season_url.rsplit("/", 1)[1]
        page.click("#start-night")  # the night's event is kept on the phone
        page.wait_for_url("**/#/e/*")
        event_id = page.url.split("#/e/")[1]
        page.goto(season_url)
        page.locator("#delete-season summary").click()
        shots(page, "#delete-season", "season-delete")
        url = f"/api/crews/{crew['id']}/seasons/{season_id}"
        back = f"#/crew/{crew['id']}/seasons"
        kept_name, after = no_then_yes(page, base_url, "season", url, crew["token"], back)
        assert (kept_name, after) == ("Spring 2027", 404)  # the crew has no such season now
        assert said == [said[0]] * 2 and said[0] == (
            "Delete Spring 2027 for good? Its 4 teams and 1 night and its games go with it: "
            "the crew’s statistics stop counting those games. The board on the TV stops "
            "working. The crew, its players and its other games stay. This cannot be undone."
        )
        page.get_by_text("No season yet", exact=False).first.wait_for()
        events = page.evaluate("async () => (await import('/js/director.js')).myEvents()")
        assert event_id not in [e["id"] for e in events]
        assert page.js_errors == []
    finally:
        context.close()
