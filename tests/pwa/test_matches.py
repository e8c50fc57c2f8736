"""A game of a match on the phone: the game-over screen and the sheet show the match score
(read from the server) and the rematch starts the match's next game; once won, it says so."""

import json
import urllib.request
import uuid

from helpers.browser import axe_violations, wait_js

TWO_MARKS = {"bid": {"marks": 2}, "result": {"captured": 42}}


def call(base_url, method, path, token, body=None, headers=None):
    """One API request (JSON), answered as (status, body)."""
    request = urllib.request.Request(
        f"{base_url}{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {token}",
            **(headers or {}),
        },
    )
    with urllib.request.urlopen(request) as response:
        return response.status, json.loads(response.read() or b"null")


def win(base_url, game_id, token, side):
    """Side `side` makes 2 marks a hand until it wins the game (through the hands API)."""
    for hand_no in range(1, 5):
        call(
            base_url,
            "POST",
            f"/api/games/{game_id}/hands",
            token,
            {"hand_no": hand_no, "bidder": side, **TWO_MARKS},
            {"Idempotency-Key": uuid.uuid4().hex},
        )


def test_the_rematch_of_a_match_game_starts_the_next_game(table, base_url, axe_source):
    status, match = call(
        base_url,
        "POST",
        "/api/matches",
        "",
        {
            "ruleset": "straight-42",
            "first_dealer": 0,
            "first_to": 2,
            "teams": [{"name": "Us"}, {"name": "Them"}],
        },
    )
    assert status == 201
    token, first = match["edit_token"], match["game"]["id"]
    win(base_url, first, token, 1)
    page = table.page
    table.open(f"#/join/{first}/{token}")
    wait_js(page, "(id) => import('/js/store.js').then((s) => s.getGame(id))", first)
    page.goto(f"/#/g/{first}/over")
    wait_js(page, "() => document.querySelector('#match-score')")
    assert page.inner_text("#match-score") == (
        "Match, first to 2 games: Us 0, Them 1. This was game 1."
    )
    assert page.query_selector("#rematch") is None
    assert axe_violations(page, axe_source) == []
    page.click("#next-game")
    page.wait_for_url("**/#/g/*")
    wait_js(page, f"() => !location.hash.includes('{first}')")
    second = page.url.split("#/g/")[1]
    wait_js(page, "() => document.querySelector('#match-score')")  # the sheet shows it too
    assert page.inner_text("#match-score") == (
        "Match, first to 2 games: Us 0, Them 1. This is game 2."
    )  # in play: "is"
    _, view = call(base_url, "GET", f"/api/matches/{match['id']}", token)
    assert [g["id"] for g in view["games"]] == [first, second]
    assert view["games"][1]["shaker"] == 1  # rotate: the other team shakes game 2

    win(base_url, second, token, 1)
    page.goto(f"/#/g/{second}/over")
    wait_js(page, "() => document.querySelector('#match-score')")
    wait_js(page, "() => document.querySelector('#match-score').textContent.includes('win')")
    assert page.inner_text("#match-score") == "Them win the match 2-0."
    assert page.query_selector("#next-game") is None
    assert page.query_selector("#rematch") is not None
