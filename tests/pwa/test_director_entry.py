"""Team entry at the speed of a sign-up table, and taps that cannot be taken back asking first
(docs/tournament-screens.md): Player 1 after "Add team", Enter moving to the next
box with no warning, word capitals and no autocorrect; a pasted list previewed with its
duplicates and one-player lines named, then added; a team renamed on the phone (its names
panel); Drop and Remove told apart and both asking in words that name the team. At 390x844
and 320x640, light and dark (TALLY_SHOTS=/tmp/shots saves each screen)."""

import pytest
from helpers.browser import (
    axe_violations,
    own_server,
    screenshot,
    wait_js,
    wait_still,
    writes_to,
)
from helpers.director_entry import names_on_server, new_event, phone_on
from helpers.director_screens import SIZES, api


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    """The app for these tests, its own (PostgreSQL when TEST_DATABASE_URL names one)."""
    yield from own_server(tmp_path_factory, "entry")


def focused(page):
    return page.evaluate("() => document.activeElement.id")


def focus_moves_to(page, box_id):
    """Wait for the focus to reach `box_id`: after an add it moves once the list is drawn,
    which under load comes a moment after the new team shows (a wait that times out fails)."""
    wait_js(page, f"() => document.activeElement.id === '{box_id}'")


def test_a_team_is_entered_with_the_keyboard_alone(browser, base_url):
    made = new_event(base_url)
    context, page = phone_on(browser, base_url, made)
    try:
        p1 = page.get_by_role("textbox", name="Player 1")
        for box in (p1, page.get_by_role("textbox", name="Player 2")):
            # word capitals asked of the phone's keyboard, and no autocorrect
            assert box.get_attribute("autocapitalize") == "words"
            assert box.get_attribute("autocorrect") == "off"
            assert box.get_attribute("spellcheck") == "false"
        p1.click()
        page.keyboard.type("Bubba")
        page.keyboard.press("Enter")  # on to Player 2, no warning
        assert focused(page) == "player-2"
        assert page.locator("#event-note").is_hidden()
        page.keyboard.type("Earl")
        page.keyboard.press("Enter")  # on to the team's name (optional)
        assert focused(page) == "team-name"
        page.keyboard.press("Enter")  # added as "Bubba & Earl"
        page.locator("[data-team='Bubba & Earl']").wait_for()
        assert page.locator("#event-note").is_hidden()
        focus_moves_to(page, "player-1")  # the next team's first player
        page.keyboard.type("Ann")
        page.keyboard.press("Enter")
        page.keyboard.type("Bob")
        page.get_by_role("button", name="Add team").click()
        page.locator("[data-team='Ann & Bob']").wait_for()
        focus_moves_to(page, "player-1")
        assert names_on_server(base_url, made) == ["Bubba & Earl", "Ann & Bob"]
    finally:
        context.close()


def test_a_pasted_list_is_previewed_with_its_duplicates_then_added(browser, base_url):
    made = new_event(base_url, [("Ann & Bob", ["Ann", "Bob"])])
    context, page = phone_on(browser, base_url, made)
    try:
        page.get_by_text("Paste a list of teams").click()
        box = page.get_by_role("textbox", name="Teams, one a line")
        box.fill("Bubba & Earl\nann & bob\nKubala,Dietz\nRangers,Leroy,Mary\nLeroy\nKubala & Dietz")
        preview = page.locator("#paste-preview")
        preview.get_by_text("To add: Bubba & Earl, Kubala & Dietz, Rangers").wait_for()
        text = preview.inner_text()
        assert "Already on the list, left out: ann & bob, Kubala & Dietz" in text, text
        assert "Line 5: “Leroy” names one player: a team is two." in text, text
        screenshot(page, "director-paste-preview")
        page.get_by_role("button", name="Add 3 teams").click()
        page.locator("[data-team='Rangers']").wait_for()
        assert names_on_server(base_url, made) == [
            "Ann & Bob",
            "Bubba & Earl",
            "Kubala & Dietz",
            "Rangers",
        ]
        assert box.input_value() == ""  # all added: the box is empty again
        assert page.get_by_role("button", name="Add 0 teams").is_disabled()
    finally:
        context.close()


def test_a_team_is_renamed_on_the_phone(browser, base_url):
    """ "Edit names" opens the names panel on that team, Player 1 ready to type, the names as
    they are in the boxes; saving renames it; the panel closed sends nothing."""
    made = new_event(base_url, [("Bubba & Earl", ["Bubba", "Earl"])])
    context, page = phone_on(browser, base_url, made)
    try:
        page.get_by_role("button", name="Change Bubba & Earl's names").click()
        assert page.locator("#edit-team").get_attribute("open") is not None
        assert focused(page) == "edit-player-1"
        assert page.input_value("#edit-team-name") == "Bubba & Earl"  # the name as it is
        page.fill("#edit-team-name", "Jones & Pruitt")
        page.click("#edit-team-save")
        page.locator("[data-team='Jones & Pruitt']").wait_for()
        assert names_on_server(base_url, made) == ["Jones & Pruitt"]
        page.get_by_role("button", name="Change Jones & Pruitt's names").click()
        page.fill("#edit-team-name", "Never sent")
        writes = writes_to(page, f"/api/events/{made['id']}")
        page.locator("#edit-team summary").click()  # folded again: nothing sent
        wait_still(page)  # the click's task is done: a write would have gone out
        assert writes == []
        assert names_on_server(base_url, made) == ["Jones & Pruitt"]
    finally:
        context.close()


PAST = "2020-01-01T00:00:00+00:00"  # a check-in deadline long gone: every team not here is late


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", sorted(SIZES))
def test_drop_and_remove_look_apart_and_ask_first(browser, base_url, axe_source, size, scheme):
    made = new_event(
        base_url,
        [("Rangers", ["Ann", "Bo"]), ("Latecomers", ["Ike", "Jo"])],
        checkin_deadline=PAST,
    )
    context, page = phone_on(browser, base_url, made, size, scheme)
    try:
        drop = page.get_by_role("button", name="Drop Latecomers")
        remove = page.get_by_role("button", name="Remove Latecomers")
        drop.wait_for()
        look = "(el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"
        assert drop.evaluate(look) != remove.evaluate(look)  # told apart at a glance
        assert drop.inner_text() != remove.inner_text()
        screenshot(page, f"director-drop-remove-{size}-{scheme}")
        assert axe_violations(page, axe_source) == []
        asked = []
        page.once("dialog", lambda d: asked.append(d.message) or d.dismiss())
        with page.expect_event("dialog"):
            drop.click()
        assert asked == [
            "Drop Latecomers? They stay on the list, marked dropped, and play no match. "
            "This cannot be undone."
        ]
        view = api(base_url, "GET", f"/api/events/{made['id']}", made["director_token"])
        assert not any(t["dropped"] for t in view["teams"])  # Cancel: nothing changed
        page.once("dialog", lambda d: asked.append(d.message) or d.accept())
        remove.click()
        page.locator("[data-team='Latecomers']").wait_for(state="detached")
        assert asked[-1] == "Remove Latecomers from the list? Their names are taken off for good."
        assert names_on_server(base_url, made) == ["Rangers"]
    finally:
        context.close()


def started_32(base_url):
    """A 32-team double elimination, started, the first four winners' matches forfeited."""
    made = new_event(
        base_url,
        [(f"Team {n}", [f"P{n}a", f"P{n}b"]) for n in range(1, 33)],
        format="double-elimination",
        first_to=[1],
        tables=8,
    )
    event_id, token = made["id"], made["director_token"]
    for team in made["teams"]:
        api(base_url, "POST", f"/api/events/{event_id}/teams/{team['id']}/check-in", token)
    view = api(base_url, "POST", f"/api/events/{event_id}/start", token)
    for m in [m for m in view["matches"] if m["status"] == "playing"][:4]:
        body = {"team": m["teams"][1], "reason": "forfeit"}
        api(base_url, "POST", f"/api/events/{event_id}/matches/{m['id']}/forfeit", token, body)
    return made, api(base_url, "GET", f"/api/events/{event_id}", token)


SHOWN = "() => [...document.querySelectorAll('#matches > li')].filter((li) => !li.hidden).length"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_match_list_folds_and_finds_a_team_at_32_teams(
    browser, base_url, axe_source, size, scheme
):
    made, view = started_32(base_url)
    context, page = phone_on(browser, base_url, made, size, scheme, ready="#matches")
    try:
        matches = [m for m in view["matches"] if m["status"] != "void"]
        open_ = [m for m in matches if m["status"] not in ("played", "bye")]
        known = [m for m in open_ if any(t is not None for t in m["teams"])]
        done = [m for m in matches if m["status"] in ("played", "bye")]
        playing = [m for m in matches if m["status"] == "playing"]
        group = page.get_by_role("group", name="Show matches")
        to_play = group.get_by_role("button", name=f"To play ({len(known)})")
        assert to_play.get_attribute("aria-pressed") == "true"  # while it runs: what is left
        assert page.evaluate(SHOWN) == len(known) < len(matches)
        later = len(open_) - len(known)
        page.get_by_text(f"{later} later matches wait for earlier results (under All).").wait_for()
        screenshot(page, f"director-matches-{size}-{scheme}")
        assert axe_violations(page, axe_source) == []
        group.get_by_role("button", name=f"Done ({len(done)})").click()
        assert page.evaluate(SHOWN) == len(done)
        group.get_by_role("button", name=f"In play ({len(playing)})").click()
        assert page.evaluate(SHOWN) == len(playing)
        group.get_by_role("button", name=f"All ({len(matches)})").click()
        assert page.evaluate(SHOWN) == len(matches)
        # a team's matches, by its name: Team 7's first-round match, wherever it stands
        page.get_by_role("searchbox", name="Find a team").fill("team 7")
        shown = page.locator("#matches > li:not([hidden])")
        names = {t["id"]: t["name"] for t in view["teams"]}
        mine = [m for m in matches if any(names.get(t, "").lower() == "team 7" for t in m["teams"])]
        assert shown.count() >= len(mine) >= 1
        assert all("Team 7" in text for text in shown.all_inner_texts())
        page.get_by_role("searchbox", name="Find a team").fill("nobody by this name")
        page.get_by_text("No match here.").wait_for()
    finally:
        context.close()
