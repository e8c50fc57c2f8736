"""Swiss and drawn rounds on the director's phone
(docs/tournament-screens.md): the event form offers them with the rounds and the championship
in a player's words; once a round's results are in, the director's screen says the next round
is drawn up, lists its pairings and offers "Start round 2"; the standings show wins and the
opponents' wins (Buchholz). 390x844 and 320x640, light and dark (TALLY_SHOTS keeps them)."""

import pytest
from helpers.browser import axe_violations, new_phone, screenshot, wait_js
from helpers.director_links import post_hand
from helpers.director_screens import api, keep_on_phone

TEAMS = ["Rangers", "Aggies", "Bears", "Owls"]


def swiss_after_round_1(base_url):
    """A 4-team Swiss of 2 rounds at 2 tables, one game of one 2-mark hand a match, with
    round 1 played at both tables (side 0 wins). Returns the made event and its start tokens."""
    made = api(
        base_url,
        "POST",
        "/api/events",
        body={
            "name": "Club Swiss",
            "ruleset": "straight-42",
            "rules": {"target": 2},
            "format": "swiss",
            "rounds": 2,
            "first_to": [1],
            "tables": 2,
            "teams": [{"name": n, "players": [f"{n} 1", f"{n} 2"]} for n in TEAMS],
        },
    )
    token = made["director_token"]
    for team in made["teams"]:
        api(base_url, "POST", f"/api/events/{made['id']}/teams/{team['id']}/check-in", token)
    started = api(base_url, "POST", f"/api/events/{made['id']}/start", token)
    tokens = started["new_table_tokens"]
    for match in started["matches"]:
        post_hand(base_url, match["games"][0]["id"], tokens[match["id"]], 1)
    made["matches"] = started["matches"]
    return made, tokens


def test_the_form_offers_swiss_with_its_rounds_and_championship(phone):
    """The format's choice shows the rounds and the championship's boxes (hidden for the
    others); the made event keeps them (the settings panel reads them back)."""
    phone.goto("/#/events/new")
    rounds = phone.get_by_role("spinbutton", name="Rounds", exact=True)
    phone.get_by_role("textbox", name="Name").fill("Club Swiss")
    assert not rounds.is_visible()
    phone.get_by_role("group", name="Format").get_by_role("button", name="Swiss").click()
    rounds.fill("3")
    phone.get_by_role("spinbutton", name="Teams in a championship after the rounds").fill("1")
    phone.locator("form").evaluate("f => f.requestSubmit()")
    alert = phone.get_by_role("alert")
    alert.wait_for()
    assert alert.inner_text() == "A championship takes 2 teams or more (leave it empty for none)."
    phone.get_by_role("spinbutton", name="Teams in a championship after the rounds").fill("")
    phone.locator("form").evaluate("f => f.requestSubmit()")
    phone.wait_for_url("**/#/e/*")
    # the line under the title is filled once the event is read (a wait that times out fails)
    phone.locator("h1 + #event-about").filter(has_text="Swiss").wait_for()
    assert phone.locator("#settings-rounds").input_value() == "3"
    assert phone.locator("#settings-cut").input_value() == ""


@pytest.mark.parametrize(
    ("size", "scheme"), [((390, 844), "light"), ((320, 640), "dark")], ids=["390-light", "320-dark"]
)
def test_the_director_starts_round_2_once_round_1_is_in(
    browser, base_url, size, scheme, axe_source
):
    """Round 1 played: "Round 1 of 2", round 2 drawn up with its pairings and the standings
    in wins and opponents' wins; "Start round 2" calls its matches to the tables."""
    made, tokens = swiss_after_round_1(base_url)
    context, page = new_phone(
        browser, base_url, color_scheme=scheme, viewport={"width": size[0], "height": size[1]}
    )
    page.goto("/#/")
    wait_js(page, "() => document.querySelector('#tournaments')")
    keep_on_phone(page, made, tokens)
    page.goto(f"/#/e/{made['id']}")
    start = page.get_by_role("button", name="Start round 2")
    start.wait_for()
    assert page.locator("#round-head").inner_text() == "Round 1 of 2"
    ready = page.locator("#round-ready").inner_text()
    assert ready == "Round 2 is drawn up. Its matches go to the tables when you start it."
    # Dutch round 1: Rangers v Bears, Aggies v Owls; the winners meet, and the losers
    assert page.locator("#round-pairings li").all_inner_texts() == [
        "Rangers v Aggies",
        "Bears v Owls",
    ]
    heads = page.locator("#round-standings th[scope='col']").all_inner_texts()
    assert heads == ["#", "Team", "Wins", "Opponents’ wins"]
    rows = page.locator("#round-standings tbody tr")
    assert rows.first.inner_text().split() == ["1", "Rangers", "1", "0"]
    assert page.get_by_text("Drawn up: goes to a table when its round starts").count() == 2
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= size[0], f"the screen scrolls sideways: {width}px"
    assert axe_violations(page, axe_source) == []
    screenshot(page, f"rounds-ready-{size[0]}-{scheme}")
    start.click()
    page.get_by_text("Round 2 has started").wait_for()
    page.locator("#round-head", has_text="Round 2 of 2").wait_for()
    assert page.get_by_role("button", name="Start round 2").count() == 0
    assert page.get_by_text("Drawn up: goes to a table when its round starts").count() == 0
    screenshot(page, f"rounds-started-{size[0]}-{scheme}")
    errors = [e for e in page.js_errors if "Failed to load resource" not in e]
    context.close()
    assert not errors, errors
