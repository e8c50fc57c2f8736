"""A table phone whose undo the next match already depends on says so in a player's words,
does not send it again, and takes the server's score back (docs/tournaments.md
"Calling matches without a director": 409 `LATER_MATCH_STARTED`)."""

import json
import re
import urllib.request

from helpers.browser import wait_js
from helpers.director_screens import api
from helpers.layout import screen_problems
from helpers.table_match_over import event, open_table, parked, score_a_hand


def first_hand(base_url, game_id, token):
    """W1.2's phone posts its first hand (the API's hands route, with its table token)."""
    hand = {"hand_no": 1, "bidder": 0, "bid": {"marks": 2}, "result": {"captured": 42}}
    request = urllib.request.Request(
        f"{base_url}/api/games/{game_id}/hands", method="POST", data=json.dumps(hand).encode()
    )
    request.add_header("Content-Type", "application/json")
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Idempotency-Key", "w12-hand-1")
    urllib.request.urlopen(request).close()


def undo_after_the_next_match_started(phone, base_url, before_undo=None):
    """One table: W1.1 is won on this phone (four hands of 84, 8 marks), W1.2 is called to
    table 1 and plays a hand; then this phone undoes its last hand (`before_undo(game_id)`
    runs just before). Returns W1.1's game id once the score sheet says the undo was refused."""
    event_id, token, _started, tables = event(
        base_url, format="single-elimination", first_to=[1], tables=1
    )
    game_id = open_table(phone, event_id, "W1.1", tables["W1.1"])
    for _ in range(4):
        score_a_hand(phone)
    assert parked(phone, game_id) == [0, ["synced"] * 4]
    second = api(base_url, "POST", f"/api/events/{event_id}/matches/W1.2/table-token", token)
    table = api(base_url, "GET", f"/api/events/{event_id}/matches/W1.2", second["table_token"])
    first_hand(base_url, table["current_game"], second["table_token"])
    if before_undo:
        before_undo(game_id)
    # the score sheet's Undo (actions.undoLast), sent at once
    phone.evaluate("(id) => import('/js/actions.js').then((a) => a.undoLast(id))", game_id)
    phone.evaluate("import('/js/sync.js').then((s) => s.syncNow())")
    phone.goto(f"/#/g/{game_id}")  # the score sheet (the fourth hand had opened game over)
    phone.locator("#change-locked").wait_for()
    return game_id


def test_an_undo_refused_because_the_next_match_started_is_parked_with_the_servers_score(
    phone, base_url
):
    """The refusal is said in a player's words, parked, and the server's score taken back."""
    game_id = undo_after_the_next_match_started(phone, base_url)
    banner = phone.locator("#change-locked")
    assert banner.inner_text().startswith(
        "Not changed: match W1.2 has already started at table 1: ask the director to correct "
        "the result of match W1.1."
    )
    assert parked(phone, game_id) == [0, ["synced"] * 3]  # not queued again
    banner.get_by_role("link", name="What now").click()
    phone.get_by_role("heading", name="The next match has started").wait_for()
    assert phone.get_by_role("button", name="Keep mine").count() == 0
    assert phone.get_by_role("button", name="Send again").count() == 0
    phone.locator("#take-server-score").click()
    phone.wait_for_url(f"**/#/g/{game_id}")
    wait_js(
        phone,
        """async (id) => {
             const store = await import('/js/store.js');
             const game = await store.getGame(id);
             return !game.conflict && game.hands.length === 4;
           }""",
        arg=game_id,
    )
    assert phone.locator("#change-locked").count() == 0


def test_the_next_match_has_started_screen_fits_and_reads_clean(phone, base_url, axe_source):
    """The screen the refusal's "What now" opens, at 390x844 and 320x640, light and dark, as
    every tournament screen is checked (docs/tournament-screens.md "Tests"): nothing past the
    right edge, 48 px targets, no axe violations. `TALLY_SHOTS=/tmp/shots` saves it."""
    undo_after_the_next_match_started(phone, base_url)
    phone.locator("#change-locked").get_by_role("link", name="What now").click()
    phone.get_by_role("heading", name="The next match has started").wait_for()
    assert screen_problems(phone, "tournament-next-match-started", axe_source) == {}


def test_a_locked_undo_whose_server_score_could_not_be_read_keeps_the_hands_until_read(
    phone, base_url, axe_source
):
    """The read of the server's game after the 409 fails (503): the sheet keeps its four hands,
    "Take the server's score" is not offered, and the next pull of the game on screen reads it,
    after which it can be taken (pwa/README.md "The conflict record")."""
    route = {}

    def refuse_reads(game_id):
        route["url"] = re.compile(rf".*/api/games/{game_id}$")  # the GET only, not the DELETE
        phone.route(
            route["url"],
            lambda r: r.fulfill(status=503) if r.request.method == "GET" else r.continue_(),
        )

    game_id = undo_after_the_next_match_started(phone, base_url, refuse_reads)
    conflict = """async (id) => (await (await import('/js/store.js')).getGame(id)).conflict"""
    assert phone.evaluate(conflict, game_id)["server_hands"] is None
    assert parked(phone, game_id) == [0, ["synced"] * 3]  # as this phone has them (undone here)
    phone.locator("#change-locked").get_by_role("link", name="What now").click()
    phone.locator("#server-unread").wait_for()
    assert phone.locator("#take-server-score").count() == 0
    assert screen_problems(phone, "tournament-server-unread", axe_source) == {}

    phone.unroute(route["url"])
    phone.evaluate("import('/js/sync.js').then((s) => s.syncNow())")  # its pull reads it
    wait_js(
        phone,
        f"async (id) => ({conflict})(id).then((c) => c.server_hands?.length === 4)",
        arg=game_id,
    )
    phone.reload()
    phone.locator("#take-server-score").click()
    phone.wait_for_url(f"**/#/g/{game_id}")
    wait_js(
        phone,
        """async (id) => {
        const game = await (await import('/js/store.js')).getGame(id);
        return !game.conflict && game.hands.length === 4; }""",
        arg=game_id,
    )
