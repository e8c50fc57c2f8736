"""Seeding by rating on the phone (docs/tournaments.md): the crew's screen offers a
new tournament for the crew, seeded by rating; the form opens with "By rating" chosen and
sends the crew's token with it; the event keeps the crew. The plain form has no such choice.
Screenshots with TALLY_SHOTS=dir, outside the repository."""

import json

from helpers.browser import new_phone, screenshot

SIZES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}


def test_a_tournament_for_a_crew_seeded_by_its_ratings(browser, base_url):
    context, page = new_phone(browser, base_url, viewport=SIZES["320"])
    try:
        page.goto("/#/events/new")  # no crew: listed or drawn only
        page.locator("#make-event").wait_for()
        assert page.locator("button:text-is('By rating')").count() == 0
        page.goto("/#/crews")
        page.fill("#crew-name", "Thursday table")
        page.click("#start-crew")
        page.wait_for_url("**/#/crew/*")
        crew_id = page.url.split("#/crew/")[1]
        screenshot(page, "crew-rating-crew-320")
        page.click("#crew-new-event")
        page.locator("#event-crew").wait_for()
        assert "Thursday table" in page.locator("#event-crew").inner_text()
        rating = page.locator("[aria-label='Seeding'] button:text-is('By rating')")
        assert rating.get_attribute("aria-pressed") == "true"
        page.fill("#event-name", "Thursday seeded")
        screenshot(page, "crew-rating-event-320")
        with page.expect_response("**/api/events") as made:
            page.click("#make-event")
        sent = json.loads(made.value.request.post_data)
        assert made.value.status == 201 and sent["seeding"] == "rating"
        assert sent["crew_token"] and made.value.json()["crew_id"] == crew_id
        page.wait_for_url("**/#/e/*")
        assert page.js_errors == []
    finally:
        context.close()
