"""A refused or failed write is never dropped: 5xx waits and retries, 422 asks the user."""

import json

from helpers.browser import wait_js


def test_server_errors_wait_and_refusals_ask_the_user(table):
    table.open()
    game_id = table.new_game("marks")
    table.wait_synced(game_id)
    page = table.page
    hands = "**/api/games/*/hands"

    down = json.dumps({"message": "down for a moment"})
    page.route(
        hands, lambda route: route.fulfill(status=503, content_type="application/json", body=down)
    )
    table.hand(1, 30, 35)
    page.wait_for_selector("text=the server refuses it for now")
    assert table.phone_game(game_id)["outbox"] == 1
    page.unroute(hands)
    table.wait_synced(game_id)

    refusal = {
        "code": 422,
        "status": "Unprocessable Entity",
        "message": "bid 30 is not allowed",
        "rule_code": "BID_OUT_OF_RANGE",
    }
    page.route(
        hands,
        lambda route: route.fulfill(
            status=422, content_type="application/json", body=json.dumps(refusal)
        ),
    )
    table.hand(2, 31, 31)
    page.wait_for_selector("a[href$='/conflict']")
    assert page.inner_text(".hands tbody tr:first-child .sync") == "refused"
    page.click("a[href$='/conflict']")
    page.wait_for_selector("text=bid 30 is not allowed")
    page.unroute(hands)
    page.click("button:text('Send again')")
    table.wait_synced(game_id)
    server = table.assert_same(game_id)
    assert len(server["hands"]) == 2
    wait_js(page, "() => document.querySelectorAll('.sync.synced').length === 2")
