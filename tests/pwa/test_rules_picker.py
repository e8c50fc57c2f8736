"""The one rules picker (presetSelect, pwa/js/parts/house-rules.js) on the three forms that
pick a ruleset and its house rules: "Run a tournament", "Run a progressive party" and the
event's settings. A house rule switched on, then another ruleset picked and the first picked
again: the switch is off (picking clears the house rules); the form sends the ruleset picked
last with no house rules."""

from helpers.browser import new_phone
from helpers.director_entry import new_event, phone_on
from helpers.director_screens import api


def pick_and_pick_back(page, select):
    """Nel-o on, another ruleset, the first again: the switch is off; then Tennessee."""
    page.set_checked("#rule-nello", True)
    page.select_option(select, "tennessee")
    page.select_option(select, "straight-42")
    assert not page.is_checked("#rule-nello")
    page.set_checked("#rule-nello", True)
    page.select_option(select, "tennessee")
    assert not page.is_checked("#rule-nello")


def test_the_tournament_form_and_the_party_form_clear_the_house_rules(browser, base_url):
    context, page = new_phone(browser, base_url)
    try:
        page.goto("/#/events/new")
        page.fill("#event-name", "Timpson 42")
        pick_and_pick_back(page, "#event-preset")
        page.click("#make-event")
        page.wait_for_url("**/#/e/*")
        event_id = page.url.split("#/e/")[1]
        kept = page.evaluate(
            "async (id) => (await import('/js/director.js')).myEvent(id)", event_id
        )
        event = api(base_url, "GET", f"/api/events/{event_id}", kept["token"])
        assert (event["ruleset"], event["rules"] or {}) == ("tennessee", {})

        page.goto("/#/events")
        page.locator("#to-parties").click()
        page.locator("#new-party").click()
        page.fill("#party-name", "Church social")
        page.fill("#party-players", "Ann\nBo\nCy\nDi\n")
        pick_and_pick_back(page, "#party-preset")
        page.click("#make-party")
        page.wait_for_url("**/#/party/*")
        party_id = page.url.split("#/party/")[1]
        kept = page.evaluate("async (id) => (await import('/js/party.js')).myParty(id)", party_id)
        party = api(base_url, "GET", f"/api/parties/{party_id}", kept["token"])
        # a party's rules hold its round's hand limit; no house rule of the first ruleset
        assert party["ruleset"] == "tennessee" and "nello" not in party["rules"]
        assert not [e for e in page.js_errors if "Failed to load resource" not in e]
    finally:
        context.close()


def test_the_event_settings_clear_the_house_rules(browser, base_url):
    made = new_event(base_url, [("Rangers", ["Ann", "Bo"]), ("Aggies", ["Cy", "Di"])])
    context, page = phone_on(browser, base_url, made)
    try:
        page.locator("#event-settings summary").click()
        pick_and_pick_back(page, "#settings-preset")
        page.click("#settings-save")
        page.locator("#event-settings:not([open])").wait_for()
        view = api(base_url, "GET", f"/api/events/{made['id']}", made["director_token"])
        assert (view["ruleset"], view["rules"] or {}) == ("tennessee", {})
    finally:
        context.close()
