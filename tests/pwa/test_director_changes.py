"""The director's phone changing what was entered ("a check-in and a drop
can be taken back before the start"; "Team entry": "editing a team's names at any time (the
board and every view follow), changing an event's settings before its start, and deleting an
event (with its games) by its director"; "or the team's own short name, which the director may
set"; docs/tournament-screens.md). Each tap that changes
the list asks in words first, as Drop and Remove do. At 390x844 and 320x640, light and dark
(TALLY_SHOTS=/tmp/shots saves each screen)."""

import datetime

import pytest
from helpers.browser import own_server, screenshot, wait_js
from helpers.director_entry import names_on_server, new_event, phone_on
from helpers.director_screens import api, start_event
from helpers.layout import screen_problems

PAST = (datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=10)).isoformat()
SHAKE = "Who shakes first in the next game of a match"
TEAMS = [("Rangers", ["Ann", "Bo"]), ("Aggies", ["Cy", "Di"]), ("Owls", ["Gus", "Hal"])]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    """The entry screens' own app, as tests/pwa/test_director_entry.py has it."""
    yield from own_server(tmp_path_factory, "entry")


def answer_dialogs(page, said):
    """Accept every confirm(), keeping its words in `said`."""

    def on_dialog(dialog):
        said.append(dialog.message)
        dialog.accept()

    page.on("dialog", on_dialog)


def team_on_server(base_url, made, name):
    view = api(base_url, "GET", f"/api/events/{made['id']}", made["director_token"])
    return next(t for t in view["teams"] if t["name"] == name)


def test_a_check_in_and_a_drop_are_taken_back_asking_first(browser, base_url):
    made = new_event(base_url, TEAMS, checkin_deadline=PAST)
    token = made["director_token"]
    rangers, owls = made["teams"][0]["id"], made["teams"][2]["id"]
    api(base_url, "POST", f"/api/events/{made['id']}/teams/{rangers}/check-in", token)
    api(base_url, "POST", f"/api/events/{made['id']}/teams/{owls}/drop", token)
    context, page = phone_on(browser, base_url, made, ready='[data-team="Owls"]')
    said = []
    answer_dialogs(page, said)
    try:
        assert screen_problems(page, "director-take-back") == {}
        page.get_by_role("button", name="Not here: Rangers").click()
        wait_js(
            page,
            "() => document.querySelector('[data-team=Rangers] .tag.late')",
        )
        assert said[-1] == (
            "Take back the check-in of Rangers? They show as not here until checked in again."
        )
        assert team_on_server(base_url, made, "Rangers")["checked_in_at"] is None
        page.get_by_role("button", name="Put back: Owls").click()
        wait_js(
            page,
            "() => !document.querySelector('[data-team=Owls]').textContent.includes('Dropped')",
        )
        assert said[-1] == "Put Owls back in? They are no longer dropped, and need checking in."
        owls_now = team_on_server(base_url, made, "Owls")
        assert not owls_now["dropped"] and owls_now["checked_in_at"] is None
    finally:
        context.close()


def test_a_team_is_renamed_after_the_start_and_the_board_follows(browser, base_url):
    made, _started = start_event(
        base_url,
        TEAMS[:2] + [("Bears", ["Ed", "Flo"])] + TEAMS[2:],
        format="single-elimination",
        tables=2,
    )
    context, page = phone_on(browser, base_url, made, ready="#tables")
    try:
        page.locator("#edit-team summary").click()
        page.select_option("#edit-team-pick", label="Aggies")
        assert page.input_value("#edit-player-1") == "Cy"
        page.fill("#edit-player-1", "Cyrus Hrncir")
        page.fill("#edit-team-name", "Aggies of Shiner")
        page.fill("#edit-team-short", "Aggies")  # a short name, for the board's tight boxes
        screen = screen_problems(
            page,
            "director-edit-team",
            show=lambda p: p.locator("#edit-team").scroll_into_view_if_needed(),
        )
        assert screen == {}
        page.click("#edit-team-save")
        wait_js(
            page,
            "() => !document.querySelector('#edit-team').open",
        )
        assert "Aggies of Shiner" in names_on_server(base_url, made)
        team = team_on_server(base_url, made, "Aggies of Shiner")
        assert team["players"] == ["Cyrus Hrncir", "Di"]
        assert team["short_name"] == "Aggies"
        wait_js(page, "() => document.body.textContent.includes('Aggies of Shiner')")
        board = page.context.request.get(f"/b/{made['public_token']}").text()
        assert "Aggies of Shiner" in board
        # the same names again: nothing sent, and said so
        page.locator("#edit-team summary").click()
        page.select_option("#edit-team-pick", label="Aggies of Shiner")
        page.click("#edit-team-save")
        wait_js(
            page,
            "() => document.querySelector('#event-note').textContent.includes('Nothing to change')",
        )
    finally:
        context.close()


def test_the_settings_change_before_the_start_and_the_event_is_deleted(browser, base_url):
    made = new_event(base_url, TEAMS)
    context, page = phone_on(browser, base_url, made)
    said = []
    answer_dialogs(page, said)
    try:
        # a team entered with its own short name: the list shows it under the name
        page.fill("#player-1", "Lucinda Pustejovsky")
        page.fill("#player-2", "Maurice Vrazel")
        page.fill("#team-short", "Lu & Mo")
        page.click("#add-team-button")
        wait_js(page, "() => document.body.textContent.includes('short name Lu & Mo')")
        screenshot(page, "director-team-short")
        page.locator("#event-settings summary").click()
        assert page.input_value("#settings-name") == "Timpson 42"
        page.fill("#settings-name", "Timpson 42 Fall Classic")
        page.get_by_role("group", name="Format").get_by_role(
            "button", name="Double elimination"
        ).click()
        page.fill("#settings-tables", "3")
        page.fill("#settings-checkin", "16:30")
        # the rules, who shakes first and the minutes a game takes too
        page.get_by_label("Nel-o").check()
        page.get_by_role("group", name=SHAKE).get_by_role(
            "button", name="Last game's loser"
        ).click()
        page.fill("#settings-minutes", "20")
        shots = screen_problems(
            page,
            "director-settings",
            show=lambda p: p.locator("#event-settings").scroll_into_view_if_needed(),
        )
        assert shots == {}
        page.click("#settings-save")
        wait_js(
            page, "() => document.querySelector('h1').textContent === 'Timpson 42 Fall Classic'"
        )
        view = api(base_url, "GET", f"/api/events/{made['id']}", made["director_token"])
        assert (view["name"], view["format"], view["tables"]) == (
            "Timpson 42 Fall Classic",
            "double-elimination",
            3,
        )
        assert view["checkin_deadline"] is not None
        assert view["rules"] == {"nello": True}
        assert (view["shake_rule"], view["minutes_per_game"]) == ("loser", 20)
        # deleting asks in words naming what goes, then the phone forgets it
        page.locator("#delete-event summary").click()
        screenshot(page, "director-delete")
        page.click("#delete-event-button")
        wait_js(page, "() => location.hash === '#/events'")
        assert said[-1].startswith(
            "Delete Timpson 42 Fall Classic for good? Its 4 teams go with it"
        )
        assert "This cannot be undone." in said[-1]
        gone = page.context.request.get(f"/api/e/{made['public_token']}")
        assert gone.status == 404 and "deleted" in gone.json()["message"]
        kept = page.evaluate("async () => (await import('/js/director.js')).myEvents()")
        assert made["id"] not in [e["id"] for e in kept]
    finally:
        context.close()


def test_an_event_deleted_elsewhere_is_said_gone_and_taken_off_the_phone(browser, base_url):
    """The event deleted with its token from another phone (one restored from this one's
    backup): this phone's screen says so in words, and one tap forgets it here."""
    made = new_event(base_url, TEAMS)
    api(base_url, "DELETE", f"/api/events/{made['id']}", made["director_token"])
    context, page = phone_on(browser, base_url, made, ready="#forget-event")
    try:
        assert page.locator("#event-note").inner_text() == (
            "This tournament is not on the server any more: it was deleted, and its links no "
            "longer work."
        )
        assert page.locator("#delete-event").is_hidden()
        screenshot(page, "director-event-gone")
        page.click("#forget-event")
        wait_js(page, "() => location.hash === '#/events'")
        kept = page.evaluate("async () => (await import('/js/director.js')).myEvents()")
        assert made["id"] not in [e["id"] for e in kept]
    finally:
        context.close()
