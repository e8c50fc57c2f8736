"""Required: "The statistics screen shows a player's rating over time", in a player's words, one
thumb, at 390x844 and 320x640, light and dark (docs/crews.md "Ratings").

A crew of five is seeded through the API: seven games, each carried over at 6 to 6 and decided
by one made bid, so Ann plays six rated games (settled after five) and Eve one (provisional).
A phone joins by the crew's link and opens the statistics screen: Ann's rating, its standing
and career points, the chart (dashed while provisional) with its table, everyone's ratings and
the partnerships' chances read as the API gives them; axe finds nothing, nothing scrolls
sideways. Screenshots with TALLY_SHOTS=dir, outside the repository.
"""

import pytest
from helpers.browser import Table, axe_violations, new_phone, screenshot, wait_js
from helpers.crew_ratings_screen import SIZES, seed
from helpers.crew_screens import api_get
from helpers.words import unclean

ROWS = """(sel) => [...document.querySelectorAll(`${sel} tbody tr`)]
  .map((tr) => [...tr.cells].map((c) => c.textContent))"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["390", "320"])
def test_the_statistics_screen_shows_a_players_rating_over_time(
    browser, base_url, axe_source, scheme, size
):
    crew_id, token, link = seed(base_url)
    ratings = api_get(base_url, f"/api/crews/{crew_id}/ratings", token)
    by_name = {p["name"]: p for p in ratings["players"]}
    ann, eve = by_name["Ann"], by_name["Eve"]
    assert (ann["games"], ann["provisional"], eve["games"], eve["provisional"]) == (
        6,
        False,
        1,
        True,
    )
    context, page = new_phone(browser, base_url, color_scheme=scheme)
    page.set_viewport_size(SIZES[size])
    try:
        Table(page, base_url).open()
        page.goto(link)
        page.wait_for_url(f"**/#/crew/{crew_id}")
        page.wait_for_selector("h1:text-is('Porch')")
        page.click("#crew-stats")
        page.wait_for_selector("#player-facts")
        page.click("button.chip:text-is('Ann')")
        wait_js(
            page,
            "() => document.querySelector('#rating-heading')?.textContent === \"Ann's rating\"",
        )
        assert page.inner_text("#rating-now") == f"{ann['rating']:.1f}"
        assert page.inner_text("#rating-standing") == (
            f"settled after 6 games · career points {ann['career']}"
        )
        # the chart: dashed through the first five games, then solid; its table, game by game
        assert page.locator(".rating-chart polyline.provisional").count() == 1
        assert page.locator(".rating-chart polyline:not(.provisional)").count() == 1
        rows = page.evaluate(ROWS, "[aria-labelledby='rating-heading']")
        assert [r[2] for r in rows] == [str(p["rating"]) for p in ann["history"]]
        assert rows[0][0] == "1 (provisional)" and rows[5][0] == "6"
        # everyone's ratings, in the API's order, Eve's marked provisional
        table = page.evaluate(ROWS, "#ratings")
        assert [r[0] for r in table] == [p["name"] for p in ratings["players"]]
        assert table[-1] == ["Eve", f"{eve['rating']:.1f} *", "1", str(eve["career"])]
        chances = page.evaluate(ROWS, "#chances")
        assert chances[0] == [
            " & ".join(ratings["partnerships"][0]["names"]),
            f"{round(100 * ratings['partnerships'][0]['chance'])}%",
            str(ratings["partnerships"][0]["games"]),
        ]
        # Eve's screen: one game, provisional
        page.click("button.chip:text-is('Eve')")
        wait_js(
            page,
            "() => document.querySelector('#rating-heading')?.textContent === \"Eve's rating\"",
        )
        assert page.inner_text("#rating-standing") == "provisional: 1 of 5 games · career points 0"
        page.click("button.chip:text-is('Ann')")
        wait_js(
            page,
            "() => document.querySelector('#rating-heading')?.textContent === \"Ann's rating\"",
        )
        for summary in page.locator("[aria-labelledby='rating-heading'] details summary").all():
            summary.click()
        page.locator("#rating-heading").scroll_into_view_if_needed()
        wait_js(page, "() => document.fonts.status === 'loaded'")
        screenshot(page, f"crew-ratings-{size}-{scheme}")
        page.locator("#ratings-heading").scroll_into_view_if_needed()
        page.evaluate("() => document.querySelector('#ratings-heading').scrollIntoView()")
        screenshot(page, f"crew-ratings-table-{size}-{scheme}")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
        assert axe_violations(page, axe_source) == []
        text = page.inner_text("main")
        assert not [line for line in text.split("\n") if unclean(line)]
        assert not [e for e in page.js_errors if "Failed to load resource" not in e]
    finally:
        context.close()
