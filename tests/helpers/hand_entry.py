"""Steps of the hand screen's tests (tests/pwa/test_hand_entry*.py): where a control is, and
a hand saved, the nel-o bid's value."""

from helpers.browser import wait_js

NELLO = '{"contract":"nello","marks":1,"doubles":"high"}'


def box(page, selector):
    """The bounding box of the first element matching selector."""
    return page.locator(selector).first.bounding_box()


def saved(page):
    """Tap Save and wait for the sheet."""
    page.click("#save")
    wait_js(page, "() => !location.hash.includes('/hand')")
