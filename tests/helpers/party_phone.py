"""A progressive party made on the phone."""

from helpers.browser import screenshot

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]


def make_party_on_phone(page):
    """The director fills in "Run a progressive party": 12 names pasted, 2 hands, 2 rounds."""
    page.goto("/#/events")
    page.locator("#to-parties").click()
    page.locator("#new-party").click()
    page.fill("#party-name", "Church social")
    page.fill("#party-hands", "2")
    page.fill("#party-rounds", "2")
    page.fill("#party-players", "\n".join(PLAYERS) + "\n")
    page.set_checked("#rule-nello", True)  # a house rule, as the new-game form takes it
    screenshot(page, "party-new-390-light")
    page.locator("#make-party").click()
    page.wait_for_url("**/#/party/*")
    return page.url.split("#/party/")[1]
