"""A league night on the phones ("Browser tests ... for a league
night"; docs/leagues.md): the crew's phone makes a season from the crew's list, starts
tonight's night (the usual director's screen opens, and starts the event), names a
substitute, a table's phone plays its match from its table link, and the season's standings
show the result the server derives. axe finds nothing on the season screens. Screenshots
(TALLY_SHOTS=dir) at 390x844 light and 320x640 dark."""

from helpers.browser import axe_violations, new_phone, screenshot, wait_js
from helpers.director import play_to_the_end
from helpers.director_screens import api
from helpers.league_night import crew_with_roster, make_season


def test_a_league_night_from_the_crew_screen_to_the_standings(browser, base_url, axe_source):
    crew, ids = crew_with_roster(base_url)
    ctx, page = new_phone(browser, base_url)
    table_ctx = None
    try:
        page.goto(f"/#/crew-join/{crew['id']}/{crew['token']}")
        page.locator("#crew-seasons").wait_for()
        screenshot(page, "league-crew")
        page.locator("#crew-seasons").click()
        page.locator("#new-season").wait_for()
        screenshot(page, "league-new-season")
        assert axe_violations(page, axe_source) == []
        make_season(page, ids)
        season_url = page.url
        assert page.locator("#season-progress").inner_text() == "0 of 2 nights"
        screenshot(page, "league-season-new")
        page.goto(f"/#/crew/{crew['id']}/seasons")  # the crew's seasons, in a club's words
        assert (
            page.locator("#seasons li .muted").inner_text().strip() == "2 nights, none played yet"
        )
        page.goto(season_url)
        page.locator("#start-night").wait_for()

        # tonight's night: the director's screen of its event opens; the director starts it
        page.click("#start-night")
        page.wait_for_url("**/#/e/*")
        event_id = page.url.split("#/e/")[1]
        page.click("#start-event")
        links = wait_js(
            page,
            """async (id) => {
            const d = await import('/js/director.js');
            return (await d.myEvent(id))?.links;
        }""",
            event_id,
        )

        # Sue sits for Cy (Bones' first player) tonight
        page.goto(season_url)
        page.locator("#substitutes").wait_for()
        season_id = season_url.rsplit("/", 1)[1]
        season = api(base_url, "GET", f"/api/crews/{crew['id']}/seasons/{season_id}", crew["token"])
        bones = next(t["id"] for t in season["teams"] if t["name"] == "Bones")
        page.select_option("#sub-for", f"{bones}:0")
        page.select_option("#sub-who", ids["Sue"])
        page.click("#name-sub")
        page.get_by_text("Sue for Cy (Bones)").wait_for()
        # Sue sits in already: she is offered no second seat
        assert ids["Sue"] not in page.locator("#sub-who option").evaluate_all(
            "options => options.map((o) => o.value)"
        )
        screenshot(page, "league-night-substitute")
        assert axe_violations(page, axe_source) == []

        # table 1's phone plays its match: side 0 wins it
        table_ctx, table = new_phone(browser, base_url)
        table.goto(f"/#/table/{event_id}/1/{links['1']}")
        play_to_the_end(table)
        director = api(
            base_url, "GET", f"/api/crews/{crew['id']}/seasons/{season_id}", crew["token"]
        )
        night = director["played"][0]
        winner = next(r["team_name"] for r in night["results"] if r["won"] == 1)

        # the season's standings show it, as the server derives them (a read anew)
        page.reload()
        first = page.locator("#season-standings tbody tr").first
        first.wait_for()
        assert first.inner_text().split("\t")[:4] == ["1", winner, "1", "0"]
        assert page.get_by_text("Night 1 being played").count() == 1
        screenshot(page, "league-standings-390-light")
        page.emulate_media(color_scheme="dark")
        page.set_viewport_size({"width": 320, "height": 640})
        page.reload()
        page.locator("#season-standings").wait_for()
        screenshot(page, "league-standings-320-dark")
        assert axe_violations(page, axe_source) == []
        assert not [e for e in page.js_errors if "Failed to load resource" not in e]
    finally:
        ctx.close()
        if table_ctx:
            table_ctx.close()


def test_the_season_form_offers_the_rules_the_format_and_the_games(browser, base_url):
    """ "New season": the rules picked as on the event form, the night's format, the
    games in a match and the playoff's games, each one tap; the sentence under them says the
    choices in words, and the season made plays them (as the API answers it)."""
    crew, ids = crew_with_roster(base_url)
    ctx, page = new_phone(browser, base_url)
    try:
        page.goto(f"/#/crew-join/{crew['id']}/{crew['token']}")
        page.locator("#crew-seasons").click()
        page.locator("#season-preset").wait_for()
        words = page.locator("#season-words")
        assert words.inner_text() == (
            "Each night: every team plays every other, one game a match, in Straight 42. "
            "The top 2 then play it off: first to 2 games (best of 3) a match."
        )
        offered = page.locator("#season-preset option").evaluate_all(
            "options => options.map((o) => o.value)"
        )
        # two teams of two: no three-sided rulesets, no Texas 88 (six seats)
        assert "straight-42" in offered and "tennessee" in offered
        assert not {"moon", "texas-88", "84"} & set(offered)
        page.select_option("#season-preset", "tennessee")
        page.locator("#season-format button", has_text="Double elimination").click()
        page.locator("#season-series button", has_text="Best of 3").click()
        page.locator("#season-playoff button", has_text="The top 4").click()
        page.locator("#season-playoff-series button", has_text="Best of 5").click()
        assert words.inner_text() == (
            "Each night: a knockout, lose twice and you are out, first to 2 games (best of 3) "
            "a match, in Tennessee (Region Six). The top 4 then play it off: first to 3 games "
            "(best of 5) a match."
        )
        pressed = page.locator("#season-format [aria-pressed=true]")
        assert pressed.inner_text() == "Double elimination"
        screenshot(page, "league-new-season-choices")
        make_season(page, ids)
        season_id = page.url.rsplit("/", 1)[1]
        season = api(base_url, "GET", f"/api/crews/{crew['id']}/seasons/{season_id}", crew["token"])
        assert (season["ruleset"], season["format"], season["first_to"]) == (
            "tennessee",
            "double-elimination",
            [2],
        )
        assert (season["playoff"]["teams"], season["playoff"]["first_to"]) == (4, [3])
        # no playoff: its games are not asked, and none is sent
        page.goto(f"/#/crew/{crew['id']}/seasons")
        page.emulate_media(color_scheme="dark")
        page.set_viewport_size({"width": 320, "height": 640})
        page.locator("#season-playoff button", has_text="No playoff").click()
        assert page.locator("#season-playoff-series").count() == 0
        assert "null" not in page.locator("#season-how").inner_text()
        page.locator("#season-how").scroll_into_view_if_needed()
        screenshot(page, "league-new-season-choices-320-dark")
        make_season(page, ids, "Fall 2027")
        season_id = page.url.rsplit("/", 1)[1]
        season = api(base_url, "GET", f"/api/crews/{crew['id']}/seasons/{season_id}", crew["token"])
        assert (season["ruleset"], season["format"], season["playoff"]) == (
            "straight-42",
            "round-robin",
            None,
        )
        assert not [e for e in page.js_errors if "Failed to load resource" not in e]
    finally:
        ctx.close()
