"""A table's match played to the end on the phone."""

from helpers.browser import tap_bidder, wait_js
from helpers.waits import ms

HANDS_TO_7 = [(0, 84, "made")] * 3 + [(2, 42, "made")]  # 2 + 2 + 2 + 1 marks: seats 0 & 2 win


def play_to_the_end(page):
    """From a table link: open the match's game on the score sheet and play it to game over."""
    page.get_by_role("button", name="Score game 1").click()
    page.wait_for_url("**/#/g/*")
    for bidder, bid, count in HANDS_TO_7:
        tap_bidder(page, bidder)
        page.click(f"[data-bid='{bid}']")
        page.click(f"[data-count='{count}']")
        page.click("#save")
        wait_js(page, "() => !location.hash.includes('/hand')")
    page.wait_for_url("**/over")
    # the phone sends its hands: the server's view of the match follows
    wait_js(
        page,
        """async () => {
        const db = await new Promise((ok) => { const r = indexedDB.open('tally42');
                                               r.onsuccess = () => ok(r.result); });
        const ops = await new Promise((ok) => { const r = db.transaction('outbox')
            .objectStore('outbox').getAll(); r.onsuccess = () => ok(r.result); });
        return ops.length === 0;
    }""",
        timeout=ms(20),
    )
    # the match is decided: game over leads back to the table, with no casual rematch
    page.reload()
    page.get_by_role("link", name="Your table").wait_for()
    assert page.locator("#rematch").count() == 0
